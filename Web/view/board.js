// The board view: every item lies where people put it (model/board.js), drawn at its board position × zoom, plus pan;
// items not on the board yet are drawn where free space would put them (the pane saves that). What it shares with
// the grid and the list (rendering only the items near the viewport, DOM order in gallery order, marks, the items'
// events) is ItemsView's. Its own DOM events: a pointer drag moves a tile (Pointer Events, not HTML5 drag: the tiles
// are not draggable here), Ctrl/Cmd + wheel zooms around the pointer, the wheel pans, + / − zoom around the centre.
// It reports a move as the intent `onMoveTo(id, {x, y, width})` in board units. A tile's corner handle resizes it
// (view/boardResize.js): drawn at the width dragged to, then reported as `onResize(id, width)`.

import {
  aspectOf,
  fitTransform,
  indicesMeeting,
  neighbourInDirection,
  panBy,
  placeInFreeSpace,
  rectOf,
  toBoard,
  toScreen,
  viewportRect,
  zoomAround,
} from "../model/board.js";
import { listenToResize, showResizeHandle } from "./boardResize.js";
import { ItemsView } from "./itemsView.js";
import { createTile, updateTile } from "./tile.js";

/** How far (screen pixels) a pointer must move before a press on a tile becomes a drag. */
const DRAG_THRESHOLD = 4;

/**
 * @typedef {import("../model/board.js").Rect} Rect
 * @typedef {{x: number, y: number, width: number, z: number}} Position
 */

export class BoardView extends ItemsView {
  constructor(scroller, list) {
    const marker = document.createElement("div"); // a board shows no insertion point: the order does not change here
    super(scroller, list, marker, 400);
    /** @type {import("../model/board.js").Transform} */
    this.transform = { zoom: 1, panX: 24, panY: 24 };
    /** @type {{positions: Position[], rects: Rect[]} | null} */
    this.layout = null;
    /** @type {{id: string, pointerId: number, element: HTMLElement, start: {x: number, y: number}, origin: Position, at: Position, dragged: boolean} | null} */
    this.moving = null;
    this.suppressClick = false;
    /** @type {{id: string, width: number} | null} the width a tile's corner is being dragged to */
    this.resizePreview = null;
    this.intents.onMoveTo = () => {};
    this.intents.onResize = () => {};
    list.classList.add("board");
    const signal = this.listening.signal;
    listenToResize(
      list,
      {
        enabled: () => this.menuEnabled,
        startOf: (id) => this.resizeStart(id),
        onPreview: (id, width) => this.previewResize({ id, width }),
        onResize: (id, width) => {
          this.intents.onResize(id, width); // shown at once (the pane's optimistic change), so no flash back
          this.previewResize(null);
        },
        onCancel: () => this.previewResize(null),
      },
      signal,
    );
    scroller.addEventListener("wheel", (event) => this.wheel(event), { passive: false, signal });
    scroller.addEventListener("keydown", (event) => this.zoomKey(event), { signal });
    list.addEventListener("pointerdown", (event) => this.pointerDown(event), { signal });
    list.addEventListener("pointermove", (event) => this.pointerMove(event), { signal });
    list.addEventListener("pointerup", (event) => this.pointerUp(event), { signal });
    list.addEventListener("pointercancel", () => this.cancelMove(), { signal });
    list.addEventListener(
      "click",
      (event) => {
        if (!this.suppressClick) return;
        this.suppressClick = false; // the click that ends a drag does not select
        event.stopPropagation();
        event.preventDefault();
      },
      { capture: true, signal },
    );
  }

  /** `handler(id, {x, y, width})`: a tile was dragged to a new place (board units). */
  bindMoveTo(handler) {
    this.intents.onMoveTo = handler;
  }

  /** `handler(id, width)`: a tile was resized by its corner to `width` (board units), its top-left corner kept. */
  bindResize(handler) {
    this.intents.onResize = handler;
  }

  /** What a corner resize of item `id` starts from: its width, its aspect and the zoom; null when it is not shown. */
  resizeStart(id) {
    const position = this.positionOf(id);
    const item = this.items[this.indexOfId(id)];
    return position && item ? { width: position.width, aspect: aspectOf(item), zoom: this.transform.zoom } : null;
  }

  /** Draws a tile at the width its corner is dragged to (`{id, width}`), or as it lies (null). */
  previewResize(preview) {
    this.resizePreview = preview;
    this.draw();
  }

  /** Whether the tiles can be moved, with the item menu (not in a view-only pane); the list says how keys move them. */
  setMenuEnabled(enabled) {
    super.setMenuEnabled(enabled);
    if (enabled)
      this.list.setAttribute("aria-description", "Arrow keys move the focused item; Alt + arrow keys move focus.");
    else this.list.removeAttribute("aria-description");
  }

  invalidate() {
    super.invalidate();
    this.layout = null;
  }

  /** Where every item lies: its own board position, or for one not on the board yet, where free space puts it. */
  boardLayout() {
    if (this.layout) return this.layout;
    const placed = this.items.filter((item) => item.board).map((item) => rectOf(item.board, aspectOf(item)));
    const unplaced = this.items.filter((item) => !item.board).map((item) => ({ id: item.id, aspect: aspectOf(item) }));
    const placements = new Map(placeInFreeSpace(placed, unplaced).map((placement) => [placement.id, placement]));
    const positions = this.items.map((item) => {
      if (item.board) return item.board;
      const placement = placements.get(item.id);
      return { x: placement?.x ?? 0, y: placement?.y ?? 0, width: placement?.width ?? 240, z: 0 };
    });
    const rects = positions.map((position, index) => rectOf(position, aspectOf(this.items[index])));
    this.layout = { positions, rects };
    return this.layout;
  }

  /** An item's place on the board as drawn now (board units), or null. */
  positionOf(id) {
    const index = this.indexOfId(id);
    return index < 0 ? null : this.boardLayout().positions[index];
  }

  /** The highest `z` on the board. */
  topZ() {
    return Math.max(0, ...this.items.map((item) => item.board?.z ?? 0));
  }

  /** The board point under a viewport point. */
  boardPointAt(clientX, clientY) {
    const box = this.list.getBoundingClientRect();
    return toBoard(this.transform, { x: clientX - box.left, y: clientY - box.top });
  }

  /** A drop never changes the order on the board: it goes at the end. */
  indexAt(_clientX, _clientY) {
    return this.items.length;
  }

  /** The nearest item in `direction` on the board (the item itself when there is none). */
  indexInDirection(index, direction) {
    return neighbourInDirection(this.boardLayout().rects, index, direction);
  }

  /** The board shows no gap: the drop lands where it is dropped. */
  setGap(_index) {}

  /** Zooms and pans so that every item shows. */
  zoomToFit() {
    const { width, height } = this.viewportSize();
    this.transform = fitTransform(this.boardLayout().rects, width, height);
    this.draw();
  }

  /** Focuses an item, panning it into view first when it is outside. */
  focusItem(id) {
    this.focusedId = id;
    const index = this.indexOfId(id);
    if (index >= 0) {
      const rect = this.boardLayout().rects[index];
      const { width, height } = this.viewportSize();
      const a = toScreen(this.transform, rect);
      const b = toScreen(this.transform, { x: rect.x + rect.width, y: rect.y + rect.height });
      if (a.x < 0 || a.y < 0 || b.x > width || b.y > height) {
        this.transform = panBy(this.transform, width / 2 - (a.x + b.x) / 2, height / 2 - (a.y + b.y) / 2);
      }
    }
    this.draw();
    this.elements.get(id)?.focus({ preventScroll: true });
  }

  viewportSize() {
    return { width: this.list.clientWidth || this.scroller.clientWidth, height: this.list.clientHeight || 1 };
  }

  indicesToDraw() {
    const height = Math.max(240, this.scroller.clientHeight - this.list.offsetTop - 8);
    this.list.style.height = `${height}px`;
    const { zoom, panX, panY } = this.transform;
    this.list.dataset.zoom = String(zoom);
    this.list.dataset.panX = String(panX);
    this.list.dataset.panY = String(panY);
    const size = this.viewportSize();
    const view = viewportRect(this.transform, size.width, size.height);
    const indices = indicesMeeting(this.boardLayout().rects, view, this.overscan / zoom);
    const moving = this.moving ? this.indexOfId(this.moving.id) : -1;
    if (moving >= 0 && !indices.includes(moving)) indices.push(moving);
    return indices.sort((a, b) => a - b);
  }

  create(item) {
    const tile = createTile(item);
    tile.draggable = false; // moves inside the board are pointer drags
    return tile;
  }

  update(tile, item, index) {
    const layout = this.boardLayout();
    let position = this.moving?.id === item.id ? this.moving.at : layout.positions[index];
    const resizing = this.resizePreview?.id === item.id;
    if (resizing) position = { ...position, width: this.resizePreview.width };
    const rect = rectOf(position, aspectOf(item));
    const { zoom } = this.transform;
    const screen = toScreen(this.transform, rect);
    updateTile(tile, item, this.progress.get(item.id) ?? item.progress, {
      ...this.handlers,
      drawnWidth: rect.width * zoom,
    });
    showResizeHandle(tile, this.menuEnabled);
    tile.draggable = false;
    tile.dataset.x = String(position.x);
    tile.dataset.y = String(position.y);
    tile.dataset.width = String(position.width);
    tile.style.transform = `translate(${screen.x}px, ${screen.y}px)`;
    tile.style.width = `${rect.width * zoom}px`;
    tile.style.height = `${rect.height * zoom}px`;
    tile.style.zIndex = this.moving?.id === item.id || resizing ? "2147483647" : String(position.z ?? 0);
  }

  drawMarker() {}

  // ---- Pointer drags, wheel and keys ----

  pointerDown(event) {
    this.suppressClick = false;
    if (event.button !== 0 || !this.menuEnabled || this.moving) return; // view only (no menu): nothing moves
    if (event.target.closest("button")) return;
    const element = event.target.closest("[data-item-id]");
    if (!element) return;
    const origin = this.positionOf(element.dataset.itemId);
    if (!origin) return;
    event.preventDefault(); // no text selection while dragging
    element.focus({ preventScroll: true });
    element.setPointerCapture?.(event.pointerId);
    this.moving = {
      id: element.dataset.itemId,
      pointerId: event.pointerId,
      element,
      start: { x: event.clientX, y: event.clientY },
      origin,
      at: origin,
      dragged: false,
    };
  }

  pointerMove(event) {
    const moving = this.moving;
    if (!moving || event.pointerId !== moving.pointerId) return;
    const dx = event.clientX - moving.start.x;
    const dy = event.clientY - moving.start.y;
    if (!moving.dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    moving.dragged = true;
    moving.element.dataset.moving = "true";
    const { zoom } = this.transform;
    moving.at = { ...moving.origin, x: moving.origin.x + dx / zoom, y: moving.origin.y + dy / zoom };
    this.draw();
  }

  pointerUp(event) {
    const moving = this.moving;
    if (!moving || event.pointerId !== moving.pointerId) return;
    this.moving = null;
    delete moving.element.dataset.moving;
    if (!moving.dragged) return;
    this.suppressClick = true;
    const { x, y, width } = moving.at;
    this.intents.onMoveTo(moving.id, { x, y, width });
    this.draw();
  }

  cancelMove() {
    if (!this.moving) return;
    delete this.moving.element.dataset.moving;
    this.moving = null;
    this.draw();
  }

  wheel(event) {
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 20 : event.deltaMode === 2 ? 400 : 1;
    if (event.ctrlKey || event.metaKey) {
      const box = this.list.getBoundingClientRect();
      const at = { x: event.clientX - box.left, y: event.clientY - box.top };
      this.transform = zoomAround(this.transform, at, Math.exp(-event.deltaY * unit * 0.002));
    } else {
      this.transform = panBy(this.transform, -event.deltaX * unit, -event.deltaY * unit);
    }
    this.schedule();
  }

  zoomKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target?.closest?.("input, textarea, select, [contenteditable]")) return;
    const factor = event.key === "+" || event.key === "=" ? 1.25 : event.key === "-" || event.key === "_" ? 0.8 : 0;
    if (!factor) return;
    event.preventDefault();
    const { width, height } = this.viewportSize();
    this.transform = zoomAround(this.transform, { x: width / 2, y: height / 2 }, factor);
    this.draw();
  }

  destroy() {
    super.destroy();
    this.list.classList.remove("board");
    this.list.removeAttribute("aria-description");
    delete this.list.dataset.zoom;
    delete this.list.dataset.panX;
    delete this.list.dataset.panY;
  }
}
