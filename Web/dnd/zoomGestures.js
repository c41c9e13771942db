// Gestures that change the number of images per row: Ctrl/Cmd + wheel (and trackpad pinch, which browsers send as
// Ctrl + wheel), a two-finger touch pinch, and the + / − keys. Each registration returns a cleanup.

import { perRowAfterPinch, perRowAfterWheel } from "../model/zoom.js";
import { isTextField } from "./textFields.js";

/** `acceptsKeys()` says whether the + / − keys are for this element now (with two panes, only the active one's);
 * `enabled()` whether there are images per row to change at all (the grid; not the list). */
export function zoomGestures(element, { getPerRow, setPerRow, acceptsKeys = () => true, enabled = () => true }) {
  let wheelRemainder = 0;
  const wheel = (event) => {
    if ((!event.ctrlKey && !event.metaKey) || !enabled()) return;
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 20 : event.deltaMode === 2 ? 400 : 1;
    const result = perRowAfterWheel(getPerRow(), wheelRemainder + event.deltaY * unit);
    wheelRemainder = result.remainder;
    if (result.perRow !== getPerRow()) setPerRow(result.perRow);
  };

  const touches = new Map();
  let pinchStart = null;
  const distance = () => {
    const [a, b] = [...touches.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const down = (event) => {
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2 && enabled()) pinchStart = { distance: distance(), perRow: getPerRow() };
  };
  const move = (event) => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2 && pinchStart && pinchStart.distance > 0) {
      const next = perRowAfterPinch(pinchStart.perRow, distance() / pinchStart.distance);
      if (next !== getPerRow()) setPerRow(next);
    }
  };
  const up = (event) => {
    touches.delete(event.pointerId);
    if (touches.size < 2) pinchStart = null;
  };

  const key = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !acceptsKeys() || !enabled()) return;
    if (isTextField(event.target)) return;
    if (event.key === "+" || event.key === "=") setPerRow(getPerRow() - 1);
    else if (event.key === "-" || event.key === "_") setPerRow(getPerRow() + 1);
    else return;
    event.preventDefault();
  };

  element.addEventListener("wheel", wheel, { passive: false });
  element.addEventListener("pointerdown", down);
  element.addEventListener("pointermove", move);
  element.addEventListener("pointerup", up);
  element.addEventListener("pointercancel", up);
  document.addEventListener("keydown", key);
  element.style.touchAction = "pan-y";
  return () => {
    element.removeEventListener("wheel", wheel);
    element.removeEventListener("pointerdown", down);
    element.removeEventListener("pointermove", move);
    element.removeEventListener("pointerup", up);
    element.removeEventListener("pointercancel", up);
    document.removeEventListener("keydown", key);
  };
}
