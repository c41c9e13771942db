// Who owns a press on the board: one rule, asked once for each press (dnd/pointerOwners.js), from what the press is
// and what already holds pointers there, instead of from which listener hears the press first:
// - a finger that goes down while another is down belongs to the pinch, which takes the other fingers too (whoever
//   had one, a tile move or a resize, loses it);
// - a mouse or pen press with the middle button, or with the primary button while Space is held, pans, wherever it
//   lands (over tiles and their corner handles too);
// - a primary press on a tile's corner handle resizes the tile, where the board may be changed and no other resize
//   is under way; any other press on the handle goes to no one (the handle keeps it from the tile);
// - a primary press by a finger or a pen elsewhere on a tile moves the tile (dnd/pointerSensor.js); the mouse moves
//   tiles with HTML5 drags, which no pointer owner runs;
// - a primary press by a mouse or a pen on empty board space draws a marquee, one at a time, and none while items
//   are being moved;
// - anything else (a press on a button, a finger on empty space) goes to no one.

/**
 * @typedef {"pinch" | "pan" | "resize" | "drag" | "marquee"} Owner
 * @typedef {"handle" | "button" | "tile" | "space"} PressTarget where a press lands: a tile's corner handle, a
 *   button, elsewhere on a tile, or empty board space
 * @typedef {{pointerType: string, button: number, on: PressTarget | null, spaceHeld: boolean, canResize: boolean,
 *   itemsMoving: boolean}} Press a press (`pointerType` and `button` as Pointer Events say), whether Space is held
 *   for panning, whether tiles may be resized, and whether items are being moved
 * @typedef {{pointerId: number, pointerType: string, owner: string | null}} Held a pointer already down on the board
 * @typedef {{owner: Owner | null, takes: number[]}} Decision the press's owner, and the pointers it takes from
 *   whoever held them
 */

/** Who owns the press `press`, given the pointers `held` that are down on the board already. */
export function ownerOfPress(/** @type {Press} */ press, /** @type {Held[]} */ held) {
  const { pointerType, button } = press;
  const fingers = held.filter((each) => each.pointerType === "touch").map((each) => each.pointerId);
  if (pointerType === "touch" && fingers.length) return decision("pinch", fingers);
  if (pointerType !== "touch" && (button === 1 || (button === 0 && press.spaceHeld))) return decision("pan");
  const holds = (/** @type {Owner} */ owner) => held.some((each) => each.owner === owner);
  if (button !== 0) return decision(null);
  switch (press.on) {
    case "handle":
      return decision(press.canResize && !holds("resize") ? "resize" : null);
    case "tile":
      return decision(pointerType === "mouse" ? null : "drag");
    case "space":
      return decision(pointerType !== "touch" && !press.itemsMoving && !holds("marquee") ? "marquee" : null);
    default:
      return decision(null);
  }
}

/** @returns {Decision} */
function decision(/** @type {Owner | null} */ owner, /** @type {number[]} */ takes = []) {
  return { owner, takes };
}
