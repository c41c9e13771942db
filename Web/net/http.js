// The one way the pages talk to the HTTP API: JSON in and out, errors as Error objects carrying the server's message
// and status. Every request carries the tab's undo session (X-Gallery-Session); every change (POST, PUT, PATCH,
// DELETE) carries a JSON body (`{}` when there is nothing to send) and the CSRF token, or the server refuses it. A 401
// (no session, or it ended) takes the page to the sign-in page.

import { account, signInAgain } from "./account.js";
import { trackChange } from "./ownChanges.js";
import { sessionToken } from "./session.js";

export const SESSION_HEADER = "X-Gallery-Session";
export const CSRF_HEADER = "X-CSRF-Token";

const SAFE = new Set(["GET", "HEAD"]);

/** The headers a change needs besides its content type: the undo session and the CSRF token (when there is one). */
export async function changeHeaders() {
  const headers = { [SESSION_HEADER]: sessionToken() };
  const { csrfToken } = await account();
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  return headers;
}

/** Sends a request; resolves with the answer's JSON (null when empty), rejects with the server's message. A change
 * sends `body` as JSON, or as it is (a File) with another `contentType`; it is this tab's own (net/ownChanges.js)
 * unless `changesNothingShown` (it makes no event). */
export async function request(
  method,
  url,
  body,
  { changesNothingShown = false, contentType = "application/json" } = {},
) {
  const init = { method, headers: { Accept: "application/json", [SESSION_HEADER]: sessionToken() } };
  if (!SAFE.has(method)) {
    Object.assign(init.headers, await changeHeaders(), { "Content-Type": contentType });
    init.body = contentType === "application/json" ? JSON.stringify(body ?? {}) : body;
  }
  let response;
  try {
    const sent = fetch(url, init);
    response = await (SAFE.has(method) || changesNothingShown ? sent : trackChange(sent));
  } catch {
    throw new Error("The server could not be reached.");
  }
  if (response.status === 401) return signInAgain();
  const text = await response.text();
  const data = text ? safeJSON(text) : null;
  if (!response.ok) {
    const message = data?.error?.message ?? `The server answered ${response.status}.`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return data;
}

export function safeJSON(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
