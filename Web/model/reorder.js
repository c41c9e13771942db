// Reordering, pure: where moved items land, and the anchor the server needs to put them there.

/** `items` with the items of `ids` taken out and put, in their current relative order, before position `index` of the
 * original list (an index into the list as shown, moved items included). */
export function reorder(items, ids, index) {
  const moving = new Set(ids);
  const moved = items.filter((item) => moving.has(item.id));
  const before = items.slice(0, index).filter((item) => !moving.has(item.id));
  const after = items.slice(index).filter((item) => !moving.has(item.id));
  return [...before, ...moved, ...after];
}

/** The server's insertion point for a drop before position `index`: before the first item there that does not move. */
export function insertionPointFor(items, ids, index) {
  const moving = new Set(ids);
  for (let i = index; i < items.length; i++) {
    if (!moving.has(items[i].id) && !items[i].local) return { before: items[i].id };
  }
  return {};
}

/** Whether the move would change the order at all. */
export function changesOrder(items, ids, index) {
  const next = reorder(items, ids, index);
  return next.some((item, i) => item.id !== items[i].id);
}

/** The index to drop at to move the selection one place earlier (-1) or later (+1); null at the ends. */
export function stepIndex(items, ids, step) {
  const moving = new Set(ids);
  const positions = items.map((item, i) => (moving.has(item.id) ? i : -1)).filter((i) => i >= 0);
  if (positions.length === 0) return null;
  if (step < 0) {
    const first = positions[0];
    return first === 0 ? null : first - 1;
  }
  const last = positions[positions.length - 1];
  return last >= items.length - 1 ? null : last + 2;
}
