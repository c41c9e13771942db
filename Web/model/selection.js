// Selection of items, pure: click selects one, Ctrl/Cmd+click toggles, Shift+click selects a range from the anchor. In a
// big gallery held as a window, a range whose anchor is no longer held is a span of the gallery from the anchor to the
// item clicked, read or not: the held items in it are selected, and its ends and length go to the server as a run.

import { compareKeys } from "./gallery.js";

export function emptySelection() {
  return { ids: new Set(), anchor: null };
}

/**
 * The selection after a click on `id` in the ordered `order` (array of ids). In a window of a big gallery, `place`
 * ({id, key, position}) is where the item clicked lies in the gallery and `items` are the items held, in order.
 */
export function clickSelect(selection, order, id, { toggle = false, range = false } = {}, place = null, items = []) {
  if (range && selection.anchor !== null && order.includes(selection.anchor)) {
    const from = order.indexOf(selection.anchor);
    const to = order.indexOf(id);
    const [low, high] = from <= to ? [from, to] : [to, from];
    const ids = toggle ? new Set(selection.ids) : new Set();
    for (const each of order.slice(low, high + 1)) ids.add(each);
    return { ids, anchor: selection.anchor, anchorPlace: selection.anchorPlace ?? null };
  }
  if (range && place && selection.anchorPlace && selection.anchorPlace.id !== id) {
    return spanSelection(selection.anchorPlace, place, items);
  }
  if (toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id, anchorPlace: place };
  }
  return { ids: new Set([id]), anchor: id, anchorPlace: place };
}

/** The span of a big gallery from `anchor` to `to` (each {id, key, position}), read or not: the `items` held between
 * them selected, and the span (`first`, `last`, `count`) kept for the server. */
export function spanSelection(anchor, to, items) {
  const [first, last] = anchor.position <= to.position ? [anchor, to] : [to, anchor];
  const inside = (item) => compareKeys(item.orderKey, first.key) >= 0 && compareKeys(item.orderKey, last.key) <= 0;
  return {
    ids: new Set(items.filter(inside).map((item) => item.id)),
    anchor: anchor.id,
    anchorPlace: anchor,
    span: { first, last, count: last.position - first.position + 1 },
  };
}

/** Whether nothing is selected: no item held, nor all of a big gallery, nor a span of it. */
export function isEmptySelection(selection) {
  return !selection.ids.size && !selection.all && !selection.span;
}

/** The span's run as the API's `range` (`{firstItemId, lastItemId, count}`). */
export function spanRun(span) {
  return { firstItemId: span.first.id, lastItemId: span.last.id, count: span.count };
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

/** Drops ids that are no longer in the gallery (a selection of the whole gallery takes every item of `order`, a span
 * every item of `items` between its ends). */
export function pruneSelection(selection, order, items = []) {
  if (selection.all) return selectAll(order, true);
  if (selection.span) return spanSelection(selection.anchorPlace, otherEnd(selection), items);
  const present = new Set(order);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return {
    ids,
    anchor: present.has(selection.anchor) ? selection.anchor : null,
    anchorPlace: selection.anchorPlace ?? null,
  };
}

/** The end of a span that is not its anchor. */
function otherEnd({ span, anchorPlace }) {
  return span.first.id === anchorPlace.id ? span.last : span.first;
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
