import { test } from "node:test";
import assert from "node:assert/strict";
import {
  hiding,
  hidingUntil,
  insertion,
  placeholders,
  positioning,
  pruneOverlays,
  reordering,
  replaceOverlay,
  showItems,
  upsert,
} from "../../Web/model/overlay.js";
import { createReplica, receiveEvent } from "../../Web/model/replica.js";
import { galleryURL, parseGalleryURL } from "../../Web/model/location.js";
import { settledItems } from "../../Web/model/announcements.js";
import { reconnectDelay } from "../../Web/net/live.js";
import { G, gallery, ids, item } from "./fixtures.mjs";

const base = () => createReplica(gallery(1), [item("a", "a0"), item("b", "a1"), item("c", "a2")]);

test("a drop's placeholder sits after its anchor until the answer replaces it", () => {
  let overlays = [placeholders("drop-1", "a", [{ id: "drop-1", state: "pending" }])];
  assert.equal(ids(showItems(base().items, overlays)), "a,drop-1,b,c");
  assert.equal(ids(showItems(base().items, [placeholders("drop-2", null, [{ id: "drop-2" }])])), "drop-2,a,b,c");
  overlays = replaceOverlay(overlays, "drop-1", upsert("drop-1", [item("n", "a0V", 2, { state: "pending" })], G));
  assert.equal(ids(showItems(base().items, overlays)), "a,n,b,c");
});

test("an answer is shown until the replica reaches its sequence, then the replica alone", () => {
  let replica = base();
  let overlays = [upsert("move-1", [item("a", "a3", 2)], G)];
  assert.equal(ids(showItems(replica.items, overlays)), "b,c,a");
  assert.equal(pruneOverlays(overlays, replica).length, 1);
  replica = receiveEvent(replica, {
    sequence: 2,
    gallery: gallery(2),
    items: [item("a", "a3", 2)],
    removed: [],
  }).replica;
  overlays = pruneOverlays(overlays, replica);
  assert.equal(overlays.length, 0);
  assert.equal(ids(showItems(replica.items, overlays)), "b,c,a");
});

test("an older answer never hides a newer change the replica already has", () => {
  const replica = receiveEvent(base(), {
    sequence: 2,
    gallery: gallery(2),
    items: [item("a", "a9", 2)],
    removed: [],
  }).replica;
  const late = upsert("move-1", [item("a", "a05", 1)], G);
  assert.equal(ids(showItems(replica.items, [late])), "b,c,a");
});

test("a reorder on its way moves the items before the anchor, in the order given", () => {
  assert.equal(ids(showItems(base().items, [reordering("m", ["c", "a"], "b")])), "c,a,b");
  assert.equal(ids(showItems(base().items, [reordering("m", ["a"], null)])), "b,c,a");
});

test("trashed answers and items of another gallery leave the list", () => {
  const overlays = [
    upsert("t", [item("b", "a1", 2, { trashed: true }), item("c", "a2", 2, { galleryId: "other" })], G),
  ];
  assert.equal(ids(showItems(base().items, overlays)), "a");
});

test("items moving in are shown at the drop position; items moving out are hidden until their event", () => {
  const incoming = insertion("t", [{ ...item("x", "zz"), local: true }], "b");
  assert.equal(ids(showItems(base().items, [incoming])), "a,x,b,c");
  const leaving = hiding("t", ["a"], { a: 1 });
  let replica = base();
  assert.equal(ids(showItems(replica.items, [leaving])), "b,c");
  assert.equal(pruneOverlays([leaving], replica).length, 1, "kept while the replica still has the item unchanged");
  replica = receiveEvent(replica, { sequence: 2, gallery: gallery(2), items: [], removed: ["a"] }).replica;
  assert.equal(pruneOverlays([leaving], replica).length, 0);
  assert.equal(pruneOverlays([hiding("t", ["b"])], replica).length, 1, "a request on its way never settles by itself");
});

test("local entries keep their place among their neighbours when answers re-sort the list", () => {
  const overlays = [placeholders("d", "a", [{ id: "p1" }, { id: "p2" }]), upsert("m", [item("c", "Z", 2)], G)];
  assert.equal(ids(showItems(base().items, overlays)), "c,a,p1,p2,b");
});

test("an arrangement on its way shows the items at their new board places, the others and the order untouched", () => {
  const overlay = positioning("arrange-1", [{ itemId: "b", x: 5, y: -7, width: 300, z: 9 }]);
  const shown = showItems(base().items, [overlay]);
  assert.equal(ids(shown), "a,b,c");
  assert.deepEqual(shown[1].board, { x: 5, y: -7, width: 300, z: 9 });
  assert.equal(shown[0].board, base().items[0].board);
  assert.equal(overlay.settled(base()), false);
});

test("the page address names one gallery, or two side by side", () => {
  assert.deepEqual(parseGalleryURL({ pathname: "/g/abc", search: "" }).galleryIds, ["abc"]);
  assert.deepEqual(parseGalleryURL({ pathname: "/g/abc", search: "?beside=def" }).galleryIds, ["abc", "def"]);
  assert.deepEqual(parseGalleryURL({ pathname: "/g/abc", search: "?beside=abc" }).galleryIds, ["abc"]);
  assert.equal(galleryURL([{ galleryId: "abc" }]), "/g/abc");
  assert.equal(galleryURL([{ galleryId: "abc" }, { galleryId: "def" }]), "/g/abc?beside=def");
});

test("the page address names each pane's view when it is not the gallery's own", () => {
  assert.deepEqual(parseGalleryURL({ pathname: "/g/abc", search: "?view=list" }).views, ["list"]);
  assert.deepEqual(parseGalleryURL({ pathname: "/g/abc", search: "?beside=def&besideView=list" }).views, [
    null,
    "list",
  ]);
  assert.deepEqual(
    parseGalleryURL({ pathname: "/g/abc", search: "?view=<script>" }).views,
    [null],
    "unknown views are ignored",
  );
  assert.equal(galleryURL([{ galleryId: "abc", view: "list" }]), "/g/abc?view=list");
  assert.equal(
    galleryURL([
      { galleryId: "abc", view: null },
      { galleryId: "d e", view: "grid" },
    ]),
    "/g/abc?beside=d+e&besideView=grid",
  );
});

test("the page address may name an item of the first gallery open in the viewer, the views kept", () => {
  const parsed = parseGalleryURL({ pathname: "/g/abc/items/it%201", search: "?view=list&beside=def" });
  assert.deepEqual(parsed.galleryIds, ["abc", "def"]);
  assert.equal(parsed.itemId, "it 1");
  assert.deepEqual(parsed.views, ["list", null]);
  assert.equal(parseGalleryURL({ pathname: "/g/abc", search: "" }).itemId, null);
  assert.equal(parseGalleryURL({ pathname: "/g/abc/other/x", search: "" }).itemId, null);
  assert.equal(galleryURL([{ galleryId: "abc", view: "list" }], "it 1"), "/g/abc/items/it%201?view=list");
  assert.equal(galleryURL([{ galleryId: "abc" }], null), "/g/abc");
});

test("only items that were loading and have finished are announced", () => {
  const before = [item("a", "a0", 1, { state: "pending" }), item("b", "a1"), item("c", "a2", 1, { state: "pending" })];
  const after = [item("a", "a0", 2), item("b", "a1"), item("c", "a2", 2, { state: "failed" })];
  const { ready, failed } = settledItems(before, after);
  assert.deepEqual(
    ready.map((each) => each.id),
    ["a"],
  );
  assert.deepEqual(
    failed.map((each) => each.id),
    ["c"],
  );
});

test("reconnection waits longer after each failure, up to a limit", () => {
  const middle = () => 0.5;
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 9].map((attempt) => reconnectDelay(attempt, middle)),
    [250, 500, 1000, 2000, 4000, 5000, 5000, 5000],
  );
  assert.ok(reconnectDelay(0, () => 0) >= 187 && reconnectDelay(0, () => 0.999) <= 313);
});

test("items hidden until a change's sequence stay hidden until the replica reaches it", () => {
  const replica = createReplica(gallery(3), [item("a", "a0", 1), item("b", "a1", 1)]);
  const overlay = hidingUntil("trash-1", ["a"], 4);
  assert.deepEqual(
    overlay.apply(replica.items).map((each) => each.id),
    ["b"],
  );
  assert.equal(overlay.settled(replica), false);
  assert.equal(overlay.settled({ ...replica, sequence: 4 }), true);
});
