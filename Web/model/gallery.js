// The gallery's client-side state: items in order, merged from server responses. Pure: no DOM, no network.

/** Compares order keys the way the server does (byte order of ASCII strings). */
export function compareKeys(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function createGalleryState() {
  return { gallery: null, items: [], sequence: 0, progress: new Map() };
}

/** Merges items from the server: updates known ones, adds new ones, drops trashed ones, keeps key order. */
export function mergeItems(state, incoming) {
  const byId = new Map(state.items.map((item) => [item.id, item]));
  for (const item of incoming) {
    const known = byId.get(item.id);
    if (known && known.changeSequence > item.changeSequence) continue; // a late, older answer
    if (item.trashed) byId.delete(item.id);
    else byId.set(item.id, item);
  }
  const items = [...byId.values()];
  items.sort(orderOf);
  return { ...state, items };
}

function orderOf(a, b) {
  // Local placeholders (no key yet) sit where they were put: they carry the key of the item before them.
  return compareKeys(a.orderKey, b.orderKey) || (a.local ? 1 : 0) - (b.local ? 1 : 0) || compareKeys(a.id, b.id);
}

/** Adds local placeholders shown while a drop request is on its way, at `index`. */
export function insertLocalPlaceholders(state, index, placeholders) {
  const items = state.items.slice();
  const before = items[index - 1];
  const keyed = placeholders.map((p) => ({ ...p, local: true, orderKey: before ? before.orderKey : "" }));
  items.splice(index, 0, ...keyed);
  return { ...state, items };
}

export function removeItems(state, ids) {
  const gone = new Set(ids);
  return { ...state, items: state.items.filter((item) => !gone.has(item.id)) };
}

/** The last real (server-known) item before `index`, as the anchor for an insertion there. */
export function anchorBefore(items, index) {
  for (let i = Math.min(index, items.length) - 1; i >= 0; i--) {
    if (!items[i].local) return items[i];
  }
  return null;
}

export function hasPending(state) {
  return state.items.some((item) => item.state === "pending");
}
