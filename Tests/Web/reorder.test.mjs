import { test } from "node:test";
import assert from "node:assert/strict";
import { changesOrder, insertionPointFor, reorder, stepIndex } from "../../Web/model/reorder.js";
import { clickSelect, emptySelection, pruneSelection, selectAll, selectedInOrder } from "../../Web/model/selection.js";

const items = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
const ids = (list) => list.map((item) => item.id).join("");

test("moving one item puts it before the drop index", () => {
  assert.equal(ids(reorder(items, ["a"], 3)), "bcade");
  assert.equal(ids(reorder(items, ["e"], 0)), "eabcd");
  assert.equal(ids(reorder(items, ["b"], 5)), "acdeb");
});

test("several items move together and keep their relative order", () => {
  assert.equal(ids(reorder(items, ["a", "d"], 3)), "bcade");
  assert.equal(ids(reorder(items, ["b", "e"], 0)), "beacd");
});

test("dropping an item where it already is changes nothing", () => {
  assert.equal(changesOrder(items, ["b"], 1), false);
  assert.equal(changesOrder(items, ["b"], 2), false);
  assert.equal(changesOrder(items, ["b"], 3), true);
});

test("the server is told to insert before the first item that does not move", () => {
  assert.deepEqual(insertionPointFor(items, ["a"], 3), { before: "d" });
  assert.deepEqual(insertionPointFor(items, ["d", "e"], 3), {});
  assert.deepEqual(insertionPointFor(items, ["c"], 2), { before: "d" });
});

test("a keyboard step moves one place, and not past the ends", () => {
  assert.equal(stepIndex(items, ["c"], -1), 1);
  assert.equal(ids(reorder(items, ["c"], stepIndex(items, ["c"], -1))), "acbde");
  assert.equal(ids(reorder(items, ["c"], stepIndex(items, ["c"], 1))), "abdce");
  assert.equal(stepIndex(items, ["a"], -1), null);
  assert.equal(stepIndex(items, ["e"], 1), null);
});

test("click, toggle and range selection", () => {
  const order = ["a", "b", "c", "d", "e"];
  let selection = clickSelect(emptySelection(), order, "b");
  assert.deepEqual([...selection.ids], ["b"]);
  selection = clickSelect(selection, order, "d", { range: true });
  assert.deepEqual(selectedInOrder(selection, order), ["b", "c", "d"]);
  selection = clickSelect(selection, order, "c", { toggle: true });
  assert.deepEqual(selectedInOrder(selection, order), ["b", "d"]);
  selection = clickSelect(selection, order, "a");
  assert.deepEqual(selectedInOrder(selection, order), ["a"]);
  assert.deepEqual(selectedInOrder(selectAll(order), order), order);
  assert.deepEqual([...pruneSelection(selectAll(order), ["a", "c"]).ids], ["a", "c"]);
});
