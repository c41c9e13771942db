import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BOARD_GAP,
  MAX_WIDTH,
  MAX_ZOOM,
  MIN_WIDTH,
  MIN_ZOOM,
  DEFAULT_WIDTH,
  aspectOf,
  belowPart,
  boardArrival,
  runOrigin,
  clampWidth,
  fitTransform,
  grownBy,
  holds,
  indicesMeeting,
  neighbourInDirection,
  overlaps,
  pinchStep,
  drawnBelowBoard,
  rectOf,
  resizedWidth,
  toBoard,
  toScreen,
  viewportRect,
  zoomAround,
  zoomTo,
} from "../../Web/model/board.js";
import { integer, seededRandom } from "./random.mjs";

const close = (actual, expected, message) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${message}: ${actual} ≠ ${expected}`);

/** Random rectangles that do not overlap each other (some placed, as a board might hold them). */
function randomPlaced(random, count) {
  const rects = [];
  while (rects.length < count) {
    const candidate = {
      x: integer(random, -3000, 3000),
      y: integer(random, -3000, 3000),
      width: integer(random, 20, 600),
      height: integer(random, 20, 600),
    };
    if (!rects.some((rect) => overlaps(rect, candidate))) rects.push(candidate);
  }
  return rects;
}

test("items placed in free space overlap nothing, over random boards", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = seededRandom(seed);
    const placed = randomPlaced(random, integer(random, 0, 12));
    const unplaced = Array.from({ length: integer(random, 1, 30) }, (_, i) => ({
      id: `u${i}`,
      aspect: random() * 3 + 0.1,
    }));
    const placements = drawnBelowBoard(placed, unplaced);
    assert.deepEqual(
      placements.map((p) => p.id),
      unplaced.map((u) => u.id),
      `seed ${seed}: every item placed, in order`,
    );
    const rects = [...placed, ...placements.map((p, i) => rectOf(p, unplaced[i].aspect))];
    for (let a = 0; a < rects.length; a++)
      for (let b = a + 1; b < rects.length; b++)
        assert.ok(
          !overlaps(rects[a], rects[b]),
          `seed ${seed}: ${JSON.stringify(rects[a])} overlaps ${JSON.stringify(rects[b])}`,
        );
  }
});

test("the first items on an empty board start at its origin, in rows of four", () => {
  const placements = drawnBelowBoard(
    [],
    ["a", "b", "c", "d", "e"].map((id) => ({ id, aspect: 0.75 })),
  );
  assert.deepEqual(placements[0], { id: "a", x: 0, y: 0, width: 240 });
  assert.equal(placements[3].y, 0);
  assert.equal(placements[4].x, 0);
  assert.equal(placements[4].y, 240 * 0.75 + BOARD_GAP);
});

test("an item of unknown size counts as 4:3, and absurd aspects are bounded", () => {
  assert.equal(aspectOf({}), 0.75);
  assert.equal(aspectOf({ width: 100, height: 50 }), 0.5);
  assert.ok(aspectOf({ width: 1, height: 100000 }) <= 20);
});

test("a copy onto the board asks for the places its items were dragged to, else for the point", () => {
  const places = [
    { itemId: "b", x: 5, y: 6, width: 70, z: 3 },
    { itemId: "a", x: 1, y: 2, width: 80, z: 4 },
  ];
  // In the order of the request's items, whatever order the drag drew them in.
  assert.deepEqual(boardArrival(["a", "b"], { x: 9, y: 9 }, places), {
    boardPlaces: [
      { x: 1, y: 2, width: 80 },
      { x: 5, y: 6, width: 70 },
    ],
  });
  assert.deepEqual(boardArrival(["a", "c"], { x: 9, y: 8 }, places), { boardPoint: { x: 9, y: 8 } });
  assert.deepEqual(boardArrival(["a"], { x: 9, y: 8 }), { boardPoint: { x: 9, y: 8 } });
});

test("a run (too many to name their places) fans out from the point, or from its first place", () => {
  assert.deepEqual(runOrigin({ boardPoint: { x: 9, y: 8 } }), { x: 9, y: 8 });
  assert.deepEqual(runOrigin(boardArrival(["a"], { x: 0, y: 0 }, [{ itemId: "a", x: 1, y: 2, width: 80 }])), {
    x: 1,
    y: 2,
  });
  assert.equal(runOrigin({}), null);
});

test("the next part of a big drop starts below what the part before put on the board", () => {
  const part = [
    { board: { x: 10, y: 20, width: DEFAULT_WIDTH, z: 1 } },
    { board: { x: 274, y: 284, width: 60, z: 2 }, width: 10, height: 40 },
  ];
  // The lowest item is as tall as its cell (240) at least, 4 times as tall as wide here.
  assert.deepEqual(belowPart({ x: 10, y: 20 }, part), { x: 10, y: 284 + 240 + BOARD_GAP });
  assert.deepEqual(belowPart({ x: 10, y: 20 }, [{ board: null }]), { x: 10, y: 20 });
});

test("toBoard and toScreen invert each other", () => {
  const random = seededRandom(7);
  for (let i = 0; i < 200; i++) {
    const transform = {
      zoom: MIN_ZOOM + random() * (MAX_ZOOM - MIN_ZOOM),
      panX: random() * 2000 - 1000,
      panY: random() * 2000 - 1000,
    };
    const point = { x: random() * 10000 - 5000, y: random() * 10000 - 5000 };
    const back = toBoard(transform, toScreen(transform, point));
    close(back.x, point.x, `x, run ${i}`);
    close(back.y, point.y, `y, run ${i}`);
  }
});

test("zooming around a point keeps the board point under it, and the zoom stays within bounds", () => {
  const random = seededRandom(11);
  for (let i = 0; i < 200; i++) {
    const transform = { zoom: 0.2 + random() * 4, panX: random() * 800 - 400, panY: random() * 800 - 400 };
    const at = { x: random() * 1200, y: random() * 900 };
    const factor = random() * 4 + 0.1;
    const zoomed = zoomAround(transform, at, factor);
    const before = toBoard(transform, at);
    const after = toBoard(zoomed, at);
    close(after.x, before.x, `x, run ${i}`);
    close(after.y, before.y, `y, run ${i}`);
    assert.ok(zoomed.zoom >= MIN_ZOOM && zoomed.zoom <= MAX_ZOOM);
  }
  assert.equal(zoomAround({ zoom: 4, panX: 0, panY: 0 }, { x: 0, y: 0 }, 100).zoom, MAX_ZOOM);
  assert.equal(zoomAround({ zoom: 1, panX: 0, panY: 0 }, { x: 0, y: 0 }, 0.0001).zoom, MIN_ZOOM);
});

test("only the items that meet the viewport are visible", () => {
  const rects = [
    { x: 0, y: 0, width: 100, height: 100 },
    { x: 500, y: 0, width: 100, height: 100 },
    { x: 2000, y: 2000, width: 100, height: 100 },
    { x: -150, y: -150, width: 100, height: 100 },
  ];
  const view = viewportRect({ zoom: 1, panX: 0, panY: 0 }, 800, 600);
  assert.deepEqual(indicesMeeting(rects, view), [0, 1]);
  assert.deepEqual(indicesMeeting(rects, view, 100), [0, 1, 3]);
  const zoomedOut = viewportRect({ zoom: 0.25, panX: 0, panY: 0 }, 800, 600);
  assert.deepEqual(indicesMeeting(rects, zoomedOut), [0, 1, 2]);
});

test("zoom to fit shows every item inside the viewport", () => {
  const random = seededRandom(3);
  for (let i = 0; i < 100; i++) {
    const rects = randomPlaced(random, integer(random, 1, 10));
    const fit = fitTransform(rects, 1000, 700);
    for (const rect of rects) {
      const a = toScreen(fit, rect);
      const b = toScreen(fit, { x: rect.x + rect.width, y: rect.y + rect.height });
      if (fit.zoom > MIN_ZOOM) {
        assert.ok(a.x >= -1e-6 && a.y >= -1e-6 && b.x <= 1000 + 1e-6 && b.y <= 700 + 1e-6, `run ${i}`);
      }
    }
  }
});

test("the neighbour in a direction is the nearest item that way", () => {
  const rects = [
    { x: 0, y: 0, width: 100, height: 100 },
    { x: 200, y: 0, width: 100, height: 100 },
    { x: 0, y: 200, width: 100, height: 100 },
  ];
  assert.equal(neighbourInDirection(rects, 0, "right"), 1);
  assert.equal(neighbourInDirection(rects, 0, "down"), 2);
  assert.equal(neighbourInDirection(rects, 0, "left"), 0);
});

// ---- Pinch and zoom to a given zoom (model/board.js pinchStep, zoomTo) ----

test("a pinch keeps the board point under the old centroid under the new one and zooms by the distance ratio", () => {
  const random = seededRandom(11);
  for (let i = 0; i < 200; i++) {
    const transform = { zoom: integer(random, 20, 400) / 100, panX: integer(random, -500, 500), panY: 0 };
    const point = () => ({ x: integer(random, -200, 1200), y: integer(random, -200, 900) });
    const before = [point(), point()];
    const after = [point(), point()];
    const d0 = Math.hypot(before[0].x - before[1].x, before[0].y - before[1].y);
    const d1 = Math.hypot(after[0].x - after[1].x, after[0].y - after[1].y);
    if (d0 === 0 || d1 === 0) continue;
    const next = pinchStep(transform, before, after);
    const expectedZoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (transform.zoom * d1) / d0));
    close(next.zoom, expectedZoom, `run ${i}: zoom`);
    const under = toBoard(transform, { x: (before[0].x + before[1].x) / 2, y: (before[0].y + before[1].y) / 2 });
    const there = toScreen(next, under);
    close(there.x, (after[0].x + after[1].x) / 2, `run ${i}: centroid x`);
    close(there.y, (after[0].y + after[1].y) / 2, `run ${i}: centroid y`);
  }
});

test("two fingers moving together pan by their movement and do not zoom", () => {
  const transform = { zoom: 1.5, panX: 10, panY: -20 };
  const next = pinchStep(
    transform,
    [
      { x: 100, y: 100 },
      { x: 300, y: 200 },
    ],
    [
      { x: 160, y: 140 },
      { x: 360, y: 240 },
    ],
  );
  close(next.zoom, 1.5, "zoom");
  close(next.panX, 70, "panX");
  close(next.panY, 20, "panY");
});

test("fingers spreading to twice their distance around a still centroid double the zoom there", () => {
  const transform = { zoom: 1, panX: 0, panY: 0 };
  const next = pinchStep(
    transform,
    [
      { x: 450, y: 300 },
      { x: 550, y: 300 },
    ],
    [
      { x: 400, y: 300 },
      { x: 600, y: 300 },
    ],
  );
  assert.deepEqual(next, { zoom: 2, panX: -500, panY: -300 });
});

test("a pinch's zoom is clamped, and fingers on one point do not zoom", () => {
  const transform = { zoom: MAX_ZOOM / 2, panX: 0, panY: 0 };
  const spread = pinchStep(
    transform,
    [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
    ],
    [
      { x: 0, y: 0 },
      { x: 1000, y: 0 },
    ],
  );
  assert.equal(spread.zoom, MAX_ZOOM);
  const together = pinchStep(
    transform,
    [
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ],
    [
      { x: 8, y: 5 },
      { x: 20, y: 5 },
    ],
  );
  assert.equal(together.zoom, transform.zoom);
  close(together.panX, 9, "panned by the centroid");
});

test("zoom to a given zoom keeps the board point under the anchor and is exact", () => {
  const transform = { zoom: 0.37, panX: 123.4, panY: -56.7 };
  const at = { x: 640, y: 360 };
  const next = zoomTo(transform, at, 1);
  assert.equal(next.zoom, 1);
  const under = toBoard(transform, at);
  const there = toScreen(next, under);
  close(there.x, at.x, "x");
  close(there.y, at.y, "y");
  assert.equal(zoomTo(transform, at, 100).zoom, MAX_ZOOM);
});

// ---- Resizing ----

test("dragging the corner along the diagonal grows the width by the distance in board units", () => {
  close(resizedWidth(200, 0.75, 1, 40, 30), 240, "zoom 1");
  close(resizedWidth(200, 0.75, 2, 40, 30), 220, "zoom 2: half as far on the board");
  close(resizedWidth(200, 0.5, 0.5, -20, -10), 160, "shrinking at zoom 0.5");
});

test("the corner goes to the point of the diagonal nearest the pointer, the aspect kept", () => {
  const random = seededRandom(11);
  for (let i = 0; i < 200; i++) {
    const width = integer(random, 100, 800);
    const aspect = integer(random, 10, 300) / 100;
    const zoom = integer(random, 20, 400) / 100;
    const dx = integer(random, -40, 200);
    const dy = integer(random, -40, 200);
    const result = resizedWidth(width, aspect, zoom, dx, dy);
    // No other width puts the corner nearer the pointer (screen pixels).
    const distance = (/** @type {number} */ w) => Math.hypot((w - width) * zoom - dx, (w - width) * aspect * zoom - dy);
    assert.ok(distance(result) <= distance(result + 0.5) + 1e-9 && distance(result) <= distance(result - 0.5) + 1e-9);
  }
});

test("a resize is clamped to the narrowest and the widest an item may be", () => {
  assert.equal(resizedWidth(100, 1, 1, -500, -500), MIN_WIDTH);
  assert.equal(resizedWidth(MAX_WIDTH - 10, 1, 0.1, 5000, 5000), MAX_WIDTH);
  assert.equal(clampWidth(10, 20), 20, "an item narrower than the least keeps its own width as the least");
  assert.equal(clampWidth(10, 100), MIN_WIDTH);
  assert.equal(clampWidth(12.5, 10), 12.5, "and may grow");
  assert.equal(clampWidth(Number.NaN, 300), 300);
  assert.equal(clampWidth(240 * 1.25, 240), 300);
});

test("a region holds a rectangle inside it, edges included, and grows by a share of its size on every side", () => {
  const region = { x: 0, y: 0, width: 100, height: 50 };
  assert.equal(holds(region, { x: 0, y: 0, width: 100, height: 50 }), true);
  assert.equal(holds(region, { x: 10, y: 10, width: 20, height: 20 }), true);
  assert.equal(holds(region, { x: 90, y: 10, width: 20, height: 20 }), false);
  assert.equal(holds(region, { x: -1, y: 10, width: 20, height: 20 }), false);
  assert.deepEqual(grownBy(region, 0.5), { x: -50, y: -25, width: 200, height: 100 });
});
