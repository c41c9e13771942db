// Small pure helpers about a gallery's items in order (the state itself is model/replica.js + model/overlay.js).

/** Compares order keys the way the server does (byte order of ASCII strings). */
export function compareKeys(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The last real (server-known) item before `index`, as the anchor for an insertion there. */
export function anchorBefore(items, index) {
  for (let i = Math.min(index, items.length) - 1; i >= 0; i--) {
    if (!items[i].local) return items[i];
  }
  return null;
}
