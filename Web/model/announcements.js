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
