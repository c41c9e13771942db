import { test } from "node:test";
import assert from "node:assert/strict";
import { boundsOf, highestZ, indicesMeeting, movedBy, rectBetween, stackedOnTop } from "../../Web/model/board.js";
import { integer, seededRandom } from "./random.mjs";

const at = (itemId, x, y, z = 0) => ({ itemId, x, y, width: 100, z });

test("items dragged together all move by the pointer's movement, and nothing else changes", () => {
  const moved = movedBy([at("a", 0, 0, 3), at("b", -50, 20, 1)], 12.5, -7);
  assert.deepEqual(moved, [at("a", 12.5, -7, 3), at("b", -37.5, 13, 1)]);
});

test("dragged items come to the front, keeping their own stacking order", () => {
  const stacked = stackedOnTop([at("a", 0, 0, 5), at("b", 0, 0, -2), at("c", 0, 0, 9)], 9);
  assert.deepEqual(
    stacked.map((position) => [position.itemId, position.z]),
    [
      ["b", 10],
      ["a", 11],
      ["c", 12],
    ],
  );
});

test("a marquee is the rectangle between its corners, whichever way it was drawn", () => {
  const random = seededRandom(11);
  for (let run = 0; run < 200; run++) {
    const a = { x: integer(random, -500, 500), y: integer(random, -500, 500) };
    const b = { x: integer(random, -500, 500), y: integer(random, -500, 500) };
    const rect = rectBetween(a, b);
    assert.deepEqual(rect, rectBetween(b, a));
    assert.ok(rect.width >= 0 && rect.height >= 0);
    assert.equal(rect.x, Math.min(a.x, b.x));
    assert.equal(rect.y + rect.height, Math.max(a.y, b.y));
  }
});

test("a marquee selects the items it meets, and only those", () => {
  const rects = [
    { x: 0, y: 0, width: 100, height: 80 },
    { x: 124, y: 0, width: 100, height: 80 },
    { x: 0, y: 104, width: 100, height: 80 },
  ];
  assert.deepEqual(indicesMeeting(rects, rectBetween({ x: -10, y: -10 }, { x: 150, y: 20 })), [0, 1]);
  assert.deepEqual(indicesMeeting(rects, rectBetween({ x: 105, y: 85 }, { x: 120, y: 100 })), []);
});

test("the bounds and the top of a board of 300,000 items are found (too many for Math.min's arguments)", () => {
  const count = 300_000;
  const rects = Array.from({ length: count }, (_, i) => ({
    x: i % 1000,
    y: Math.floor(i / 1000),
    width: 10,
    height: 5,
  }));
  assert.deepEqual(boundsOf(rects), { x: 0, y: 0, width: 1009, height: 304 });
  // Every seventh item is not on the board; the last one on it (299,998) is the top.
  const items = Array.from({ length: count }, (_, i) => ({ board: i % 7 ? { z: i } : null }));
  assert.equal(highestZ(items), 299_998);
  assert.equal(highestZ([{ board: null }, { board: { z: -4 } }]), 0);
});
