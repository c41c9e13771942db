import assert from "node:assert/strict";
import { test } from "node:test";
import { countChange, noChanges, othersText } from "../../Web/model/announcements.js";
import { createReplica, receiveEvent } from "../../Web/model/replica.js";

const G = "g";
const gallery = (sequence) => ({ id: G, name: "Fruit", sequence });
const item = (id, orderKey, extra = {}) => ({
  id,
  galleryId: G,
  orderKey,
  state: "ready",
  trashed: false,
  title: `${id}.png`,
  board: null,
  ...extra,
});

/** What the events did to a replica of a, b, c, d, counted as one burst. */
function counted(...events) {
  let replica = createReplica(gallery(1), [item("a", "a"), item("b", "b"), item("c", "c"), item("d", "d")]);
  let counts = noChanges();
  for (const event of events) {
    const result = receiveEvent(replica, event);
    replica = result.replica;
    for (const change of result.changes ?? []) counts = countChange(counts, change);
  }
  return counts;
}

test("an applied event comes with the items it replaced, as they were", () => {
  const replica = createReplica(gallery(1), [item("a", "a"), item("b", "b")]);
  const { changes } = receiveEvent(replica, { sequence: 2, gallery: gallery(2), items: [item("a", "c")], removed: [] });
  assert.equal(changes.length, 1);
  assert.deepEqual([...changes[0].before.keys()], ["a"]);
  assert.equal(changes[0].before.get("a").orderKey, "a");
});

test("events buffered behind a gap are reported when the gap fills, in order", () => {
  const replica = createReplica(gallery(1), [item("a", "a")]);
  const ahead = receiveEvent(replica, { sequence: 3, gallery: gallery(3), items: [item("b", "b")], removed: [] });
  assert.equal(ahead.outcome, "buffered");
  assert.equal(ahead.changes, undefined);
  const filled = receiveEvent(ahead.replica, {
    sequence: 2,
    gallery: gallery(2),
    items: [item("a", "z")],
    removed: [],
  });
  assert.deepEqual(
    filled.changes.map((change) => change.event.sequence),
    [2, 3],
  );
});

test("each kind of change is counted once; items added while loading are not (they are said once loaded)", () => {
  const counts = counted(
    { sequence: 2, gallery: gallery(2), items: [item("e", "e"), item("f", "f", { state: "pending" })], removed: [] },
    { sequence: 3, gallery: gallery(3), items: [item("a", "cc")], removed: [] },
    { sequence: 4, gallery: gallery(4), items: [item("b", "b", { board: { x: 1, y: 2, width: 100, z: 0 } })] },
    { sequence: 5, gallery: gallery(5), items: [item("c", "c", { title: "renamed" })], removed: [] },
    { sequence: 6, gallery: gallery(6), items: [item("d", "d", { trashed: true })], removed: [] },
    { sequence: 7, gallery: gallery(7), items: [item("f", "f")], removed: ["e"] },
    { sequence: 8, gallery: gallery(8), items: [item("a", "cc", { galleryId: "other" })], removed: ["unknown"] },
  );
  assert.deepEqual(counts, { added: 1, moved: 1, arranged: 1, edited: 1, trashed: 1, removed: 2 });
});

test("what was changed elsewhere is said in one sentence", () => {
  assert.equal(othersText(noChanges()), "");
  assert.equal(othersText({ ...noChanges(), moved: 1 }), "Changed elsewhere: moved 1 item.");
  assert.equal(
    othersText({ ...noChanges(), added: 2, trashed: 3 }),
    "Changed elsewhere: added 2 items and moved 3 items to the trash.",
  );
  assert.equal(
    othersText({ added: 1, moved: 2, arranged: 3, edited: 4, trashed: 5, removed: 6 }),
    "Changed elsewhere: added 1 item, moved 2 items, arranged 3 items on the board, changed 4 items, " +
      "moved 5 items to the trash and removed 6 items.",
  );
});
