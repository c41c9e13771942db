// The pointer sensor: touch and pen drags of items (the mouse drags with HTML5, dnd/localDrag.js). It only reports
// what a pointer does to the pane's drag operation (pane/dragActions.js, model/dragOperation.js), which decides when a
// press becomes a drag: in the grid and the list a long press lifts an item (moving first, or lifting the finger, is
// an ordinary scroll or tap; scrolling is never blocked before an item is lifted), and a second finger's tap adds an
// item; on the board a short move lifts it and it follows the pointer. While a finger carries items near the view's
// top or bottom edge, the view scrolls. Returns a cleanup.

import { pointerOwners } from "./pointerOwners.js";

/** How near an edge (px) the finger scrolls the view while dragging, and by how much per frame at most. */
const EDGE = 60;
const SPEED = 16;

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{enabled: () => boolean, onBoard: () => boolean,
 *   pressed: (pointerId: number, id: string, client: Point) => boolean,
 *   moved: (pointerId: number, client: Point) => void, released: (pointerId: number) => void,
 *   cancelled: (pointerId: number) => void,
 *   carries: (pointerId: number) => boolean}} Operation the pane's drag operation, as the sensor feeds it
 */

/**
 * @param {HTMLElement} container the items' container
 * @param {HTMLElement} scroller the view that scrolls
 * @param {Operation} operation
 */
export function pointerSensor(container, scroller, operation) {
  /** The pointer pressing or carrying items and its last point.
   * @type {{pointerId: number, x: number, y: number} | null} */
  let pointer = null;
  let scrolling = 0;
  const owners = pointerOwners(container);

  const stopScrolling = () => {
    if (scrolling) cancelAnimationFrame(scrolling);
    scrolling = 0;
  };
  // A finger carrying items near an edge of the grid or the list scrolls it, and the items go on pointing.
  const autoScroll = () => {
    stopScrolling();
    if (!pointer || !operation.carries(pointer.pointerId) || operation.onBoard()) return;
    const { x, y } = pointer;
    const box = scroller.getBoundingClientRect();
    const delta =
      y < box.top + EDGE
        ? -SPEED * (1 - Math.max(0, y - box.top) / EDGE)
        : y > box.bottom - EDGE
          ? SPEED * (1 - Math.max(0, box.bottom - y) / EDGE)
          : 0;
    if (!delta) return;
    scroller.scrollTop += delta;
    operation.moved(pointer.pointerId, { x, y });
    scrolling = requestAnimationFrame(autoScroll);
  };

  /** The item the press `event` presses (the drag operation took the press), or null. */
  const pressedItem = (/** @type {PointerEvent} */ event) => {
    if (event.pointerType === "mouse" || event.button !== 0 || !operation.enabled()) return null;
    const target = /** @type {Element} */ (event.target);
    const element = /** @type {HTMLElement | null} */ (
      target instanceof Element ? target.closest("[data-item-id]") : null
    );
    // A board's tile is moved from anywhere but its buttons; in the grid and the list links and videos keep the press.
    const own = operation.onBoard() ? "button" : "button, a, video, textarea";
    if (!element || !container.contains(element) || target.closest(own)) return null;
    const client = { x: event.clientX, y: event.clientY };
    return operation.pressed(event.pointerId, element.dataset.itemId ?? "", client) ? element : null;
  };
  const down = (/** @type {PointerEvent} */ event) => {
    // On the board its rule gives each press to one owner (a pan, a pinch, a resize, a marquee, a tile move), whoever
    // hears the press first: one it does not give to the tile move is left alone (dnd/pointerOwners.js).
    if (!owners.takes(event, "drag")) return;
    const element = pressedItem(event);
    if (!element) {
      owners.release(event.pointerId, "drag"); // of no use here
      return;
    }
    pointer = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    // A pinch that takes the finger (view/boardGestures.js) cancels the drag.
    owners.claim(event.pointerId, "drag", () => lose(event.pointerId, false));
    if (!operation.onBoard()) return;
    // On the board the pointer moves the item at once: no text selection, no scrolling, and it goes on off the tile.
    event.preventDefault();
    element.focus({ preventScroll: true });
    element.setPointerCapture?.(event.pointerId);
  };
  const move = (/** @type {PointerEvent} */ event) => {
    if (event.pointerId !== pointer?.pointerId) return;
    pointer = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    operation.moved(event.pointerId, { x: event.clientX, y: event.clientY });
    autoScroll();
  };
  /** The pointer `pointerId` ended: dropped (`drop`) or cancelled. */
  const lose = (/** @type {number} */ pointerId, /** @type {boolean} */ drop) => {
    if (pointerId !== pointer?.pointerId) return;
    pointer = null;
    stopScrolling();
    owners.release(pointerId, "drag");
    if (drop) operation.released(pointerId);
    else operation.cancelled(pointerId);
  };
  const ended = (/** @type {PointerEvent} */ event) => lose(event.pointerId, event.type === "pointerup");
  // Once an item is lifted, the finger moves it, not the page: its touchmoves are not scrolls (before that, they are).
  const touchMove = (/** @type {TouchEvent} */ event) => {
    if (pointer && operation.carries(pointer.pointerId) && event.cancelable) event.preventDefault();
  };

  container.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", ended);
  window.addEventListener("pointercancel", ended);
  container.addEventListener("touchmove", touchMove, { passive: false });
  return () => {
    if (pointer) lose(pointer.pointerId, false);
    container.removeEventListener("pointerdown", down);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", ended);
    window.removeEventListener("pointercancel", ended);
    container.removeEventListener("touchmove", touchMove);
  };
}
