// The addresses of signing in, pure: where the sign-in page returns to (`?next=`), the sign-in page's own address for
// a page, the setup token in the setup page's fragment and the token of a read-only link. Public (needed before
// sign-in), so it lives under auth/.

const SIGN_IN = "/signin";

/**
 * The page to go to after signing in: `next` from the query when it is a path on this site (not another site, not
 * `//host`, not the sign-in page itself), else "/".
 */
export function nextPath(search) {
  const next = new URLSearchParams(search ?? "").get("next");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // Control characters (a header or log injection): refused. Checked by code point, not a regular expression.
  if ([...next].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return "/";
  const path = next.split(/[?#]/, 1)[0];
  if (path === SIGN_IN || path === "/setup") return "/";
  return next;
}

/** The sign-in page's address that comes back to `path` (a path with its query) afterwards. */
export function signInURL(path = "/") {
  return path && path !== "/" ? `${SIGN_IN}?next=${encodeURIComponent(path)}` : SIGN_IN;
}

/** The one-time setup token from the setup page's fragment (`#token=…`), or null. */
export function setupToken(hash) {
  const token = new URLSearchParams(String(hash ?? "").replace(/^#/, "")).get("token");
  return token ? token : null;
}

const LINK_PATH = /^\/s\/([^/]+)(?:\/items\/([^/]+))?\/?$/;

/** The token of a read-only link from its path (`/s/TOKEN`, or `/s/TOKEN/items/ITEM` with an item open), or null. */
export function linkToken(pathname) {
  return decodedPart(LINK_PATH.exec(String(pathname ?? ""))?.[1]);
}

/** The item a read-only link's path opens in the viewer (`/s/TOKEN/items/ITEM`), or null. */
export function linkItem(pathname) {
  return decodedPart(LINK_PATH.exec(String(pathname ?? ""))?.[2]);
}

function decodedPart(/** @type {string | undefined} */ part) {
  if (!part) return null;
  try {
    return decodeURIComponent(part) || null;
  } catch {
    return null;
  }
}
