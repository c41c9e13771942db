import { test } from "node:test";
import assert from "node:assert/strict";
import { ownerOfPress } from "../../Web/model/pressOwner.js";
import { deepFreeze } from "./random.mjs";

const TARGETS = ["handle", "button", "tile", "space", null];
const press = (extra = {}) => ({
  pointerType: "mouse",
  button: 0,
  on: "space",
  spaceHeld: false,
  canResize: true,
  itemsMoving: false,
  ...extra,
});
const held = (pointerId, pointerType, owner = null) => ({ pointerId, pointerType, owner });
const ownerOf = (extra, holding = []) => ownerOfPress(press(extra), holding).owner;

test("a middle-button press by a mouse or a pen pans, wherever it lands", () => {
  for (const pointerType of ["mouse", "pen"]) {
    for (const on of TARGETS) {
      assert.deepEqual(ownerOfPress(press({ pointerType, button: 1, on }), []), { owner: "pan", takes: [] }, on);
    }
  }
});

test("while Space is held a primary press pans, over tiles and their handles too, but a finger does not", () => {
  for (const on of TARGETS) {
    assert.equal(ownerOf({ on, spaceHeld: true }), "pan", on);
    assert.equal(ownerOf({ pointerType: "pen", on, spaceHeld: true }), "pan", on);
  }
  assert.equal(ownerOf({ pointerType: "touch", on: "tile", spaceHeld: true }), "drag");
  assert.equal(ownerOf({ button: 2, on: "tile", spaceHeld: true }), null); // the secondary button opens menus
});

test("a second finger pinches and takes every finger down, whoever held it; a mouse or pen meanwhile does not", () => {
  const fingers = [held(3, "touch", "drag"), held(4, "touch", null), held(1, "mouse", "marquee")];
  for (const on of TARGETS) {
    assert.deepEqual(ownerOfPress(press({ pointerType: "touch", on }), fingers), { owner: "pinch", takes: [3, 4] });
  }
  assert.deepEqual(ownerOfPress(press({ pointerType: "touch", on: "handle" }), [held(3, "touch", "resize")]), {
    owner: "pinch",
    takes: [3],
  });
  assert.equal(ownerOf({ pointerType: "pen", on: "tile" }, fingers), "drag");
  assert.equal(ownerOf({ on: "space" }, [held(3, "touch", "drag")]), "marquee");
  // A finger alone is no pinch, whatever mouse or pen is down.
  assert.equal(ownerOf({ pointerType: "touch", on: "tile" }, [held(1, "mouse", "pan")]), "drag");
});

test("a primary press on the corner handle resizes where the board may change, one resize at a time", () => {
  for (const pointerType of ["mouse", "pen", "touch"]) {
    assert.equal(ownerOf({ pointerType, on: "handle" }), "resize", pointerType);
  }
  assert.equal(ownerOf({ on: "handle", canResize: false }), null);
  assert.equal(ownerOf({ pointerType: "pen", on: "handle" }, [held(1, "mouse", "resize")]), null);
  assert.equal(ownerOf({ on: "handle", button: 2 }), null);
  assert.equal(ownerOf({ on: "handle", itemsMoving: true }), "resize");
});

test("a finger or a pen moves a tile; the mouse's press on a tile is no pointer owner's (HTML5 drags move it)", () => {
  assert.equal(ownerOf({ pointerType: "touch", on: "tile" }), "drag");
  assert.equal(ownerOf({ pointerType: "pen", on: "tile" }), "drag");
  assert.equal(ownerOf({ pointerType: "mouse", on: "tile" }), null);
  assert.equal(ownerOf({ pointerType: "pen", on: "tile", button: 2 }), null);
  for (const pointerType of ["mouse", "pen", "touch"]) {
    assert.equal(ownerOf({ pointerType, on: "button" }), null, pointerType); // a button's press is its own
    assert.equal(ownerOf({ pointerType, on: null }), null, pointerType);
  }
});

test("a mouse or pen press on empty space draws a marquee, one at a time and none while items move", () => {
  assert.equal(ownerOf({ on: "space" }), "marquee");
  assert.equal(ownerOf({ pointerType: "pen", on: "space" }), "marquee");
  assert.equal(ownerOf({ pointerType: "touch", on: "space" }), null); // a finger on empty space does nothing
  assert.equal(ownerOf({ on: "space", itemsMoving: true }), null);
  assert.equal(ownerOf({ pointerType: "pen", on: "space" }, [held(1, "mouse", "marquee")]), null);
  assert.equal(ownerOf({ on: "space", button: 2 }), null);
});

test("the rule changes nothing it is given", () => {
  const given = deepFreeze(press({ pointerType: "touch", on: "tile" }));
  const holding = deepFreeze([held(3, "touch", "drag")]);
  assert.equal(ownerOfPress(given, holding).owner, "pinch");
});
