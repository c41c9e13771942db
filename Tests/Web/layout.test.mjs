import { test } from "node:test";
import assert from "node:assert/strict";
import { computeLayout, insertionIndexAt, visibleRange, GUTTER } from "../../Web/model/layout.js";

const ready = (w, h) => ({ state: "ready", width: w, height: h });
const pending = () => ({ state: "pending" });

test("each image keeps its own aspect ratio at the column width", () => {
  const layout = computeLayout([ready(400, 200), ready(200, 400), pending()], 3, 300 + 2 * GUTTER);
  assert.equal(layout.columnWidth, 100);
  assert.deepEqual(layout.slots.map((s) => s.height), [50, 200, 100]);
  assert.deepEqual(layout.slots.map((s) => s.x), [0, 100 + GUTTER, 2 * (100 + GUTTER)]);
});

test("rows are as tall as their tallest item and the next row starts below it", () => {
  const layout = computeLayout([ready(100, 100), ready(100, 300), ready(100, 50)], 2, 200 + GUTTER);
  assert.equal(layout.slots[2].y, 300 + GUTTER);
  assert.equal(layout.height, 300 + GUTTER + 50);
});

test("a gap moves the following items one place on", () => {
  const items = [ready(1, 1), ready(1, 1), ready(1, 1)];
  const plain = computeLayout(items, 4, 400);
  const gapped = computeLayout(items, 4, 400, 1);
  assert.deepEqual(gapped.slots[0], plain.slots[0]);
  assert.deepEqual(gapped.slots[1], plain.slots[2]);
  assert.equal(gapped.gap.x, plain.slots[1].x);
});

test("the insertion index follows the pointer: left half before, right half after", () => {
  const items = [ready(1, 1), ready(1, 1), ready(1, 1), ready(1, 1), ready(1, 1)];
  const layout = computeLayout(items, 2, 200 + GUTTER);
  assert.equal(insertionIndexAt(layout, items.length, 10, 10), 0);
  assert.equal(insertionIndexAt(layout, items.length, 90, 10), 1);
  assert.equal(insertionIndexAt(layout, items.length, 150, 10), 1);
  assert.equal(insertionIndexAt(layout, items.length, 10, 150), 2);
  assert.equal(insertionIndexAt(layout, items.length, 10, 10_000), 5);
  assert.equal(insertionIndexAt(computeLayout([], 4, 400), 0, 5, 5), 0);
});

test("only items near the band are visible", () => {
  const items = Array.from({ length: 1000 }, () => ready(100, 100));
  const layout = computeLayout(items, 4, 400 + 3 * GUTTER);
  const visible = visibleRange(layout, 0, 500);
  assert.ok(visible.length > 0 && visible.length < 40, `rendered ${visible.length}`);
  assert.equal(visible[0], 0);
});
