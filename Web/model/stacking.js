// The board's stack, pure: bringing items to the front or sending them to the back, their order among themselves
// kept, with every `z` inside the range the server accepts (a 32-bit integer).

/** @typedef {{id: string, z: number}} Layer an item and its place in the stack (a higher `z` lies on top) */

export const MIN_Z = -2147483648;
export const MAX_Z = 2147483647;

/**
 * The new `z` of the items that change when `ids` go to the "front" (above every other item) or the "back" (below
 * every other) of `stack` (every item on the board, in gallery order: of two with one `z`, the later lies on top).
 * Empty when they are already there. When the simple answer (just above the top, or just below the bottom) would
 * leave the range, the whole stack is numbered again from 0.
 * @param {Layer[]} stack
 * @param {string[]} ids
 * @param {"front" | "back"} where
 * @returns {Layer[]}
 */
export function restack(stack, ids, where) {
  const chosen = new Set(ids);
  const order = stack.map((layer, index) => ({ ...layer, index })).sort((a, b) => a.z - b.z || a.index - b.index);
  const moving = order.filter((layer) => chosen.has(layer.id));
  const others = order.filter((layer) => !chosen.has(layer.id));
  if (!moving.length) return [];
  const wanted = where === "front" ? [...others, ...moving] : [...moving, ...others];
  if (wanted.every((layer, index) => layer === order[index])) return []; // already there
  const base = where === "front" ? others[others.length - 1].z + 1 : others[0].z - moving.length;
  if (base >= MIN_Z && base + moving.length - 1 <= MAX_Z)
    return moving.map((layer, k) => ({ id: layer.id, z: base + k }));
  /** @type {Layer[]} */
  const renumbered = [];
  wanted.forEach((layer, z) => {
    if (layer.z !== z) renumbered.push({ id: layer.id, z });
  });
  return renumbered;
}
