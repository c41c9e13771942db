import { test } from "node:test";
import assert from "node:assert/strict";
import { pruneSelection, runOf, selectAll } from "../../Web/model/selection.js";

const order = ["a", "b", "c", "d", "e"];

test("items next to each other are one run, in any order they are named", () => {
  assert.deepEqual(runOf(["d", "b", "c"], order), { firstItemId: "b", lastItemId: "d", count: 3 });
  assert.deepEqual(runOf(order, order), { firstItemId: "a", lastItemId: "e", count: 5 });
});

test("items with a gap, one item, or an id not shown are no run", () => {
  assert.equal(runOf(["a", "c"], order), null);
  assert.equal(runOf(["b"], order), null);
  assert.equal(runOf(["d", "e", "x"], order), null);
  assert.equal(runOf(["x", "y"], order), null);
});

test("a run of a hundred thousand is found in one pass", () => {
  const big = Array.from({ length: 100_000 }, (_, index) => `i${index}`);
  assert.deepEqual(runOf(big.slice(1), big), { firstItemId: "i1", lastItemId: "i99999", count: 99_999 });
});

test("a selection of the whole gallery stays the whole of whatever part of it is read", () => {
  const whole = selectAll(["a", "b"], true);
  assert.equal(whole.all, true);
  const later = pruneSelection(whole, ["c", "d", "e"]);
  assert.deepEqual([...later.ids], ["c", "d", "e"]);
  assert.equal(later.all, true);
  // A plain Select All is of the items there, and drops those that leave.
  const some = pruneSelection(selectAll(["a", "b", "c"]), ["b", "c", "d"]);
  assert.deepEqual([...some.ids], ["b", "c"]);
  assert.equal(some.all, undefined);
});
