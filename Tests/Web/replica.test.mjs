import { test } from "node:test";
import assert from "node:assert/strict";
import {
  addBoardItems,
  addBoardPage,
  addLoadedItems,
  catchUpFrom,
  createBoardReplica,
  createReplica,
  finishLoading,
  hasGap,
  isBoardWindow,
  isLoading,
  receiveEvent,
  receiveEvents,
  reloadReplica,
} from "../../Web/model/replica.js";
import { integer, seededRandom, shuffle } from "./random.mjs";

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
    const random = seededRandom(seed);
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
  replica = receiveEvents(replica, shuffle(events.slice(1, 8), seededRandom(7)));
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

// ---- Cases ported from the Swift twin's unit tests (GalleryReplicaTests), which went with it ----

const keyed = (id, orderKey, extra = {}) => item(id, orderKey, 0, extra);
const event = (sequence, items = [], removed = [], extra = {}) => ({
  sequence,
  gallery: gallery(sequence, extra),
  items,
  removed,
});

test("a replica starts at the snapshot's sequence with its items in key order", () => {
  const replica = createReplica(gallery(7), [keyed("1", "a2"), keyed("2", "a0"), keyed("3", "a1")]);
  assert.equal(replica.sequence, 7);
  assert.equal(catchUpFrom(replica), 7);
  assert.equal(ids(replica), "2,3,1");
  assert.equal(hasGap(replica), false);
});

test("items with the same key are ordered by id, in the snapshot and after events", () => {
  let replica = createReplica(gallery(0), [keyed("9", "a5"), keyed("4", "a5"), keyed("6", "a0")]);
  assert.equal(ids(replica), "6,4,9");
  replica = receiveEvent(replica, event(1, [keyed("5", "a5"), keyed("3", "a0")])).replica;
  assert.equal(ids(replica), "3,6,4,5,9");
});

test("a trashed item leaves the live list and a restored one comes back at its key", () => {
  let replica = createReplica(gallery(0), [keyed("1", "a1"), keyed("2", "a2")]);
  replica = receiveEvent(replica, event(1, [keyed("1", "a1", { trashed: true })], [], { trashCount: 1 })).replica;
  assert.equal(ids(replica), "2");
  assert.equal(replica.gallery.trashCount, 1);
  replica = receiveEvent(replica, event(2, [keyed("1", "a1")])).replica;
  assert.equal(ids(replica), "1,2");
  assert.equal(replica.items[0].trashed, false);
});

test("the next event replaces the gallery and the items it touched, and leaves the others as they were", () => {
  const untouched = keyed("2", "a1");
  let replica = createReplica(gallery(3), [keyed("1", "a0"), untouched]);
  const moved = keyed("1", "a2", { title: "moved" });
  const result = receiveEvent(replica, event(4, [moved, keyed("3", "a0V")], [], { name: "Renamed" }));
  assert.equal(result.outcome, "applied");
  replica = result.replica;
  assert.equal(replica.sequence, 4);
  assert.deepEqual(replica.gallery, gallery(4, { name: "Renamed" }));
  assert.equal(ids(replica), "3,2,1");
  assert.equal(replica.items[2], moved, "the item is the event's, as it was right after the change");
  assert.equal(replica.items[1], untouched);
});

test("removed ids leave the replica; an id it never had is no harm", () => {
  let replica = createReplica(gallery(0), [keyed("1", "a0"), keyed("2", "a1")]);
  replica = receiveEvent(replica, event(1, [], ["1", "unknown"])).replica;
  assert.equal(ids(replica), "2");
  assert.equal(replica.sequence, 1);
});

test("early events wait for the one before them, then are applied in their order", () => {
  let replica = createReplica(gallery(0));
  let result = receiveEvent(replica, event(3, [keyed("1", "a5", { title: "moved" })], [], { name: "Three" }));
  assert.equal(result.outcome, "buffered");
  result = receiveEvent(result.replica, event(2, [keyed("2", "a1")]));
  assert.equal(result.outcome, "buffered");
  assert.equal(result.replica.sequence, 0);
  assert.equal(ids(result.replica), "");
  assert.ok(hasGap(result.replica));
  assert.equal(catchUpFrom(result.replica), 0, "event 1 is the one missing");

  result = receiveEvent(result.replica, event(1, [keyed("1", "a0")]));
  assert.equal(result.outcome, "applied");
  replica = result.replica;
  assert.equal(replica.sequence, 3);
  assert.equal(replica.gallery.name, "Three");
  assert.equal(ids(replica), "2,1");
  assert.equal(replica.items[1].title, "moved", "the later event's state wins");
  assert.equal(hasGap(replica), false);
});

test("with several gaps, the catch-up point moves only as far as events arrive without a gap", () => {
  let replica = createReplica(gallery(2));
  const steps = [
    [8, "buffered", 2, true],
    [5, "buffered", 2, true],
    [3, "applied", 3, true],
    [4, "applied", 5, true],
    [7, "buffered", 5, true],
    [6, "applied", 8, false],
  ];
  for (const [sequence, outcome, from, gap] of steps) {
    const result = receiveEvent(replica, event(sequence));
    replica = result.replica;
    assert.equal(result.outcome, outcome, `event ${sequence}`);
    assert.equal(catchUpFrom(replica), from, `after event ${sequence}`);
    assert.equal(hasGap(replica), gap, `after event ${sequence}`);
  }
});

test("an old, repeated or malformed event changes nothing", () => {
  const replica = receiveEvent(createReplica(gallery(0)), event(1, [keyed("1", "a0")])).replica;
  for (const stale of [event(1, [], ["1"]), event(0, [], ["1"]), { ...event(2, [], ["1"]), sequence: "2" }, null]) {
    const result = receiveEvent(replica, stale);
    assert.equal(result.outcome, "ignored");
    assert.equal(result.replica, replica);
  }
});

test("a buffered event received twice is applied once", () => {
  let replica = createReplica(gallery(0));
  assert.equal(receiveEvent(replica, event(2, [keyed("2", "a1")])).outcome, "buffered");
  replica = receiveEvent(replica, event(2, [keyed("2", "a1")])).replica;
  const twice = receiveEvent(replica, event(2, [keyed("2", "a1")]));
  assert.equal(twice.outcome, "ignored");
  const result = receiveEvent(twice.replica, event(1, [keyed("1", "a0")]));
  assert.equal(result.outcome, "applied");
  assert.equal(receiveEvent(result.replica, event(2, [], ["1"])).outcome, "ignored");
  assert.equal(result.replica.sequence, 2);
  assert.equal(ids(result.replica), "1,2");
});

test("after a reload, events up to its sequence are ignored and the next ones applied", () => {
  let replica = createReplica(gallery(4), [keyed("1", "a0")]);
  replica = receiveEvent(replica, event(6, [keyed("5", "a5")])).replica;
  replica = reloadReplica(gallery(7, { name: "Fresh" }), [keyed("2", "a2")]);
  assert.equal(replica.sequence, 7);
  assert.equal(replica.gallery.name, "Fresh");
  assert.equal(ids(replica), "2");
  assert.equal(receiveEvent(replica, event(6, [keyed("5", "a5")])).outcome, "ignored", "older than the reload");
  replica = receiveEvent(replica, event(8, [keyed("9", "a9")])).replica;
  assert.equal(ids(replica), "2,9");
});

test("applying events changes neither the events nor the replica it started from", () => {
  const frozen = (value) => Object.freeze(structuredClone(value));
  const start = createReplica(gallery(0), [keyed("1", "a0")]);
  const events = [event(3, [keyed("1", "a9")]), event(1, [keyed("2", "a1")]), event(2, [], ["2"])].map(frozen);
  const before = structuredClone({ gallery: start.gallery, items: start.items, sequence: start.sequence });
  const end = receiveEvents(start, events);
  assert.deepEqual({ gallery: start.gallery, items: start.items, sequence: start.sequence }, before);
  assert.equal(start.buffer.size, 0);
  assert.equal(end.sequence, 3);
  assert.equal(ids(end), "1");
});

/**
 * A server holding one gallery that changes at random, and a client that reads it window by window (3 items each,
 * after the last window's cursor) while its events arrive: windows are read at one moment and arrive later, after
 * events made since. Returns the server's live items and the client's replica once everything has arrived.
 */
function loadWhileChanging(random) {
  const server = new Map();
  const events = [];
  let sequence = 0;
  const key = () => `a${String(integer(random, 0, 999999)).padStart(6, "0")}`;
  const change = (item) => {
    sequence += 1;
    const changed = { ...item, galleryId: G, changeSequence: sequence };
    server.set(changed.id, changed);
    events.push({ sequence, gallery: gallery(sequence), items: [changed] });
  };
  for (let n = 0; n < 12; n++) change(item(`i${n}`, key(), 0));
  const liveItems = () =>
    [...server.values()]
      .filter((each) => !each.trashed)
      .sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : a.id < b.id ? -1 : 1));
  const window = (cursor) => {
    const after = liveItems().filter((each) => cursor === null || each.orderKey > cursor);
    const items = after.slice(0, 3);
    return { items, nextCursor: after.length > 3 ? items[items.length - 1].orderKey : null, sequence };
  };
  const first = window(null);
  let replica = createReplica(gallery(first.sequence), first.items, { complete: !first.nextCursor });
  let inFlight = null;
  let cursor = first.nextCursor;
  let delivered = first.sequence;
  let made = 12;
  for (let step = 0; step < 200 && (cursor || inFlight || delivered < sequence); step++) {
    const roll = random();
    if (roll < 0.3 && made < 40) {
      const ids = [...server.keys()];
      const target = server.get(ids[integer(random, 0, ids.length - 1)]);
      const what = integer(random, 0, 3);
      if (what === 0) change(item(`i${made++}`, key(), 0));
      else if (what === 1) change({ ...target, orderKey: key() });
      else change({ ...target, trashed: what === 2 ? !target.trashed : target.trashed, orderKey: key() });
    } else if (roll < 0.6 && delivered < sequence) {
      delivered += 1;
      replica = receiveEvent(replica, events[delivered - 1]).replica;
    } else if (inFlight) {
      replica = addLoadedItems(replica, inFlight.items);
      cursor = inFlight.nextCursor;
      inFlight = null;
      if (!cursor) replica = finishLoading(replica);
    } else if (cursor) {
      inFlight = window(cursor);
    }
  }
  for (; delivered < sequence; delivered++) replica = receiveEvent(replica, events[delivered]).replica;
  while (cursor || inFlight) {
    inFlight ??= window(cursor);
    replica = addLoadedItems(replica, inFlight.items);
    cursor = inFlight.nextCursor;
    inFlight = null;
  }
  return { server: liveItems(), replica: finishLoading(replica) };
}

test("a gallery read window by window while it changes ends as the server has it", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const { server, replica } = loadWhileChanging(seededRandom(seed));
    assert.deepEqual(
      replica.items.map((each) => `${each.id}@${each.orderKey}`),
      server.map((each) => `${each.id}@${each.orderKey}`),
      `seed ${seed}`,
    );
    assert.equal(isLoading(replica), false);
  }
});

test("a window read before an item was trashed does not bring it back", () => {
  const a = item("a", "a1", 1);
  const b = item("b", "a2", 1);
  let replica = createReplica(gallery(1), [a], { complete: false });
  assert.equal(isLoading(replica), true);
  replica = receiveEvent(replica, { sequence: 2, gallery: gallery(2), items: [{ ...b, trashed: true }] }).replica;
  replica = addLoadedItems(replica, [b, item("c", "a3", 1)]);
  assert.equal(ids(replica), "a,c");
  replica = receiveEvent(replica, { sequence: 3, gallery: gallery(3), items: [{ ...b, changeSequence: 3 }] }).replica;
  assert.equal(ids(replica), "a,b,c", "a later restore brings it back");
});

test("a window does not replace an item an event changed since it was read", () => {
  let replica = createReplica(gallery(1), [item("a", "a1", 1)], { complete: false });
  replica = receiveEvent(replica, { sequence: 2, gallery: gallery(2), items: [item("b", "a0", 2)] }).replica;
  replica = addLoadedItems(replica, [item("b", "a5", 1), item("c", "a6", 1)]);
  assert.equal(ids(replica), "b,a,c");
  assert.equal(replica.items[0].orderKey, "a0");
});

test("a run to the trash removes the held items between its ends exactly, without a read", () => {
  const replica = createReplica(gallery(1), [item("a", "a0", 1), item("b", "a1", 1), item("c", "a2", 1)]);
  const run = { firstKey: "a0", lastKey: "a1", count: 2, left: true };
  const { replica: next } = receiveEvent(replica, {
    sequence: 2,
    gallery: gallery(2),
    items: [],
    removed: [],
    runs: [run],
  });
  assert.equal(ids(next), "c");
  assert.equal(next.reread, 0);
  // Coming back out of the trash, the items are read again.
  const back = receiveEvent(next, {
    sequence: 3,
    gallery: gallery(3),
    items: [],
    removed: [],
    runs: [{ ...run, left: false }],
  }).replica;
  assert.equal(back.reread, 3);
});

test("a run moved by its ends leaves the held items of its old span at once, and its new span is read", () => {
  const held = [item("a", "a0", 1), item("b", "a1", 1), item("c", "a2", 1), item("d", "a3", 1)];
  const replica = createReplica(gallery(1), held);
  const { replica: next } = receiveEvent(replica, {
    sequence: 2,
    gallery: gallery(2),
    items: [],
    removed: [],
    runs: [
      { firstKey: "a1", lastKey: "a2", count: 2, left: true },
      { firstKey: "a4", lastKey: "a5", count: 2, left: false },
    ],
  });
  assert.equal(ids(next), "a,d");
  assert.equal(next.reread, 2);
});

// ---- A big gallery's board, held by the region shown ----

const onBoard = (id, orderKey, x, y, changeSequence = 0) =>
  item(id, orderKey, changeSequence, { board: { x, y, width: 100, z: 0 } });
const region = (x, y) => ({ x, y, width: 1000, height: 1000 });

test("a board replica holds the region read, and lets go of what was held elsewhere when it reads another", () => {
  let replica = createBoardReplica(gallery(3));
  assert.equal(isBoardWindow(replica), true);
  assert.equal(isBoardWindow(createReplica(gallery(3))), false);
  replica = addBoardPage(
    replica,
    { gallery: gallery(3), items: [onBoard("b", "a1", 50, 0), onBoard("a", "a0", 0, 0)], complete: true },
    region(0, 0),
  );
  assert.equal(ids(replica), "a,b");
  assert.deepEqual(replica.window.region, region(0, 0));
  replica = addBoardPage(
    replica,
    { gallery: gallery(3), items: [onBoard("c", "a2", 5000, 0)], complete: true },
    region(4500, 0),
  );
  assert.equal(ids(replica), "c");
});

test("a board replica keeps what events bring anywhere, and a region read before an event does not undo it", () => {
  let replica = addBoardPage(
    createBoardReplica(gallery(3)),
    { gallery: gallery(3), items: [onBoard("a", "a0", 0, 0), onBoard("b", "a1", 50, 0)], complete: true },
    region(0, 0),
  );
  // Somebody moves c (never read) into view, and trashes b.
  replica = receiveEvent(replica, event(4, [onBoard("c", "a2", 10, 10, 4)])).replica;
  replica = receiveEvent(replica, event(5, [onBoard("b", "a1", 50, 0, 5)], [], {})).replica;
  replica = receiveEvent(replica, { ...event(6, [], ["b"]) }).replica;
  assert.equal(ids(replica), "a,c");
  // A read answered from before those events brings neither b back nor loses c.
  replica = addBoardPage(
    replica,
    { gallery: gallery(3), items: [onBoard("a", "a0", 0, 0), onBoard("b", "a1", 50, 0)], complete: true },
    region(0, 0),
  );
  assert.equal(ids(replica), "a,c");
  // One read after them has them as they are: c is where it was moved, b gone.
  replica = addBoardPage(
    replica,
    { gallery: gallery(6), items: [onBoard("a", "a0", 0, 0), onBoard("c", "a2", 10, 10, 4)], complete: true },
    region(0, 0),
  );
  assert.equal(ids(replica), "a,c");
});

test("a board replica keeps the items not on the board yet, and those a full region could not all return", () => {
  let replica = createBoardReplica(gallery(3));
  replica = receiveEvent(replica, event(4, [item("n", "a5", 4)])).replica;
  replica = addBoardPage(
    replica,
    { gallery: gallery(5), items: [onBoard("a", "a0", 0, 0), onBoard("b", "a1", 50, 0)], complete: true },
    region(0, 0),
  );
  assert.equal(ids(replica), "a,b,n");
  replica = addBoardPage(
    replica,
    { gallery: gallery(5), items: [onBoard("c", "a2", 20, 0)], complete: false },
    region(0, 0),
  );
  assert.equal(ids(replica), "a,b,c,n"); // Once it is put on the board, a read brings it where it was put.
  replica = addBoardPage(
    replica,
    { gallery: gallery(6), items: [onBoard("n", "a5", 300, 300)], complete: true },
    region(0, 0),
  );
  assert.deepEqual(
    replica.items.map((each) => [each.id, each.board?.x]),
    [["n", 300]],
  );
});

test("a board replica holds an item read apart from a region (Home, End) until a region read without it", () => {
  let replica = addBoardPage(
    createBoardReplica(gallery(3)),
    { gallery: gallery(3), items: [onBoard("m", "a5", 9000, 9000)], complete: true },
    region(8500, 8500),
  );
  replica = addBoardItems(replica, { gallery: gallery(3), items: [onBoard("a", "a0", 0, 0)] });
  assert.equal(ids(replica), "a,m");
  // Read again, it is not held twice; the region around it, read next, keeps it and lets the other go.
  replica = addBoardItems(replica, { gallery: gallery(3), items: [onBoard("a", "a0", 0, 0)] });
  assert.equal(ids(replica), "a,m");
  replica = addBoardPage(
    replica,
    { gallery: gallery(3), items: [onBoard("a", "a0", 0, 0)], complete: true },
    region(0, 0),
  );
  assert.equal(ids(replica), "a");
  // An item an event took out after the read is not brought back by it.
  replica = receiveEvent(replica, event(4, [], ["a"])).replica;
  assert.equal(addBoardItems(replica, { gallery: gallery(3), items: [onBoard("a", "a0", 0, 0)] }).items.length, 0);
});
