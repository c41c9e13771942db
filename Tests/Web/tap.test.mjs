// What a finger did on an item (Web/model/tap.js): a tap, a press held still, or neither (a scroll, a pinch, a drag,
// a mouse); and a property: for any seeded sequence of pointer events and clicks, the machine says what a plain
// reading of the events since the last press says. `TAP_SEED=17 node --test Tests/Web/tap.test.mjs` runs one seed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { gestureOf, noTouch, pressing, TAP_MS, TAP_SLOP, tapStep } from "../../Web/model/tap.js";
import { element, integer, seededRandom } from "./random.mjs";

const down = (itemId, x = 100, y = 100, time = 0, more = {}) => ({
  type: "down",
  pointerId: 1,
  pointerType: "touch",
  primary: true,
  itemId,
  x,
  y,
  time,
  ...more,
});
const up = (itemId, x = 100, y = 100, time = 100, pointerId = 1) => ({ type: "up", pointerId, itemId, x, y, time });
const run = (...inputs) => inputs.reduce(tapStep, noTouch);

test("a finger down and up on one item, still and quick, is a tap; held longer, a press", () => {
  assert.equal(gestureOf(run(down("a"), up("a")), "a"), "tap");
  assert.equal(gestureOf(run(down("a"), up("a", 100 + TAP_SLOP, 100, TAP_MS)), "a"), "tap", "at the limits");
  assert.equal(gestureOf(run(down("a"), up("a", 100, 100, TAP_MS + 1)), "a"), "press");
  assert.equal(gestureOf(run(down("a"), up("a")), "b"), null, "said of the item it ended on only");
  // A finger wobbling a little is still a tap.
  const wobble = { type: "move", pointerId: 1, x: 104, y: 97 };
  assert.equal(gestureOf(run(down("a"), wobble, up("a", 102, 101)), "a"), "tap");
  assert.ok(pressing(run(down("a"), wobble), "a"), "held down: a press the browser may answer with its menu");
});

test("a scroll, a drag, another item, a second finger, the browser taking the touch or a mouse is no tap", () => {
  const moved = { type: "move", pointerId: 1, x: 100, y: 100 + TAP_SLOP + 1 };
  assert.equal(gestureOf(run(down("a"), moved, up("a")), "a"), null, "moved away and back: a scroll");
  assert.equal(gestureOf(run(down("a"), up("a", 140, 100)), "a"), null, "lifted elsewhere");
  assert.equal(gestureOf(run(down("a"), up("b")), "b"), null, "ended on another item");
  assert.equal(gestureOf(run(down(null), up(null)), "a"), null, "not on an item");
  const second = down("b", 300, 100, 20, { pointerId: 2, primary: false });
  assert.equal(gestureOf(run(down("a"), second, up("b", 300, 100, 60, 2), up("a")), "a"), null, "a pinch");
  assert.equal(gestureOf(run(down("a"), second, up("b", 300, 100, 60, 2)), "b"), null, "a second finger's tap");
  assert.equal(gestureOf(run(down("a"), { type: "cancel", pointerId: 1 }, up("a")), "a"), null, "pointercancel");
  assert.equal(gestureOf(run(down("a", 100, 100, 0, { pointerType: "mouse" }), up("a")), "a"), null);
  assert.equal(gestureOf(run(down("a", 100, 100, 0, { pointerType: "pen" }), up("a")), "a"), null);
  assert.ok(!pressing(run(down("a"), moved), "a"));
});

test("the click that follows consumes what the touch was; a new press forgets one never clicked", () => {
  const tapped = run(down("a"), up("a"));
  assert.equal(gestureOf(tapStep(tapped, { type: "click" }), "a"), null);
  assert.equal(gestureOf(tapStep(tapped, down("b", 100, 100, 500)), "a"), null);
  assert.equal(gestureOf(tapStep(tapped, down("b", 100, 100, 500, { pointerType: "mouse" })), "a"), null);
});

// ---- The property: random sequences ----

/** What the events say, read plainly: the last press, if a first finger's on an item, and what followed it. */
function expected(history, itemId) {
  const last = history.findLastIndex((input) => input.type === "down");
  if (last < 0) return null;
  const pressed = history[last];
  if (pressed.pointerType !== "touch" || !pressed.primary || !pressed.itemId) return null;
  const far = (point) => Math.hypot(point.x - pressed.x, point.y - pressed.y) > TAP_SLOP;
  let gesture = null;
  let spoiled = false;
  let lifted = false;
  for (const input of history.slice(last + 1)) {
    if (lifted) {
      if (input.type === "click") gesture = null;
      continue;
    }
    if (spoiled) continue;
    const own = input.pointerId === pressed.pointerId;
    if (input.type === "move" && own && far(input)) spoiled = true;
    else if (input.type === "cancel" && own) spoiled = true;
    else if (input.type === "up" && !own) spoiled = true;
    else if (input.type === "up") {
      lifted = true;
      if (input.itemId === pressed.itemId && !far(input))
        gesture = input.time - pressed.time <= TAP_MS ? "tap" : "press";
    }
  }
  return gesture && pressed.itemId === itemId ? gesture : null;
}

function runSeed(seed) {
  const random = seededRandom(seed);
  const history = [];
  let state = noTouch;
  let time = 0;
  let taps = 0;
  for (let step = 0; step < 300; step++) {
    time += integer(random, 0, 400);
    const pointerId = integer(random, 1, 3);
    const at = { x: 100 + integer(random, -3, 3) * integer(random, 0, 6), y: 100 + integer(random, -3, 3) };
    const itemId = element(random, ["a", "a", "b", null]);
    const kind = integer(random, 0, 9);
    /** @type {any} */
    let input;
    if (kind <= 2) {
      const pointerType = element(random, ["touch", "touch", "touch", "mouse", "pen"]);
      input = { type: "down", pointerId, pointerType, primary: random() < 0.8, itemId, ...at, time };
    } else if (kind <= 4) input = { type: "move", pointerId, ...at };
    else if (kind <= 7) input = { type: "up", pointerId, itemId, ...at, time };
    else if (kind === 8) input = { type: "cancel", pointerId };
    else input = { type: "click" };
    history.push(input);
    state = tapStep(state, input);
    for (const id of ["a", "b"]) {
      const said = gestureOf(state, id);
      assert.equal(said, expected(history, id), `seed ${seed}, step ${step}: what the touch on ${id} was`);
      if (said === "tap") taps += 1;
    }
  }
  return taps;
}

test("any sequence of pointer events and clicks is read as the events say", () => {
  const seeds = process.env.TAP_SEED
    ? [Number(process.env.TAP_SEED)]
    : Array.from({ length: 300 }, (_, index) => index + 1);
  const taps = seeds.reduce((sum, seed) => sum + runSeed(seed), 0);
  if (seeds.length > 1) assert.ok(taps > seeds.length, `only ${taps} taps seen: the sequences find too few`);
});
