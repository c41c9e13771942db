// The reading of a big list's window as the sync machine does it (model/gallerySync.js): the page next to the window,
// before it or in its place that the positions wanted (a jump's first) need, one request at a time. Pure: these change
// the machine's state in place (a copy it made) and add effects for the runner.

import { PAGE, windowRequest } from "./itemWindow.js";
import { isBoardWindow, windowOf } from "./replica.js";

/** The most pages one reading of the window takes before it waits for the view to ask again. */
export const WINDOW_STEPS = 8;

/** @typedef {import("./gallerySync.js").SyncState} SyncState */
/** @typedef {import("./gallerySync.js").SyncEffect} SyncEffect */

/** Reads the next page the window needs for the positions wanted (a jump's first), one request at a time; `fresh`
 * when a new reading begins (not the next step of one). */
export function readWindow(state, effects, fresh) {
  if (state.reading || state.gone) return;
  if (fresh) state.steps = 0;
  const { replica } = state;
  // Not next to a window a run's event asked to read again until that read has placed it (a jump waits for it).
  if (state.rereading || (replica?.reread ?? 0) > state.rereadDone) return;
  const window = windowOf(replica);
  const target = state.jump ?? state.wanted;
  const ask = window && !isBoardWindow(replica) && target && windowRequest(window, target.first, target.last);
  if (!ask) return stopReading(state, effects, false);
  const { items } = replica;
  const where = ask.after
    ? { cursor: items[items.length - 1].orderKey }
    : ask.before
      ? { before: items[0].orderKey }
      : { position: ask.position };
  const next = ask.position === undefined;
  state.reading = { placed: state.rereadsPlaced, next };
  state.steps += 1;
  effects.push({
    type: "readPage",
    purpose: "window",
    where,
    count: PAGE,
    next,
    placed: state.rereadsPlaced,
    generation: state.generation,
  });
}

/** The reading of the window stopped: a jump under way is tried once more after a page was let go, else ended. */
export function stopReading(state, effects, letGo = false) {
  if (state.jump?.retry && letGo) {
    state.jump = { ...state.jump, retry: false };
    readWindow(state, effects, true);
    return state;
  }
  endJump(state, effects);
  return state;
}

export function endJump(state, effects) {
  if (!state.jump) return;
  state.jump = null;
  effects.push({ type: "jumpDone" });
}
