// The grid view: lays items out (model/layout.js), renders only the cells near the viewport, keeps DOM order equal to
// gallery order, shows the drop gap and the drop-active state. It owns the DOM; app.js gives it data through
// `render` and receives user intents through `bind…` hooks.

import { computeLayout, insertionIndexAt, visibleRange } from "../model/layout.js";
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
    this.tiles = new Map();
    this.handlers = { onRetry: () => {}, onRemove: () => {} };
    this.gapElement = document.createElement("div");
    this.gapElement.className = "drop-gap";
    this.gapElement.setAttribute("aria-hidden", "true");
    this.frame = null;
    scroller.addEventListener("scroll", () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(scroller);
  }

  bindRetry(handler) { this.handlers.onRetry = handler; }
  bindRemove(handler) { this.handlers.onRemove = handler; }

  setName(name) { this.list.setAttribute("aria-label", name); }

  render({ items, perRow, progress }) {
    this.items = items;
    this.perRow = perRow;
    this.progress = progress ?? this.progress;
    this.schedule();
  }

  setDropActive(active) {
    if (active) this.scroller.dataset.dropActive = "true";
    else delete this.scroller.dataset.dropActive;
    if (!active) this.setGap(null);
  }

  setGap(index) {
    if (index === this.gapIndex) return;
    this.gapIndex = index;
    this.draw();
  }

  /** The insertion index under a viewport point. */
  indexAt(clientX, clientY) {
    const box = this.list.getBoundingClientRect();
    const layout = computeLayout(this.items, this.perRow, this.width());
    return insertionIndexAt(layout, this.items.length, clientX - box.left, clientY - box.top);
  }

  width() {
    return this.list.clientWidth || this.scroller.clientWidth - 16;
  }

  schedule() {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  draw() {
    const layout = computeLayout(this.items, this.perRow, this.width(), this.gapIndex);
    this.list.style.height = `${layout.height + (layout.gap ? 0 : 0)}px`;
    const listTop = this.list.offsetTop;
    const top = this.scroller.scrollTop - listTop - OVERSCAN;
    const bottom = this.scroller.scrollTop - listTop + this.scroller.clientHeight + OVERSCAN;
    const visible = visibleRange(layout, top, bottom);
    const keep = new Set();
    const ordered = [];
    for (const index of visible) {
      const item = this.items[index];
      let tile = this.tiles.get(item.id);
      if (!tile) {
        tile = createTile(item);
        this.tiles.set(item.id, tile);
      }
      updateTile(tile, item, this.progress.get(item.id) ?? item.progress, this.handlers);
      tile.setAttribute("aria-posinset", String(index + 1));
      tile.setAttribute("aria-setsize", String(this.items.length));
      const slot = layout.slots[index];
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
    if (layout.gap) {
      const g = layout.gap;
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
