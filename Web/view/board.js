// The board view: every item lies where people put it (model/board.js), drawn at its board position × zoom, plus pan;
// items not on the board yet are drawn where free space would put them (the pane saves that). What it shares with
// the grid and the list (rendering only the items near the viewport, DOM order in gallery order, marks, the items'
// events) is ItemsView's. Dragged items (by the mouse, a touch or pen pointer, or the keyboard: the pane's drag
// operation, pane/dragActions.js) are drawn where they would land (`drawDrag`). Its own DOM events: a press on empty
// board space draws a marquee (view/boardMarquee.js), reported as `onMarquee(ids)` (the ids to select); Ctrl/Cmd +
// wheel zooms around the pointer, the wheel pans, + / − zoom around the centre, and the pan and pinch gestures are
// view/boardGestures.js's. A tile's corner handle resizes it (view/boardResize.js): drawn at the width dragged to,
// then reported as `onResize(id, width)`. Which of them, or of the touch and pen tile moves, each press goes to is
// decided once, by the board's one rule (view/boardPointers.js).

import {
  aspectOf,
  fitTransform,
  indicesMeeting,
  neighbourInDirection,
  panBy,
  drawnBelowBoard,
  rectOf,
  toBoard,
  toScreen,
  viewportRect,
  zoomAround,
  zoomTo,
} from "../model/board.js";
import { pointerOwners } from "../dnd/pointerOwners.js";
import { isTextField } from "../dnd/textFields.js";
import { BoardMarquee } from "./boardMarquee.js";
import { listenToBoardPointers } from "./boardPointers.js";
import { showResizeHandle } from "./boardResize.js";
import { ItemsView } from "./itemsView.js";
import { createTile, updateTile } from "./tile.js";

/** How far (screen pixels) a pointer must move before a press on a tile becomes a drag. */
const DRAG_THRESHOLD = 4;

/**
 * @typedef {import("../model/board.js").Rect} Rect
 * @typedef {import("../model/board.js").Point} Point
 * @typedef {{x: number, y: number, width: number, z: number}} Position
 * @typedef {{itemId: string, x: number, y: number, width: number, z: number}} Placed
 */

export class BoardView extends ItemsView {
  get placesWindow() {
    return false;
  }

  constructor(scroller, list) {
    const marker = document.createElement("div"); // a board shows no insertion point: the order does not change here
    super(scroller, list, marker, 400);
    /** @type {import("../model/board.js").Transform} */
    this.transform = { zoom: 1, panX: 24, panY: 24 };
    /** @type {{positions: Position[], rects: Rect[]} | null} */
    this.layout = null;
    /** Dragged items drawn where they would land (the pane's drag operation says where: drawDrag), else null.
     * @type {Map<string, Placed> | null} */
    this.moving = null;
    this.marquee = new BoardMarquee(
      {
        boardPointAt: (x, y) => this.boardPointAt(x, y),
        rects: () => this.boardLayout().rects,
        idAt: (index) => this.items[index].id,
        selected: () => this.selected,
        onSelect: (ids) => this.intents.onMarquee(ids),
      },
      DRAG_THRESHOLD,
    );
    /** The last pointer position over the board (client point): where a paste lands. @type {Point | null} */
    this.pointer = null;
    /** @type {{id: string, width: number} | null} the width a tile's corner is being dragged to */
    this.resizePreview = null;
    this.intents.onMarquee = () => {};
    this.intents.onResize = () => {};
    this.intents.onBoardView = () => {};
    list.classList.add("board");
    const signal = this.listening.signal;
    this.owners = pointerOwners(list);
    this.pointers = listenToBoardPointers(this, signal);
    scroller.addEventListener("wheel", (event) => this.wheel(event), { passive: false, signal });
    scroller.addEventListener("keydown", (event) => this.zoomKey(event), { signal });
  }

  /** Whether a click ends a pan or is on a corner handle: then it selects nothing (view/itemEvents.js asks). */
  takesClick(/** @type {MouseEvent} */ event) {
    return this.pointers.takesClick(event);
  }

  /** Whether a key on an item is a resize's (Escape cancels it), not the item's. */
  takesKey(/** @type {KeyboardEvent} */ event) {
    return this.pointers.takesKey(event);
  }

  /** Whether an HTML5 drag starting now is refused (dnd/localDrag.js asks): a gesture or a resize has the pointer. */
  refusesDrag(/** @type {DragEvent} */ event) {
    return this.pointers.refusesDrag(event);
  }

  /** Space pressed and released over the board with no pan (view/boardGestures.js): on a focused item, what Space
   * does there (lift it). */
  spaceTap(/** @type {Element | null} */ target) {
    const element = /** @type {HTMLElement | null} */ (target?.closest?.("[data-item-id]") ?? null);
    if (!element || element !== target || !this.list.contains(element) || this.keyboardDrag) return;
    this.intents.onKey({ kind: "lift" }, element.dataset.itemId, element);
  }

  /** `handler(ids)`: a marquee selects the items `ids` (with Shift or Ctrl/Cmd, the selection before and those it
   * meets; a click on empty board space: none). */
  bindMarquee(handler) {
    this.intents.onMarquee = handler;
  }

  /** `handler(rect)`: the board shows `rect` (board units), told at each frame drawn. */
  bindBoardView(handler) {
    this.intents.onBoardView = handler;
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
      this.list.setAttribute(
        "aria-description",
        "Arrow keys move the focused item; Alt + arrow keys move focus; Space picks it up to move it with the arrows.",
      );
    else this.list.removeAttribute("aria-description");
  }

  invalidate() {
    super.invalidate();
    this.layout = null;
  }

  /** Where every item lies: its own board position, or for one not on the board yet, where it is drawn meanwhile. */
  boardLayout() {
    if (this.layout) return this.layout;
    const placed = this.items.filter((item) => item.board).map((item) => rectOf(item.board, aspectOf(item)));
    const unplaced = this.items.filter((item) => !item.board).map((item) => ({ id: item.id, aspect: aspectOf(item) }));
    const placements = new Map(drawnBelowBoard(placed, unplaced).map((placement) => [placement.id, placement]));
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

  /** Zooms and pans so that every item shows (`rects`: those around them, for a board whose items are not all held). */
  zoomToFit(rects = this.boardLayout().rects) {
    const { width, height } = this.viewportSize();
    this.transform = fitTransform(rects, width, height);
    this.draw();
  }

  /** Zooms to 100% around the viewport's centre. */
  zoomToActual() {
    const { width, height } = this.viewportSize();
    this.transform = zoomTo(this.transform, { x: width / 2, y: height / 2 }, 1);
    this.draw();
  }

  /** Pans and zooms to `transform` (a gesture's step), drawn next frame. */
  panTo(transform) {
    this.transform = transform;
    this.schedule();
  }

  /** Focuses an item, panning it into view first when it is outside. */
  focusItem(id) {
    this.focusedId = id;
    const index = this.indexOfId(id);
    if (index >= 0) this.panToShow(this.moving?.get(id) ?? this.boardLayout().positions[index], index);
    this.draw();
    this.elements.get(id)?.focus({ preventScroll: true });
  }

  /** Pans the item at `index` to the middle of the viewport when, lying at `position`, it would be outside it. */
  panToShow(/** @type {Position} */ position, /** @type {number} */ index) {
    const rect = rectOf(position, aspectOf(this.items[index]));
    const { width, height } = this.viewportSize();
    const a = toScreen(this.transform, rect);
    const b = toScreen(this.transform, { x: rect.x + rect.width, y: rect.y + rect.height });
    if (a.x < 0 || a.y < 0 || b.x > width || b.y > height) {
      this.transform = panBy(this.transform, width / 2 - (a.x + b.x) / 2, height / 2 - (a.y + b.y) / 2);
    }
  }

  /** Draws dragged items at `places` ([{itemId, x, y, width, z}], board units: pane/dragActions.js), with the item
   * `focusId` (a keyboard drag's) panned into view; null: where the board has them. */
  drawDrag(/** @type {Placed[] | null} */ places, /** @type {string | null} */ focusId) {
    this.moving = places?.length ? new Map(places.map((place) => [place.itemId, place])) : null;
    const index = this.indexOfId(focusId ?? "");
    const focused = this.moving?.get(focusId ?? "");
    if (index >= 0 && focused) this.panToShow(focused, index);
    this.schedule();
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
    this.intents.onBoardView(view);
    const indices = indicesMeeting(this.boardLayout().rects, view, this.overscan / zoom);
    for (const id of this.moving?.keys() ?? []) {
      const index = this.indexOfId(id);
      if (index >= 0 && !indices.includes(index)) indices.push(index);
    }
    return indices.sort((a, b) => a - b);
  }

  create(item) {
    return createTile(item);
  }

  update(tile, item, index) {
    const layout = this.boardLayout();
    const lifted = this.moving?.get(item.id);
    let position = lifted ?? layout.positions[index];
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
    tile.dataset.x = String(position.x);
    tile.dataset.y = String(position.y);
    tile.dataset.width = String(position.width);
    tile.style.transform = `translate(${screen.x}px, ${screen.y}px)`;
    tile.style.width = `${rect.width * zoom}px`;
    tile.style.height = `${rect.height * zoom}px`;
    tile.style.zIndex = lifted || resizing ? String(2147483000 + (position.z ?? 0)) : String(position.z ?? 0);
    if (lifted) tile.dataset.moving = "true";
    else delete tile.dataset.moving;
  }

  drawMarker() {}

  /** The drag image of one item dragged from the board: the tile itself, held where the pointer took it, so that it
   * lies over the tile as the tile follows the pointer (several items: the usual stack). */
  dragPreview(/** @type {HTMLElement} */ tile, /** @type {DragEvent} */ event, /** @type {number} */ count) {
    if (count !== 1) return null;
    const box = tile.getBoundingClientRect();
    return { element: tile, x: event.clientX - box.left, y: event.clientY - box.top };
  }

  // ---- Pointers (view/boardPointers.js listens): the marquee, and where a paste lands ----

  pointerDown(event) {
    this.swallowClick = false; // a new press: the click that ends it is its own
    if (this.owners.ownerOfPress(event) === "marquee") this.marquee.start(event, this.list);
  }

  pointerMove(event) {
    // Where a paste lands follows the mouse, not a pan's or a resize's pointer.
    const owner = this.owners.ownerOf(event.pointerId);
    if (event.pointerType === "mouse" && (!owner || owner === "marquee"))
      this.pointer = { x: event.clientX, y: event.clientY };
    this.marquee.move(event);
  }

  /** An HTML5 drag of items is over the board at `client` (null: it left): where a paste would land. */
  notePointer(/** @type {Point | null} */ client) {
    this.pointer = client;
  }

  forgetPointer() {
    this.pointer = null;
  }

  /** Where a paste lands: the pointer's board point when it is over the board, else the middle of the view. */
  pastePoint() {
    if (this.pointer) return this.boardPointAt(this.pointer.x, this.pointer.y);
    const { width, height } = this.viewportSize();
    return toBoard(this.transform, { x: width / 2, y: height / 2 });
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
    if (isTextField(event.target)) return;
    const factor = event.key === "+" || event.key === "=" ? 1.25 : event.key === "-" || event.key === "_" ? 0.8 : 0;
    if (!factor) return;
    event.preventDefault();
    const { width, height } = this.viewportSize();
    this.transform = zoomAround(this.transform, { x: width / 2, y: height / 2 }, factor);
    this.draw();
  }

  destroy() {
    super.destroy();
    this.marquee.cancel();
    this.list.classList.remove("board");
    this.list.removeAttribute("aria-description");
    delete this.list.dataset.zoom;
    delete this.list.dataset.panX;
    delete this.list.dataset.panY;
  }
}
