import { test } from "node:test";
import assert from "node:assert/strict";
import { anchorBefore } from "../../Web/model/gallery.js";
import { createReplica, receiveEvent } from "../../Web/model/replica.js";
import { placeholders, replaceOverlay, showItems, upsert } from "../../Web/model/overlay.js";
import { clampPerRow, perRowAfterPinch, perRowAfterWheel } from "../../Web/model/zoom.js";
import { acceptsTypes } from "../../Web/dnd/externalDrop.js";

const item = (id, orderKey, extra = {}) => ({ id, orderKey, state: "pending", changeSequence: 1, ...extra });

test("replica items are in order-key order and trashed ones leave", () => {
  let replica = createReplica({ id: "g", sequence: 1 }, [item("b", "a1"), item("a", "a0"), item("c", "a2")]);
  assert.deepEqual(
    replica.items.map((i) => i.id),
    ["a", "b", "c"],
  );
  replica = receiveEvent(replica, {
    sequence: 2,
    gallery: { id: "g", sequence: 2 },
    items: [item("b", "a1", { trashed: true, changeSequence: 2 })],
    removed: [],
  }).replica;
  assert.deepEqual(
    replica.items.map((i) => i.id),
    ["a", "c"],
  );
});

test("a late, older answer does not overwrite a newer state", () => {
  const replica = createReplica({ id: "g", sequence: 5 }, [item("a", "a0", { state: "ready", changeSequence: 5 })]);
  const shown = showItems(replica.items, [
    upsert("late", [item("a", "a0", { state: "pending", changeSequence: 3 })], "g"),
  ]);
  assert.equal(shown[0].state, "ready");
});

test("local placeholders sit at the drop index and anchor on the real item before them", () => {
  const replica = createReplica({ id: "g", sequence: 1 }, [item("a", "a0"), item("b", "a1")]);
  let overlays = [placeholders("local-1", anchorBefore(replica.items, 1).id, [{ id: "local-1", state: "pending" }])];
  let shown = showItems(replica.items, overlays);
  assert.deepEqual(
    shown.map((i) => i.id),
    ["a", "local-1", "b"],
  );
  assert.equal(anchorBefore(shown, 2).id, "a");
  assert.equal(anchorBefore(shown, 0), null);
  overlays = replaceOverlay(overlays, "local-1", upsert("local-1", [item("n", "a0V")], "g"));
  shown = showItems(replica.items, overlays);
  assert.deepEqual(
    shown.map((i) => i.id),
    ["a", "n", "b"],
  );
});

test("images per row stay within 1 to 12 and follow wheel and pinch", () => {
  assert.equal(clampPerRow(0), 1);
  assert.equal(clampPerRow(40), 12);
  assert.deepEqual(perRowAfterWheel(4, -40), { perRow: 3, remainder: 0 });
  assert.deepEqual(perRowAfterWheel(4, 100), { perRow: 6, remainder: 20 });
  assert.equal(perRowAfterPinch(4, 2), 2);
  assert.equal(perRowAfterPinch(4, 0.5), 8);
});

test("only drags that carry files, links, HTML or text are accepted", () => {
  assert.ok(acceptsTypes(["Files"]));
  assert.ok(acceptsTypes(["text/uri-list", "text/html"]));
  assert.ok(!acceptsTypes(["application/x-custom"]));
  assert.ok(!acceptsTypes([]));
});
