// The side bar's pure parts (Web/model/sideBar.js): which galleries are the person's and which were shared, their
// order (most recently changed first, then the person's own arrangement), moving one, and the rows a windowed list
// draws, checked against every row's own box for random lists and scroll positions.

import assert from "node:assert/strict";
import { test } from "node:test";
import { countWords, movedTo, rowAfterKey, rowWindow, sideBarOrder, splitByRole } from "../../Web/model/sideBar.js";
import { tagsInUse } from "../../Web/model/tags.js";
import { integer, seededRandom } from "./random.mjs";

const gallery = (id, updatedAt, role = "owner") => ({ id, name: id.toUpperCase(), updatedAt, role });

test("galleries shared with the person are apart from their own; one without a role is their own", () => {
  const { own, shared } = splitByRole([
    gallery("a", "2026-01-01T00:00:00Z"),
    gallery("b", "2026-01-01T00:00:00Z", "viewer"),
    gallery("c", "2026-01-01T00:00:00Z", "editor"),
    { id: "d", name: "D" },
  ]);
  assert.deepEqual(
    own.map((each) => each.id),
    ["a", "d"],
  );
  assert.deepEqual(
    shared.map((each) => each.id),
    ["b", "c"],
  );
});

test("the most recently changed gallery comes first until the person arranges them; new ones then come on top", () => {
  const list = [
    gallery("old", "2026-01-01T00:00:00Z"),
    gallery("new", "2026-03-01T00:00:00Z"),
    gallery("mid", "2026-02-01T00:00:00Z"),
  ];
  assert.deepEqual(
    sideBarOrder(list).map((each) => each.id),
    ["new", "mid", "old"],
  );
  const arranged = movedTo(sideBarOrder(list), "old", 0);
  assert.deepEqual(arranged, ["old", "new", "mid"]);
  const withFresh = [...list, gallery("fresh", "2025-01-01T00:00:00Z")];
  assert.deepEqual(
    sideBarOrder(withFresh, arranged).map((each) => each.id),
    ["fresh", "old", "new", "mid"],
  );
  // A gallery gone from the list leaves the arrangement without a gap.
  assert.deepEqual(
    sideBarOrder(list.slice(1), arranged).map((each) => each.id),
    ["new", "mid"],
  );
});

test("moving a gallery clamps its place to the list and keeps every other in order", () => {
  const list = ["a", "b", "c", "d"].map((id) => gallery(id, "2026-01-01T00:00:00Z"));
  assert.deepEqual(movedTo(list, "a", 2), ["b", "c", "a", "d"]);
  assert.deepEqual(movedTo(list, "d", -5), ["d", "a", "b", "c"]);
  assert.deepEqual(movedTo(list, "b", 99), ["a", "c", "d", "b"]);
  assert.deepEqual(movedTo(list, "missing", 0), ["a", "b", "c", "d"]);
});

test("a windowed list draws every row that meets the sight, a few more each way, and no other", () => {
  const random = seededRandom(20261127);
  for (let run = 0; run < 2_000; run += 1) {
    const count = integer(random, 0, 6_000);
    const rowHeight = integer(random, 1, 60);
    const height = integer(random, 0, 2_000);
    const top = integer(random, -1_000, count * rowHeight + 1_000);
    const overscan = integer(random, 0, 6);
    const { first, end } = rowWindow({ count, rowHeight, top, height, overscan });
    assert.ok(first >= 0 && end <= count && first <= end, `seed run ${run}`);
    for (let index = 0; index < count; index += 1) {
      const meets = index * rowHeight < top + height && (index + 1) * rowHeight > top;
      if (meets) assert.ok(index >= first && index < end, `row ${index} in sight is drawn (run ${run})`);
      if (index < first || index >= end) continue;
      // Drawn without meeting the sight: only within the overscan.
      if (!meets)
        assert.ok(
          (index + 1) * rowHeight <= top ? (top - (index + 1) * rowHeight) / rowHeight < overscan + 1 : true,
          `run ${run}`,
        );
    }
    assert.ok(end - first <= Math.ceil(height / Math.max(rowHeight, 1)) + 2 * overscan + 2, `bounded (run ${run})`);
  }
});

test("row keys go to the neighbours, the ends and a page away, never out of the list", () => {
  assert.equal(rowAfterKey("ArrowDown", 0, 3), 1);
  assert.equal(rowAfterKey("ArrowDown", 2, 3), 2);
  assert.equal(rowAfterKey("ArrowUp", 0, 3), 0);
  assert.equal(rowAfterKey("Home", 2, 3), 0);
  assert.equal(rowAfterKey("End", 0, 3), 2);
  assert.equal(rowAfterKey("PageDown", 0, 500, 20), 20);
  assert.equal(rowAfterKey("PageUp", 5, 500, 20), 0);
  assert.equal(rowAfterKey("a", 0, 3), null);
  assert.equal(rowAfterKey("ArrowDown", 0, 0), null);
});

test("counts are said in words", () => {
  assert.equal(countWords(1), "1 item");
  assert.equal(countWords(12345), "12,345 items");
  assert.equal(countWords(0), "0 items");
});

test("the tags suggested are the items' own and those used everywhere, once each, the larger count kept", () => {
  const merged = tagsInUse(
    [
      { tag: "Red", count: 2 },
      { tag: "sky", count: 9 },
    ],
    [
      { name: "red", count: 40 },
      { name: "Blue", count: 3 },
      { name: "SKY", count: 1 },
    ],
  );
  assert.deepEqual(
    merged.sort((a, b) => a.tag.localeCompare(b.tag)),
    [
      { tag: "Blue", count: 3 },
      { tag: "Red", count: 40 },
      { tag: "sky", count: 9 },
    ],
  );
});
