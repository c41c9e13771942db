// What a pane says of changes it did not ask for: items that finished loading and changes made elsewhere (another
// window, another person), a burst of them in one polite message, never one per event.

import { countChange, noChanges, othersText, settledItems } from "../model/announcements.js";
import { settledText } from "../model/itemKinds.js";
import { ownChangeLikely } from "../net/ownChanges.js";

/** How long (ms) without more items settling before the ones that did are announced together. */
const SETTLED_QUIET_MS = 400;
/** The longest a burst of changes waits to be told, however long it goes on. */
const BURST_MAX_MS = 3000;
/** Bursts begun in this page: each names its message to the shared announcer. */
let burstsBegun = 0;

/** The announcing of one pane through the page's shared `announcer`. */
export function createAnnouncing(announcer) {
  let pending = null;

  /** Adds to what a burst of changes will say (`add(burst)`) once it is over (SETTLED_QUIET_MS without a change, or
   * BURST_MAX_MS after it began), handed to the announcer as a background message: said when due, or dropped for the
   * person's own announcement (view/announcer.js); either way, the next change begins a new burst. */
  function addToBurst(add) {
    const now = performance.now();
    if (!pending || !announcer.isWaiting(pending.source)) {
      burstsBegun += 1;
      pending = { source: `burst ${burstsBegun}`, ready: [], failed: [], elsewhere: noChanges(), began: now };
    }
    const burst = pending;
    add(burst);
    const { ready, failed, elsewhere } = burst;
    const text = [othersText(elsewhere), ready.length || failed.length ? settledText({ ready, failed }) : ""]
      .filter(Boolean)
      .join(" ");
    announcer.later(burst.source, text, Math.min(now + SETTLED_QUIET_MS, burst.began + BURST_MAX_MS));
  }

  return {
    /** Says which items finished loading between the items shown `before` and `after`. */
    settled(before, after) {
      const { ready, failed } = settledItems(before, after);
      if (!ready.length && !failed.length) return;
      addToBurst((burst) => {
        burst.ready.push(...ready);
        burst.failed.push(...failed);
      });
    },
    /** Says what events applied (`changes`) changed, unless this tab likely made the change. */
    changedElsewhere(changes) {
      if (!changes.length || ownChangeLikely()) return;
      addToBurst((burst) => {
        for (const change of changes) burst.elsewhere = countChange(burst.elsewhere, change);
      });
    },
  };
}
