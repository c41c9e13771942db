// The browser session's token for undo and redo: picked once per tab and kept in sessionStorage, so it survives
// reloads of the page but not closing the tab (docs/live-undo-api.md).

const KEY = "image-gallery-session";
const VALID = /^[A-Za-z0-9-]{8,64}$/;

function randomToken() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

let cached = null;

/** The session token (`X-Gallery-Session`). */
export function sessionToken() {
  if (cached) return cached;
  let token = null;
  try {
    token = sessionStorage.getItem(KEY);
  } catch {}
  if (!token || !VALID.test(token)) {
    token = randomToken();
    try {
      sessionStorage.setItem(KEY, token);
    } catch {}
  }
  cached = token;
  return token;
}
