// What views and controllers read from a pane's state, pure.

import { insertionPointFor } from "../model/reorder.js";
import { isBoardWindow, windowOf } from "../model/replica.js";
import { selectedInOrder, spanRun } from "../model/selection.js";

/** The ids of the items shown, in order. */
export function order(state) {
  return state.shown.map((item) => item.id);
}

/** The item shown with this id, if any. */
export function itemById(state, id) {
  return state.shown.find((item) => item.id === id);
}

/** The items an action on `id` applies to: the selection when `id` is in it, else `id` alone. */
export function itemsFor(state, id) {
  if (state.selection.ids.has(id)) {
    return selectedInOrder(state.selection, order(state))
      .map((each) => itemById(state, each))
      .filter(Boolean);
  }
  const item = itemById(state, id);
  return item ? [item] : [];
}

/**
 * How many items an action on item `id` would carry when they are more than the items held: `id` is in a selection
 * of all of a big gallery, or of a span of it, that reaches beyond its window. 0 otherwise.
 */
export function selectionBeyondWindow(state, id) {
  const { selection } = state;
  if (!selection.ids.has(id)) return 0;
  const count = selection.all ? shownWindow(state).total : (selection.span?.count ?? 0);
  return count > selection.ids.size ? count : 0;
}

/**
 * The run an action on item `id` carries when the selection reaches beyond the items held (see
 * `selectionBeyondWindow`), else null: a span's ends and count, or only the count of a "Select All" (its ends are
 * read when it is sent, `runEnds`). It goes to the trash, or is moved, as one request by its ends.
 */
export function selectionRun(state, id) {
  const count = selectionBeyondWindow(state, id);
  if (!count) return null;
  const { span } = state.selection;
  return span && !state.selection.all ? spanRun(span) : { count };
}

/** What the user is told when a copy of `count` items, more than are held (a run: `selectionRun`), is refused. */
export function tooManyToCopyText(count) {
  return `${count} items are too many to copy at once: a copy takes at most 1,000. Select fewer to copy them, or duplicate the gallery.`;
}

/** The selected items in order. */
export function selectedItems(state) {
  return selectedInOrder(state.selection, order(state))
    .map((id) => itemById(state, id))
    .filter(Boolean);
}

/** Where a paste goes: after the last selected item, or at the end. */
export function pasteIndex(state) {
  const ids = selectedInOrder(state.selection, order(state));
  if (!ids.length) return state.shown.length;
  return state.shown.findIndex((item) => item.id === ids[ids.length - 1]) + 1;
}

/** The changeSequence of each of these items in the replica now (for overlays that wait for a newer change). */
export function basisFor(state, ids) {
  const basis = {};
  for (const item of state.replica?.items ?? []) if (ids.includes(item.id)) basis[item.id] = item.changeSequence ?? 0;
  return basis;
}

/** Where an insertion before shown position `index` goes: the API's `at` and the item it goes before (or null). */
export function insertionAt(state, index, movingIds = []) {
  const at = insertionPointFor(state.shown, movingIds, index);
  return { at, beforeId: at.before ?? null };
}

/** The progress to show: the server's, with this page's uploads over it. */
export function shownProgress(state) {
  if (!state.uploads.size) return state.progress;
  const progress = new Map(state.progress);
  for (const [id, entry] of state.uploads) progress.set(id, entry);
  return progress;
}

/** Where the items shown lie in the gallery: `{offset, total}` (offset 0 and total the items shown when the pane holds
 * the whole gallery, or a window of it: model/itemWindow.js); `unordered` when they are the region of a big gallery's
 * board, whose positions in the gallery are not known. */
export function shownWindow(state) {
  const window = windowOf(state.replica);
  if (!window) return { offset: 0, total: state.shown.length, windowed: false, unordered: false };
  const total = Math.max(window.total, window.offset + state.shown.length);
  return { offset: window.offset, total, windowed: true, unordered: isBoardWindow(state.replica) };
}

/**
 * What a pane shows in place of items: "loading" before its gallery's first page is read (grey boxes shaped like what
 * is coming), "gallery" for a gallery with no item, "search" for a search that found nothing, or null (there are
 * items, or the gallery is gone and says so itself). `search`: whether the pane shows a search's results.
 */
export function emptiness(state, { search = false } = {}) {
  if (state.gone) return null;
  if (!state.replica) return "loading";
  if (shownWindow(state).total > 0) return null;
  return search ? "search" : "gallery";
}
