// The board's pan and zoom gestures (view/board.js), decoded from DOM events into `onPan(dx, dy)` (screen pixels) and
// `onPinch(before, after)` (two touch points before and after a step, relative to the board's element; the math is
// model/board.js pinchStep):
// - Space + drag pans. A Space press claims Space for panning when the pointer is over the board and focus is not where
//   Space types or chooses (a text field, a select, a dialog, a menu); then it does not also act on the focused item
//   (toggle its selection) or press a focused button, and the board shows a grab cursor (grabbing while dragging) until
//   Space is released. A Space press with the pointer elsewhere keeps its usual meaning, and so do its repeats, and so
//   does one while items are lifted by keyboard (`spaceIsTaken`): it drops them. A claimed Space released with no pan
//   is a tap: `onSpaceTap(target)` (the element the press went to), so that a keyboard user whose pointer happens to
//   rest on the board still lifts the focused item with Space.
//   While Space is claimed, a primary-button drag anywhere on the board, over tiles too, pans.
// - A middle-button drag pans (anywhere on the board; no autoscroll, and no paste of the X11 selection).
// - Two touch pointers pan by their centroid's movement and pinch-zoom around it. The first finger's pointerdown has
//   gone through (it may have started something, such as a tile move): when the second goes down, the gesture claims
//   both (dnd/pointerOwners.js), so whoever had the first finger loses it, and both belong to the gesture until they
//   lift.
// The gestures claim their pointers first: their listeners are on the board's element in the capture phase, and a
// claimed pointerdown, and its moves, are stopped (preventDefault and stopImmediatePropagation) so no tile move, HTML5
// drag, marquee or resize handle sees them; no HTML5 drag starts while Space is claimed or a pan is under way, and the
// click that ends a pan selects nothing. Pointerup and pointercancel go through (whoever tracks pointers forgets them).
// Everything is registered with `signal` and ends when it aborts.

import { pointerOwners } from "../dnd/pointerOwners.js";
import { TEXT_FIELD } from "../dnd/textFields.js";

/** Where Space types or chooses: Space keeps its meaning there. */
const SPACE_IS_THEIRS = `${TEXT_FIELD}, dialog, [role=menu]`;

/** How long (ms) after a pan ends its click is swallowed. */
const CLICK_AFTER_PAN = 500;

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{onPan: (dx: number, dy: number) => void, onPinch: (before: [Point, Point], after: [Point, Point]) => void,
 *   spaceIsTaken?: () => boolean, onSpaceTap?: (target: Element | null) => void}} GestureHandlers
 */

/**
 * Listens for the pan and zoom gestures on `surface` (the board's element) until `signal` aborts.
 * @param {HTMLElement} surface
 * @param {GestureHandlers} handlers
 * @param {AbortSignal} signal
 */
export function boardGestures(surface, { onPan, onPinch, spaceIsTaken = () => false, onSpaceTap }, signal) {
  let spaceClaimed = false;
  /** While Space is claimed: the element its press went to, and whether a pan started since.
   * @type {{target: Element | null, panned: boolean} | null} */
  let spacePress = null;
  /** Mouse and pen pans under way: pointer id → its last client point. @type {Map<number, Point>} */
  const pans = new Map();
  /** Every touch pointer down on the board: pointer id → its last client point. @type {Map<number, Point>} */
  const touches = new Map();
  /** The touch pointers the two-finger gesture owns. @type {Set<number>} */
  const claimedTouches = new Set();
  let swallowClickUntil = 0;
  let swallowPasteUntil = 0;
  const owners = pointerOwners(surface);

  const showCursor = () => {
    if (pans.size) surface.dataset.gesture = "grabbing";
    else if (spaceClaimed) surface.dataset.gesture = "grab";
    else delete surface.dataset.gesture;
  };
  const claim = (/** @type {Event} */ event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const panEnded = () => {
    swallowClickUntil = performance.now() + CLICK_AFTER_PAN;
    swallowPasteUntil = swallowClickUntil;
  };
  /** A client point relative to the surface. */
  const local = (/** @type {Point} */ point, /** @type {DOMRect} */ box) => ({
    x: point.x - box.left,
    y: point.y - box.top,
  });

  const options = { capture: true, signal };

  window.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== " " || event.ctrlKey || event.metaKey || event.altKey) return;
      if (!spaceClaimed) {
        const target = /** @type {Element | null} */ (event.target);
        if (event.repeat || !surface.matches(":hover") || target?.closest?.(SPACE_IS_THEIRS) || spaceIsTaken()) return;
        spaceClaimed = true;
        spacePress = { target, panned: false };
        showCursor();
      }
      claim(event); // not the focused item's Space, not a button press, no scrolling
    },
    options,
  );
  const releaseSpace = () => {
    spaceClaimed = false;
    spacePress = null;
    showCursor();
  };
  window.addEventListener(
    "keyup",
    (event) => {
      if (event.key !== " " || !spaceClaimed) return;
      claim(event); // a focused button is not pressed either
      const press = spacePress;
      releaseSpace();
      if (press && !press.panned) onSpaceTap?.(press.target);
    },
    options,
  );
  window.addEventListener("blur", releaseSpace, { signal });

  surface.addEventListener(
    "pointerdown",
    (event) => {
      swallowClickUntil = 0;
      if (event.pointerType === "touch") {
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (touches.size < 2) return;
        claim(event);
        // The finger that went down first may have started something (a tile move, a marquee, a resize): it loses it.
        for (const id of touches.keys()) {
          if (claimedTouches.has(id)) continue;
          claimedTouches.add(id);
          owners.claim(id, "gesture");
        }
        return;
      }
      if (event.button !== 1 && !(event.button === 0 && spaceClaimed)) return;
      claim(event);
      if (spacePress) spacePress.panned = true;
      pans.set(event.pointerId, { x: event.clientX, y: event.clientY });
      try {
        surface.setPointerCapture(event.pointerId); // the pan goes on outside the board
      } catch {
        // the pointer is gone already
      }
      showCursor();
    },
    options,
  );

  // Moves and ends are followed on the window: a finger or a captured pointer may leave the board.
  window.addEventListener(
    "pointermove",
    (event) => {
      const pan = pans.get(event.pointerId);
      if (pan) {
        claim(event);
        const dx = event.clientX - pan.x;
        const dy = event.clientY - pan.y;
        pans.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (dx || dy) onPan(dx, dy);
        return;
      }
      const touch = touches.get(event.pointerId);
      if (!touch) return;
      const pair = [...touches.keys()].slice(0, 2);
      const box = surface.getBoundingClientRect();
      const before = /** @type {[Point, Point]} */ (pair.map((id) => local(touches.get(id) ?? touch, box)));
      touches.set(event.pointerId, { ...touch, x: event.clientX, y: event.clientY });
      if (!claimedTouches.has(event.pointerId)) return;
      claim(event);
      if (touches.size < 2 || !pair.includes(event.pointerId)) return;
      const after = /** @type {[Point, Point]} */ (pair.map((id) => local(touches.get(id) ?? touch, box)));
      onPinch(before, after);
    },
    options,
  );

  const pointerEnded = (/** @type {PointerEvent} */ event) => {
    if (pans.delete(event.pointerId)) {
      panEnded();
      showCursor();
    }
    touches.delete(event.pointerId);
    owners.release(event.pointerId, "gesture");
    if (claimedTouches.delete(event.pointerId) && !claimedTouches.size) panEnded();
  };
  window.addEventListener("pointerup", pointerEnded, options);
  window.addEventListener("pointercancel", pointerEnded, options);
  surface.addEventListener("lostpointercapture", (event) => pans.has(event.pointerId) && pointerEnded(event), options);

  // No autoscroll, and nothing else, on a middle-button press; no click, auxclick or HTML5 drag from a pan.
  surface.addEventListener("mousedown", (event) => event.button === 1 && event.preventDefault(), options);
  const swallowClick = (/** @type {MouseEvent} */ event) => {
    if (performance.now() > swallowClickUntil) return;
    swallowClickUntil = 0;
    claim(event);
  };
  surface.addEventListener("click", swallowClick, options);
  surface.addEventListener("auxclick", swallowClick, options);
  // Nor a paste: on Linux, releasing the middle button pastes the text last selected anywhere (it would be a note).
  surface.addEventListener("mouseup", (event) => event.button === 1 && event.preventDefault(), options);
  window.addEventListener(
    "paste",
    (event) => {
      if (performance.now() <= swallowPasteUntil) claim(event);
    },
    options,
  );
  surface.addEventListener(
    "dragstart",
    (event) => {
      if (spaceClaimed || pans.size || claimedTouches.size) claim(event);
    },
    options,
  );

  signal.addEventListener("abort", () => delete surface.dataset.gesture, { once: true });
}
