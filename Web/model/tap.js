// What a finger did on an item, for the click that follows it, pure: a tap (down and up on the same item, moved no
// more than a few pixels, within half a second: it opens the item) or a press held still for longer (it selects the
// item; in the grid and the list the long press lifts it too: pane/dragActions.js). Neither when the finger moved (a
// scroll, a pan, a drag), a second finger came (a pinch, a second finger's tap adding to a drag), or the browser took
// the touch (pointercancel). A mouse's or a pen's clicks are what they are. `tapStep(state, input)` returns the next
// state; `gestureOf(state, itemId)` says what the touch that ended on `itemId` was, until its click consumes it.

/** How far (CSS px) a tap may move, and how long (ms) it may last: the long press lifts items after as long. */
export const TAP_SLOP = 10;
export const TAP_MS = 500;

/**
 * @typedef {{pointerId: number, itemId: string | null, x: number, y: number, time: number}} Down the finger down
 * @typedef {{down: Down | null, ended: {itemId: string, gesture: "tap" | "press"} | null}} TapState
 * @typedef {{type: "down", pointerId: number, pointerType: string, primary: boolean, itemId: string | null,
 *     x: number, y: number, time: number}
 *   | {type: "move", pointerId: number, x: number, y: number}
 *   | {type: "up", pointerId: number, itemId: string | null, x: number, y: number, time: number}
 *   | {type: "cancel", pointerId: number} | {type: "click"}} TapInput a pointer's event on the items (`itemId`: the
 *   item it is on, null for none), or the click that follows (it consumes what the touch was)
 */

/** No finger down, none ended. @type {TapState} */
export const noTouch = { down: null, ended: null };

/** The state after `input`. */
export function tapStep(/** @type {TapState} */ state, /** @type {TapInput} */ input) {
  switch (input.type) {
    case "down": {
      // Only a first finger starts a tap; a second one spoils the first's (a pinch), and any other pointer is not one.
      if (input.pointerType !== "touch" || !input.primary) return noTouch;
      const { pointerId, itemId, x, y, time } = input;
      return { down: { pointerId, itemId, x, y, time }, ended: null };
    }
    case "move":
      return state.down?.pointerId === input.pointerId && far(state.down, input) ? { ...state, down: null } : state;
    case "up": {
      const { down } = state;
      if (down?.pointerId !== input.pointerId) return state.down ? { ...state, down: null } : state;
      if (!down.itemId || down.itemId !== input.itemId || far(down, input)) return noTouch;
      const gesture = input.time - down.time <= TAP_MS ? "tap" : "press";
      return { down: null, ended: { itemId: down.itemId, gesture } };
    }
    case "cancel":
      return state.down?.pointerId === input.pointerId ? noTouch : state;
    case "click":
      return state.ended ? { ...state, ended: null } : state;
    default:
      return state;
  }
}

/** What the touch that just ended on item `itemId` was: "tap", "press" (held still), or null (none, or not there). */
export function gestureOf(/** @type {TapState} */ state, /** @type {string} */ itemId) {
  return state.ended?.itemId === itemId ? state.ended.gesture : null;
}

/** Whether a finger is down on item `itemId`, not moved yet (a long press the browser answers with its menu). */
export function pressing(/** @type {TapState} */ state, /** @type {string} */ itemId) {
  return state.down?.itemId === itemId;
}

function far(/** @type {Down} */ down, /** @type {{x: number, y: number}} */ point) {
  return Math.hypot(point.x - down.x, point.y - down.y) > TAP_SLOP;
}
