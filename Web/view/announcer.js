// Messages for screen readers (a polite live region) and visible alerts. What the region says when is
// model/announcements.js's live queue: the person's own announcements at once, background ones (`later`) when due,
// never in place of the person's newer one before it can be heard.

import { backgroundDue, backgroundWaiting, emptyLiveQueue, isWaiting, ownAnnounced } from "../model/announcements.js";

export function createAnnouncer(region, alertBox) {
  let alertTimer = null;
  let queue = emptyLiveQueue();
  let dueTimer = null;
  const show = (/** @type {string} */ text) => {
    if (!text) return;
    region.textContent = "";
    requestAnimationFrame(() => {
      region.textContent = text;
    });
  };
  /** Looks again when the next waiting message may be said. */
  const schedule = () => {
    clearTimeout(dueTimer);
    const { next } = backgroundDue(queue, performance.now());
    dueTimer = next === null ? null : setTimeout(sayDue, Math.max(0, next - performance.now()));
  };
  const sayDue = () => {
    const due = backgroundDue(queue, performance.now());
    queue = due.queue;
    show(due.say);
    schedule();
  };
  return {
    /** The person's own announcement, said now (background messages waiting are dropped). */
    announce(text) {
      const own = ownAnnounced(queue, text, performance.now());
      queue = own.queue;
      show(own.say);
      schedule();
    },
    /** `source`'s background message, said at `due` (a `performance.now()` time) unless the person's own
     * announcement comes first, in place of the one `source` had waiting; "" withdraws it. */
    later(source, text, due) {
      queue = backgroundWaiting(queue, source, text, due);
      schedule();
    },
    /** Whether `source`'s message is still waiting (not said yet). */
    isWaiting(source) {
      return isWaiting(queue, source);
    },
    alert(text) {
      alertBox.textContent = text;
      alertBox.hidden = false;
      clearTimeout(alertTimer);
      alertTimer = setTimeout(() => {
        alertBox.hidden = true;
      }, 6000);
    },
  };
}
