// The board's pointers (view/board.js): every press on the board's element goes to one owner (the pan and pinch
// gestures, view/boardGestures.js; a corner handle's resize, view/boardResize.js; a tile move by a finger or a pen,
// dnd/pointerSensor.js; the marquee, view/boardMarquee.js; or no one), chosen by the board's one rule
// (model/pressOwner.js) from where the press lands (`pressTarget`), what presses, and what already holds pointers
// there. The rule is given to the element's pointer owners (dnd/pointerOwners.js), which every listener asks, in the
// bubble phase and in whatever order they hear the press; here the pointers' ends are told to them, and the gestures,
// the resizes and the marquee are started on the board.

import { pointerOwners } from "../dnd/pointerOwners.js";
import { panBy, pinchStep } from "../model/board.js";
import { ownerOfPress } from "../model/pressOwner.js";
import { boardGestures } from "./boardGestures.js";
import { HANDLE, listenToResize } from "./boardResize.js";

/**
 * @typedef {{spaceHeld: () => boolean, canResize: () => boolean, itemsMoving: () => boolean}} BoardFacts what the
 *   rule reads of the board as a press lands: whether Space is held for panning, whether tiles may be resized, and
 *   whether items are being moved
 */

/** Where a press on the board lands: a tile's corner handle, a button, elsewhere on a tile, or empty board space. */
export function pressTarget(/** @type {EventTarget | null} */ target) {
  if (!(target instanceof Element)) return null;
  if (target.closest(`.${HANDLE}`)) return "handle";
  if (target.closest("button")) return "button";
  return target.closest("[data-item-id]") ? "tile" : "space";
}

/** Gives the presses on `list` (the board's items) to their owners by the board's rule, until `signal` aborts. */
export function routeBoardPresses(
  /** @type {HTMLElement} */ list,
  /** @type {BoardFacts} */ { spaceHeld, canResize, itemsMoving },
  /** @type {AbortSignal} */ signal,
) {
  const owners = pointerOwners(list);
  const unroute = owners.route((/** @type {PointerEvent} */ event, held) =>
    ownerOfPress(
      {
        pointerType: event.pointerType,
        button: event.button,
        on: pressTarget(event.target),
        spaceHeld: spaceHeld(),
        canResize: canResize(),
        itemsMoving: itemsMoving(),
      },
      held,
    ),
  );
  // A pointer's end, wherever it goes up (a finger may leave the board): it is no one's any more.
  const ended = (/** @type {PointerEvent} */ event) => owners.ended(event.pointerId);
  window.addEventListener("pointerup", ended, { signal });
  window.addEventListener("pointercancel", ended, { signal });
  signal.addEventListener("abort", unroute, { once: true });
}

/**
 * Listens to the pointers on `board` (the board view) until `signal` aborts: routes its presses, and runs its pan and
 * pinch gestures, its corner handles' resizes and its marquee. Returns what the board's other listeners ask: whether
 * a click ends a pan or is a handle's (it selects nothing), whether a key on an item is a resize's, and whether an
 * HTML5 drag starting now is refused (a gesture or a resize has the pointer).
 * @param {import("./board.js").BoardView} board
 * @param {AbortSignal} signal
 */
export function listenToBoardPointers(board, signal) {
  const { list } = board;
  const resize = listenToResize(
    list,
    {
      enabled: () => board.menuEnabled,
      startOf: (id) => board.resizeStart(id),
      onPreview: (id, width) => board.previewResize({ id, width }),
      onResize: (id, width) => {
        board.intents.onResize(id, width); // shown at once (the pane's optimistic change), so no flash back
        board.previewResize(null);
      },
      onCancel: () => board.previewResize(null),
    },
    signal,
  );
  const gestures = boardGestures(
    list,
    {
      onPan: (dx, dy) => board.panTo(panBy(board.transform, dx, dy)),
      onPinch: (before, after) => board.panTo(pinchStep(board.transform, before, after)),
      spaceIsTaken: () => board.keyboardDrag, // Space drops items lifted by keyboard
      onSpaceTap: (target) => board.spaceTap(target),
    },
    signal,
  );
  routeBoardPresses(
    list,
    {
      spaceHeld: gestures.holdsSpace,
      canResize: () => board.menuEnabled,
      itemsMoving: () => board.moving !== null,
    },
    signal,
  );
  list.addEventListener("pointerdown", (event) => board.pointerDown(event), { signal });
  list.addEventListener("pointermove", (event) => board.pointerMove(event), { signal });
  list.addEventListener("pointerup", (event) => board.marquee.end(event), { signal });
  list.addEventListener("pointercancel", () => board.marquee.cancel(), { signal });
  list.addEventListener("pointerleave", () => board.forgetPointer(), { signal });
  return {
    takesClick: (/** @type {MouseEvent} */ event) => gestures.takesClick() || resize.takesClick(event),
    takesKey: resize.takesKey,
    refusesDrag: (/** @type {DragEvent} */ event) => gestures.busy() || resize.refusesDrag(event),
  };
}
