// The viewer stage's pointer gestures, decoded into the viewer machine's inputs (model/viewer.js): the wheel (and a
// trackpad's pinch, which browsers send as Ctrl + wheel) zooms around the pointer, two fingers pinch and pan, a drag
// pans an image zoomed in, a swipe (touch or pen) steps, a double click on the image toggles fit and 100% there, and
// a click on the dark backdrop around the item closes the viewer. Returns the cleanup.

import { TAP_MS } from "../model/tap.js";

/** What is the item itself (or a control): a click there is not a click on the backdrop. */
const NOT_BACKDROP = ".viewer-object, button, a, input, textarea, video, select, label";
/** How far (CSS pixels) a pointer may move and still click; how far a swipe goes. */
const CLICK_SLOP = 6;
const SWIPE = 60;
/** How soon after the viewer opened (ms) a finger's click is the second tap of a double tap that opened it (on a
 * touch screen the first tap opens it, model/tap.js): it neither closes the viewer nor zooms. */
const OPENING_MS = TAP_MS;

/**
 * @param {HTMLElement} stage
 * @param {{input(input: {type: string, [key: string]: any}): void, close(): void, openedAt(): number}} intents
 *   `openedAt`: when the viewer last opened (`performance.now()`)
 */
export function viewerGestures(stage, intents) {
  const pointers = new Map();
  let moved = 0;
  let start = null;
  let pinching = false;
  /** Where the pointer went down: a click there on the backdrop closes (a drag's pointer is captured by the stage). */
  let downTarget = null;
  /** The type of the pointer last pressed ("mouse", "pen", "touch"). */
  let lastType = "";
  const at = (/** @type {{clientX: number, clientY: number}} */ event) => {
    const box = stage.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const points = () => [...pointers.values()].map((pointer) => pointer.point);

  const zoomable = () => stage.dataset.zoom === "fit" || stage.dataset.zoom === "in";
  const wheel = (/** @type {WheelEvent} */ event) => {
    if (!zoomable()) return; // a long note or a link's card scrolls
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    intents.input({ type: "wheelTurned", deltaY: event.deltaY * unit, pinch: event.ctrlKey, at: at(event) });
  };
  const down = (/** @type {PointerEvent} */ event) => {
    if (event.button !== 0 || /** @type {HTMLElement} */ (event.target).closest("button, a, input, textarea, video"))
      return;
    pointers.set(event.pointerId, { point: at(event), type: event.pointerType, captured: false });
    lastType = event.pointerType;
    if (pointers.size === 1) {
      moved = 0;
      downTarget = /** @type {HTMLElement} */ (event.target);
      start = at(event);
      intents.input({ type: "inputSeen" });
    } else if (pointers.size === 2) {
      pinching = true;
      intents.input({ type: "pinchStarted", points: points() });
    }
  };
  const move = (/** @type {PointerEvent} */ event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    const point = at(event);
    const dx = point.x - pointer.point.x;
    const dy = point.y - pointer.point.y;
    pointer.point = point;
    moved += Math.hypot(dx, dy);
    // A drag of an image zoomed in goes on past the stage's edge (and the window's): the stage keeps the pointer.
    if (!pointer.captured && moved > CLICK_SLOP && stage.dataset.zoom === "in") {
      pointer.captured = true;
      stage.setPointerCapture?.(event.pointerId);
    }
    if (pointers.size >= 2) intents.input({ type: "pinchMoved", points: points().slice(0, 2) });
    else if (!pinching) intents.input({ type: "dragged", dx, dy });
  };
  const up = (/** @type {PointerEvent} */ event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    pointers.delete(event.pointerId);
    if (pinching) {
      if (pointers.size < 2) intents.input({ type: "pinchEnded" });
      if (pointers.size === 0) pinching = false;
      return;
    }
    // A quick horizontal swipe of a finger or a pen steps to the previous or next item.
    const end = at(event);
    const dx = end.x - (start?.x ?? end.x);
    const dy = end.y - (start?.y ?? end.y);
    if (
      pointer.type !== "mouse" &&
      event.type === "pointerup" &&
      Math.abs(dx) > SWIPE &&
      Math.abs(dx) > 2 * Math.abs(dy)
    )
      intents.input({ type: "stepWanted", by: dx < 0 ? 1 : -1 });
  };
  const secondTap = () => lastType === "touch" && performance.now() - intents.openedAt() < OPENING_MS;
  const click = (/** @type {MouseEvent} */ event) => {
    if (moved > CLICK_SLOP || secondTap()) return; // the end of a drag or a swipe, or of the double tap that opened it
    const target = downTarget ?? /** @type {HTMLElement} */ (event.target);
    downTarget = null;
    if (target.closest(NOT_BACKDROP) || /** @type {HTMLElement} */ (event.target).closest(NOT_BACKDROP)) return;
    intents.close();
  };
  const doubleClick = (/** @type {MouseEvent} */ event) => {
    if (!(/** @type {HTMLElement} */ (event.target).closest(".viewer-image")) || secondTap()) return;
    event.preventDefault();
    intents.input({ type: "zoomWanted", how: "toggle", at: at(event) });
  };

  const listening = new AbortController();
  const { signal } = listening;
  stage.addEventListener("wheel", wheel, { passive: false, signal });
  stage.addEventListener("pointerdown", down, { signal });
  stage.addEventListener("pointermove", move, { signal });
  stage.addEventListener("pointerup", up, { signal });
  stage.addEventListener("pointercancel", up, { signal });
  stage.addEventListener("click", click, { signal });
  stage.addEventListener("dblclick", doubleClick, { signal });
  return () => listening.abort();
}
