// Optimistic changes shown on top of the replica until the server's events catch up with them. Pure: no DOM, no
// network. Each overlay has a `key` (to replace or drop it when its request settles), an `apply(items)` that returns
// the items as the user should see them, and `settled(replica)` that says when the replica shows the change itself.
//
// While a request is on its way its overlay never settles (the controller drops it when the answer comes); the answer
// is then kept as an `upsert` overlay until the replica reaches the sequence the answer was made at, so the view
// never jumps back between the answer and its event.

import { compareKeys } from "./gallery.js";

/** The items as shown: the replica's, with every overlay applied in order. */
export function showItems(replicaItems, overlays) {
  return overlays.reduce((items, overlay) => overlay.apply(items), replicaItems);
}

/** The overlays still needed once the replica is `replica`. */
export function pruneOverlays(overlays, replica) {
  return overlays.filter((overlay) => !overlay.settled(replica));
}

/** `overlays` without the one with `key` (and with `replacement`s added in its place, if given). */
export function replaceOverlay(overlays, key, ...replacements) {
  const index = overlays.findIndex((overlay) => overlay.key === key);
  if (index < 0) return [...overlays, ...replacements];
  return [...overlays.slice(0, index), ...replacements, ...overlays.slice(index + 1)];
}

const never = () => false;

let keyCounter = 0;
/** A key for a new optimistic change, unique in the page ("drop-1", "move-2"…). */
export function nextKey(kind) {
  return `${kind}-${++keyCounter}`;
}

/** Placeholders of a drop on its way, right after the item `afterId` (null: at the start). */
export function placeholders(key, afterId, entries) {
  return {
    key,
    apply(items) {
      const shown = entries.map((entry) => ({ ...entry, local: true }));
      const at = afterId === null ? 0 : items.findIndex((item) => item.id === afterId) + 1;
      const index = afterId !== null && at === 0 ? items.length : at;
      return [...items.slice(0, index), ...shown, ...items.slice(index)];
    },
    settled: never,
  };
}

/** Items (known or not) shown before the item `beforeId` (null: at the end), in the given order. */
export function insertion(key, entries, beforeId) {
  return {
    key,
    apply(items) {
      const ids = new Set(entries.map((entry) => entry.id));
      const rest = items.filter((item) => !ids.has(item.id));
      const at = beforeId === null ? rest.length : rest.findIndex((item) => item.id === beforeId);
      const index = at < 0 ? rest.length : at;
      return [...rest.slice(0, index), ...entries, ...rest.slice(index)];
    },
    settled: never,
  };
}

/** Known items moved before the item `beforeId` (null: at the end), keeping the order given. */
export function reordering(key, ids, beforeId) {
  return {
    key,
    apply(items) {
      const byId = new Map(items.map((item) => [item.id, item]));
      const moving = ids.map((id) => byId.get(id)).filter(Boolean);
      return insertion(key, moving, beforeId).apply(items);
    },
    settled: never,
  };
}

/**
 * Items as the server answered a request (their `changeSequence` is the gallery's sequence of the change), shown until
 * the replica has reached that sequence. Trashed items and items of another gallery are hidden. An item the replica
 * already knows from a later change is left as the replica has it.
 */
export function upsert(key, answered, galleryId) {
  const until = Math.max(0, ...answered.map((item) => item.changeSequence ?? 0));
  return {
    key,
    apply(items) {
      const byId = new Map(items.map((item) => [item.id, item]));
      for (const item of answered) {
        const known = byId.get(item.id);
        if (known && !known.local && (known.changeSequence ?? 0) > (item.changeSequence ?? 0)) continue;
        if (item.trashed || (galleryId && item.galleryId && item.galleryId !== galleryId)) byId.delete(item.id);
        else byId.set(item.id, item);
      }
      return sortShown([...byId.values()], items);
    },
    settled: (replica) => replica.sequence >= until,
  };
}

/** Known items shown at new board positions ([{itemId, x, y, width, z}]) while the arrangement is on its way. */
export function positioning(key, positions) {
  const byId = new Map(positions.map((position) => [position.itemId, position]));
  return {
    key,
    apply: (items) =>
      items.map((item) => {
        const position = byId.get(item.id);
        if (!position) return item;
        const { x, y, width, z } = position;
        return { ...item, board: { x, y, width, z } };
      }),
    settled: never,
  };
}

/**
 * Items hidden because they are leaving (moved to another gallery, or trashed by a request on its way). With
 * `basis` (id → the item's changeSequence when it was hidden) the overlay settles once the replica no longer has the
 * items or has a newer change of them; without it, it lasts until dropped.
 */
export function hiding(key, ids, basis = null) {
  const gone = new Set(ids);
  return {
    key,
    apply: (items) => items.filter((item) => !gone.has(item.id)),
    settled(replica) {
      if (!basis) return false;
      const byId = new Map(replica.items.map((item) => [item.id, item]));
      return ids.every((id) => !byId.has(id) || (byId.get(id).changeSequence ?? 0) > (basis[id] ?? 0));
    },
  };
}

/** Items hidden until the replica reaches `sequence`: the change that took them away, whose answer lists no items (a
 * run of items to the trash, told by its ends). */
export function hidingUntil(key, ids, sequence) {
  return { ...hiding(key, ids), settled: (replica) => replica.sequence >= sequence };
}

/**
 * Sorts merged items by order key; local entries (placeholders, items on their way in) keep the place they had
 * among their neighbours in `before`.
 */
function sortShown(merged, before) {
  if (!merged.some((item) => item.local)) {
    return merged.sort((a, b) => compareKeys(a.orderKey, b.orderKey) || compareKeys(a.id, b.id));
  }
  const keyed = merged
    .filter((item) => !item.local)
    .sort((a, b) => compareKeys(a.orderKey, b.orderKey) || compareKeys(a.id, b.id));
  const result = keyed.slice();
  const previousReal = new Map();
  let last = null;
  for (const item of before) {
    if (item.local) previousReal.set(item.id, last);
    else last = item.id;
  }
  const placed = new Map(); // anchor → how many local entries were put after it so far
  for (const item of before.filter((entry) => entry.local && merged.some((m) => m.id === entry.id))) {
    const after = previousReal.get(item.id) ?? null;
    const count = placed.get(after) ?? 0;
    const index = (after === null ? 0 : result.findIndex((entry) => entry.id === after) + 1) + count;
    result.splice(
      index,
      0,
      merged.find((m) => m.id === item.id),
    );
    placed.set(after, count + 1);
  }
  return result;
}
