// The public pages' one kind of request: JSON posted with its content type (the server refuses a change without it),
// answered with the status and the JSON (or null). A failed connection is an Error that says so.

/** Posts `body` as JSON to `url`; resolves with `{ status, data }`, where `message` is the server's error message. */
export async function postJSON(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
      credentials: "same-origin",
    });
  } catch {
    throw new Error("The server could not be reached.");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {}
  const message = data?.error?.message ?? (response.ok ? null : `The server answered ${response.status}.`);
  return { status: response.status, ok: response.ok, data, message };
}
