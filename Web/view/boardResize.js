// Resizing a board tile by its bottom-right corner handle, DOM events decoded: a primary-button press on the handle
// (mouse, pen or touch: Pointer Events, the pointer captured) reports the width the corner is dragged to while the
// pointer moves (`onPreview(id, width)`, top-left fixed, aspect kept: model/board.js resizedWidth) and once it is
// released (`onResize(id, width)`); Escape or a lost pointer cancels (`onCancel(id)`). The handle claims its pointer:
// the press goes no further (no tile move, marquee or pan starts), no HTML5 drag starts from it, and its click does
// not select. The handle is for the pointer only (aria-hidden): the item menu's Make Larger and Make Smaller are the
// keyboard's way.

import { pointerOwners } from "../dnd/pointerOwners.js";
import { resizedWidth } from "../model/board.js";

const HANDLE = "resize-handle";

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
 * Listens on `list` (the board's items) for resizes until `signal` aborts.
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
  const options = { capture: true, signal };

  list.addEventListener(
    "pointerdown",
    (event) => {
      if (!onHandle(event)) return;
      event.preventDefault(); // the handle's press is its own: no text selection, tile move, marquee or pan
      event.stopPropagation();
      if (resizing || event.button !== 0 || !intents.enabled()) return;
      const handle = /** @type {Element} */ (event.target).closest(`.${HANDLE}`);
      const tile = /** @type {HTMLElement | null} */ (handle?.closest("[data-item-id]") ?? null);
      const from = tile ? intents.startOf(tile.dataset.itemId) : null;
      if (!tile || !handle || !from) return;
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
    options,
  );
  list.addEventListener(
    "pointermove",
    (event) => {
      if (!resizing || !ours(event)) return;
      event.stopPropagation();
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
    options,
  );
  list.addEventListener(
    "pointerup",
    (event) => {
      if (!ours(event)) return;
      event.stopPropagation();
      finish(true);
    },
    options,
  );
  for (const type of ["pointercancel", "lostpointercapture"]) {
    list.addEventListener(
      type,
      (event) => {
        if (ours(/** @type {PointerEvent} */ (event))) finish(false);
      },
      options,
    );
  }
  list.addEventListener(
    "keydown",
    (event) => {
      if (!resizing || event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    },
    options,
  );
  // No HTML5 drag of the tile from its handle, or while a resize is under way.
  list.addEventListener(
    "dragstart",
    (event) => {
      if (resizing || onHandle(event)) event.preventDefault();
    },
    options,
  );
  // The click that ends a press on the handle does not select the item.
  list.addEventListener(
    "click",
    (event) => {
      if (!onHandle(event)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    options,
  );
}
