import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickSelect,
  emptySelection,
  isEmptySelection,
  pruneSelection,
  runOf,
  selectAll,
  spanRun,
} from "../../Web/model/selection.js";

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

test("in a window, Shift+click with the anchor no longer held selects a span of the gallery, read or not", () => {
  const at = (position) => ({ id: `i${position}`, orderKey: `k${String(position).padStart(5, "0")}` });
  const placeOf = (position) => ({ id: `i${position}`, key: at(position).orderKey, position });
  const start = Array.from({ length: 10 }, (_, index) => at(index));
  const end = Array.from({ length: 10 }, (_, index) => at(5_990 + index));
  let selection = clickSelect(
    emptySelection(),
    start.map((each) => each.id),
    "i3",
    {},
    placeOf(3),
    start,
  );
  // The window moves to the end: the anchor is not held any more.
  selection = pruneSelection(
    selection,
    end.map((each) => each.id),
    end,
  );
  selection = clickSelect(
    selection,
    end.map((each) => each.id),
    "i5995",
    { range: true },
    placeOf(5_995),
    end,
  );
  assert.deepEqual(spanRun(selection.span), { firstItemId: "i3", lastItemId: "i5995", count: 5_993 });
  assert.deepEqual([...selection.ids], ["i5990", "i5991", "i5992", "i5993", "i5994", "i5995"]);
  // Back at the start, the items held there in the span are selected too.
  selection = pruneSelection(
    selection,
    start.map((each) => each.id),
    start,
  );
  assert.deepEqual([...selection.ids], ["i3", "i4", "i5", "i6", "i7", "i8", "i9"]);
  // A plain click ends the span.
  selection = clickSelect(
    selection,
    start.map((each) => each.id),
    "i4",
    {},
    placeOf(4),
    start,
  );
  assert.equal(selection.span, undefined);
  assert.deepEqual([...selection.ids], ["i4"]);
});

test("a selection is empty with no item held, no Select All of a big gallery and no span", () => {
  assert.equal(isEmptySelection(emptySelection()), true);
  assert.equal(isEmptySelection(selectAll([], true)), false);
  assert.equal(isEmptySelection(selectAll(["a"])), false);
});
