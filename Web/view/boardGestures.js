// The board's pan and zoom gestures (view/board.js), decoded from DOM events into `onPan(dx, dy)` (screen pixels) and
// `onPinch(before, after)` (two touch points before and after a step, relative to the board's element; the math is
// model/board.js pinchStep):
// - Space + drag pans. A Space press claims Space for panning when the pointer is over the board and focus is not where
//   Space types or chooses (a text field, a select, a dialog, a menu); then it does not also act on the focused item
//   (toggle its selection) or press a focused button, and the board shows a grab cursor (grabbing while dragging) until
//   Space is released. A Space press with the pointer elsewhere keeps its usual meaning, and so do its repeats, and so
//   does one while items are lifted by keyboard (`spaceIsTaken`): it drops them. A claimed Space released with no pan
//   is a tap: `onSpaceTap(target)` (the element the press went to), so that a keyboard user whose pointer happens to
//   rest on the board still lifts the focused item with Space. The claim is asked, not imposed: the items' own key
//   listener asks `spaceIsPanning(event)` before acting on Space, and the claimed key's native actions (a button's
//   press, scrolling) are prevented here.
//   While Space is claimed, a primary-button drag anywhere on the board, over tiles too, pans.
// - A middle-button drag pans (anywhere on the board; no autoscroll, and no paste of the X11 selection).
// - Two touch pointers pan by their centroid's movement and pinch-zoom around it. The first finger's press has gone
//   to its owner (it may have started something, such as a tile move): the second finger's press takes both
//   (model/pressOwner.js, dnd/pointerOwners.js), so whoever had the first finger loses it, and both belong to the
//   gesture until they lift.
// Which press pans or pinches is the board's one rule's to say (model/pressOwner.js), asked through
// dnd/pointerOwners.js; every listener here listens in the bubble phase. A press that pans or pinches, and a pan's
// moves, are the board's own: no native action, and they go no further (preventDefault, stopImmediatePropagation), so
// nothing else on the page sees them (an open menu stays open, the pane is not made active by them); that decides no
// owner (the rule did), it only keeps the gesture's events from the page. No HTML5 drag starts while Space is claimed
// or a pan or pinch is under way (`busy`, asked by the mouse sensor), the click that ends a pan selects nothing
// (`takesClick`, asked by the items' click listener), and the paste a middle button's release sends is dropped.
// Everything is registered with `signal` and ends when it aborts.

import { pointerOwners } from "../dnd/pointerOwners.js";
import { TEXT_FIELD } from "../dnd/textFields.js";

/** Where Space types or chooses: Space keeps its meaning there. */
const SPACE_IS_THEIRS = `${TEXT_FIELD}, dialog, [role=menu]`;

/** How long (ms) after a pan ends its click is swallowed. */
const CLICK_AFTER_PAN = 500;

/** Each board's Space claim (with two panes, two boards): whether it takes a keydown's Space. @type {Set<(event:
 * KeyboardEvent) => boolean>} */
const spaceClaims = new Set();

/** Whether a board takes this keydown's Space for panning (the pointer is over it): then Space is not the focused
 * item's. Decided at the key's first keydown by whoever asks first; the same answer for everyone after. */
export function spaceIsPanning(/** @type {KeyboardEvent} */ event) {
  for (const claims of spaceClaims) if (claims(event)) return true;
  return false;
}

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{onPan: (dx: number, dy: number) => void, onPinch: (before: [Point, Point], after: [Point, Point]) => void,
 *   spaceIsTaken?: () => boolean, onSpaceTap?: (target: Element | null) => void}} GestureHandlers
 */

/**
 * Listens for the pan and zoom gestures on `surface` (the board's element) until `signal` aborts. Returns what others
 * ask of them: whether Space is held for panning, whether a gesture is under way (no HTML5 drag then), and whether a
 * click ends a pan (asked once for each click).
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
  const pinching = new Set();
  let swallowClickUntil = 0;
  let swallowPasteUntil = 0;
  const owners = pointerOwners(surface);

  const showCursor = () => {
    if (pans.size) surface.dataset.gesture = "grabbing";
    else if (spaceClaimed) surface.dataset.gesture = "grab";
    else delete surface.dataset.gesture;
  };
  /** A press or move of the gestures' own: no native action, and nothing else on the page sees it. */
  const consume = (/** @type {Event} */ event) => {
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
  /** Whether the click `now` ends a pan; a click is asked about once (it is swallowed, and the next is not). */
  const takesClick = () => {
    if (performance.now() > swallowClickUntil) return false;
    swallowClickUntil = 0;
    return true;
  };

  /** Whether this board takes the keydown's Space for panning: claimed at the first press, kept until release. */
  const claimSpace = (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== " " || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (!spaceClaimed) {
      const target = /** @type {Element | null} */ (event.target);
      if (event.repeat || !surface.matches(":hover") || target?.closest?.(SPACE_IS_THEIRS) || spaceIsTaken())
        return false;
      spaceClaimed = true;
      spacePress = { target, panned: false };
      showCursor();
    }
    return true;
  };
  spaceClaims.add(claimSpace);
  const releaseSpace = () => {
    spaceClaimed = false;
    spacePress = null;
    showCursor();
  };
  // A claimed Space scrolls nothing and presses no focused button (the items' listener asked already).
  window.addEventListener("keydown", (event) => claimSpace(event) && event.preventDefault(), { signal });
  window.addEventListener(
    "keyup",
    (event) => {
      if (event.key !== " " || !spaceClaimed) return;
      event.preventDefault(); // a focused button is not pressed either
      const press = spacePress;
      releaseSpace();
      if (press && !press.panned) onSpaceTap?.(press.target);
    },
    { signal },
  );
  window.addEventListener("blur", releaseSpace, { signal });

  surface.addEventListener(
    "pointerdown",
    (event) => {
      swallowClickUntil = 0;
      const owner = owners.ownerOfPress(event);
      if (event.pointerType === "touch") touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (owner === "pinch") {
        consume(event);
        for (const id of touches.keys()) pinching.add(id); // the first finger too: the rule took it from its owner
        return;
      }
      if (owner !== "pan") return;
      consume(event);
      if (spacePress) spacePress.panned = true;
      pans.set(event.pointerId, { x: event.clientX, y: event.clientY });
      try {
        surface.setPointerCapture(event.pointerId); // the pan goes on outside the board
      } catch {
        // the pointer is gone already
      }
      showCursor();
    },
    { signal },
  );

  // A pan's pointer is captured by the surface: its moves come here.
  surface.addEventListener(
    "pointermove",
    (event) => {
      const pan = pans.get(event.pointerId);
      if (!pan) return;
      consume(event);
      const dx = event.clientX - pan.x;
      const dy = event.clientY - pan.y;
      pans.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (dx || dy) onPan(dx, dy);
    },
    { signal },
  );
  // Fingers are followed on the window: one may leave the board. Their moves go on to others, who leave them alone
  // (a finger the pinch took is no one else's).
  window.addEventListener(
    "pointermove",
    (event) => {
      const touch = touches.get(event.pointerId);
      if (!touch) return;
      const pair = [...touches.keys()].slice(0, 2);
      const box = surface.getBoundingClientRect();
      const before = /** @type {[Point, Point]} */ (pair.map((id) => local(touches.get(id) ?? touch, box)));
      touches.set(event.pointerId, { ...touch, x: event.clientX, y: event.clientY });
      if (!pinching.has(event.pointerId)) return;
      event.preventDefault();
      if (touches.size < 2 || !pair.includes(event.pointerId)) return;
      const after = /** @type {[Point, Point]} */ (pair.map((id) => local(touches.get(id) ?? touch, box)));
      onPinch(before, after);
    },
    { signal },
  );

  const pointerEnded = (/** @type {PointerEvent} */ event) => {
    if (pans.delete(event.pointerId)) {
      owners.release(event.pointerId, "pan");
      panEnded();
      showCursor();
    }
    touches.delete(event.pointerId);
    if (pinching.delete(event.pointerId)) {
      owners.release(event.pointerId, "pinch");
      if (!pinching.size) panEnded();
    }
  };
  window.addEventListener("pointerup", pointerEnded, { signal });
  window.addEventListener("pointercancel", pointerEnded, { signal });
  surface.addEventListener("lostpointercapture", (event) => pans.has(event.pointerId) && pointerEnded(event), {
    signal,
  });

  // No autoscroll, and nothing else, on a middle-button press; no auxclick from a pan (no link opens in a new tab).
  surface.addEventListener("mousedown", (event) => event.button === 1 && event.preventDefault(), { signal });
  surface.addEventListener("auxclick", (event) => takesClick() && event.preventDefault(), { signal });
  // Nor a paste: on Linux, releasing the middle button pastes the text last selected anywhere (it would be a note).
  surface.addEventListener("mouseup", (event) => event.button === 1 && event.preventDefault(), { signal });
  // The paste goes to the focused element or the body, so it passes the body before the page's paste listener on the
  // document (dnd/externalDrop.js pasteTarget), which leaves a paste taken here alone.
  document.body.addEventListener(
    "paste",
    (event) => {
      if (performance.now() <= swallowPasteUntil) event.preventDefault();
    },
    { signal },
  );

  signal.addEventListener(
    "abort",
    () => {
      spaceClaims.delete(claimSpace);
      delete surface.dataset.gesture;
    },
    { once: true },
  );

  return {
    /** Whether Space is held for panning (a primary press pans then). */
    holdsSpace: () => spaceClaimed,
    /** Whether Space is held for panning, or a pan or pinch is under way: no HTML5 drag starts then. */
    busy: () => spaceClaimed || pans.size > 0 || pinching.size > 0,
    takesClick,
  };
}
