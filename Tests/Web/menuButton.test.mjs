import assert from "node:assert/strict";
import { test } from "node:test";
import {
  buttonKey,
  buttonPressed,
  chosen,
  closedMenu,
  hovered,
  menuKey,
  opened,
  pressedOutside,
} from "../../Web/model/menuButton.js";

/** The state after pressing `keys` one after another in a menu of `count` entries opened on its first. */
function afterKeys(keys, count) {
  let step = opened(count);
  for (const key of keys) step = menuKey(step.state, key, count);
  return step;
}

test("pressing the button opens the menu on its first entry, and pressing it again closes it back onto the button", () => {
  const open = buttonPressed(closedMenu(), 3);
  assert.deepEqual(open, { state: { open: true, active: 0 }, effect: "focus-entry" });
  assert.deepEqual(buttonPressed(open.state, 3), { state: closedMenu(), effect: "focus-button" });
});

test("a menu with no entry shown does not open", () => {
  assert.deepEqual(buttonPressed(closedMenu(), 0), { state: closedMenu(), effect: null });
  assert.deepEqual(buttonKey(closedMenu(), "ArrowDown", 0), { state: closedMenu(), effect: null });
});

test("ArrowDown on the button opens on the first entry, ArrowUp on the last; other keys are the button's", () => {
  assert.deepEqual(buttonKey(closedMenu(), "ArrowDown", 4).state, { open: true, active: 0 });
  assert.deepEqual(buttonKey(closedMenu(), "ArrowUp", 4).state, { open: true, active: 3 });
  assert.deepEqual(buttonKey(closedMenu(), "Enter", 4), { state: closedMenu(), effect: null });
  assert.deepEqual(buttonKey(closedMenu(), "x", 4), { state: closedMenu(), effect: null });
});

test("the arrows move the focus through the entries and round from either end", () => {
  assert.equal(afterKeys(["ArrowDown"], 3).state.active, 1);
  assert.equal(afterKeys(["ArrowDown", "ArrowDown"], 3).state.active, 2);
  assert.equal(afterKeys(["ArrowDown", "ArrowDown", "ArrowDown"], 3).state.active, 0);
  assert.equal(afterKeys(["ArrowUp"], 3).state.active, 2);
  assert.equal(afterKeys(["ArrowUp", "ArrowDown"], 3).state.active, 0);
  assert.equal(afterKeys(["ArrowDown"], 3).effect, "focus-entry");
});

test("Home and End go to the first and the last entry", () => {
  assert.equal(afterKeys(["End"], 5).state.active, 4);
  assert.equal(afterKeys(["End", "Home"], 5).state.active, 0);
});

test("Enter and Space choose the focused entry and close the menu", () => {
  assert.deepEqual(afterKeys(["ArrowDown", "Enter"], 3), { state: closedMenu(), effect: "choose", chosen: 1 });
  assert.deepEqual(afterKeys(["End", " "], 3), { state: closedMenu(), effect: "choose", chosen: 2 });
});

test("Escape closes the menu and gives the focus back to its button; so does Tab, before the focus moves on", () => {
  assert.deepEqual(afterKeys(["ArrowDown", "Escape"], 3), { state: closedMenu(), effect: "focus-button" });
  assert.deepEqual(afterKeys(["Tab"], 3), { state: closedMenu(), effect: "focus-button" });
});

test("a key that is not the menu's changes nothing and is left to the browser", () => {
  const step = afterKeys(["ArrowDown", "a"], 3);
  assert.deepEqual(step, { state: { open: true, active: 1 }, effect: null });
});

test("keys on a closed menu do nothing", () => {
  for (const key of ["ArrowDown", "Enter", "Escape", "Tab"])
    assert.deepEqual(menuKey(closedMenu(), key, 3), { state: closedMenu(), effect: null });
});

test("an entry that went away while the menu was open leaves the focus on one that is still there", () => {
  const open = afterKeys(["End"], 4); // the fourth of four entries
  assert.equal(menuKey(open.state, "ArrowUp", 2).state.active, 0); // two left: from the last (1) up to 0
  assert.deepEqual(menuKey(open.state, "Enter", 2), { state: closedMenu(), effect: "choose", chosen: 1 });
  assert.deepEqual(menuKey(open.state, "ArrowDown", 0), { state: closedMenu(), effect: "focus-button" });
});

test("a click on an entry chooses it; the pointer over an entry focuses it", () => {
  assert.deepEqual(chosen(2), { state: closedMenu(), effect: "choose", chosen: 2 });
  const open = opened(3).state;
  assert.deepEqual(hovered(open, 2), { state: { open: true, active: 2 }, effect: "focus-entry" });
  assert.deepEqual(hovered(open, 0), { state: open, effect: null });
  assert.deepEqual(hovered(closedMenu(), 1), { state: closedMenu(), effect: null });
});

test("a press outside closes the open menu without taking the focus back", () => {
  assert.deepEqual(pressedOutside(opened(3).state), { state: closedMenu(), effect: "close" });
  assert.deepEqual(pressedOutside(closedMenu()), { state: closedMenu(), effect: null });
});
