// Resizing a board tile by its bottom-right corner handle, DOM events decoded: a primary-button press on the handle
// (mouse, pen or touch: Pointer Events, the pointer captured) reports the width the corner is dragged to while the
// pointer moves (`onPreview(id, width)`, top-left fixed, aspect kept: model/board.js resizedWidth) and once it is
// released (`onResize(id, width)`); Escape or a lost pointer cancels (`onCancel(id)`). Which press on the handle
// resizes is the board's one rule's to say (model/pressOwner.js, asked through dnd/pointerOwners.js): a primary press,
// unless Space is held (it pans) or a second finger's (it pinches, and takes the resizing finger). The handle keeps
// its presses (no tile move or marquee starts from them, and the page does not see them), no HTML5 drag starts from
// it, and its click does not select. Its listeners listen in the bubble phase. The handle is for the pointer only
// (aria-hidden): the item menu's Make Larger and Make Smaller are the keyboard's way.

import { pointerOwners } from "../dnd/pointerOwners.js";
import { resizedWidth } from "../model/board.js";

/** The corner handle's class. */
export const HANDLE = "resize-handle";

/**
 * @typedef {{width: number, aspect: number, zoom: number}} ResizeStart an item's width (board units), its height /
 *   width, and the board's zoom, as a resize starts
 * @typedef {{
 *   enabled: () => boolean,
 *   startOf: (id: string) => ResizeStart | null,
 *   onPreview: (id: string, width: number) => void,
 *   onResize: (id: string, width: number) => void,
 *   onCancel: (id: string) => void,
 * }} ResizeIntents
 */

/** Gives `tile` its corner handle when `enabled` (a pane that may change the board), or takes it away. */
export function showResizeHandle(/** @type {HTMLElement} */ tile, /** @type {boolean} */ enabled) {
  const handle = tile.querySelector(`:scope > .${HANDLE}`);
  if (enabled && !handle) {
    const element = document.createElement("span");
    element.className = HANDLE;
    element.setAttribute("aria-hidden", "true");
    tile.append(element);
  } else if (!enabled && handle) {
    handle.remove();
  }
}

/**
 * Listens on `list` (the board's items) for resizes until `signal` aborts. Returns what others ask of it: whether a key
 * is the resize's (Escape while one is under way), whether a click is the handle's (it selects nothing), and whether
 * an HTML5 drag starting now is refused (from the handle, or while a resize is under way).
 * @param {HTMLElement} list
 * @param {ResizeIntents} intents
 * @param {AbortSignal} signal
 */
export function listenToResize(list, intents, signal) {
  /** @type {{id: string, pointerId: number, tile: HTMLElement, x: number, y: number, from: ResizeStart, width: number} | null} */
  let resizing = null;
  const owners = pointerOwners(list);
  const onHandle = (/** @type {Event} */ event) =>
    event.target instanceof Element && event.target.closest(`.${HANDLE}`) !== null;
  const ours = (/** @type {PointerEvent} */ event) => resizing !== null && event.pointerId === resizing.pointerId;
  const finish = (/** @type {boolean} */ keep) => {
    if (!resizing) return;
    const { id, tile, from, width, pointerId } = resizing;
    resizing = null;
    owners.release(pointerId, "resize");
    delete tile.dataset.resizing;
    if (keep && width !== from.width) intents.onResize(id, width);
    else intents.onCancel(id);
  };
  const takesKey = (/** @type {KeyboardEvent} */ event) => resizing !== null && event.key === "Escape";

  list.addEventListener(
    "pointerdown",
    (event) => {
      if (!onHandle(event)) return;
      const owner = owners.ownerOfPress(event);
      if (owner === "pan" || owner === "pinch") return; // the gestures' (view/boardGestures.js)
      // The handle's press is its own: no text selection, and the page does not see it (an open menu stays open).
      event.preventDefault();
      event.stopPropagation();
      if (owner !== "resize") return;
      const handle = /** @type {Element} */ (event.target).closest(`.${HANDLE}`);
      const tile = /** @type {HTMLElement | null} */ (handle?.closest("[data-item-id]") ?? null);
      const from = tile ? intents.startOf(tile.dataset.itemId) : null;
      if (!tile || !handle || !from) {
        owners.release(event.pointerId, "resize");
        return;
      }
      handle.setPointerCapture?.(event.pointerId);
      tile.focus({ preventScroll: true });
      tile.dataset.resizing = "true";
      resizing = {
        id: tile.dataset.itemId,
        pointerId: event.pointerId,
        tile,
        x: event.clientX,
        y: event.clientY,
        from,
        width: from.width,
      };
      owners.claim(event.pointerId, "resize", () => finish(false)); // a pinch took the finger
    },
    { signal },
  );
  // The handle captures the pointer: its moves and its release come here.
  list.addEventListener(
    "pointermove",
    (event) => {
      if (!resizing || !ours(event)) return;
      const { from } = resizing;
      const width = resizedWidth(
        from.width,
        from.aspect,
        from.zoom,
        event.clientX - resizing.x,
        event.clientY - resizing.y,
      );
      if (width === resizing.width) return;
      resizing.width = width;
      intents.onPreview(resizing.id, width);
    },
    { signal },
  );
  list.addEventListener("pointerup", (event) => ours(event) && finish(true), { signal });
  for (const type of ["pointercancel", "lostpointercapture"]) {
    list.addEventListener(
      type,
      (event) => {
        if (ours(/** @type {PointerEvent} */ (event))) finish(false);
      },
      { signal },
    );
  }
  // Escape cancels a resize (the items' key listener leaves it alone: `takesKey`); the page's shortcuts do not see it
  // either (Escape would clear the selection).
  list.addEventListener(
    "keydown",
    (event) => {
      if (!takesKey(event)) return;
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    },
    { signal },
  );

  return {
    takesKey,
    /** Whether a click is on the handle: the click that ends a press there does not select the item. */
    takesClick: onHandle,
    /** Whether an HTML5 drag starting now is refused: none from the handle, or while a resize is under way. */
    refusesDrag: (/** @type {DragEvent} */ event) => resizing !== null || onHandle(event),
  };
}
