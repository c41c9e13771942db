// What is worth telling the user when the shown items change, pure.

/** Items that were loading in `before` and have finished in `after`: { ready: [item], failed: [item] }. */
export function settledItems(before, after) {
  const wasPending = new Set(before.filter((item) => item.state === "pending" && !item.local).map((item) => item.id));
  const settled = after.filter((item) => wasPending.has(item.id) && !item.local);
  return {
    ready: settled.filter((item) => item.state === "ready"),
    failed: settled.filter((item) => item.state === "failed"),
  };
}

/**
 * @typedef {{added: number, moved: number, arranged: number, edited: number, trashed: number, removed: number}}
 *   ChangeCounts what events did to a gallery's live items, by kind of change
 */

/** No changes yet. */
export function noChanges() {
  return { added: 0, moved: 0, arranged: 0, edited: 0, trashed: 0, removed: 0 };
}

/**
 * `counts` with what an applied event did (replica.js's AppliedChange: the event, and the live items it replaced as
 * they were before): items added (or restored), moved, arranged on the board, edited (title or note text), moved to
 * the trash, and removed (to another gallery, or deleted). Items still loading when added, and items that only
 * finished loading, are not counted: `settledItems` says them once they have loaded.
 * @param {ChangeCounts} counts
 * @param {{event: any, before: Map<string, any>}} change
 * @returns {ChangeCounts}
 */
export function countChange(counts, { event, before }) {
  const next = { ...counts };
  const galleryId = event.gallery?.id;
  for (const item of event.items ?? []) {
    const old = before.get(item.id);
    const elsewhere = Boolean(item.galleryId && galleryId && item.galleryId !== galleryId);
    if (item.trashed || elsewhere) {
      if (old) next[item.trashed ? "trashed" : "removed"] += 1;
    } else if (!old) {
      if (item.state !== "pending") next.added += 1; // one still loading is said once it has loaded
    } else if (old.orderKey !== item.orderKey) next.moved += 1;
    else if (JSON.stringify(old.board ?? null) !== JSON.stringify(item.board ?? null)) next.arranged += 1;
    else if (old.title !== item.title || (old.text ?? null) !== (item.text ?? null)) next.edited += 1;
  }
  for (const id of event.removed ?? []) if (before.has(id)) next.removed += 1;
  return next;
}

/** One sentence for what was done in another window or by someone else ("Changed elsewhere: added 2 items and moved
 * 1 item."), or "" for nothing. */
export function othersText(/** @type {ChangeCounts} */ counts) {
  const items = (/** @type {number} */ count) => `${count} item${count === 1 ? "" : "s"}`;
  const parts = [
    counts.added && `added ${items(counts.added)}`,
    counts.moved && `moved ${items(counts.moved)}`,
    counts.arranged && `arranged ${items(counts.arranged)} on the board`,
    counts.edited && `changed ${items(counts.edited)}`,
    counts.trashed && `moved ${items(counts.trashed)} to the trash`,
    counts.removed && `removed ${items(counts.removed)}`,
  ].filter(Boolean);
  if (!parts.length) return "";
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return `Changed elsewhere: ${list}.`;
}

// ---- The live region's queue: the person's own announcements and background ones, pure ----

/** How long (ms) the person's own announcement is left to be heard before a background message may take its place. */
export const OWN_HOLD_MS = 2500;

/**
 * What waits to be said in the live region. The person's own announcements (what they just did) are said at once;
 * background messages (a pane's burst of changes: items that finished loading, changes made elsewhere) wait until
 * they are due. A background message never takes the place of the person's newer one before it can be heard: one
 * still waiting when the person acts tells of what came before their action and is dropped (what it told stays in
 * view: the items, their states, their names); one that comes later waits until theirs has had OWN_HOLD_MS.
 * @typedef {{source: string, text: string, due: number}} Waiting a background message, by whom, and when it is due
 * @typedef {{waiting: Waiting[], ownAt: number}} LiveQueue the messages waiting, in the order they came, and when the
 *   person's last own announcement was said
 */

/** @returns {LiveQueue} nothing waiting, nothing said. */
export function emptyLiveQueue() {
  return { waiting: [], ownAt: Number.NEGATIVE_INFINITY };
}

/**
 * The person's own announcement `text`, made at `now`: what to say now (`text`: the background messages waiting are
 * dropped, as they would otherwise replace it within moments) and the queue without them.
 * @param {LiveQueue} _queue
 * @param {string} text
 * @param {number} now
 * @returns {{queue: LiveQueue, say: string}}
 */
export function ownAnnounced(_queue, text, now) {
  return { queue: { waiting: [], ownAt: now }, say: text };
}

/**
 * `source`'s background message `text`, due at `due`, in place of the one it had waiting (at that one's place in the
 * order); "" withdraws it.
 * @param {LiveQueue} queue
 * @param {string} source
 * @param {string} text
 * @param {number} due
 * @returns {LiveQueue}
 */
export function backgroundWaiting(queue, source, text, due) {
  const at = queue.waiting.findIndex((each) => each.source === source);
  const waiting = queue.waiting.filter((each) => each.source !== source);
  if (text) waiting.splice(at < 0 ? waiting.length : at, 0, { source, text, due });
  return { ...queue, waiting };
}

/**
 * Whether `source` has a message waiting (not said yet, on its own or with the person's).
 * @param {LiveQueue} queue
 * @param {string} source
 */
export function isWaiting(queue, source) {
  return queue.waiting.some((each) => each.source === source);
}

/**
 * When a waiting message may be said: when it is due, and not before the person's last own announcement has had
 * OWN_HOLD_MS.
 * @param {LiveQueue} queue
 * @param {Waiting} waiting
 */
function sayableAt(queue, waiting) {
  return Math.max(waiting.due, queue.ownAt + OWN_HOLD_MS);
}

/**
 * At `now`: the background messages that may be said (in the order they came, as one message; "" for none), the
 * queue without them, and when to look again (null: nothing waits).
 * @param {LiveQueue} queue
 * @param {number} now
 * @returns {{queue: LiveQueue, say: string, next: number | null}}
 */
export function backgroundDue(queue, now) {
  const due = queue.waiting.filter((each) => sayableAt(queue, each) <= now);
  const waiting = queue.waiting.filter((each) => sayableAt(queue, each) > now);
  const next = waiting.length ? Math.min(...waiting.map((each) => sayableAt(queue, each))) : null;
  return { queue: { ...queue, waiting }, say: due.map((each) => each.text).join(" "), next };
}
