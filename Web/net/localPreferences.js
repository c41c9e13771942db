// This browser's storage of a person's preferences (the theme, the side bar), which may refuse (a private window):
// then nothing is kept, and the page still shows what was chosen.

/** The text kept under `key`, or null (none, or storage refused). */
export function readPreference(/** @type {string} */ key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` when storage allows. */
export function writePreference(/** @type {string} */ key, /** @type {string} */ value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not kept: this page still shows it
  }
}
