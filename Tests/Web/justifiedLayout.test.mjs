import { test } from "node:test";
import assert from "node:assert/strict";
import {
  GUTTER,
  MAX_ASPECT,
  MIN_ASPECT,
  aspectOf,
  computeLayout,
  gapRect,
  insertionIndexAt,
  isCropped,
  itemRect,
  rowOfSlot,
  targetRowHeight,
  verticalNeighbour,
  visibleRange,
} from "../../Web/model/justifiedLayout.js";

const ready = (w, h) => ({ state: "ready", width: w, height: h });
const pending = () => ({ state: "pending" });
const failed = () => ({ state: "failed" });
const close = (actual, expected, message) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${message}: ${actual} ≠ ${expected}`);

/** A deterministic pseudo-random sequence (mulberry32), so the tests see the same "random" gallery every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mixedGallery(count, seed = 1) {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    if (index % 17 === 5) return pending();
    if (index % 23 === 7) return failed();
    if (index % 31 === 11) return index % 2 ? ready(10, 1000) : ready(1000, 10); // strips, clamped
    const aspect = Math.exp((next() * 2 - 1) * Math.log(3.5)); // photos, 1:3.5 to 3.5:1
    return ready(Math.round(1000 * aspect), 1000);
  });
}

/** Rows as lists of item indices with their rectangles (layouts without a gap). */
function rows(layout) {
  const result = [];
  for (let row = 0; row < layout.rowCount; row++) {
    const indices = [];
    for (let slot = layout.rowStart[row]; slot < layout.rowStart[row + 1]; slot++) indices.push(slot);
    result.push(indices.map((index) => ({ index, ...itemRect(layout, index) })));
  }
  return result;
}

const rowRight = (row) => row[row.length - 1].x + row[row.length - 1].width;

test("every row but the last is exactly as wide as the pane, with one height for all its items", () => {
  for (const [perRow, width] of [
    [1, 320],
    [3, 800],
    [4, 1264],
    [7, 1900],
    [12, 1000],
  ]) {
    const layout = computeLayout(mixedGallery(500, perRow), perRow, width);
    const all = rows(layout);
    assert.ok(all.length > 1);
    for (const row of all.slice(0, -1)) {
      close(row[0].x, 0, "a row starts at the left edge");
      close(rowRight(row), width, `a full row of ${perRow} per row ends at the pane's right edge`);
      for (const cell of row) close(cell.height, row[0].height, "one height in a row");
      for (let i = 1; i < row.length; i++) {
        close(row[i].x, row[i - 1].x + row[i - 1].width + GUTTER, "a gutter between items");
      }
    }
  }
});

test("rows follow one another a gutter apart and the layout is as tall as its rows", () => {
  const layout = computeLayout(mixedGallery(200), 4, 1000);
  for (let row = 1; row < layout.rowCount; row++) {
    close(layout.rowTop[row], layout.rowTop[row - 1] + layout.rowHeight[row - 1] + GUTTER, "the next row starts below");
  }
  const last = layout.rowCount - 1;
  close(layout.height, layout.rowTop[last] + layout.rowHeight[last], "the height ends with the last row");
});

test("each item keeps its own aspect ratio (clamped when extreme); placeholders and error tiles are square", () => {
  const items = mixedGallery(300);
  const layout = computeLayout(items, 5, 1400);
  let kept = 0;
  items.forEach((item, index) => {
    const rect = itemRect(layout, index);
    const own = item.state === "ready" ? item.width / item.height : 1;
    const expected = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, own));
    if (expected === own) kept++;
    assert.ok(
      Math.abs(rect.width / rect.height - expected) / expected < 1e-9,
      `item ${index}: ${rect.width}×${rect.height}, ratio ${expected}`,
    );
  });
  assert.ok(kept > 250 && kept < 300, `${kept} of 300 kept their own ratio, the others were clamped`);
});

test("the last row is not stretched: it keeps the target height, left-aligned", () => {
  const width = 1000;
  const items = [ready(100, 100), ready(100, 100), ready(100, 100), ready(100, 100), ready(100, 100), ready(300, 200)];
  const layout = computeLayout(items, 4, width);
  const all = rows(layout);
  const last = all[all.length - 1];
  assert.deepEqual(
    all.map((row) => row.length),
    [4, 2],
  );
  close(last[0].height, targetRowHeight(4, width), "the last row's height");
  close(last[0].x, 0, "left-aligned");
  assert.ok(rowRight(last) < width - 100, `the last row ends at ${rowRight(last)}, stretched towards ${width}`);
  assert.equal(last[1].width / last[1].height, 1.5);
});

test("square items make exactly the set number per row, at the old column width", () => {
  for (const perRow of [1, 2, 3, 4, 5, 8, 12]) {
    const width = 1264;
    const layout = computeLayout(
      Array.from({ length: perRow * 3 + 1 }, () => ready(50, 50)),
      perRow,
      width,
    );
    assert.deepEqual(
      rows(layout).map((row) => row.length),
      [perRow, perRow, perRow, 1],
      `${perRow} per row`,
    );
    close(layout.rowHeight[0], (width - GUTTER * (perRow - 1)) / perRow, "row height");
  }
});

test("the setting is a target: rows hold roughly as many as fit at the target height", () => {
  const items = mixedGallery(2000, 7);
  for (const perRow of [2, 4, 6, 10]) {
    const width = 1600;
    const layout = computeLayout(items, perRow, width);
    const target = targetRowHeight(perRow, width);
    const full = rows(layout).slice(0, -1);
    const meanHeight = full.reduce((sum, row) => sum + row[0].height, 0) / full.length;
    assert.ok(
      meanHeight > target * 0.8 && meanHeight < target * 1.25,
      `mean row height ${meanHeight}, target ${target}`,
    );
    for (const row of full) {
      // A row is broken before or after the item that reaches the pane's edge, so its height is within that item's
      // share of the target: never more than MAX_ASPECT + 1 targets off.
      assert.ok(row[0].height < target * (1 + MAX_ASPECT) && row[0].height > target / (1 + MAX_ASPECT));
    }
    const meanCount = full.reduce((sum, row) => sum + row.length, 0) / full.length;
    const meanAspect = items.reduce((sum, item) => sum + aspectOf(item), 0) / items.length;
    assert.ok(
      Math.abs(meanCount - perRow / meanAspect) < Math.max(1, perRow / meanAspect / 3),
      `${meanCount} per row for a target of ${perRow} items of mean aspect ${meanAspect}`,
    );
  }
  const fewer = rows(computeLayout(items, 3, 1600)).length;
  const more = rows(computeLayout(items, 9, 1600)).length;
  assert.ok(fewer > more * 2, `3 per row made ${fewer} rows, 9 per row ${more}`);
});

test("extreme aspect ratios are clamped: a 1×100 strip is not absurdly tall, a 100×1 strip not absurdly flat", () => {
  assert.equal(aspectOf(ready(1, 100)), MIN_ASPECT);
  assert.equal(aspectOf(ready(100, 1)), MAX_ASPECT);
  const width = 1200;
  const target = targetRowHeight(4, width);
  const tall = computeLayout([ready(1, 100)], 4, width);
  close(itemRect(tall, 0).height, target, "a strip alone keeps the target height");
  close(itemRect(tall, 0).width, target * MIN_ASPECT, "at the narrowest ratio");
  const strips = [ready(100, 1), ready(1, 100), ready(100, 1), ready(40, 30), ready(1, 100), ready(100, 1)];
  const mixed = computeLayout(strips, 4, width);
  for (let index = 0; index < 6; index++) {
    const rect = itemRect(mixed, index);
    assert.ok(rect.width <= width + 1e-6, `item ${index} is ${rect.width} wide`);
    assert.ok(
      rect.height <= target * 1.5 && rect.height >= target / 5,
      `item ${index} is ${rect.height} tall, target ${target}`,
    );
  }
  const one = computeLayout([ready(100, 1)], 1, 300); // wider than the pane even at the target height: fits the pane
  close(itemRect(one, 0).width, 300, "as wide as the pane");
  close(itemRect(one, 0).height, 300 / MAX_ASPECT, "at the widest ratio");
});

test("an empty gallery has no rows, no height and nothing visible", () => {
  const layout = computeLayout([], 4, 800);
  assert.equal(layout.rowCount, 0);
  assert.equal(layout.height, 0);
  assert.deepEqual(visibleRange(layout, 0, 1000), { start: 0, end: 0 });
  assert.equal(insertionIndexAt(layout, 5, 5), 0);
  const gapped = computeLayout([], 4, 800, 0);
  assert.deepEqual(gapRect(gapped), { x: 0, y: 0, width: targetRowHeight(4, 800), height: targetRowHeight(4, 800) });
});

test("a single item sits at the top left at the target height", () => {
  const layout = computeLayout([ready(400, 300)], 4, 800);
  const target = targetRowHeight(4, 800);
  const rect = itemRect(layout, 0);
  assert.deepEqual([rect.x, rect.y, rect.height], [0, 0, target]);
  close(rect.width, (target * 4) / 3, "width");
  assert.equal(layout.height, target);
  assert.deepEqual(visibleRange(layout, 0, 10), { start: 0, end: 1 });
});

test("a gap is one more square slot: the following items move one place on", () => {
  const items = [ready(1, 1), ready(1, 1), ready(1, 1)];
  const plain = computeLayout(items, 4, 400);
  const gapped = computeLayout(items, 4, 400, 1);
  assert.deepEqual(itemRect(gapped, 0), itemRect(plain, 0));
  assert.deepEqual(itemRect(gapped, 1), itemRect(plain, 2));
  assert.deepEqual(gapRect(gapped), itemRect(plain, 1));
  assert.equal(gapRect(plain), null);
  assert.deepEqual(visibleRange(gapped, 0, 10), { start: 0, end: 3 });
});

test("the insertion index follows the pointer: left half before, right half after, the end below every row", () => {
  const items = [ready(1, 1), ready(2, 1), ready(1, 1), ready(1, 1), ready(1, 1)];
  const layout = computeLayout(items, 2, 200 + GUTTER);
  const [first, second] = rows(layout);
  assert.deepEqual(
    first.map((cell) => cell.index),
    [0, 1],
  );
  const middle = (cell) => cell.y + cell.height / 2;
  assert.equal(insertionIndexAt(layout, first[0].x + 2, middle(first[0])), 0);
  assert.equal(insertionIndexAt(layout, first[0].x + first[0].width - 2, middle(first[0])), 1);
  assert.equal(insertionIndexAt(layout, first[1].x + 2, middle(first[1])), 1);
  assert.equal(insertionIndexAt(layout, first[1].x + first[1].width - 2, middle(first[1])), 2);
  assert.equal(insertionIndexAt(layout, second[0].x + 2, middle(second[0])), second[0].index);
  const belowFirst = first[0].y + first[0].height;
  assert.equal(
    insertionIndexAt(layout, first[0].x + 2, belowFirst + GUTTER / 2 - 1),
    0,
    "the upper half of the gutter",
  );
  assert.equal(insertionIndexAt(layout, 2, second[0].y - 1), second[0].index, "the lower half of the gutter");
  const last = rows(layout).at(-1);
  assert.equal(insertionIndexAt(layout, 199, middle(last[0])), items.length, "right of the last row's last item");
  assert.equal(insertionIndexAt(layout, 10, 10_000), items.length);
  assert.equal(insertionIndexAt(layout, 10, -50), 0, "above the first row");
});

test("only the rows near the band are visible, found the same way in a huge gallery", () => {
  const items = Array.from({ length: 1000 }, () => ready(100, 100));
  const layout = computeLayout(items, 4, 400 + 3 * GUTTER);
  assert.deepEqual(visibleRange(layout, 0, 500), { start: 0, end: 20 }); // rows of 100 + 8: five rows meet [0, 500]
  assert.deepEqual(visibleRange(layout, 1080, 1080 + 107), { start: 40, end: 44 });
  assert.deepEqual(visibleRange(layout, 1070, 1080), { start: 36, end: 44 }); // the band touches two rows
  assert.deepEqual(visibleRange(layout, 1075, 1079), { start: 0, end: 0 }); // only the gutter between them
  assert.deepEqual(visibleRange(layout, layout.height + 10, layout.height + 500), { start: 0, end: 0 });
  assert.deepEqual(visibleRange(layout, -500, -10), { start: 0, end: 0 });

  const huge = mixedGallery(100_000, 3);
  const big = computeLayout(huge, 5, 1500);
  const top = big.height / 2;
  const { start, end } = visibleRange(big, top, top + 2000);
  assert.ok(end > start && end - start < 200, `${end - start} items visible`);
  for (let index = start; index < end; index++) {
    const rect = itemRect(big, index);
    assert.ok(rect.y + rect.height >= top && rect.y <= top + 2000, `item ${index} is not in the band`);
  }
  const before = itemRect(big, start - 1);
  const after = itemRect(big, end);
  assert.ok(before.y + before.height < top, "the item before the range is above the band");
  assert.ok(after.y > top + 2000, "the item after the range is below the band");
});

test("Up and Down go to the item in the row above or below nearest horizontally; past the edges, to the ends", () => {
  // Rows at 3 per row in 308 px (target 97.33): [wide, square] and [square, square, square], then [square].
  const items = [ready(200, 100), ready(100, 100), ready(1, 1), ready(1, 1), ready(1, 1), ready(1, 1)];
  const layout = computeLayout(items, 3, 300 + 2 * GUTTER);
  assert.deepEqual(
    rows(layout).map((row) => row.map((cell) => cell.index)),
    [[0, 1], [2, 3, 4], [5]],
  );
  assert.equal(verticalNeighbour(layout, 0, 1), 2, "below the wide item's centre (left third) is the first square");
  assert.equal(verticalNeighbour(layout, 1, 1), 4, "below the right item");
  assert.equal(verticalNeighbour(layout, 3, -1), 0, "above the middle square is the wide item");
  assert.equal(verticalNeighbour(layout, 4, -1), 1);
  assert.equal(verticalNeighbour(layout, 4, 1), 5, "the last row's only item");
  assert.equal(verticalNeighbour(layout, 1, -1), 0, "from the first row up: the first item");
  assert.equal(verticalNeighbour(layout, 5, 1), 5, "from the last row down: the last item");
  assert.equal(rowOfSlot(layout, 4), 1);
});

test("only an image whose ratio was clamped is cropped", () => {
  assert.equal(isCropped(ready(1, 100)), true);
  assert.equal(isCropped(ready(100, 1)), true);
  assert.equal(isCropped(ready(400, 100)), false);
  assert.equal(isCropped(ready(300, 200)), false);
  assert.equal(isCropped(pending()), false);
  assert.equal(isCropped(failed()), false);
});
