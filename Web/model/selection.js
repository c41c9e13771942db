// Selection of items, pure: click selects one, Ctrl/Cmd+click toggles, Shift+click selects a range from the anchor.

export function emptySelection() {
  return { ids: new Set(), anchor: null };
}

/** The selection after a click on `id` in the ordered `order` (array of ids). */
export function clickSelect(selection, order, id, { toggle = false, range = false } = {}) {
  if (range && selection.anchor !== null && order.includes(selection.anchor)) {
    const from = order.indexOf(selection.anchor);
    const to = order.indexOf(id);
    const [low, high] = from <= to ? [from, to] : [to, from];
    const ids = toggle ? new Set(selection.ids) : new Set();
    for (const each of order.slice(low, high + 1)) ids.add(each);
    return { ids, anchor: selection.anchor };
  }
  if (toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

/** The selection of exactly `ids` (a marquee's), anchored at the first. */
export function selectIds(ids) {
  return { ids: new Set(ids), anchor: ids[0] ?? null };
}

/** Every item of `order` selected; `whole`: the whole gallery, the items not in `order` (not read yet) too. */
export function selectAll(order, whole = false) {
  return whole
    ? { ids: new Set(order), anchor: order[0] ?? null, all: true }
    : { ids: new Set(order), anchor: order[0] ?? null };
}

/** Drops ids that are no longer in the gallery (a selection of the whole gallery takes every item of `order`). */
export function pruneSelection(selection, order) {
  if (selection.all) return selectAll(order, true);
  const present = new Set(order);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return { ids, anchor: present.has(selection.anchor) ? selection.anchor : null };
}

/** The selected ids in gallery order. */
export function selectedInOrder(selection, order) {
  return order.filter((id) => selection.ids.has(id));
}

/**
 * The run `ids` make in `order` when they are next to each other there (however many: a "Select All"), as the API's
 * `range` (`{firstItemId, lastItemId, count}`), or null when they are not one run (or name an id not in `order`).
 */
export function runOf(ids, order) {
  if (ids.length < 2) return null;
  const wanted = new Set(ids);
  const first = order.findIndex((id) => wanted.has(id));
  if (first < 0 || first + ids.length > order.length) return null;
  for (let index = first; index < first + ids.length; index += 1) if (!wanted.has(order[index])) return null;
  return { firstItemId: order[first], lastItemId: order[first + ids.length - 1], count: ids.length };
}
