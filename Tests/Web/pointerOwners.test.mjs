import { test } from "node:test";
import assert from "node:assert/strict";
import { pointerOwners } from "../../Web/dnd/pointerOwners.js";
import { ownerOfPress } from "../../Web/model/pressOwner.js";
import { element, seededRandom, shuffle } from "./random.mjs";

test("a pointer taken by another listener is lost by its owner, once, and a late release leaves the new owner", () => {
  const surface = {};
  const owners = pointerOwners(surface);
  const lost = [];
  owners.claim(1, "drag", () => lost.push("drag"));
  assert.equal(owners.ownerOf(1), "drag");
  pointerOwners(surface).claim(1, "gesture"); // the same element's owners, whoever asks
  assert.deepEqual(lost, ["drag"]);
  assert.equal(owners.ownerOf(1), "gesture");
  owners.release(1, "drag");
  assert.equal(owners.ownerOf(1), "gesture");
  owners.release(1, "gesture");
  assert.equal(owners.ownerOf(1), null);
});

test("claiming a pointer one owns already loses nothing, and other elements' pointers are their own", () => {
  const owners = pointerOwners({});
  let lost = 0;
  owners.claim(7, "resize", () => lost++);
  owners.claim(7, "resize", () => lost++);
  assert.equal(lost, 0);
  assert.equal(pointerOwners({}).ownerOf(7), null);
});

// ---- Routed presses: the board's rule (model/pressOwner.js) through the registry ----

/** A pointerdown as the registry and the rule read it: `press` is what the board's DOM says of it. */
const pointerDown = (pointerId, pointerType, press = {}) => ({
  pointerId,
  pointerType,
  press: { pointerType, button: 0, on: "tile", spaceHeld: false, canResize: true, itemsMoving: false, ...press },
});
const boardRule = (event, held) => ownerOfPress(event.press, held);

/** An element routed by the board's rule, and how often the rule was asked. */
function routed() {
  const owners = pointerOwners({});
  let asked = 0;
  const unroute = owners.route((event, held) => {
    asked++;
    return boardRule(event, held);
  });
  return { owners, unroute, asked: () => asked };
}

test("each press is decided once, by whichever listener asks first, and every listener gets the same answer", () => {
  const { owners, asked } = routed();
  const finger = pointerDown(5, "touch");
  assert.equal(owners.takes(finger, "drag"), true); // the drag sensor happened to hear it first
  assert.equal(owners.ownerOfPress(finger), "drag"); // the gestures next
  assert.equal(owners.takes(finger, "pan"), false);
  assert.equal(asked(), 1);
  assert.equal(owners.ownerOf(5), "drag");
  const mouse = pointerDown(1, "mouse", { on: "space" });
  assert.equal(owners.takes(mouse, "drag"), false);
  assert.equal(owners.ownerOfPress(mouse), "marquee");
  assert.equal(asked(), 2);
});

test("a second finger's press takes the first from the tile move, which is told once, whoever hears it first", () => {
  for (const firstToAsk of ["drag", "gestures"]) {
    const { owners } = routed();
    const lost = [];
    const first = pointerDown(5, "touch");
    owners.ownerOfPress(first);
    owners.claim(5, "drag", () => lost.push(5));
    const second = pointerDown(6, "touch", { on: "space" });
    if (firstToAsk === "drag") assert.equal(owners.takes(second, "drag"), false);
    assert.equal(owners.ownerOfPress(second), "pinch");
    assert.equal(owners.takes(second, "drag"), false);
    assert.deepEqual(lost, [5], firstToAsk);
    assert.equal(owners.ownerOf(5), "pinch");
    assert.equal(owners.ownerOf(6), "pinch");
    owners.release(5, "drag"); // the drag lets go late: the finger stays the pinch's
    assert.equal(owners.ownerOf(5), "pinch");
  }
});

test("a press its owner cannot use is let go, and the pointer still counts as down until it ends", () => {
  const { owners } = routed();
  const first = pointerDown(5, "touch");
  assert.equal(owners.takes(first, "drag"), true);
  owners.release(5, "drag"); // e.g. a view-only board: nothing is moved
  assert.equal(owners.ownerOf(5), null);
  assert.equal(owners.ownerOfPress(pointerDown(6, "touch")), "pinch"); // a second finger still pinches
  owners.ended(5);
  owners.ended(6);
  assert.equal(owners.ownerOf(6), null);
  assert.equal(owners.ownerOfPress(pointerDown(7, "touch")), "drag"); // the ended fingers count no more
});

test("a press whose pointer's end was missed takes it from its old owner", () => {
  const { owners } = routed();
  const lost = [];
  owners.ownerOfPress(pointerDown(1, "mouse", { on: "handle" }));
  owners.claim(1, "resize", () => lost.push("resize"));
  assert.equal(owners.ownerOfPress(pointerDown(1, "mouse", { on: "space" })), "marquee");
  assert.deepEqual(lost, ["resize"]);
  assert.equal(owners.ownerOfPress(pointerDown(2, "pen", { on: "handle" })), "resize"); // no resize is under way
});

test("without a rule anyone takes a pointer no one holds; a removed rule forgets the pointers down", () => {
  const owners = pointerOwners({});
  const finger = pointerDown(5, "touch");
  assert.equal(owners.takes(finger, "drag"), true);
  assert.equal(owners.ownerOfPress(finger), null);
  owners.claim(5, "drag");
  assert.equal(owners.takes(pointerDown(5, "touch"), "drag"), false);
  owners.release(5, "drag");

  const unroute = owners.route(boardRule);
  owners.ownerOfPress(pointerDown(8, "touch"));
  unroute();
  owners.route(boardRule);
  assert.equal(owners.ownerOfPress(pointerDown(9, "touch")), "drag"); // not a pinch with a finger of the old board
});

/** A random press: a pointer type, a button and where it lands, and the board's state then. */
function randomPress(random) {
  const pointerType = element(random, ["mouse", "pen", "touch", "touch"]);
  return {
    pointerType,
    button: pointerType === "touch" ? 0 : element(random, [0, 0, 0, 1, 2]),
    on: element(random, ["handle", "button", "tile", "space", null]),
    spaceHeld: random() < 0.2,
    canResize: random() < 0.8,
    itemsMoving: random() < 0.2,
  };
}

test("random interleavings of presses, listeners and ends: one owner per press, agreed by all, losses told once", () => {
  const listeners = ["gestures", "resize", "drag", "marquee"];
  /** Which listener runs which owner's presses. */
  const runnerOf = { pan: "gestures", pinch: "gestures", resize: "resize", drag: "drag", marquee: "marquee" };
  for (let seed = 1; seed <= 300; seed++) {
    const random = seededRandom(seed);
    const { owners } = routed();
    /** The model: every pointer down, its type and its owner (null: no one's). @type {Map<number, {type: string,
     * owner: string | null, claimed: boolean}>} */
    const model = new Map();
    /** Who was told they lost which pointer. */
    let told = [];
    let nextTouch = 10;
    for (let turn = 0; turn < 60; turn++) {
      const where = `seed ${seed}, turn ${turn}`;
      const down = [...model.keys()];
      if (down.length && random() < 0.4) {
        // A pointer ends: its owner lets go and the board tells the registry, in either order.
        const pointerId = element(random, down);
        const { owner } = /** @type {{owner: string | null}} */ (model.get(pointerId));
        const steps = shuffle([() => owner && owners.release(pointerId, owner), () => owners.ended(pointerId)], random);
        for (const each of steps) each();
        model.delete(pointerId);
        assert.equal(owners.ownerOf(pointerId), null, where);
        continue;
      }
      const press = randomPress(random);
      const mouseOrPen = press.pointerType === "touch" ? null : press.pointerType === "mouse" ? 1 : 2;
      // Now and then a pointer goes down again whose end was missed (a mouse is always pointer 1).
      const pointerId = mouseOrPen ?? (random() < 0.1 && down.length ? element(random, down) : nextTouch++);
      if (model.has(pointerId) && model.get(pointerId)?.type !== press.pointerType) continue;
      const event = { pointerId, pointerType: press.pointerType, press };

      const stale = model.get(pointerId);
      model.delete(pointerId);
      const held = [...model].map(([id, each]) => ({ pointerId: id, pointerType: each.type, owner: each.owner }));
      const expected = ownerOfPress(press, held);
      const expectedLosses = [];
      if (stale?.owner && stale.claimed) expectedLosses.push([pointerId, stale.owner]);
      for (const id of expected.takes) {
        const before = /** @type {{owner: string | null, claimed: boolean}} */ (model.get(id));
        if (before.owner && before.owner !== expected.owner && before.claimed) expectedLosses.push([id, before.owner]);
        model.set(id, { type: "touch", owner: expected.owner, claimed: false });
      }
      model.set(pointerId, { type: press.pointerType, owner: expected.owner, claimed: false });

      // Every listener hears the press, in any order; the owner's runner uses it or lets it go.
      told = [];
      for (const listener of shuffle(listeners, random)) {
        const owner = owners.ownerOfPress(event);
        assert.equal(owner, expected.owner, `${where}: ${listener} was told another owner`);
        for (const candidate of ["pan", "pinch", "resize", "drag", "marquee"]) {
          assert.equal(owners.takes(event, candidate), candidate === owner, where);
        }
        if (!owner || runnerOf[owner] !== listener) continue;
        const entry = /** @type {{type: string, owner: string | null, claimed: boolean}} */ (model.get(pointerId));
        if (listener !== "gestures" && random() < 0.3) {
          owners.release(pointerId, owner); // it cannot use the press (a view-only board, an item not drawn)
          entry.owner = null;
        } else {
          owners.claim(pointerId, owner, () => told.push([pointerId, owner]));
          entry.claimed = true;
        }
      }
      assert.deepEqual(told, expectedLosses, where);

      // The registry and the model agree, and what the rule promises holds.
      const touches = [...model].filter(([, each]) => each.type === "touch");
      for (const [id, each] of model) assert.equal(owners.ownerOf(id), each.owner, `${where}: pointer ${id}`);
      if (touches.length >= 2) {
        for (const [id, each] of touches) assert.equal(each.owner, "pinch", `${where}: finger ${id} not pinching`);
      }
      for (const single of ["resize", "marquee"]) {
        assert.ok([...model.values()].filter((each) => each.owner === single).length <= 1, `${where}: two ${single}s`);
      }
      for (const [id, each] of model) {
        const never = { touch: ["pan", "marquee"], pen: ["pinch"], mouse: ["pinch", "drag"] }[each.type] ?? [];
        assert.ok(!never.includes(each.owner ?? ""), `${where}: a ${each.type}'s pointer ${id} owned by ${each.owner}`);
      }
    }
  }
});
