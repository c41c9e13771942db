// The reading of a big board's region as the sync machine does it (model/gallerySync.js): the rectangle around the
// view, unless it is held, one request at a time. Pure: it changes the machine's state in place (a copy it made) and
// adds effects for the runner.

import { grownBy, holds } from "./board.js";
import { isBoardWindow } from "./replica.js";

/** How much of the viewport's size is read beyond each of its sides on a big board. */
const REGION_MARGIN = 0.5;
/** The most items read for a region of a big board. */
export const REGION_LIMIT = 1000;

/** @typedef {import("./gallerySync.js").SyncState} SyncState */
/** @typedef {import("./gallerySync.js").SyncEffect} SyncEffect */

/** Reads the region around the board's view unless it is held (or `force`); `bare`: the view alone. */
export function readRegion(
  /** @type {SyncState} */ state,
  /** @type {boolean} */ force,
  /** @type {boolean} */ bare,
  /** @type {SyncEffect[]} */ effects,
) {
  const region = state.region;
  if (region.reading) {
    state.region = { ...region, again: region.again || force };
    return;
  }
  const { replica } = state;
  if (!isBoardWindow(replica) || !region.wanted || state.gone) return;
  const { region: held, complete } = replica.window;
  // A region that held more items than were read is read again once the view is zoomed in on part of it.
  const closer = !complete && region.readFor && region.wanted.width < region.readFor.width * 0.8;
  if (!force && held && holds(held, region.wanted) && !closer) return;
  const asked = bare ? region.wanted : grownBy(region.wanted, REGION_MARGIN);
  state.region = { ...region, reading: true, readFor: region.wanted };
  effects.push({ type: "readRegion", asked, bare, limit: REGION_LIMIT, generation: state.generation });
}
