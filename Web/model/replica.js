// A replica of one gallery as the server has it, kept up to date by its numbered events (docs/live-undo-api.md).
// Pure: no DOM, no network. Events are applied strictly in sequence: the next one is applied, later ones wait in a
// buffer until the gap before them is filled, older ones (already applied) are ignored.

import { compareKeys } from "./gallery.js";

/** A replica of `gallery` with its live `items`, at the gallery's sequence. */
export function createReplica(gallery, items = []) {
  return { gallery, sequence: gallery?.sequence ?? 0, items: sortItems(live(items, gallery?.id)), buffer: new Map() };
}

/**
 * The replica after an event arrives. Returns { replica, outcome } with outcome "applied" (the event and any buffered
 * ones after it were applied), "buffered" (it is ahead: events before it are missing) or "ignored" (already applied).
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
  let next = applyEvent(replica, event);
  const buffer = new Map(replica.buffer);
  buffer.delete(event.sequence);
  while (buffer.has(next.sequence + 1)) {
    const following = buffer.get(next.sequence + 1);
    buffer.delete(following.sequence);
    next = applyEvent(next, following);
  }
  for (const sequence of buffer.keys()) if (sequence <= next.sequence) buffer.delete(sequence);
  return { replica: { ...next, buffer }, outcome: "applied" };
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

/** One event applied on top of the replica (its sequence must be the next one). */
function applyEvent(replica, event) {
  const galleryId = event.gallery?.id ?? replica.gallery?.id;
  const byId = new Map(replica.items.map((item) => [item.id, item]));
  for (const id of event.removed ?? []) byId.delete(id);
  for (const item of event.items ?? []) {
    if (item.trashed || (item.galleryId && galleryId && item.galleryId !== galleryId)) byId.delete(item.id);
    else byId.set(item.id, item);
  }
  return {
    ...replica,
    gallery: event.gallery ?? replica.gallery,
    sequence: event.sequence,
    items: sortItems([...byId.values()]),
  };
}

/** The replica refreshed from a full reload of the gallery (after a reset): the buffer is dropped. */
export function reloadReplica(gallery, items) {
  return createReplica(gallery, items);
}

function live(items, galleryId) {
  return items.filter((item) => !item.trashed && (!galleryId || !item.galleryId || item.galleryId === galleryId));
}

function sortItems(items) {
  return items.sort((a, b) => compareKeys(a.orderKey, b.orderKey) || compareKeys(a.id, b.id));
}
