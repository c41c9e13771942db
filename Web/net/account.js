// Who is signed in, as GET /api/session says, asked once per page: the user (null in a read-only link's session), the
// gallery of a link session, the CSRF token every change carries, and whether the server asks for sign-in at all.
// Without a session the page goes to the sign-in page, which comes back here afterwards.

import { signInURL } from "../auth/addresses.js";

/** What a page knows when the server does not say (a server without sign-in). */
const OPEN = Object.freeze({ user: null, galleryId: null, csrfToken: null, authRequired: false });

let pending = null;

/** The session: `{ user: {id, name, isAdmin} | null, galleryId: string | null, csrfToken, authRequired }`. */
export function account() {
  pending ??= load();
  return pending;
}

/** Takes the session a change of password made (its answer is GET /api/session's): the old one has ended, and the
 * page's changes carry the new one's CSRF token from now on. */
export function adoptSession(data) {
  pending = Promise.resolve(sessionOf(data));
}

/** The session as the page keeps it, from GET /api/session's JSON. */
function sessionOf(data) {
  return {
    user: data?.user ?? null,
    galleryId: data?.galleryId ?? null,
    csrfToken: data?.csrfToken ?? null,
    authRequired: data?.authRequired !== false,
  };
}

async function load() {
  let response;
  try {
    response = await fetch("/api/session", { headers: { Accept: "application/json" } });
  } catch {
    pending = null; // asked again next time (the server may be restarting)
    return OPEN;
  }
  if (response.status === 401) return signInAgain();
  if (!response.ok) {
    if (response.status >= 500) pending = null;
    return OPEN;
  }
  try {
    return sessionOf(await response.json());
  } catch {
    pending = null;
    return OPEN;
  }
}

/** Whether this page's cookie still signs it in (asked afresh; true when the server cannot be reached, to try again
 * later). */
export async function stillSignedIn() {
  try {
    return (await fetch("/api/session", { headers: { Accept: "application/json" } })).status !== 401;
  } catch {
    return true;
  }
}

/** Goes to the sign-in page, which comes back to this page; never resolves (the page is leaving). */
export function signInAgain() {
  location.assign(signInURL(location.pathname + location.search));
  return new Promise(() => {});
}

/** Signs out (DELETE /api/session) and goes to the sign-in page. */
export async function signOut() {
  const { csrfToken } = await account();
  const headers = { Accept: "application/json", "Content-Type": "application/json" };
  if (csrfToken) headers["X-CSRF-Token"] = csrfToken;
  let response;
  try {
    response = await fetch("/api/session", { method: "DELETE", headers, body: "{}" });
  } catch {
    throw new Error("The server could not be reached.");
  }
  if (!response.ok && response.status !== 401) {
    const data = await response.json().catch(() => null);
    throw new Error(data?.error?.message ?? `The server answered ${response.status}.`);
  }
  location.assign("/signin");
}
