// This tab's own changes on their way to the server, so that the events they cause are not told as someone else's:
// an event that comes while none is on its way, and none was answered just before, is another window's (or another
// person's). The live feed sends a change's event right after its answer, or just before it.

/** How long after an answer its event may still come (ms). */
const ANSWER_MARGIN_MS = 1500;

let onTheirWay = 0;
let lastAnswered = Number.NEGATIVE_INFINITY;

/** Counts a change of this tab from when it is sent until `promise` settles; returns `promise`. */
export function trackChange(/** @type {Promise<any>} */ promise) {
  onTheirWay += 1;
  const settled = () => {
    onTheirWay -= 1;
    lastAnswered = performance.now();
  };
  promise.then(settled, settled);
  return promise;
}

/** Whether an event arriving now may be one of this tab's own changes. */
export function ownChangeLikely() {
  return onTheirWay > 0 || performance.now() - lastAnswered < ANSWER_MARGIN_MS;
}
