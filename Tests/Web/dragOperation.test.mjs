import { test } from "node:test";
import assert from "node:assert/strict";
import { drawnPlaces, idle, steersByKeys, step } from "../../Web/model/dragOperation.js";
import { lift } from "../../Web/model/keyboardDrag.js";
import { element, integer, seededRandom } from "./random.mjs";

const shown = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
const LONG_PRESS = { delay: 500, tolerance: 10 };
const BOARD = { distance: 4 };
const at = (itemId, x, y) => ({ itemId, x, y, width: 100, z: 0 });
const boardDrag = (ids = ["b"]) => ({
  ids,
  focusId: ids[0],
  origin: 0,
  index: 0,
  target: null,
  copy: false,
  board: { origins: ids.map((id, i) => at(id, 100 * i, 50)), dx: 0, dy: 0 },
});
const pressed = (pointerId, extra = {}) => ({
  type: "pressed",
  pointerId,
  itemId: "b",
  client: { x: 10, y: 10 },
  boardStart: null,
  activation: LONG_PRESS,
  drag: null,
  ...extra,
});
const boardPress = (pointerId = 1) =>
  pressed(pointerId, { boardStart: { x: 0, y: 0 }, activation: BOARD, drag: boardDrag() });

/** Runs `inputs` from `operation`, returning the last operation and every effect, in order. */
function run(inputs, operation = idle) {
  const effects = [];
  for (const input of inputs) {
    const next = step(operation, input);
    operation = next.operation;
    effects.push(...next.effects);
  }
  return { operation, effects, types: effects.map((effect) => effect.type) };
}

test("a long press waits, lifts when held, and a release drops what it lifted", () => {
  const drag = lift(shown, ["b"], "b");
  const { operation, types } = run([pressed(1), { type: "held", drag }]);
  assert.equal(operation.phase, "lifted");
  assert.deepEqual(types, ["wait", "lifted"]);
  const dropped = run([{ type: "released", pointerId: 1 }], operation);
  assert.equal(dropped.operation, idle);
  assert.deepEqual(dropped.types, ["drop"]);
  assert.deepEqual(dropped.effects[0].operation.drag.ids, ["b"]);
});

test("moving before the press is long enough is a scroll: nothing is lifted and the wait stops", () => {
  const { operation, types } = run([
    pressed(1),
    { type: "moved", pointerId: 1, client: { x: 10, y: 40 }, board: null },
  ]);
  assert.equal(operation, idle);
  assert.deepEqual(types, ["wait", "stopWaiting"]);
});

test("a tap (a release before the press is long enough) drops nothing", () => {
  const { operation, types } = run([pressed(1), { type: "released", pointerId: 1 }]);
  assert.equal(operation, idle);
  assert.deepEqual(types, ["wait", "stopWaiting"]);
});

test("a press that can lift nothing (a view-only gallery) ends when held", () => {
  assert.equal(run([pressed(1), { type: "held", drag: null }]).operation, idle);
});

test("a second finger's tap while items are lifted asks to add its item, and the first finger keeps the drag", () => {
  const lifted = run([pressed(1), { type: "held", drag: lift(shown, ["b"], "b") }]).operation;
  const { operation, effects } = run([pressed(2, { itemId: "d" })], lifted);
  assert.equal(operation, lifted);
  assert.deepEqual(effects, [{ type: "add", itemId: "d" }]);
  const added = run([{ type: "added", ids: ["b", "d"] }], operation).operation;
  assert.deepEqual(added.drag.ids, ["b", "d"]);
  assert.equal(run([{ type: "released", pointerId: 2 }], added).operation, added);
});

test("a lifted finger pointing at the Trash aims there once, and back here at an index", () => {
  const lifted = run([pressed(1), { type: "held", drag: lift(shown, ["b"], "b") }]).operation;
  const trash = { type: "over", target: { kind: "trash" }, index: 0 };
  const { operation, types } = run([trash, trash], lifted);
  assert.deepEqual(operation.drag.target, { kind: "trash" });
  assert.deepEqual(types, ["say"]); // said once: the second pointing changes nothing
  const back = run([{ type: "over", target: null, index: 4 }], operation).operation;
  assert.equal(back.drag.target, null);
  assert.equal(back.drag.index, 4);
});

test("a board press becomes a drag after 4 pixels, and the items follow the pointer's board point", () => {
  const near = run([boardPress(), { type: "moved", pointerId: 1, client: { x: 12, y: 11 }, board: { x: 2, y: 1 } }]);
  assert.equal(near.operation.phase, "pressed");
  assert.equal(drawnPlaces(near.operation), null);
  const far = run([{ type: "moved", pointerId: 1, client: { x: 40, y: 30 }, board: { x: 30, y: 20 } }], near.operation);
  assert.deepEqual(far.types, ["lifted"]);
  assert.deepEqual(drawnPlaces(far.operation), [at("b", 30, 70)]);
  const dropped = run([{ type: "released", pointerId: 1 }], far.operation);
  assert.deepEqual(dropped.types, ["drop"]);
  assert.equal(dropped.effects[0].operation.drag.board.dx, 30);
});

test("a board press released before it moves is a click, not a drop", () => {
  assert.deepEqual(run([boardPress(), { type: "released", pointerId: 1 }]).types, []);
});

test("a pointer the gestures take away (pointercancel) cancels its drag", () => {
  const moved = run([boardPress(), { type: "moved", pointerId: 1, client: { x: 40, y: 40 }, board: { x: 9, y: 9 } }]);
  const { operation, types } = run([{ type: "cancelled", pointerId: 1 }], moved.operation);
  assert.equal(operation, idle);
  assert.deepEqual(types, ["cancel"]);
});

test("keys steer a keyboard drag: steps, copy, the Trash and back, then Space drops it", () => {
  const key = (intent) => ({ type: "key", intent, shown, neighbour: (from) => from, targets: [{ kind: "trash" }] });
  const start = run([{ type: "keyLifted", drag: lift(shown, ["b"], "b") }]);
  assert.ok(steersByKeys(start.operation));
  const steered = run(
    [
      key({ kind: "step", direction: "right" }),
      key({ kind: "copy" }),
      key({ kind: "target", back: false }),
      key({ kind: "target", back: false }),
    ],
    start.operation,
  );
  assert.equal(steered.operation.drag.index, 3);
  assert.equal(steered.operation.drag.copy, true);
  assert.equal(steered.operation.drag.target, null);
  assert.deepEqual(steered.types, ["say", "say", "say", "say"]);
  const dropped = run([key({ kind: "drop" })], steered.operation);
  assert.deepEqual(dropped.types, ["drop"]);
  assert.equal(dropped.operation, idle);
});

test("a keyboard drag on the board moves by the arrows' steps, and Escape cancels it", () => {
  const key = (intent) => ({ type: "key", intent, shown, neighbour: (from) => from, targets: [] });
  const start = run([{ type: "keyLifted", drag: boardDrag() }]).operation;
  const moved = run(
    [key({ kind: "step", direction: "down", fine: false }), key({ kind: "step", direction: "left", fine: true })],
    start,
  );
  assert.deepEqual(drawnPlaces(moved.operation), [at("b", -1, 60)]);
  assert.deepEqual(moved.effects, [
    { type: "say", what: "where", later: true },
    { type: "say", what: "where", later: true },
  ]);
  assert.deepEqual(run([key({ kind: "cancel" })], moved.operation).types, ["cancel"]);
});

test("an HTML5 drag is drawn where the items lie until it is over the board, and again once it leaves", () => {
  const started = run([
    { type: "mouseStarted", itemId: "b", client: { x: 0, y: 0 }, boardStart: { x: 10, y: 10 }, drag: boardDrag() },
  ]);
  assert.deepEqual(started.types, ["lifted"]);
  assert.equal(drawnPlaces(started.operation), null);
  const over = run([{ type: "mouseOver", board: { x: 15, y: 30 } }], started.operation).operation;
  assert.deepEqual(drawnPlaces(over), [at("b", 5, 70)]);
  const left = run([{ type: "mouseOver", board: null }], over).operation;
  assert.equal(drawnPlaces(left), null);
  assert.deepEqual(run([{ type: "mouseEnded" }], left).types, ["end"]);
});

test("one drag at a time: another sensor's or pointer's inputs change nothing while one is under way", () => {
  const keyboard = run([{ type: "keyLifted", drag: lift(shown, ["b"], "b") }]).operation;
  for (const input of [
    pressed(3),
    boardPress(4),
    { type: "released", pointerId: 3 },
    { type: "mouseEnded" },
    { type: "mouseOver", board: { x: 1, y: 1 } },
    { type: "over", target: { kind: "trash" }, index: 0 },
  ])
    assert.equal(step(keyboard, input).operation, keyboard, input.type);
  const touch = run([pressed(1), { type: "held", drag: lift(shown, ["b"], "b") }]).operation;
  for (const input of [
    { type: "keyLifted", drag: lift(shown, ["c"], "c") },
    { type: "key", intent: { kind: "drop" }, shown, neighbour: (from) => from, targets: [] },
    { type: "moved", pointerId: 2, client: { x: 99, y: 99 }, board: null },
    { type: "cancelled", pointerId: 2 },
  ])
    assert.equal(step(touch, input).operation, touch, input.type);
});

/** A random input of one of the three sensors; `live` says whether the long press's wait is running (only then can
 * its timer fire `held`). */
function randomInput(random, live) {
  const pointerId = integer(random, 1, 2);
  const client = { x: integer(random, 0, 60), y: integer(random, 0, 60) };
  const board = random() < 0.5 ? { x: integer(random, -50, 50), y: integer(random, -50, 50) } : null;
  const kinds = ["pressed", "boardPressed", "moved", "released", "cancelled", "keyLifted", "key", "over"];
  kinds.push("mouseStarted", "mouseOver", "mouseEnded", "added");
  if (live) kinds.push("held", "held");
  switch (element(random, kinds)) {
    case "pressed":
      return pressed(pointerId, { itemId: element(random, shown).id, client });
    case "boardPressed":
      return boardPress(pointerId);
    case "moved":
      return { type: "moved", pointerId, client, board };
    case "released":
      return { type: "released", pointerId };
    case "cancelled":
      return { type: "cancelled", pointerId };
    case "held":
      return { type: "held", drag: random() < 0.8 ? lift(shown, ["a", "c"], "a") : null };
    case "keyLifted":
      return { type: "keyLifted", drag: random() < 0.5 ? lift(shown, ["d"], "d") : boardDrag(["d", "e"]) };
    case "key": {
      const intent = element(random, [
        { kind: "step", direction: element(random, ["left", "right", "up", "down"]), fine: random() < 0.5 },
        { kind: "end", last: random() < 0.5 },
        { kind: "target", back: random() < 0.5 },
        { kind: "copy" },
        { kind: "drop" },
        { kind: "cancel" },
      ]);
      return { type: "key", intent, shown, neighbour: (from) => from, targets: [{ kind: "trash" }] };
    }
    case "over":
      return { type: "over", target: random() < 0.3 ? { kind: "trash" } : null, index: integer(random, 0, 5) };
    case "mouseStarted":
      return { type: "mouseStarted", itemId: "c", client, boardStart: board, drag: boardDrag(["c"]) };
    case "mouseOver":
      return { type: "mouseOver", board };
    case "mouseEnded":
      return { type: "mouseEnded" };
    default:
      return { type: "added", ids: ["a", "b", "c"] };
  }
}

test("random interleavings of the three sensors' inputs: one drag at a time, each lift ended once", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = seededRandom(seed);
    let operation = idle;
    /** The lift under way (its sensor and pointer), and whether the long press's wait runs. */
    let open = null;
    let live = false;
    for (let turn = 0; turn < 120; turn++) {
      const input = randomInput(random, live);
      if (input.type === "held") live = false; // the wait's timer fired
      const before = operation;
      const next = step(operation, input);
      operation = next.operation;
      const where = `seed ${seed}, turn ${turn}, ${input.type}`;
      for (const effect of next.effects) {
        if (effect.type === "wait") {
          assert.ok(!live, `${where}: a second wait while one runs`);
          live = true;
        } else if (effect.type === "stopWaiting") {
          assert.ok(live, `${where}: stopped a wait that was not running`);
          live = false;
        } else if (effect.type === "lifted") {
          assert.equal(open, null, `${where}: lifted while another drag is under way`);
          open = { sensor: effect.operation.sensor, pointerId: effect.operation.pointerId };
        } else if (["drop", "cancel", "end"].includes(effect.type)) {
          assert.ok(open, `${where}: ${effect.type} with nothing lifted`);
          assert.equal(effect.operation.sensor, open.sensor, where);
          assert.equal(effect.operation, before, `${where}: ended a drag other than the one under way`);
          open = null;
        }
      }
      // The operation is lifted exactly while a lift is open, by the sensor and pointer that lifted it.
      assert.equal(operation?.phase === "lifted", open !== null, where);
      if (open) {
        assert.equal(operation.sensor, open.sensor, where);
        assert.equal(operation.pointerId, open.pointerId, where);
        assert.ok(operation.drag.ids.length > 0, `${where}: a drag of nothing`);
      }
      // A long press's wait runs exactly while a finger presses without having lifted.
      assert.equal(live, operation?.phase === "pressed" && "delay" in operation.activation, `${where}: wait`);
      // On a board every dragged item is drawn moved by the same distance from where it lay.
      const places = drawnPlaces(operation);
      if (places) {
        const { origins, dx, dy } = operation.drag.board;
        assert.deepEqual(
          places,
          origins.map((origin) => ({ ...origin, x: origin.x + dx, y: origin.y + dy })),
          where,
        );
      }
    }
  }
});
