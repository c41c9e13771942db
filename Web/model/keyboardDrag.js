// Dragging by keyboard (dnd-kit's keyboard sensor, done fully) or by a long press of a finger, pure: what was lifted,
// where it would land (an insertion index of the shown items, or another target: the Trash, another gallery), whether
// it copies, and what is announced at each step. The pane carries it out (pane/dragActions.js); the view shows the
// same gap a mouse drag shows. On the board the items land where they are moved to instead: the drag carries their
// places when lifted and how far the arrows moved them (board units), and the board draws them there as a mouse drag
// does.

import { movedBy } from "./board.js";

/** How far (board units: pixels at 100%) an arrow moves lifted items on the board; with Shift, BOARD_FINE_STEP. */
export const BOARD_STEP = 10;
export const BOARD_FINE_STEP = 1;

/**
 * @typedef {{kind: "trash"} | {kind: "gallery", galleryId: string, name: string}} KeyboardTarget
 * @typedef {{itemId: string, x: number, y: number, width: number, z: number}} Placed
 * @typedef {{origins: Placed[], dx: number, dy: number}} BoardMove where lifted items lay on the board, and how far
 *   (board units) they are moved
 * @typedef {object} KeyboardDrag
 * @property {string[]} ids the lifted items, in gallery order
 * @property {string} focusId the item the drag started on
 * @property {number} origin the insertion index they were lifted from
 * @property {number} index where they would land here (an insertion index of the shown items)
 * @property {KeyboardTarget | null} target another place they would go to instead, or null: here
 * @property {boolean} copy whether dropping copies them (else it moves them)
 * @property {BoardMove | null} board on the board: where they lay and how far they are moved; else null
 * @property {{count: number, firstItemId?: string, lastItemId?: string} | null} [run] when the selection lifted reaches
 *   beyond the items read: the run it is (store/paneSelectors.js selectionRun), of which `ids` are the items read
 */

/**
 * Lifts `ids` (the focused item and those selected with it) from the shown items; on the board, `places` are where
 * they lie (those without a place are not lifted).
 * @param {{id: string}[]} shown
 * @param {string[]} ids
 * @param {string} focusId
 * @param {Placed[] | null} [places]
 * @returns {KeyboardDrag}
 */
export function lift(shown, ids, focusId, places = null) {
  const placeOf = new Map((places ?? []).map((place) => [place.itemId, place]));
  const lifted = new Set(places ? ids.filter((id) => placeOf.has(id)) : ids);
  const ordered = shown.filter((item) => lifted.has(item.id)).map((item) => item.id);
  const first = shown.findIndex((item) => lifted.has(item.id));
  const origin = first < 0 ? 0 : first;
  const board = places ? { origins: ordered.map((id) => /** @type {Placed} */ (placeOf.get(id))), dx: 0, dy: 0 } : null;
  return { ids: ordered, focusId, origin, index: origin, target: null, copy: false, board };
}

/** The drag on the board moved by (dx, dy) board units (unchanged while it points at another target, or off the
 * board). */
export function moveBy(/** @type {KeyboardDrag} */ drag, /** @type {number} */ dx, /** @type {number} */ dy) {
  if (drag.target || !drag.board || (!dx && !dy)) return drag;
  return { ...drag, board: { ...drag.board, dx: drag.board.dx + dx, dy: drag.board.dy + dy } };
}

/** How far one arrow key moves the lifted items on the board: (dx, dy) board units, `fine` (Shift) the short step. */
export function boardStep(/** @type {string} */ direction, /** @type {boolean} */ fine) {
  const step = fine ? BOARD_FINE_STEP : BOARD_STEP;
  return { left: [-step, 0], right: [step, 0], up: [0, -step], down: [0, step] }[direction] ?? [0, 0];
}

/** Where the lifted items would land on the board ([{itemId, x, y, width, z}], board units); [] off the board. */
export function placesOf(/** @type {KeyboardDrag} */ drag) {
  return drag.board ? movedBy(drag.board.origins, drag.board.dx, drag.board.dy) : [];
}

/** Whether a drop here leaves the items where they were. */
export function staysPut(/** @type {KeyboardDrag} */ drag) {
  return drag.board ? !drag.board.dx && !drag.board.dy : drag.index === drag.origin;
}

/** "x 120, y 40": where the focused item (else the first lifted) lies on the board, moved by `dx`, `dy`. */
function boardPoint(/** @type {BoardMove} */ board, /** @type {string} */ focusId, dx = board.dx, dy = board.dy) {
  const origin = board.origins.find((place) => place.itemId === focusId) ?? board.origins[0];
  return origin ? `x ${Math.round(origin.x + dx)}, y ${Math.round(origin.y + dy)}` : "the same place";
}

/** The 1-based position the lifted items' first would have at insertion index `index`, among `count` in all. */
export function positionAt(/** @type {{id: string}[]} */ shown, /** @type {KeyboardDrag} */ drag, index) {
  const lifted = new Set(drag.ids);
  let before = 0;
  for (let i = 0; i < Math.min(index, shown.length); i++) if (!lifted.has(shown[i].id)) before += 1;
  return before + 1;
}

/** How many items the gallery would hold after the drop here: the same for a move, more for a copy. */
function countAfter(/** @type {{id: string}[]} */ shown, /** @type {KeyboardDrag} */ drag) {
  return drag.copy ? shown.length + drag.ids.length : shown.length;
}

/**
 * The drag with its insertion index moved to `wanted` (clamped to 0…shown.length), skipping indices that would put
 * the items where they already would be (inside or right beside the lifted ones), so each step changes the position.
 * `step` is the direction (+1 or -1).
 * @param {{id: string}[]} shown
 * @param {KeyboardDrag} drag
 * @param {number} wanted
 * @param {number} step
 * @returns {KeyboardDrag}
 */
export function moveTo(shown, drag, wanted, step) {
  if (drag.target) return drag;
  const clamp = (/** @type {number} */ value) => Math.min(shown.length, Math.max(0, value));
  const now = positionAt(shown, drag, drag.index);
  let index = clamp(wanted);
  while (positionAt(shown, drag, index) === now && index !== clamp(index + step)) index = clamp(index + step);
  return positionAt(shown, drag, index) === now ? drag : { ...drag, index };
}

/**
 * The drag aimed at the next target (`back`: the previous one) in the cycle: here, then each of `targets`.
 * @param {KeyboardDrag} drag
 * @param {KeyboardTarget[]} targets
 * @param {boolean} back
 * @returns {KeyboardDrag}
 */
export function nextTarget(drag, targets, back) {
  const cycle = [null, ...targets];
  const current = cycle.findIndex((target) => sameTarget(target, drag.target));
  const next = (Math.max(0, current) + (back ? cycle.length - 1 : 1)) % cycle.length;
  return { ...drag, target: cycle[next] };
}

/** Whether two targets are the same place (null: here). */
export function sameTarget(/** @type {KeyboardTarget | null} */ a, /** @type {KeyboardTarget | null} */ b) {
  if (!a || !b) return a === b;
  return a.kind === b.kind && (a.kind !== "gallery" || (b.kind === "gallery" && a.galleryId === b.galleryId));
}

/** "3 items", "'a.png'". */
function what(/** @type {KeyboardDrag} */ drag, /** @type {(id: string) => string} */ titleOf) {
  return drag.ids.length === 1 ? `'${titleOf(drag.ids[0])}'` : `${drag.ids.length} items`;
}

/** Where the drop would go, as said: "Position 7 of 40.", "Over Trash.", "Into gallery Fruit." `place`: where the
 * items shown lie in the gallery (a window of a big one), `{offset, total}`. */
export function whereText(
  /** @type {{id: string}[]} */ shown,
  /** @type {KeyboardDrag} */ drag,
  place = { offset: 0, total: shown.length },
) {
  if (drag.target?.kind === "trash") return "Over Trash.";
  if (drag.target?.kind === "gallery") return `Into gallery ${drag.target.name}${drag.copy ? ", as copies" : ""}.`;
  if (drag.board) return `At ${boardPoint(drag.board, drag.focusId)}${drag.copy ? ", as copies" : ""}.`;
  const position = place.offset + positionAt(shown, drag, drag.index);
  const count = countAfter(shown, drag) + place.total - shown.length;
  return `Position ${position} of ${count}${drag.copy ? ", as copies" : ""}.`;
}

/** What is said when the items are lifted, by keyboard (`how`: "keys") or by a finger ("touch"). */
export function liftedText(
  /** @type {{id: string}[]} */ shown,
  /** @type {KeyboardDrag} */ drag,
  /** @type {(id: string) => string} */ titleOf,
  /** @type {string} */ how = "keys",
  place = { offset: 0, total: shown.length },
) {
  const count = drag.run?.count ?? drag.ids.length;
  const picked = count === 1 ? `Picked up ${what(drag, titleOf)}` : `Picked up ${count} items`;
  const keys = drag.board
    ? `Arrow keys move by ${BOARD_STEP} pixels, Shift+arrow by ${BOARD_FINE_STEP} pixel`
    : "Arrow keys move";
  const help =
    how === "touch"
      ? "Move your finger to where it goes and lift it; tap other items with another finger to add them."
      : `${keys}, Tab goes to the Trash or another gallery, C copies, Space or Enter drops, Escape cancels.`;
  return `${picked}. ${whereText(shown, drag, place)} ${help}`;
}

/** What is said when the drag is cancelled. */
export function cancelledText(
  /** @type {{id: string}[]} */ shown,
  /** @type {KeyboardDrag} */ drag,
  /** @type {(id: string) => string} */ titleOf,
  place = { offset: 0, total: shown.length },
) {
  const back = drag.ids.length === 1 ? "is back at" : "are back at";
  if (drag.board) return `Cancelled. ${what(drag, titleOf)} ${back} ${boardPoint(drag.board, drag.focusId, 0, 0)}.`;
  const position = place.offset + positionAt(shown, drag, drag.origin);
  return `Cancelled. ${what(drag, titleOf)} ${back} position ${position} of ${place.total}.`;
}
