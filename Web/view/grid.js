// The grid view: lays items out in justified rows (model/justifiedLayout.js), renders only the cells near the viewport,
// keeps DOM order equal to gallery order, shows the drop gap and the drop-active state. It owns the DOM; app.js gives
// it data through `render` and receives user intents through `bind…` hooks. The layout is computed once per change of
// the items, the width, the images per row or the gap; scrolling only looks up the rows in view.

import {
  computeLayout, gapRect, insertionIndexAt, isCropped, itemRect, verticalNeighbour, visibleRange,
} from "../model/justifiedLayout.js";
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
    list.addEventListener("click", (event) => {
      const tile = event.target.closest("[data-item-id]");
      if (!tile) return;
      if (event.target.closest(".item-menu-button")) {
        const box = event.target.getBoundingClientRect();
        this.intents.onMenu(tile.dataset.itemId, { x: box.left, y: box.bottom + 4 }, tile);
        return;
      }
      if (event.target.closest("button")) return;
      this.intents.onSelect(tile.dataset.itemId, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey });
      tile.focus({ preventScroll: true });
    });
    list.addEventListener("contextmenu", (event) => {
      const tile = event.target.closest("[data-item-id]");
      if (!tile || !this.menuEnabled) return; // without the item menu, the browser's own (Copy Image…)
      event.preventDefault();
      this.intents.onMenu(tile.dataset.itemId, { x: event.clientX, y: event.clientY }, tile);
    });
    list.addEventListener("keydown", (event) => {
      const tile = event.target.closest("[data-item-id]");
      if (tile && event.target === tile) this.intents.onKey(event, tile.dataset.itemId);
    });
    list.addEventListener("focusin", (event) => {
      const tile = event.target.closest("[data-item-id]");
      if (tile) {
        this.focusedId = tile.dataset.itemId;
        this.intents.onFocus(this.focusedId);
      }
    });
    this.gapElement = document.createElement("div");
    this.gapElement.className = "drop-gap";
    this.gapElement.setAttribute("aria-hidden", "true");
    this.frame = null;
    scroller.addEventListener("scroll", () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(scroller);
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
    this.items = items;
    this.perRow = perRow;
    this.invalidate();
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

  /** For the arrow keys Up and Down: the index of the item in the row above (-1) or below (1), nearest horizontally. */
  verticalNeighbour(index, step) {
    return verticalNeighbour(this.plainLayout(), index, step);
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
      if (this.selected.has(item.id)) tile.dataset.selected = "true";
      else delete tile.dataset.selected;
      if (isCropped(item)) tile.dataset.cropped = "true";
      else delete tile.dataset.cropped;
      if (this.dragging.has(item.id)) tile.dataset.dragging = "true";
      else delete tile.dataset.dragging;
      let mark = tile.querySelector(".selected-mark");
      if (this.selected.has(item.id) && !mark) {
        mark = document.createElement("span");
        mark.className = "selected-mark visually-hidden";
        mark.textContent = "Selected";
        tile.append(mark);
      } else if (!this.selected.has(item.id) && mark) {
        mark.remove();
      }
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
    this.placeInOrder(ordered);
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

  /** Keeps the rendered cells' DOM order equal to gallery order, moving only cells that are out of place. */
  placeInOrder(ordered) {
    let cursor = this.list.firstElementChild;
    for (const tile of ordered) {
      while (cursor && cursor === this.gapElement) cursor = cursor.nextElementSibling;
      if (cursor === tile) {
        cursor = cursor.nextElementSibling;
      } else {
        this.list.insertBefore(tile, cursor);
      }
    }
  }
}
