// The grid view: lays items out in justified rows (model/justifiedLayout.js), renders only the cells near the viewport,
// keeps DOM order equal to gallery order, shows the drop gap and the drop-active state. It owns the DOM; app.js gives
// it data through `render` and receives user intents through `bind…` hooks. The layout is computed once per change of
// the items, the width, the images per row or the gap; scrolling only looks up the rows in view.

import {
  computeLayout, gapRect, insertionIndexAt, isCropped, itemRect, verticalNeighbour, visibleRange,
} from "../model/justifiedLayout.js";
import { listenToItems, markItem, placeInOrder } from "./itemEvents.js";
import { createTile, updateTile } from "./tile.js";

const OVERSCAN = 800; // pixels rendered above and below the viewport

export class GridView {
  constructor(scroller, list) {
    this.scroller = scroller;
    this.list = list;
    this.items = [];
    this.progress = new Map();
    this.perRow = 4;
    this.gapIndex = null;
    this.layouts = { plain: null, shown: null, key: null }; // without a gap (hit-testing, keys) and as drawn
    this.indexById = null;
    this.tiles = new Map();
    this.handlers = { onRetry: () => {}, onRemove: () => {} };
    this.intents = { onSelect: () => {}, onMenu: () => {}, onKey: () => {}, onFocus: () => {} };
    this.selected = new Set();
    this.dragging = new Set();
    this.focusedId = null;
    this.menuEnabled = true;
    this.listening = new AbortController();
    listenToItems(list, this, this.listening.signal);
    this.gapElement = document.createElement("div");
    this.gapElement.className = "drop-gap";
    this.gapElement.setAttribute("aria-hidden", "true");
    this.frame = null;
    scroller.addEventListener("scroll", () => this.schedule(), { passive: true, signal: this.listening.signal });
    this.resizing = new ResizeObserver(() => this.schedule());
    this.resizing.observe(scroller);
  }

  /** Removes the view's cells and listeners (the pane switched to another view). */
  destroy() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.listening.abort();
    this.resizing.disconnect();
    for (const tile of this.tiles.values()) tile.remove();
    this.tiles.clear();
    this.gapElement.remove();
    this.list.style.height = "";
  }

  bindSelect(handler) { this.intents.onSelect = handler; }
  bindMenu(handler) { this.intents.onMenu = handler; }
  bindKey(handler) { this.intents.onKey = handler; }
  bindFocus(handler) { this.intents.onFocus = handler; }
  bindRetry(handler) { this.handlers.onRetry = handler; }
  bindRemove(handler) { this.handlers.onRemove = handler; }

  setName(name) { this.list.setAttribute("aria-label", name); }

  /** Whether the items offer the item menu (Move to…, Move to Trash): not in a view-only pane. */
  setMenuEnabled(enabled) { this.menuEnabled = enabled; }

  render({ items, perRow, progress, selected, dragging }) {
    if (items !== this.items || perRow !== this.perRow) this.invalidate();
    this.items = items;
    this.perRow = perRow;
    this.progress = progress ?? this.progress;
    this.selected = selected ?? this.selected;
    this.dragging = dragging ?? this.dragging;
    this.schedule();
  }

  /** Moves keyboard focus to an item, scrolling it into view (and rendering it) first. */
  focusItem(id) {
    this.focusedId = id;
    this.draw();
    const tile = this.tiles.get(id);
    if (!tile) return;
    tile.scrollIntoView({ block: "nearest" });
    tile.focus({ preventScroll: true });
  }

  /** The rendered element of an item, if any. */
  tileFor(id) { return this.tiles.get(id) ?? null; }

  setDropActive(active) {
    if (active) this.scroller.dataset.dropActive = "true";
    else delete this.scroller.dataset.dropActive;
    if (!active) this.setGap(null);
  }

  setGap(index) {
    if (index === this.gapIndex) return;
    this.gapIndex = index;
    this.layouts.shown = null;
    this.draw();
  }

  /** The insertion index under a viewport point. */
  indexAt(clientX, clientY) {
    const box = this.list.getBoundingClientRect();
    return insertionIndexAt(this.plainLayout(), clientX - box.left, clientY - box.top);
  }

  /** The index of the item one step from `index` in `direction`: Left and Right by order, Up and Down the item of
   * the row above or below nearest horizontally; kept inside the items. */
  indexInDirection(index, direction) {
    const to =
      direction === "up" || direction === "down"
        ? verticalNeighbour(this.plainLayout(), index, direction === "up" ? -1 : 1)
        : index + (direction === "left" ? -1 : 1);
    return Math.min(this.items.length - 1, Math.max(0, to));
  }

  width() {
    return this.list.clientWidth || this.scroller.clientWidth - 16;
  }

  invalidate() {
    this.layouts = { plain: null, shown: null, key: null };
    this.indexById = null;
  }

  /** The layout without a gap, computed again only when the items, the images per row or the width changed. */
  plainLayout() {
    const width = this.width();
    const { plain, key } = this.layouts;
    if (plain && key.width === width && key.perRow === this.perRow) return plain;
    const layout = computeLayout(this.items, this.perRow, width);
    this.layouts = { plain: layout, shown: null, key: { width, perRow: this.perRow } };
    return layout;
  }

  /** The layout as drawn: the plain one, or one with the gap open. */
  shownLayout() {
    const plain = this.plainLayout();
    if (this.gapIndex === null) return plain;
    if (!this.layouts.shown) {
      this.layouts.shown = computeLayout(this.items, this.perRow, plain.paneWidth, this.gapIndex);
    }
    return this.layouts.shown;
  }

  indexOfId(id) {
    if (id === null || id === undefined) return -1;
    if (!this.indexById) this.indexById = new Map(this.items.map((item, index) => [item.id, index]));
    return this.indexById.get(id) ?? -1;
  }

  schedule() {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  draw() {
    const layout = this.shownLayout();
    this.list.style.height = `${layout.height}px`;
    const listTop = this.list.offsetTop;
    const top = this.scroller.scrollTop - listTop - OVERSCAN;
    const bottom = this.scroller.scrollTop - listTop + this.scroller.clientHeight + OVERSCAN;
    const range = visibleRange(layout, top, bottom);
    const visible = [];
    const focusIndex = this.indexOfId(this.focusedId);
    if (focusIndex >= 0 && focusIndex < range.start) visible.push(focusIndex);
    for (let index = range.start; index < range.end; index++) visible.push(index);
    if (focusIndex >= range.end) visible.push(focusIndex);
    const tabStop = focusIndex >= 0 ? this.focusedId : this.items[0]?.id;
    const keep = new Set();
    const ordered = [];
    for (const index of visible) {
      const item = this.items[index];
      let tile = this.tiles.get(item.id);
      if (!tile) {
        tile = createTile(item);
        this.tiles.set(item.id, tile);
      }
      const slot = itemRect(layout, index);
      updateTile(tile, item, this.progress.get(item.id) ?? item.progress, { ...this.handlers, drawnWidth: slot.width });
      tile.setAttribute("aria-posinset", String(index + 1));
      tile.tabIndex = item.id === tabStop ? 0 : -1;
      markItem(tile, { selected: this.selected.has(item.id), dragging: this.dragging.has(item.id) });
      if (isCropped(item)) tile.dataset.cropped = "true";
      else delete tile.dataset.cropped;
      tile.setAttribute("aria-setsize", String(this.items.length));
      tile.style.transform = `translate(${slot.x}px, ${slot.y}px)`;
      tile.style.width = `${slot.width}px`;
      tile.style.height = `${slot.height}px`;
      keep.add(item.id);
      ordered.push(tile);
    }
    for (const [id, tile] of this.tiles) {
      if (!keep.has(id)) {
        tile.remove();
        this.tiles.delete(id);
      }
    }
    placeInOrder(this.list, ordered, this.gapElement);
    const g = gapRect(layout);
    if (g) {
      this.gapElement.style.transform = `translate(${g.x}px, ${g.y}px)`;
      this.gapElement.style.width = `${g.width}px`;
      this.gapElement.style.height = `${g.height}px`;
      if (!this.gapElement.isConnected) this.list.append(this.gapElement);
    } else {
      this.gapElement.remove();
    }
  }
}
