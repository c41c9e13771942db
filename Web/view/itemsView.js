// What the grid, the list and the board views share: they render only the items near the viewport (plus the focused one), keep
// the DOM order equal to gallery order with one tab stop, mark selected and dragged items, decode the items' DOM
// events into intents (view/itemEvents.js), and show where a drop would land. A subclass says how items are laid
// out: `frame(top, bottom)` (the list's height and the indices that meet the band), `create(item)`,
// `update(element, item, index)` and `drawMarker()` (the drop gap or insertion line, `this.marker`), all in the
// items' own coordinates, and `itemPitch()` and `topOf(index)` for a window of a big gallery, which
// view/windowPlacement.js places: the view tells which positions of the whole gallery are in view (`bindRange`).

import { itemName } from "../model/itemKinds.js";
import { actOnKind, listenToItems, markItem, placeInOrder } from "./itemEvents.js";
import { anchors, keepInPlace, scrollNear, sizeList, spaceBefore, tellRange, topItem } from "./windowPlacement.js";

export class ItemsView {
  /**
   * @param {HTMLElement} scroller the scrolling pane
   * @param {HTMLElement} list the items' container
   * @param {HTMLElement} marker the element that shows where a drop would land
   * @param {number} overscan pixels rendered above and below the viewport
   */
  constructor(scroller, list, marker, overscan) {
    this.scroller = scroller;
    this.list = list;
    this.marker = marker;
    this.overscan = overscan;
    this.items = [];
    /** How many items the set holds when more than those shown (while the rest of the gallery loads), else null. */
    this.setSize = null;
    /** The position of the first item in the gallery (a window of a big gallery), and whether the items are one. */
    this.offset = 0;
    this.windowed = false;
    /** Pixels above the first item: the space of the gallery's items before the window. */
    this.shift = 0;
    this.progress = new Map();
    this.perRow = 4;
    this.gapIndex = null;
    this.indexById = null;
    /** @type {Map<string, HTMLElement>} */
    this.elements = new Map();
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = { onRetry: () => {}, onRemove: () => {} };
    /** @type {Record<string, (...args: any[]) => any>} */
    this.intents = {
      onSelect: () => {},
      onMenu: () => {},
      onKey: () => {},
      onDragKey: () => false,
      onFocus: () => {},
      onEditNote: () => {},
      onOpen: () => {},
      onRange: () => {},
    };
    /** Whether items are lifted by keyboard (their keys then steer the drag), whether a finger presses an item for a
     * long press (no menu then), and whether the click that ends a drag is to select nothing (pane/dragActions.js). */
    this.keyboardDrag = false;
    this.longPressing = false;
    this.swallowClick = false;
    this.selected = new Set();
    this.dragging = new Set();
    this.focusedId = null;
    // Focus waits on the grid for items to be read (see `draw`).
    this.focusWhenRead = false;
    this.menuEnabled = true;
    /** Whether notes can be edited here (not in a view-only pane). */
    this.editable = true;
    this.frameRequest = null;
    this.listening = new AbortController();
    listenToItems(list, this, this.listening.signal);
    scroller.addEventListener("scroll", () => this.schedule(), { passive: true, signal: this.listening.signal });
    this.resizing = new ResizeObserver(() => this.schedule());
    this.resizing.observe(scroller);
  }

  bindSelect(handler) {
    this.intents.onSelect = handler;
  }
  bindMenu(handler) {
    this.intents.onMenu = handler;
  }
  bindKey(handler) {
    this.intents.onKey = handler;
  }
  /** `handler(intent, id)` for a key while items are lifted by keyboard (view/itemKeys.js decodeDragKey); true when
   * it was used. */
  bindDragKey(handler) {
    this.intents.onDragKey = handler;
  }
  bindFocus(handler) {
    this.intents.onFocus = handler;
  }
  /** `handler(id, text)` when a note's edited text is to be kept. */
  bindEditNote(handler) {
    this.intents.onEditNote = handler;
  }
  /** `handler(id)` opens item `id` in the viewer (a double click, Enter on an image or a video). */
  bindOpen(handler) {
    this.intents.onOpen = handler;
  }
  /** `handler(first, last)`: the positions of the gallery in view (and near it) of a window, after each frame. */
  bindRange(handler) {
    this.intents.onRange = handler;
  }
  bindRetry(handler) {
    this.handlers.onRetry = handler;
  }
  bindRemove(handler) {
    this.handlers.onRemove = handler;
  }

  setName(name) {
    this.list.setAttribute("aria-label", name);
  }

  /** Whether the items offer the item menu (Move to…, Move to Trash) and notes can be edited: not in a view-only
   * pane. */
  setMenuEnabled(enabled) {
    this.menuEnabled = enabled;
    this.editable = enabled;
  }

  /** The item with this id, as last rendered. */
  itemFor(id) {
    return this.items[this.indexOfId(id)] ?? null;
  }

  /** Shows the note `id` (scrolled to and focused) and starts editing it. */
  editNoteItem(id) {
    this.focusItem(id);
    const element = this.elements.get(id);
    if (element) actOnKind(this, element, "double");
  }

  render({
    items,
    perRow,
    progress,
    selected,
    dragging,
    setSize = null,
    offset = 0,
    windowed = false,
    unordered = false,
  }) {
    const kept =
      windowed && this.placesWindow && (items !== this.items || offset !== this.offset) ? anchors(this) : null;
    if (items !== this.items || perRow !== this.perRow) this.invalidate();
    this.items = items;
    this.setSize = setSize;
    this.offset = offset;
    this.windowed = windowed && this.placesWindow;
    // The region of a big gallery's board: where its items lie in the gallery is not known, so it is not said.
    this.unordered = unordered;
    if (kept) keepInPlace(this, kept);
    this.perRow = perRow;
    this.progress = progress ?? this.progress;
    this.selected = selected ?? this.selected;
    this.dragging = dragging ?? this.dragging;
    this.schedule();
  }

  /** Whether the view places a window of a big gallery at its position in the gallery (the board shows the window's
   * items at their own places). */
  get placesWindow() {
    return true;
  }

  /** Forgets what was computed from the items (a subclass adds its layout). */
  invalidate() {
    this.indexById = null;
  }

  /** Moves keyboard focus to an item, scrolling it into view (and rendering it) first. */
  focusItem(id) {
    this.focusedId = id;
    // In a window of a big gallery the view is scrolled to the item before it is drawn, so that it tells the
    // positions around the item, not those it showed before.
    this.reveal(id);
    this.draw();
    const element = this.elements.get(id);
    if (!element) return;
    element.scrollIntoView({ block: "nearest" });
    element.focus({ preventScroll: true });
  }

  /** In a window of a big gallery, scrolls to item `id` unless it is in view (elsewhere the browser does, on focus). */
  reveal(id) {
    const index = this.indexOfId(id);
    if (this.windowed && index >= 0) scrollNear(this, index);
  }

  /** The rendered element of an item, if any. */
  tileFor(id) {
    return this.elements.get(id) ?? null;
  }

  setDropActive(active) {
    if (active) this.scroller.dataset.dropActive = "true";
    else delete this.scroller.dataset.dropActive;
    if (!active) this.setGap(null);
  }

  /** Shows where a drop before item `index` would land (null: nowhere). */
  setGap(index) {
    if (index === this.gapIndex) return;
    this.gapIndex = index;
    this.gapChanged();
    this.draw();
  }

  /** Called when the drop position changed (a subclass may forget a layout). */
  gapChanged() {}

  /** Removes the view's elements and listeners (the pane switched to another view). */
  destroy() {
    if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
    this.listening.abort();
    this.resizing.disconnect();
    for (const element of this.elements.values()) element.remove();
    this.elements.clear();
    this.marker.remove();
    this.list.style.height = "";
  }

  indexOfId(id) {
    if (id === null || id === undefined) return -1;
    if (!this.indexById) this.indexById = new Map(this.items.map((item, index) => [item.id, index]));
    return this.indexById.get(id) ?? -1;
  }

  schedule() {
    if (this.frameRequest !== null) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = null;
      this.draw();
    });
  }

  /** The indices of the items to render now, ascending: those near the viewport (and sets the list's height). */
  indicesToDraw() {
    const listTop = this.list.offsetTop;
    this.shift = spaceBefore(this);
    // The list's height first: a view at the end of a big gallery's list is kept there, which moves the band drawn.
    sizeList(this);
    const top = this.scroller.scrollTop - listTop - this.overscan;
    const bottom = this.scroller.scrollTop - listTop + this.scroller.clientHeight + this.overscan;
    const { height, start, end } = this.frame(top - this.shift, bottom - this.shift);
    if (this.windowed) tellRange(this, top, bottom, height, start, end);
    const indices = [];
    for (let index = start; index < end; index++) indices.push(index);
    return indices;
  }

  draw() {
    const visible = this.indicesToDraw();
    const focusIndex = this.indexOfId(this.focusedId);
    if (focusIndex >= 0 && !visible.includes(focusIndex)) {
      visible.push(focusIndex);
      visible.sort((a, b) => a - b);
    }
    const tabStop = focusIndex >= 0 ? this.focusedId : this.items[0]?.id;
    const count = this.setSize ?? this.items.length;
    const offset = this.offset;
    this.list.setAttribute("aria-rowcount", String(count));
    const keep = new Set();
    const ordered = [];
    for (const index of visible) {
      const item = this.items[index];
      let element = this.elements.get(item.id);
      if (!element) {
        element = this.create(item);
        this.elements.set(item.id, element);
      }
      this.update(element, item, index);
      const position = this.unordered ? null : offset + index + 1;
      if (position === null) {
        element.removeAttribute("aria-rowindex");
        element.dataset.index = String(index);
      } else element.setAttribute("aria-rowindex", String(position));
      element.setAttribute("aria-label", itemName(item, position, count, this.progress.get(item.id) ?? item.progress));
      element.tabIndex = item.id === tabStop ? 0 : -1;
      markItem(element, { selected: this.selected.has(item.id), dragging: this.dragging.has(item.id) });
      keep.add(item.id);
      ordered.push(element);
    }
    let lostFocusAt = -1;
    for (const [id, element] of this.elements) {
      if (!keep.has(id)) {
        // The focused item left (trashed, moved away, here or in another tab): focus goes to the item now at its
        // place, never to the page.
        if (element.contains(document.activeElement)) {
          lostFocusAt = this.unordered
            ? Number(element.dataset.index)
            : Math.max(0, Number(element.getAttribute("aria-rowindex")) - 1 - offset);
        }
        element.remove();
        this.elements.delete(id);
      }
    }
    // Moving an element in the page takes the focus from it (an undo, or another tab, moved the focused item): it is
    // given back.
    const active = document.activeElement;
    const focusedHere = active instanceof HTMLElement && this.list.contains(active) ? active : null;
    placeInOrder(this.list, ordered, this.marker);
    if (focusedHere?.isConnected && document.activeElement !== focusedHere) focusedHere.focus({ preventScroll: true });
    this.drawMarker();
    // Focus moved on to an item still here (a jump in a big gallery's window) stays there.
    const meant = this.elements.get(this.focusedId);
    if (lostFocusAt >= 0 && meant) meant.focus({ preventScroll: true });
    else if (lostFocusAt >= 0) {
      const next = this.items[Math.min(lostFocusAt, this.items.length - 1)];
      if (next) this.focusItem(next.id);
      else {
        // No item is left to take it (a run emptied a big gallery's window): the grid holds it until items are read.
        this.scroller.focus({ preventScroll: true });
        this.focusWhenRead = true;
      }
    } else if (this.focusWhenRead && this.items.length) {
      this.focusWhenRead = false;
      const first = document.activeElement === this.scroller ? topItem(this) : null;
      if (first) this.focusItem(first.id);
    }
  }

  /** The list's height and the items in [top, bottom] (indices `start` to `end`, excluded). */
  frame(_top, _bottom) {
    return { height: 0, start: 0, end: 0 };
  }

  /** Pixels per item of the gallery, on average: how a window's position is estimated. */
  itemPitch() {
    return 1;
  }

  /** The top of item `index` in the items' own coordinates. */
  topOf(_index) {
    return 0;
  }

  /** A new element for an item. */
  create(_item) {
    return document.createElement("div");
  }

  /** Brings an item's element up to date, and places it. */
  update(_element, _item, _index) {}

  /** Shows or hides `this.marker` for `this.gapIndex`. */
  drawMarker() {}
}
