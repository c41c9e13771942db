// Copying a secret shown once (a read-only link's address, an API token) to the clipboard, told to the person.

/** Copies `text` and announces "Copied the `what`."; rejects with the message to show when the browser refuses. */
export async function copyShown(text, what, announcer) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    throw new Error(`Could not copy: select the ${what} and copy it yourself.`);
  }
  announcer.announce(`Copied the ${what}.`);
}
