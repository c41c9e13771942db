// A menu button's menu (the pane toolbar's "More"), as a pure state machine: whether it is open and which of its
// entries has the focus, and what a key, a click or a press outside it does (the WAI-ARIA menu button pattern). The
// view (view/overflowMenu.js) tells how many entries are shown now and carries out the answer's `effect`:
//   "focus-entry"  move the focus to entry `state.active`
//   "focus-button" close and put the focus back on the menu's button
//   "choose"       close, put the focus back on the button, then do entry `chosen`
//   "close"        close and leave the focus where it is going (a press elsewhere, a Tab)
//   null           nothing to do (the key is not the menu's: let the browser have it)

/**
 * @typedef {{ open: boolean, active: number }} MenuState `active`: the index of the focused entry (-1 when closed)
 * @typedef {"focus-entry" | "focus-button" | "choose" | "close" | null} MenuEffect
 * @typedef {{ state: MenuState, effect: MenuEffect, chosen?: number }} MenuStep
 */

/** @returns {MenuState} a closed menu */
export function closedMenu() {
  return { open: false, active: -1 };
}

/** Opens the menu (`count` entries shown) on its first entry, or on its last (`at` "last": ArrowUp on the button).
 * @param {number} count @param {"first" | "last"} [at] @returns {MenuStep} */
export function opened(count, at = "first") {
  if (count <= 0) return { state: closedMenu(), effect: null };
  return { state: { open: true, active: at === "last" ? count - 1 : 0 }, effect: "focus-entry" };
}

/** The menu's button was pressed (a click, Enter or Space): it opens on its first entry, or closes if open.
 * @param {MenuState} state @param {number} count @returns {MenuStep} */
export function buttonPressed(state, count) {
  return state.open ? { state: closedMenu(), effect: "focus-button" } : opened(count);
}

/** A key pressed on the closed menu's button: ArrowDown opens it on its first entry, ArrowUp on its last (Enter and
 * Space are the button's own click). @param {MenuState} state @param {string} key @param {number} count
 * @returns {MenuStep} */
export function buttonKey(state, key, count) {
  if (state.open) return { state, effect: null };
  if (key === "ArrowDown") return opened(count, "first");
  if (key === "ArrowUp") return opened(count, "last");
  return { state, effect: null };
}

/** A key pressed in the open menu (`count` entries shown): arrows move round, Home and End go to the ends, Enter and
 * Space choose, Escape goes back to the button, Tab closes it and lets the focus move on.
 * @param {MenuState} state @param {string} key @param {number} count @returns {MenuStep} */
export function menuKey(state, key, count) {
  if (!state.open) return { state, effect: null };
  if (count <= 0) return { state: closedMenu(), effect: "focus-button" };
  const at = (/** @type {number} */ index) => ({
    state: { open: true, active: index },
    effect: /** @type {MenuEffect} */ ("focus-entry"),
  });
  const active = Math.min(Math.max(state.active, 0), count - 1);
  switch (key) {
    case "ArrowDown":
      return at(state.active < 0 ? 0 : (active + 1) % count);
    case "ArrowUp":
      return at(state.active < 0 ? count - 1 : (active - 1 + count) % count);
    case "Home":
      return at(0);
    case "End":
      return at(count - 1);
    case "Enter":
    case " ":
      return state.active < 0 ? { state, effect: null } : chosen(active);
    case "Escape":
      return { state: closedMenu(), effect: "focus-button" };
    case "Tab":
      // The focus goes back to the button first, so that the browser's Tab moves on from there.
      return { state: closedMenu(), effect: "focus-button" };
    default:
      return { state, effect: null };
  }
}

/** Entry `index` was clicked (or chosen with a key). @param {number} index @returns {MenuStep} */
export function chosen(index) {
  /** @type {MenuEffect} */
  const effect = "choose";
  return { state: closedMenu(), effect, chosen: index };
}

/** The pointer came over entry `index`: it takes the focus, as a key would move it there.
 * @param {MenuState} state @param {number} index @returns {MenuStep} */
export function hovered(state, index) {
  if (!state.open || index === state.active || index < 0) return { state, effect: null };
  return { state: { open: true, active: index }, effect: "focus-entry" };
}

/** A press outside the menu and its button (or the page resized): it closes, and the focus stays where it went.
 * @param {MenuState} state @returns {MenuStep} */
export function pressedOutside(state) {
  return state.open ? { state: closedMenu(), effect: "close" } : { state, effect: null };
}
