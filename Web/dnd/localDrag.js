// The mouse sensor: HTML5 drags that start inside the app. Items carry the app's own type (the seed's localObject), so
// a drop inside the app never fetches anything, and every other app gets what each kind offers (model/itemKinds.js):
// URLs, text, HTML and (in Chromium) a file. Its start, its passing over a pane and its end feed the pane's drag
// operation (pane/dragActions.js); where it drops is read from the DataTransfer, since it may come from another pane.

import { representations } from "../model/itemKinds.js";
import { dropTarget } from "./dropTarget.js";

export const LOCAL_TYPE = "application/x-image-gallery+json";

/** Whether a drag started inside this app (types are readable during the drag; data only at drop). */
export function isLocalDrag(event) {
  return Array.from(event.dataTransfer?.types ?? []).includes(LOCAL_TYPE);
}

/** The app's own payload of a local drop, or null. */
export function readLocalPayload(dataTransfer) {
  try {
    const value = JSON.parse(dataTransfer.getData(LOCAL_TYPE) || "null");
    if (value && typeof value.galleryId === "string" && Array.isArray(value.itemIds))
      return Number.isInteger(value.run?.count) ? value : { galleryId: value.galleryId, itemIds: value.itemIds };
  } catch {}
  return null;
}

/** Puts the items' representations on a DataTransfer (drag or clipboard); `run`: the run they are the items read of
 * (a selection beyond them, store/paneSelectors.js selectionRun), moved by its ends where they are dropped. */
export function writeItems(dataTransfer, galleryId, items, run = null) {
  const { uriList, plainText, html, download } = representations(items, location.origin);
  const itemIds = items.map((item) => item.id);
  dataTransfer.setData(LOCAL_TYPE, JSON.stringify(run ? { galleryId, itemIds, run } : { galleryId, itemIds }));
  if (uriList) dataTransfer.setData("text/uri-list", uriList);
  if (plainText) dataTransfer.setData("text/plain", plainText);
  if (html) dataTransfer.setData("text/html", html);
  if (download) dataTransfer.setData("DownloadURL", download);
}

/**
 * Makes items inside `container` draggable. `itemsFor(tileElement)` returns the items the drag carries (the selection
 * when the tile is selected); while `copyOnly()`, a drag offers only to copy them; `preview(tile, event, count)` may
 * name the drag image ({element, x, y}: the point of it under the pointer), else it is the item's picture or a stack.
 * A drag that `refuses(event)` refuses (the board's, while a pan or a resize has the pointer) does not start, and one
 * another listener cancelled is left alone. Returns a cleanup.
 */
export function draggableItems(
  container,
  {
    galleryId,
    itemsFor,
    runFor = (_tile) => null,
    onStart,
    onEnd,
    copyOnly = () => false,
    preview = (_tile, _event, _count) => null,
    refuses = (_event) => false,
  },
) {
  const start = (event) => {
    if (event.defaultPrevented) return;
    if (refuses(event)) {
      event.preventDefault();
      return;
    }
    const tile = event.target.closest?.("[data-item-id]");
    if (!tile || !container.contains(tile)) return;
    const items = itemsFor(tile);
    if (!items.length) {
      event.preventDefault();
      return;
    }
    const run = runFor(tile);
    writeItems(event.dataTransfer, galleryId(), items, run);
    event.dataTransfer.effectAllowed = copyOnly() ? "copy" : "copyMove";
    const count = run?.count ?? items.length;
    const chosen = preview(tile, event, count);
    if (chosen && event.dataTransfer.setDragImage) event.dataTransfer.setDragImage(chosen.element, chosen.x, chosen.y);
    else setPreview(event, tile, count);
    onStart?.(items, event);
  };
  const end = (event) => onEnd?.(event.dataTransfer?.dropEffect ?? "none");
  container.addEventListener("dragstart", start);
  container.addEventListener("dragend", end);
  return () => {
    container.removeEventListener("dragstart", start);
    container.removeEventListener("dragend", end);
  };
}

/** The drag image: the item's own picture, or a stack with the count for several (UIDragPreview's role). */
function setPreview(event, tile, count) {
  if (!event.dataTransfer.setDragImage) return;
  const img = tile.querySelector("img");
  if (count === 1) {
    if (img) event.dataTransfer.setDragImage(img, img.width / 2, img.height / 2);
    return;
  }
  const stack = document.createElement("div");
  stack.className = "drag-stack";
  if (img) stack.append(img.cloneNode());
  const badge = document.createElement("span");
  badge.className = "drag-count";
  badge.textContent = String(count);
  stack.append(badge);
  document.body.append(stack);
  event.dataTransfer.setDragImage(stack, 40, 40);
  setTimeout(() => stack.remove(), 0);
}

/** Whether a local drag copies: Alt/Option held, or a drag that offers only to copy (the board's Copy switch). */
export function isCopyDrag(/** @type {DragEvent} */ event) {
  return event.altKey || event.dataTransfer?.effectAllowed === "copy";
}

/**
 * Makes `element` a drop target for local drags. Callbacks: onOver({x, y, event}), onLeave(), onDrop({x, y, payload,
 * copy}). `accepts(event)` may refuse. The move effect is shown, or copy (isCopyDrag).
 */
export function dropTargetForLocal(
  element,
  { onOver, onLeave, onDrop, accepts = (/** @type {DragEvent} */ _event) => true },
) {
  return dropTarget(element, {
    accepts: (event) => isLocalDrag(event) && accepts(event),
    effect: (event) => (isCopyDrag(event) ? "copy" : "move"),
    onOver,
    onLeave,
    onDrop: ({ x, y, dataTransfer, event }) => {
      const payload = readLocalPayload(dataTransfer);
      if (payload) onDrop?.({ x, y, payload, copy: isCopyDrag(event) });
      else onLeave?.();
    },
  });
}

/** Scrolls `scroller` while a drag hovers near its top or bottom edge. */
export function autoScrollOnDrag(scroller, edge = 60, speed = 24) {
  const over = (event) => {
    const box = scroller.getBoundingClientRect();
    if (event.clientY < box.top + edge) scroller.scrollTop -= speed;
    else if (event.clientY > box.bottom - edge) scroller.scrollTop += speed;
  };
  scroller.addEventListener("dragover", over);
  return () => scroller.removeEventListener("dragover", over);
}
