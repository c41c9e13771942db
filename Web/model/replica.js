// A replica of one gallery as the server has it, kept up to date by its numbered events (docs/live-undo-api.md).
// Pure: no DOM, no network. Events are applied strictly in sequence: the next one is applied, later ones wait in a
// buffer until the gap before them is filled, older ones (already applied) are ignored.

import { aspectOf, overlaps, rectOf } from "./board.js";
import { compareKeys } from "./gallery.js";
import { keptRange, MAX_WINDOW } from "./itemWindow.js";

/**
 * A replica of `gallery` with its live `items`, at the gallery's sequence. With `complete: false` the items are only
 * the first window of the gallery: the rest come through {@link addLoadedItems} until {@link finishLoading}.
 */
export function createReplica(gallery, items = [], { complete = true } = {}) {
  return {
    gallery,
    sequence: gallery?.sequence ?? 0,
    items: sortItems(live(items, gallery?.id)),
    buffer: new Map(),
    // While the rest loads: the items events removed, which a window read before the event must not bring back.
    loading: complete ? null : { removed: new Set() },
    // A big gallery's replica holds one window of it (model/itemWindow.js): its first item's position, and the items
    // events took out of it (id → the event's sequence), which a page read before that event must not bring back.
    // Null: the whole gallery.
    window: null,
    // The sequence of the last event that changed more than the replica holds (a run of items in or out of the
    // trash, told by its ends): what is shown is read again. 0: none.
    reread: 0,
  };
}

/** A replica holding one window of a big gallery: the page read (`{gallery, items, position}`). */
export function createWindowedReplica(page) {
  return { ...createReplica(page.gallery, page.items), window: { offset: page.position, takenOut: new Map() } };
}

/** A replica holding what a big gallery's board shows (none of it yet): the items read for a region of the board
 * (`addBoardPage`) and those events bring. Its window (`board: true`) has no order of its own: positions in the
 * gallery are not known. */
export function createBoardReplica(gallery) {
  return {
    ...createReplica(gallery, []),
    window: { offset: 0, takenOut: new Map(), board: true, region: null, complete: true },
  };
}

/** Whether the replica holds a region of a big gallery's board (see `createBoardReplica`). */
export function isBoardWindow(replica) {
  return Boolean(replica?.window?.board);
}

/**
 * The board replica with the items of a region of the board, read after the replica was made (`{gallery, items,
 * complete}` for `region`): they are added, and the items held elsewhere let go, except items not on the board yet
 * (they are put there) and items the events changed since the page was read. An item an event took out after the page
 * was read is not brought back; a page read before the last run's event (`reread`) is left out.
 */
export function addBoardPage(replica, page, region) {
  const read = page.gallery?.sequence ?? 0;
  if (replica.reread > read) return replica;
  const newer = (item) => (item.changeSequence ?? 0) > read;
  const inPage = new Set(page.items.map((item) => item.id));
  // Kept: items changed since the read, items not on the board that the read did not bring on it, and, when the read
  // could not return every item there, the items held there.
  const held = replica.items.filter(
    (item) =>
      newer(item) ||
      (!item.board && !inPage.has(item.id)) ||
      (item.board && !page.complete && overlaps(rectOf(item.board, aspectOf(item)), region)),
  );
  const { takenOut } = replica.window;
  const { items } = addBoardItems({ ...replica, items: held }, page);
  const window = {
    ...replica.window,
    region,
    complete: page.complete,
    takenOut: new Map([...takenOut].filter(([, sequence]) => sequence > read)),
  };
  return { ...replica, items, window };
}

/** The board replica with items read apart from a region (`{gallery, items}`: the gallery's first or last, for Home or
 * End), held as the items events bring are until a region read without them lets them go. Items an event took out
 * after the page was read are not brought back; a page read before the last run's event (`reread`) is left out. */
export function addBoardItems(replica, page) {
  const read = page.gallery?.sequence ?? 0;
  if (replica.reread > read) return replica;
  const stale = (item) => (replica.window.takenOut.get(item.id) ?? 0) > read;
  return { ...replica, items: mergePage(replica.items, page.items, replica.gallery?.id, stale).items };
}

/** The window a replica holds ({offset, length, total}), or null when it holds the whole gallery. */
export function windowOf(replica) {
  if (!replica?.window) return null;
  const total = Math.max(replica.gallery?.itemCount ?? 0, replica.window.offset + replica.items.length);
  return { offset: replica.window.offset, length: replica.items.length, total };
}

/**
 * The windowed replica with a page of the gallery read after it was made (`{gallery, items, position}`): next to the
 * window (`next`: read by the cursor of its first or last item) or overlapping it, the page is added (items already
 * there, as an event left them, are kept as they are; items an event took out after the page was read are not brought
 * back) and the window's position is taken from the page's; apart from it, the page becomes the window. Past
 * MAX_WINDOW items, the items furthest from the page are let go. A page read before the last run's event (`reread`)
 * is left out. When a run came between its items (`split`: those on the run's far side can no longer be placed), the
 * page becomes the window whatever it held.
 */
export function addWindowPage(replica, page, { next = false, max = MAX_WINDOW } = {}) {
  const { offset, takenOut, outside = new Map() } = replica.window;
  const read = page.gallery?.sequence ?? 0;
  // A page read before a run of items went into the trash or came out of it cannot be placed: its positions are from
  // before the run. It is read again.
  if (replica.reread > read) return replica;
  // Items events put among the page's after it was read (they landed outside the window then) join it.
  const brought = broughtInto(page.items, outside, read);
  const stale = (item) => !brought.has(item.id) && (takenOut.get(item.id) ?? 0) > read;
  const pageItems = brought.size
    ? sortItems([...page.items.filter((item) => !brought.has(item.id)), ...brought.values()])
    : page.items;
  const apart =
    Boolean(replica.window.split) ||
    (!next && (page.position > offset + replica.items.length || page.position + page.items.length < offset));
  const { items: merged, added } = mergePage(apart ? [] : replica.items, pageItems, replica.gallery?.id, stale);
  // What the events took out or put elsewhere before the page was read can no longer change a later page either.
  const window = {
    ...replica.window,
    takenOut: new Map([...takenOut].filter(([, sequence]) => sequence > read)),
    outside: new Map([...outside].filter(([, entry]) => entry.sequence > read)),
    split: false,
  };
  page = { ...page, items: pageItems };
  if (!added.length)
    return { ...replica, items: merged, window: apart ? { ...window, offset: page.position } : window };
  const pageStart = merged.indexOf(added[0]);
  const kept = keptRange(merged.length, pageStart, added.length, max);
  // The first item added is not the page's first when the page overlaps the window: its place is counted in the page.
  const position = page.position + page.items.findIndex((item) => item.id === added[0].id);
  return {
    ...replica,
    items: kept.count === merged.length ? merged : merged.slice(kept.start, kept.start + kept.count),
    window: { ...window, offset: Math.max(0, position - pageStart + kept.start) },
  };
}

/**
 * The replica with a further window of the gallery's items, read after the replica was made. An item already there
 * (an event brought it, as new as the window's or newer) is kept as it is, and an item an event removed since the
 * loading began is not brought back; the rest are merged in order.
 */
export function addLoadedItems(replica, items) {
  const removed = replica.loading?.removed ?? new Set();
  const { items: merged, added } = mergePage(replica.items, items, replica.gallery?.id, (item) => removed.has(item.id));
  return added.length ? { ...replica, items: merged } : replica;
}

/** `held` (sorted) with the live items of a page read from the server merged in, in order (`items`), and the page's
 * items `added` (sorted): an item already held is kept as it is, and one `stale` says an event changed since the page
 * was read is left out. */
function mergePage(held, pageItems, galleryId, stale) {
  const present = new Set(held.map((item) => item.id));
  const added = sortItems(live(pageItems, galleryId).filter((item) => !present.has(item.id) && !stale(item)));
  // A held item the page has newer where it is (a run's tags changed in place, told by its ends) is taken from it.
  const newer = new Map(pageItems.filter((item) => present.has(item.id)).map((item) => [item.id, item]));
  const refreshed = newer.size
    ? held.map((item) => {
        const read = newer.get(item.id);
        return read && read.orderKey === item.orderKey && (read.changeSequence ?? 0) > (item.changeSequence ?? 0)
          ? read
          : item;
      })
    : held;
  return { items: mergeSorted(refreshed, added), added };
}

/** The items of `outside` (id → {item, sequence}: items events put outside the window) that an event after `read`
 * put strictly after the first of `pageItems` and before its last: they belong among them. */
function broughtInto(pageItems, outside, read) {
  const brought = new Map();
  if (!outside.size || pageItems.length < 2) return brought;
  const first = pageItems[0];
  const last = pageItems[pageItems.length - 1];
  for (const [id, { item, sequence }] of outside) {
    if (sequence > read && compareItems(item, first) > 0 && compareItems(item, last) < 0) brought.set(id, item);
  }
  return brought;
}

/** The replica once every window of the gallery has been read. */
export function finishLoading(replica) {
  return replica.loading ? { ...replica, loading: null } : replica;
}

/** Whether windows of the gallery are still being read into the replica. */
export function isLoading(replica) {
  return Boolean(replica?.loading);
}

/**
 * @typedef {{event: any, before: Map<string, any>}} AppliedChange an event as applied, with the live items it
 *   replaced or took out (by id), as they were before it
 */

/**
 * The replica after an event arrives. Returns { replica, outcome, changes } with outcome "applied" (the event and any
 * buffered ones after it were applied), "buffered" (it is ahead: events before it are missing) or "ignored" (already
 * applied); `changes` ({@link AppliedChange}[]) are the events applied, in order.
 */
export function receiveEvent(replica, event) {
  if (!event || !Number.isInteger(event.sequence) || event.sequence <= replica.sequence) {
    return { replica, outcome: "ignored" };
  }
  if (event.sequence > replica.sequence + 1) {
    if (replica.buffer.has(event.sequence)) return { replica, outcome: "ignored" };
    const buffer = new Map(replica.buffer);
    buffer.set(event.sequence, event);
    return { replica: { ...replica, buffer }, outcome: "buffered" };
  }
  const changes = [];
  let next = applyEvent(replica, event, changes);
  const buffer = new Map(replica.buffer);
  buffer.delete(event.sequence);
  while (buffer.has(next.sequence + 1)) {
    const following = buffer.get(next.sequence + 1);
    buffer.delete(following.sequence);
    next = applyEvent(next, following, changes);
  }
  for (const sequence of buffer.keys()) if (sequence <= next.sequence) buffer.delete(sequence);
  return { replica: { ...next, buffer }, outcome: "applied", changes };
}

/** Applies several events (e.g. a catch-up page), in any order; returns the replica. */
export function receiveEvents(replica, events) {
  let next = replica;
  for (const event of [...events].sort((a, b) => a.sequence - b.sequence)) next = receiveEvent(next, event).replica;
  return next;
}

/** Whether events are missing: some arrived that cannot be applied until the ones before them are fetched. */
export function hasGap(replica) {
  return replica.buffer.size > 0;
}

/** The sequence to catch up from (`GET …/events?since=`): everything after it is wanted. */
export function catchUpFrom(replica) {
  return replica.sequence;
}

/** One event applied on top of the replica (its sequence must be the next one). The items are not sorted again:
 * the ones the event changed are taken out and put back at their places. The change is added to `changes` with the
 * items it replaced, found in the same pass that takes them out. */
function applyEvent(replica, event, /** @type {AppliedChange[]} */ changes) {
  const galleryId = event.gallery?.id ?? replica.gallery?.id;
  const gone = new Set(event.removed ?? []);
  const changed = [];
  for (const item of event.items ?? []) {
    gone.add(item.id);
    if (!item.trashed && !(item.galleryId && galleryId && item.galleryId !== galleryId)) changed.push(item);
  }
  const windowed = replica.window && !replica.window.board ? windowBounds(replica) : null;
  // Runs of items that went into the trash together are told by their ends: every held item between them goes.
  const runs = event.runs ?? [];
  const trashedRuns = runs.filter((run) => run.left);
  const inTrashedRun = (item) =>
    trashedRuns.some(
      (run) => compareKeys(item.orderKey, run.firstKey) >= 0 && compareKeys(item.orderKey, run.lastKey) <= 0,
    );
  const before = new Map();
  const kept =
    gone.size || trashedRuns.length
      ? replica.items.filter((item) => {
          if (!gone.has(item.id) && !(trashedRuns.length && inTrashedRun(item))) return true;
          gone.add(item.id);
          before.set(item.id, item);
          return false;
        })
      : replica.items;
  changes.push({ event, before });
  // In a window, items that land outside it are not held (their count is the gallery's).
  const added = windowed ? changed.filter((item) => windowed.holds(item)) : changed;
  const stays = new Set(added.map((item) => item.id));
  const leaving = gone.size ? [...gone].filter((id) => !stays.has(id)) : [];
  let loading = replica.loading;
  if (loading && leaving.length) loading = { removed: new Set([...loading.removed, ...leaving]) };
  const gallery = event.gallery ?? replica.gallery;
  const items = mergeSorted(kept, sortItems(added));
  // What a run changed beyond the held items (items coming back, or leaving from before a window, or from windows
  // still being read) is read again: `reread` is the sequence of the event that asks for it.
  const reread =
    runs.length && (windowed || loading || runs.some((run) => !run.left)) ? event.sequence : replica.reread;
  if (!windowed) {
    // A board's region: every item the events bring is held (they are few); those that left are not brought back by
    // a region read before the event.
    const window =
      replica.window?.board && leaving.length ? boardTakenOut(replica.window, leaving, event.sequence) : replica.window;
    return { ...replica, gallery, sequence: event.sequence, items, loading, reread, window };
  }
  const movedBefore = changed.filter((item) => before.has(item.id) && windowed.before(item)).length;
  const left = (/** @type {string} */ id, /** @type {any} */ item) => gone.has(id) || inTrashedRun(item);
  const outside = outsideAfter(replica.window.outside, left, changed, windowed, event.sequence);
  const moved = movedWindow(replica, windowed, items, gallery, leaving, movedBefore, event.sequence);
  // A run that came between held items splits the window: those on its far side are no longer next to the others,
  // so the page read again becomes the window (`split`), rather than joining them.
  const first = moved.items[0];
  const last = moved.items[moved.items.length - 1];
  const split =
    Boolean(replica.window.split) ||
    runs.some(
      (run) =>
        !run.left &&
        first &&
        compareKeys(first.orderKey, run.firstKey) < 0 &&
        compareKeys(last.orderKey, run.lastKey) > 0,
    );
  return {
    ...replica,
    gallery,
    sequence: event.sequence,
    reread,
    items: moved.items,
    window: { ...moved.window, outside, ...(split ? { split } : {}) },
  };
}

/** The items events put outside a window (id → {item, sequence}) after one more: the ones it changed leave the map,
 * as do those in a run it trashed, and those of them it put outside the window join it, so that a page read before it and placed after brings them. */
function outsideAfter(outside = new Map(), left, changed, windowed, sequence) {
  const landed = changed.filter((item) => !windowed.holds(item));
  const next = new Map([...outside].filter(([id, entry]) => !left(id, entry.item)));
  if (!landed.length && next.size === outside.size) return outside;
  for (const item of landed) next.set(item.id, { item, sequence });
  return next;
}

/** A board window with the items `leaving` taken out by the event `sequence`. */
function boardTakenOut(window, leaving, sequence) {
  const takenOut = new Map(window.takenOut);
  for (const id of leaving) takenOut.set(id, sequence);
  return { ...window, takenOut };
}

/** Where a window's items begin and end before an event, and whether an item belongs in it: a window that reaches
 * the start (or the end) of the gallery takes every item before (or after) its own. */
function windowBounds(replica) {
  const { items, window, gallery } = replica;
  const atStart = window.offset === 0;
  const atEnd = window.offset + items.length >= (gallery?.itemCount ?? 0);
  const first = items[0];
  const last = items[items.length - 1];
  return {
    atStart,
    atEnd,
    before: (item) => !atStart && (!first || compareItems(item, first) < 0),
    holds: (item) =>
      (atStart || (first && compareItems(item, first) >= 0)) && (atEnd || (last && compareItems(item, last) <= 0)),
  };
}

/** The window after an event: its position (exact when it reaches the start or the end of the gallery; elsewhere
 * moved by the items it knew that went before it, and set right by the next page read), at most MAX_WINDOW items. */
function movedWindow(replica, bounds, items, gallery, leaving, movedBefore, sequence) {
  const total = gallery?.itemCount ?? items.length;
  let offset = replica.window.offset + movedBefore;
  if (bounds.atStart) offset = 0;
  else if (bounds.atEnd) offset = Math.max(0, total - items.length);
  let kept = items;
  if (items.length > MAX_WINDOW) {
    const fromEnd = bounds.atEnd && !bounds.atStart;
    kept = fromEnd ? items.slice(items.length - MAX_WINDOW) : items.slice(0, MAX_WINDOW);
    if (fromEnd) offset += items.length - MAX_WINDOW;
  }
  let takenOut = replica.window.takenOut;
  if (leaving.length) {
    takenOut = new Map(takenOut);
    for (const id of leaving) takenOut.set(id, sequence);
  }
  return { items: kept, window: { offset: Math.max(0, Math.min(offset, total - kept.length)), takenOut } };
}

/** The replica refreshed from a full reload of the gallery (after a reset): the buffer is dropped. */
export function reloadReplica(gallery, items, options = {}) {
  return createReplica(gallery, items, options);
}

function live(items, galleryId) {
  return items.filter((item) => !item.trashed && (!galleryId || !item.galleryId || item.galleryId === galleryId));
}

function compareItems(a, b) {
  return compareKeys(a.orderKey, b.orderKey) || compareKeys(a.id, b.id);
}

function sortItems(items) {
  return items.sort(compareItems);
}

/** Two sorted lists as one sorted list (a new array; cost grows with both lengths, no sorting). */
function mergeSorted(a, b) {
  if (!b.length) return a;
  if (!a.length) return b;
  const merged = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) merged[k++] = compareItems(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) merged[k++] = a[i++];
  while (j < b.length) merged[k++] = b[j++];
  return merged;
}
