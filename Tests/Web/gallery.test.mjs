import { test } from "node:test";
import assert from "node:assert/strict";
import { anchorBefore, createGalleryState, insertLocalPlaceholders, mergeItems, removeItems } from "../../Web/model/gallery.js";
import { clampPerRow, perRowAfterPinch, perRowAfterWheel } from "../../Web/model/zoom.js";
import { acceptsTypes } from "../../Web/dnd/externalDrop.js";

const item = (id, orderKey, extra = {}) => ({ id, orderKey, state: "pending", changeSequence: 1, ...extra });

test("merged items are in order-key order and trashed ones leave", () => {
  let state = mergeItems(createGalleryState(), [item("b", "a1"), item("a", "a0"), item("c", "a2")]);
  assert.deepEqual(state.items.map((i) => i.id), ["a", "b", "c"]);
  state = mergeItems(state, [item("b", "a1", { trashed: true, changeSequence: 2 })]);
  assert.deepEqual(state.items.map((i) => i.id), ["a", "c"]);
});

test("a late, older answer does not overwrite a newer state", () => {
  let state = mergeItems(createGalleryState(), [item("a", "a0", { state: "ready", changeSequence: 5 })]);
  state = mergeItems(state, [item("a", "a0", { state: "pending", changeSequence: 3 })]);
  assert.equal(state.items[0].state, "ready");
});

test("local placeholders sit at the drop index and anchor on the real item before them", () => {
  let state = mergeItems(createGalleryState(), [item("a", "a0"), item("b", "a1")]);
  state = insertLocalPlaceholders(state, 1, [{ id: "local-1", state: "pending" }]);
  assert.deepEqual(state.items.map((i) => i.id), ["a", "local-1", "b"]);
  assert.equal(anchorBefore(state.items, 2).id, "a");
  assert.equal(anchorBefore(state.items, 0), null);
  state = mergeItems(removeItems(state, ["local-1"]), [item("n", "a0V")]);
  assert.deepEqual(state.items.map((i) => i.id), ["a", "n", "b"]);
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
