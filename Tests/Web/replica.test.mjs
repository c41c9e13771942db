import { test } from "node:test";
import assert from "node:assert/strict";
import {
  catchUpFrom,
  createReplica,
  hasGap,
  receiveEvent,
  receiveEvents,
  reloadReplica,
} from "../../Web/model/replica.js";

const G = "gallery-1";
// The gallery is renamed by event 7.
const gallery = (sequence, extra = {}) => ({
  id: G,
  name: sequence >= 7 ? "Apples" : "Fruit",
  imagesPerRow: 4,
  sequence,
  trashCount: 0,
  ...extra,
});
const item = (id, orderKey, changeSequence, extra = {}) => ({
  id,
  galleryId: G,
  orderKey,
  state: "ready",
  trashed: false,
  changeSequence,
  ...extra,
});
const ids = (replica) => replica.items.map((each) => each.id).join(",");

/** A little history of one gallery: what a server would send, event by event, and the items it ends with. */
function history() {
  return [
    {
      sequence: 1,
      gallery: gallery(1),
      items: [item("a", "a0", 1, { state: "pending" }), item("b", "a1", 1, { state: "pending" })],
      removed: [],
    },
    { sequence: 2, gallery: gallery(2), items: [item("a", "a0", 2)], removed: [] },
    { sequence: 3, gallery: gallery(3), items: [item("b", "a1", 3, { state: "failed" })], removed: [] },
    { sequence: 4, gallery: gallery(4), items: [item("c", "Zz", 4)], removed: [] }, // moved in, at the start
    { sequence: 5, gallery: gallery(5), items: [item("a", "a2", 5)], removed: [] }, // moved to the end
    {
      sequence: 6,
      gallery: gallery(6, { trashCount: 1 }),
      items: [item("b", "a1", 6, { state: "failed", trashed: true })],
      removed: [],
    },
    { sequence: 7, gallery: gallery(7), items: [], removed: [] }, // renamed
    { sequence: 8, gallery: gallery(8), items: [], removed: ["c"] }, // moved to another gallery
    { sequence: 9, gallery: gallery(9), items: [item("d", "a1", 9, { state: "pending" })], removed: [] },
  ];
}

const FINAL = "d,a";

test("events applied in order give the server's gallery", () => {
  let replica = createReplica(gallery(0));
  for (const event of history()) {
    const result = receiveEvent(replica, event);
    assert.equal(result.outcome, "applied");
    replica = result.replica;
  }
  assert.equal(ids(replica), FINAL);
  assert.equal(replica.sequence, 9);
  assert.equal(replica.gallery.name, "Apples");
  assert.equal(replica.items.find((each) => each.id === "d").state, "pending");
  assert.equal(hasGap(replica), false);
});

test("an event ahead of the next one waits in the buffer, and the gap is reported", () => {
  const events = history();
  let replica = receiveEvent(createReplica(gallery(0)), events[0]).replica;
  const ahead = receiveEvent(replica, events[2]);
  assert.equal(ahead.outcome, "buffered");
  assert.equal(ahead.replica.sequence, 1, "nothing after the gap is applied");
  assert.equal(ids(ahead.replica), "a,b");
  assert.ok(hasGap(ahead.replica));
  assert.equal(catchUpFrom(ahead.replica), 1, "the catch-up asks for everything after the last applied event");
  replica = receiveEvent(ahead.replica, events[1]).replica;
  assert.equal(replica.sequence, 3, "filling the gap applies the buffered event too");
  assert.equal(hasGap(replica), false);
  assert.equal(replica.items.find((each) => each.id === "b").state, "failed");
});

test("events shuffled, with gaps filled later, end in the same gallery as in order", () => {
  for (let seed = 1; seed <= 50; seed++) {
    const random = mulberry32(seed);
    const events = shuffle(history(), random);
    let replica = createReplica(gallery(0));
    for (const event of events) replica = receiveEvent(replica, event).replica;
    assert.equal(ids(replica), FINAL, `seed ${seed}: ${events.map((event) => event.sequence)}`);
    assert.equal(replica.sequence, 9);
    assert.equal(hasGap(replica), false);
  }
});

test("a catch-up page fills a gap whatever order its events come in", () => {
  const events = history();
  let replica = createReplica(gallery(0));
  replica = receiveEvent(replica, events[0]).replica;
  replica = receiveEvent(replica, events[8]).replica; // 9 arrives, 2…8 were missed
  assert.ok(hasGap(replica));
  replica = receiveEvents(replica, shuffle(events.slice(1, 8), mulberry32(7)));
  assert.equal(ids(replica), FINAL);
  assert.equal(hasGap(replica), false);
});

test("duplicates and old events are ignored", () => {
  const events = history();
  let replica = createReplica(gallery(0));
  for (const event of events.slice(0, 5)) replica = receiveEvent(replica, event).replica;
  const before = replica;
  for (const event of [events[0], events[2], events[4]]) {
    const result = receiveEvent(replica, event);
    assert.equal(result.outcome, "ignored");
    assert.equal(result.replica, before);
  }
  const buffered = receiveEvent(replica, events[7]).replica;
  assert.equal(receiveEvent(buffered, events[7]).outcome, "ignored", "the same event ahead is buffered once");
  assert.equal(buffered.buffer.size, 1);
});

test("a replica loaded at sequence N ignores the events up to N and applies the rest", () => {
  const events = history();
  const loaded = createReplica(gallery(4), [
    item("a", "a0", 2),
    item("b", "a1", 3, { state: "failed" }),
    item("c", "Zz", 4),
  ]);
  let replica = loaded;
  for (const event of events) replica = receiveEvent(replica, event).replica;
  assert.equal(ids(replica), FINAL);
});

test("a reset drops the buffer and starts again from the reloaded gallery", () => {
  const events = history();
  let replica = receiveEvent(createReplica(gallery(0)), events[0]).replica;
  replica = receiveEvent(replica, events[5]).replica;
  assert.ok(hasGap(replica));
  replica = reloadReplica(gallery(8), [item("a", "a2", 5)]);
  assert.equal(replica.sequence, 8);
  assert.equal(hasGap(replica), false);
  assert.equal(ids(replica), "a");
  replica = receiveEvent(replica, events[8]).replica;
  assert.equal(ids(replica), FINAL);
});

test("items trashed or of another gallery are not in the replica", () => {
  const replica = createReplica(gallery(3), [
    item("a", "a0", 1),
    item("b", "a1", 2, { trashed: true }),
    item("c", "a2", 3, { galleryId: "elsewhere" }),
  ]);
  assert.equal(ids(replica), "a");
  const moved = receiveEvent(replica, {
    sequence: 4,
    gallery: gallery(4),
    items: [item("a", "a0", 4, { galleryId: "elsewhere" })],
    removed: [],
  });
  assert.equal(ids(moved.replica), "");
});

function shuffle(list, random) {
  const copy = list.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A small seeded generator, so a failing order can be replayed. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
