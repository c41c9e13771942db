// The viewer's zoom and pan maths alone (Web/model/viewerZoom.js): fit, 100%, zoom around a point, pan, pinch and
// resize, and the rule that the image never leaves the stage, checked on every view made from random inputs too.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  canPan,
  clampView,
  fitScale,
  fitView,
  isFitted,
  isZoomedIn,
  MAX_ZOOM,
  panBy,
  panByKey,
  pinchView,
  resizeView,
  toggleZoom,
  wheelFactor,
  zoomBy,
  zoomPercent,
  zoomTo,
} from "../../Web/model/viewerZoom.js";
import { integer, seededRandom } from "./random.mjs";

const stage = { width: 1000, height: 800 };
const photo = { width: 4000, height: 2000 }; // 2:1, larger than the stage
const small = { width: 100, height: 50 };

const close = (actual, expected, message) => assert.ok(Math.abs(actual - expected) < 1e-6, `${message}: ${actual}`);

/** Where the image point `point` (image pixels) is on the stage under `view`. */
const onStage = (view, point) => ({ x: view.x + point.x * view.scale, y: view.y + point.y * view.scale });
/** The image point under stage point `point`. */
const underPoint = (view, point) => ({ x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale });

/** The image never leaves the stage: centred where it is smaller, covering it where it is larger. */
function assertOnStage(view, size = photo, message = "") {
  const width = size.width * view.scale;
  const height = size.height * view.scale;
  for (const [at, drawn, room, axis] of [
    [view.x, width, stage.width, "x"],
    [view.y, height, stage.height, "y"],
  ]) {
    if (drawn <= room) close(at, (room - drawn) / 2, `${message} centred on ${axis}`);
    else assert.ok(at <= 1e-6 && at + drawn >= room - 1e-6, `${message} covers the stage on ${axis}: ${at}, ${drawn}`);
  }
}

test("fit shows the whole image as large as the stage allows, centred", () => {
  const view = fitView(stage, photo);
  close(view.scale, 0.25, "a 4000 px wide image in 1000 px");
  close(view.x, 0, "x");
  close(view.y, (800 - 500) / 2, "centred vertically");
  assert.ok(isFitted(view, stage, photo));
  assert.ok(!isZoomedIn(view, stage, photo));
  // A small image is drawn at the largest size that fits too.
  close(fitScale(stage, small), 10, "a 100 px image in 1000 px");
});

test("100% at a point keeps the image point under it there", () => {
  const fit = fitView(stage, photo);
  const at = { x: 600, y: 420 };
  const under = underPoint(fit, at);
  const actual = zoomTo(fit, stage, photo, 1, at);
  close(actual.scale, 1, "scale");
  const back = onStage(actual, under);
  close(back.x, at.x, "x kept");
  close(back.y, at.y, "y kept");
  assert.ok(isZoomedIn(actual, stage, photo));
  assert.equal(zoomPercent(actual), "100%");
  assertOnStage(actual);
});

test("zooming near an edge keeps the image covering the stage rather than the point exactly", () => {
  const fit = fitView(stage, photo);
  const corner = zoomTo(fit, stage, photo, 1, { x: 0, y: 0 });
  assertOnStage(corner);
  close(corner.x, 0, "left edge stays at the left");
});

test("scale stays between fit (or 100%) and MAX_ZOOM", () => {
  const fit = fitView(stage, photo);
  close(zoomBy(fit, stage, photo, 0.01).scale, 0.25, "not below fit");
  close(zoomBy(fit, stage, photo, 1e6).scale, MAX_ZOOM, "not above MAX_ZOOM × 100%");
  const smallFit = fitView(stage, small);
  close(zoomTo(smallFit, stage, small, 0.1).scale, 1, "a small image zooms out to 100%, not below");
  close(zoomBy(smallFit, stage, small, 1e6).scale, 10 * MAX_ZOOM, "and in to MAX_ZOOM × fit");
});

test("a double click toggles fit and 100% at the point", () => {
  const fit = fitView(stage, photo);
  const actual = toggleZoom(fit, stage, photo, { x: 500, y: 400 });
  close(actual.scale, 1, "to 100%");
  const back = toggleZoom(actual, stage, photo, { x: 10, y: 10 });
  assert.deepEqual(back, fit, "back to fit");
  const zoomed = zoomTo(fit, stage, photo, 2.5, { x: 500, y: 400 });
  assert.deepEqual(toggleZoom(zoomed, stage, photo, { x: 1, y: 1 }), fit, "any other zoom goes to fit");
});

test("a pan moves the image with the pointer and stops at its edges", () => {
  const actual = zoomTo(fitView(stage, photo), stage, photo, 1, { x: 500, y: 400 });
  const moved = panBy(actual, stage, photo, -100, 50);
  close(moved.x, actual.x - 100, "x");
  close(moved.y, actual.y + 50, "y");
  const far = panBy(actual, stage, photo, 1e6, 1e6);
  close(far.x, 0, "the left edge at the stage's left");
  close(far.y, 0, "the top edge at the stage's top");
  const other = panBy(actual, stage, photo, -1e6, -1e6);
  close(other.x, stage.width - photo.width, "the right edge at the stage's right");
  // An arrow key looks further that way: the image moves the other way.
  assert.ok(panByKey(actual, stage, photo, "right").x < actual.x);
  assert.ok(panByKey(actual, stage, photo, "down").y < actual.y);
  // At fit a wide image cannot be panned across, nor up and down.
  assert.ok(!canPan(fitView(stage, photo), stage, photo, true));
  assert.ok(canPan(actual, stage, photo, true) && canPan(actual, stage, photo, false));
});

test("a pinch zooms by the fingers' spread around their middle and pans with it", () => {
  const fit = fitView(stage, photo);
  const from = [
    { x: 400, y: 400 },
    { x: 600, y: 400 },
  ];
  const to = [
    { x: 300, y: 400 },
    { x: 700, y: 400 },
  ];
  const pinched = pinchView(fit, stage, photo, from, to);
  close(pinched.scale, 0.5, "spread twice as far: twice the scale");
  const under = underPoint(fit, { x: 500, y: 400 });
  const now = onStage(pinched, under);
  close(now.x, 500, "the middle stays under the fingers");
});

test("the wheel zooms in when turned up, out when down, a trackpad's pinch faster", () => {
  assert.ok(wheelFactor(-100) > 1 && wheelFactor(100) < 1);
  assert.ok(wheelFactor(-10, true) > wheelFactor(-10, false));
  assert.ok(Number.isFinite(wheelFactor(1e9)) && wheelFactor(1e9) > 0);
});

test("a resize keeps fit at fit and a zoom's middle in the middle", () => {
  const bigger = { width: 1600, height: 900 };
  const fit = fitView(stage, photo);
  assert.deepEqual(resizeView(fit, stage, bigger, photo), fitView(bigger, photo));
  const actual = zoomTo(fit, stage, photo, 1, { x: 500, y: 400 });
  const middle = underPoint(actual, { x: 500, y: 400 });
  const resized = resizeView(actual, stage, bigger, photo);
  const kept = underPoint(resized, { x: 800, y: 450 });
  close(kept.x, middle.x, "middle x");
  close(kept.y, middle.y, "middle y");
});

test("any view made of random zooms, pans, pinches and resizes keeps the image on the stage", () => {
  const seeds = process.env.ZOOM_SEED ? [Number(process.env.ZOOM_SEED)] : [1, 2, 3, 4, 5, 6, 7, 8];
  for (const seed of seeds) {
    const random = seededRandom(seed);
    let size = { width: integer(random, 1, 9000), height: integer(random, 1, 9000) };
    let room = { ...stage };
    let view = fitView(room, size);
    for (let step = 0; step < 300; step++) {
      const point = { x: integer(random, -200, 1400), y: integer(random, -200, 1000) };
      const choice = integer(random, 0, 6);
      if (choice === 0) view = zoomBy(view, room, size, 0.2 + random() * 3, point);
      else if (choice === 1) view = panBy(view, room, size, integer(random, -3000, 3000), integer(random, -3000, 3000));
      else if (choice === 2) view = toggleZoom(view, room, size, point);
      else if (choice === 3) view = pinchView(view, room, size, [point, { x: 500, y: 500 }], [{ x: 0, y: 0 }, point]);
      else if (choice === 4) {
        const next = { width: integer(random, 50, 2000), height: integer(random, 50, 2000) };
        view = resizeView(view, room, next, size);
        room = next;
      } else if (choice === 5)
        view = panByKey(view, room, size, ["left", "right", "up", "down"][integer(random, 0, 3)]);
      else view = clampView({ scale: random() * 20, x: integer(random, -1e5, 1e5), y: 0 }, room, size);
      const drawnWidth = size.width * view.scale;
      const drawnHeight = size.height * view.scale;
      const message = `seed ${seed}, step ${step}`;
      assert.ok(view.x + drawnWidth > 0 && view.x < room.width, `${message}: the image shows across`);
      assert.ok(view.y + drawnHeight > 0 && view.y < room.height, `${message}: the image shows up and down`);
      assert.deepEqual(clampView(view, room, size), view, `${message}: already clamped`);
      if (step % 50 === 49) size = { width: integer(random, 1, 9000), height: integer(random, 1, 9000) };
      view = clampView(view, room, size);
    }
  }
});
