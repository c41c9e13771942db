// How a pane keeps a list of items in step with the server, as a pure state machine: `syncStep(state, input)` returns
// the next state and the effects (requests, timers, messages) that a thin runner (pane/syncRunner.js) carries out and
// answers with further inputs. One machine serves a small gallery read whole (its first page, then the rest in the
// background), a big one held as a window of its order (model/itemWindow.js) and a big board held by the region shown;
// the live events, the catch-up of missed ones, resets and the rereads a run of items asks for go through it too.
// Nothing here knows of a gallery's address: the effects say what to read, the runner says from where, so a list of
// items that is not one gallery (search results) can be kept by the same machine.

import { readRegion } from "./regionSync.js";
import { PAGE, isWindowedCount } from "./itemWindow.js";
import {
  addBoardItems,
  addBoardPage,
  addLoadedItems,
  addWindowPage,
  catchUpFrom,
  createBoardReplica,
  createReplica,
  createWindowedReplica,
  finishLoading,
  hasGap,
  isBoardWindow,
  receiveEvent,
  receiveEvents,
  reloadReplica,
} from "./replica.js";
import { endJump, readWindow, stopReading, WINDOW_STEPS } from "./windowSync.js";

/** Items read per page while the rest of a small gallery loads. */
export const REST_PAGE = 1000;
/** How long (ms) to wait before asking again for events still missing after a catch-up. */
export const GAP_RETRY_MS = 500;

/**
 * @typedef {{first: number, last: number}} Range positions in the list, from `first` to `last`
 * @typedef {import("./board.js").Rect} Rect
 * @typedef {{
 *   generation: number, replica: any, gone: boolean,
 *   rest: {batch: any[][]} | null,
 *   wanted: Range | null, jump: (Range & {retry: boolean}) | null,
 *   reading: {placed: number, next: boolean} | null, steps: number,
 *   rereadDone: number, rereading: boolean, rereadsPlaced: number,
 *   catchingUp: boolean, connected: boolean,
 *   region: {wanted: Rect | null, reading: boolean, readFor: Rect | null, again: boolean},
 * }} SyncState
 * @typedef {{type: string, [key: string]: any}} SyncInput
 * @typedef {{type: string, [key: string]: any}} SyncEffect
 */

/** The state of a list not opened yet. @returns {SyncState} */
export function initialSync() {
  return {
    generation: 0, // counts the openings: an answer to a request of an earlier one is dropped
    replica: null,
    gone: false,
    rest: null, // while the rest of a list read whole loads: the pages read and not yet added
    wanted: null, // the positions the view shows (a big list's window)
    jump: null, // a position asked for (Home, End, Go to position): the view's own positions wait
    reading: null, // a page read for the window on its way: the rereads placed when it was asked, and whether next to it
    steps: 0,
    rereadDone: 0, // the last event's sequence whose reread was asked
    rereading: false, // the page read again is on its way
    rereadsPlaced: 0, // a page read next to the window before the last reread was placed is let go
    catchingUp: false, // the missed events are being read
    connected: false, // whether the live socket is open
    region: { wanted: null, reading: false, readFor: null, again: false }, // a big board: the rectangle shown
  };
}

/** Whether `input` answers a request of an earlier opening (or of a list gone): it is let go. */
function stale(state, input) {
  return input.generation !== state.generation || state.gone;
}

/**
 * The state after `input`, and the effects to carry out. Inputs: opened, restRead, restFailed, eventReceived,
 * eventsRead, eventsFailed, gapFound, positionWanted, jumpWanted, pageRead, pageFailed, regionWanted, regionRead,
 * regionFailed, regionChanged, boardItemsRead, reset, reloadFailed, socketOpened, socketClosed, gone, closed.
 * @param {SyncState} state
 * @param {SyncInput} input
 * @returns {{state: SyncState, effects: SyncEffect[]}}
 */
export function syncStep(state, input) {
  /** @type {SyncEffect[]} */
  const effects = [];
  const next = HANDLERS[input.type]?.({ ...state }, input, effects);
  if (!next) throw new Error(`Unknown sync input ${input.type}`);
  return { state: next, effects };
}

/** @type {Record<string, (state: SyncState, input: SyncInput, effects: SyncEffect[]) => SyncState>} */
const HANDLERS = {
  /** The first page of the list is read (`reloading` after a reset): a big list is held as a window (or, on the
   * board, as the region shown), any other whole, the rest read in the background. */
  opened(
    state,
    { page, board = false, reloading = false, restart = false, catchUp = false, focusedId = null },
    effects,
  ) {
    endJump(state, effects);
    Object.assign(state, {
      generation: state.generation + 1,
      wanted: null,
      reading: null,
      rereading: false,
      rest: null,
      region: { ...state.region, reading: false, readFor: null, again: false },
    });
    if (isWindowedCount(page.count)) {
      effects.push({ type: "showLoading", done: null });
      if (board) {
        state.replica = createBoardReplica(page.gallery);
        effects.push({ type: "placeRest" });
      } else {
        state.replica = createWindowedReplica(page);
        // Read afresh, a big list's window is its first page: the focused item is read again, with the items around it.
        if (reloading && focusedId) rereadAround(state, { around: focusedId }, effects);
      }
    } else {
      const create = reloading ? reloadReplica : createReplica;
      state.replica = create(page.gallery, page.items, { complete: !page.nextCursor });
      if (page.nextCursor) {
        state.rest = { batch: [] };
        effects.push({ type: "showLoading", done: page.items.length, count: page.count });
        effects.push({ type: "readRest", cursor: page.nextCursor, generation: state.generation });
      } else effects.push({ type: "showLoading", done: null });
    }
    if (restart) effects.push({ type: "reconnect" });
    if (catchUp) catchUpNow(state, effects);
    return state;
  },

  /** A further page of a list read whole: added in batches that grow with what is held (half of it at least), so
   * that a big list is laid out a few dozen times while it loads, not once per page. */
  restRead(state, input, effects) {
    if (stale(state, input) || !state.rest) return state;
    const { page } = input;
    const batch = [...state.rest.batch, page.items];
    if (batch.length * REST_PAGE >= state.replica.items.length / 2) {
      state.replica = addLoadedItems(state.replica, batch.flat());
      state.rest = { batch: [] };
    } else state.rest = { batch };
    effects.push({ type: "showLoading", done: page.position + page.items.length, count: page.count });
    if (page.nextCursor) effects.push({ type: "readRest", cursor: page.nextCursor, generation: state.generation });
    else finishRest(state, effects);
    return state;
  },

  restFailed(state, input, effects) {
    if (input.generation !== state.generation || !state.rest) return state;
    if (input.error.status === 404) {
      state.rest = null;
      return goneNow(state, input.error.message, effects);
    }
    effects.push({ type: "alert", message: `Could not load the rest of the gallery: ${input.error.message}` });
    finishRest(state, effects);
    return state;
  },

  /** An event from the live socket: applied in order; a gap is filled from the event list. */
  eventReceived(state, { event, focusedId = null }, effects) {
    if (!state.replica) return state;
    const { replica, changes = [] } = receiveEvent(state.replica, event);
    if (changes.length) effects.push({ type: "tellChanges", changes });
    state.replica = replica;
    if (hasGap(replica)) catchUpNow(state, effects);
    rereadIfAsked(state, focusedId, effects);
    return state;
  },

  /** The events after the replica's sequence, or the server's word that it cannot tell them (`reset`). */
  eventsRead(state, { feed, focusedId = null }, effects) {
    state.catchingUp = false;
    if (state.gone || !state.replica) return state;
    if (feed.reset) {
      // Events that come while the list reloads go to the replica it replaces: they are asked for again after.
      effects.push({ type: "reload", restart: false, catchUp: true });
      return state;
    }
    state.replica = receiveEvents(state.replica, feed.events);
    rereadIfAsked(state, focusedId, effects);
    if (hasGap(state.replica)) effects.push({ type: "readEventsLater", ms: GAP_RETRY_MS });
    return state;
  },

  eventsFailed(state, { error }, effects) {
    state.catchingUp = false;
    if (error.status === 404) return goneNow(state, error.message, effects);
    effects.push({ type: "warn", message: "catching up failed", error });
    if (state.replica && hasGap(state.replica)) effects.push({ type: "readEventsLater", ms: GAP_RETRY_MS });
    return state;
  },

  /** Events are still missing (a while after a catch-up that did not bring them all). */
  gapFound(state, _input, effects) {
    if (state.replica && hasGap(state.replica)) catchUpNow(state, effects);
    return state;
  },

  /** The positions `first` to `last` of a big list are in view (or near it). */
  positionWanted(state, { first, last }, effects) {
    state.wanted = { first, last };
    if (!state.jump) readWindow(state, effects, true);
    return state;
  },

  /** The item at `position` is wanted (read into the window first if it is not held); `jumpDone` says when the
   * reading for it ended. */
  jumpWanted(state, { position }, effects) {
    endJump(state, effects);
    state.jump = { first: position, last: position, retry: true };
    readWindow(state, effects, true);
    return state;
  },

  /** A page read for the window (`purpose` "window") or read again around what it holds (`purpose` "reread"). */
  pageRead(state, input, effects) {
    const { page, purpose } = input;
    if (purpose === "reread") {
      state.rereading = false;
      if (stale(state, input) || !state.replica?.window) return state;
      state.rereadsPlaced += 1;
      placeWindowPage(state, page, {}, effects);
      // A jump that waited for the reread reads next to the window placed by it.
      if (state.jump) readWindow(state, effects, true);
      return state;
    }
    if (stale(state, input)) return state;
    state.reading = null;
    if (!state.replica?.window) return stopReading(state, effects, false);
    // Read next to the window before a reread placed it anew (a run may have moved the items it was read next to).
    if (input.placed !== state.rereadsPlaced || state.rereading) return stopReading(state, effects, true);
    placeWindowPage(state, page, { next: input.next }, effects);
    if (state.steps < WINDOW_STEPS) readWindow(state, effects, false);
    else stopReading(state, effects, false);
    return state;
  },

  pageFailed(state, input, effects) {
    // The item a reread was read around left the gallery meanwhile (the server knows it no more): read around the
    // window's position instead; a gallery gone answers that too with 404.
    if (input.purpose === "reread" && input.where.around && input.error.status === 404 && !stale(state, input)) {
      const { window, gallery } = state.replica;
      const position = Math.max(0, Math.min(window?.offset ?? 0, (gallery?.itemCount ?? 1) - 1));
      effects.push({ ...input, type: "readPage", where: { position }, error: undefined });
      return state;
    }
    if (input.purpose === "reread") state.rereading = false;
    else if (input.generation === state.generation) state.reading = null;
    if (input.generation !== state.generation) return state;
    endJump(state, effects);
    if (input.error.status === 404) return goneNow(state, input.error.message, effects);
    effects.push({ type: "alert", message: `Could not read these items of the gallery: ${input.error.message}` });
    return state;
  },

  /** A big board shows `rect` (board units): the region around it is read unless it is held. */
  regionWanted(state, { rect }, effects) {
    state.region = { ...state.region, wanted: rect };
    readRegion(state, false, false, effects);
    return state;
  },

  /** Read the region shown again (items were placed on the board, or an event changed more than those held). */
  regionChanged(state, _input, effects) {
    readRegion(state, true, false, effects);
    return state;
  },

  regionRead(state, input, effects) {
    state.region = { ...state.region, reading: false };
    if (stale(state, input) || !isBoardWindow(state.replica)) return state;
    state.replica = addBoardPage(state.replica, input.page, input.asked);
    effects.push({ type: "regionShown" });
    if (input.page.gallery.sequence > state.replica.sequence) catchUpNow(state, effects);
    const twice = state.region.again;
    state.region = { ...state.region, again: false };
    // A region with more items than a read takes is read again as the view alone, so that the items read are in view.
    const crowded = !input.bare && !state.replica.window.complete;
    readRegion(state, twice || crowded, crowded, effects);
    return state;
  },

  regionFailed(state, input, effects) {
    state.region = { ...state.region, reading: false };
    if (input.generation !== state.generation) return state;
    if (input.error.status === 404) return goneNow(state, input.error.message, effects);
    effects.push({ type: "alert", message: `Could not read this part of the board: ${input.error.message}` });
    return state;
  },

  /** Items of a big board read apart from a region (the first or last, for Home or End): held. */
  boardItemsRead(state, input) {
    if (stale(state, input) || !isBoardWindow(state.replica)) return state;
    state.replica = addBoardItems(state.replica, input.page);
    return state;
  },

  /** The live feed says the events since the replica's sequence are no more: the list is read afresh. */
  reset(state, _input, effects) {
    effects.push({ type: "reload", restart: true, catchUp: false });
    return state;
  },

  reloadFailed(state, { error }, effects) {
    if (error.status === 404) return goneNow(state, error.message, effects);
    effects.push({ type: "alert", message: `Could not reload the gallery: ${error.message}` });
    if (state.replica && hasGap(state.replica)) effects.push({ type: "readEventsLater", ms: GAP_RETRY_MS });
    return state;
  },

  /** The live socket is open: events come again (from the replica's sequence on). */
  socketOpened(state, _input, effects) {
    effects.push({ type: "showConnection", state: "open" });
    return { ...state, connected: true };
  },

  /** The live socket closed: it reconnects by itself from the replica's sequence, so a catch-up under way goes on and
   * the events it brings that the socket sends again are ignored. */
  socketClosed(state, _input, effects) {
    effects.push({ type: "showConnection", state: "down" });
    return { ...state, connected: false };
  },

  /** The list is no longer there (the server said so): nothing more is read. */
  gone(state, { reason }, effects) {
    return goneNow(state, reason, effects);
  },

  /** The pane closed: every answer on its way is let go, and nothing more is read. */
  closed(state, _input, effects) {
    endJump(state, effects);
    return { ...state, generation: state.generation + 1, gone: true, rest: null, reading: null, rereading: false };
  },
};

function goneNow(state, reason, effects) {
  if (state.gone) return state;
  endJump(state, effects);
  effects.push({ type: "gone", reason });
  return { ...state, gone: true };
}

function finishRest(state, effects) {
  state.replica = finishLoading(addLoadedItems(state.replica, (state.rest?.batch ?? []).flat()));
  state.rest = null;
  effects.push({ type: "showLoading", done: null });
}

/** Asks for the events after the replica's sequence, unless that is under way. */
function catchUpNow(state, effects) {
  if (state.catchingUp || state.gone || !state.replica) return;
  state.catchingUp = true;
  effects.push({ type: "readEvents", since: catchUpFrom(state.replica) });
}

/** A page of the window placed in the replica; the events after the page's sequence are read if missing. */
function placeWindowPage(state, page, options, effects) {
  state.replica = addWindowPage(state.replica, page, options);
  if (page.gallery.sequence > state.replica.sequence) catchUpNow(state, effects);
}

/** Reads again what an event changed beyond the items held (a run of items into or out of the trash, told by its
 * ends): a big list's window around the item focused or the middle of those held, a board's region, else the list
 * whole. */
function rereadIfAsked(state, focusedId, effects) {
  const { reread, window, items, gallery } = state.replica;
  if (!reread || reread <= state.rereadDone) return;
  state.rereadDone = reread;
  if (isBoardWindow(state.replica)) return readRegion(state, true, false, effects);
  if (!window) return void effects.push({ type: "reload", restart: false, catchUp: true });
  const total = gallery?.itemCount ?? 0;
  if (!total) return;
  // Around the focused item if it is held (it keeps its place and its focus), else the middle of the window.
  const anchor = items.find((item) => item.id === focusedId) ?? items[items.length >> 1];
  rereadAround(state, anchor ? { around: anchor.id } : { position: Math.min(window.offset, total - 1) }, effects);
}

/** Reads the page at `where` again, to become the window or join it; no page is read next to it meanwhile. */
function rereadAround(state, where, effects) {
  state.rereading = true;
  effects.push({ type: "readPage", purpose: "reread", where, count: PAGE, generation: state.generation });
}
