// The list view: one row per item (view/row.js) in gallery order, only the rows near the viewport in the DOM, an
// insertion line between rows while something is dragged over it. The same interface as the grid (GridView), so a
// pane shows either: data comes through `render`, intents leave through `bind…` hooks.

import { listHeight, listInsertionIndex, listStep, rowTop, ROW_HEIGHT, visibleRows } from "../model/listLayout.js";
import { listenToItems, markItem, placeInOrder } from "./itemEvents.js";
import { createRow, updateRow } from "./row.js";

const OVERSCAN = 600; // pixels rendered above and below the viewport

export class ListView {
  constructor(scroller, list) {
    this.scroller = scroller;
    this.list = list;
    this.items = [];
    this.progress = new Map();
    this.selected = new Set();
    this.dragging = new Set();
    this.gapIndex = null;
    this.rows = new Map();
    this.indexById = null;
    this.focusedId = null;
    this.menuEnabled = true;
    this.handlers = { onRetry: () => {}, onRemove: () => {} };
    this.intents = { onSelect: () => {}, onMenu: () => {}, onKey: () => {}, onFocus: () => {} };
    this.line = document.createElement("div");
    this.line.className = "insertion-line";
    this.line.setAttribute("aria-hidden", "true");
    this.frame = null;
    this.listening = new AbortController();
    listenToItems(list, this, this.listening.signal);
    scroller.addEventListener("scroll", () => this.schedule(), { passive: true, signal: this.listening.signal });
    list.dataset.view = "list";
  }

  bindSelect(handler) { this.intents.onSelect = handler; }
  bindMenu(handler) { this.intents.onMenu = handler; }
  bindKey(handler) { this.intents.onKey = handler; }
  bindFocus(handler) { this.intents.onFocus = handler; }
  bindRetry(handler) { this.handlers.onRetry = handler; }
  bindRemove(handler) { this.handlers.onRemove = handler; }

  setName(name) { this.list.setAttribute("aria-label", name); }

  /** Whether the items offer the item menu: not in a view-only pane. */
  setMenuEnabled(enabled) { this.menuEnabled = enabled; }

  render({ items, progress, selected, dragging }) {
    if (items !== this.items) this.indexById = null;
    this.items = items;
    this.progress = progress ?? this.progress;
    this.selected = selected ?? this.selected;
    this.dragging = dragging ?? this.dragging;
    this.schedule();
  }

  /** Moves keyboard focus to an item, scrolling its row into view (and rendering it) first. */
  focusItem(id) {
    this.focusedId = id;
    const index = this.indexOf(id);
    if (index < 0) return;
    const top = this.list.offsetTop + rowTop(index);
    if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
    else if (top + ROW_HEIGHT > this.scroller.scrollTop + this.scroller.clientHeight) {
      this.scroller.scrollTop = top + ROW_HEIGHT - this.scroller.clientHeight;
    }
    this.draw();
    this.rows.get(id)?.focus({ preventScroll: true });
  }

  /** The index of the row one step from `index` ("up"/"left" the one before, "down"/"right" the one after). */
  indexInDirection(index, direction) {
    return listStep(this.items.length, index, direction);
  }

  /** The rendered row of an item, if any. */
  tileFor(id) { return this.rows.get(id) ?? null; }

  setDropActive(active) {
    if (active) this.scroller.dataset.dropActive = "true";
    else delete this.scroller.dataset.dropActive;
    if (!active) this.setGap(null);
  }

  /** Shows the insertion line before row `index` (null: none). */
  setGap(index) {
    if (index === this.gapIndex) return;
    this.gapIndex = index;
    this.draw();
  }

  /** The insertion index under a viewport point. */
  indexAt(clientX, clientY) {
    return listInsertionIndex(this.items.length, clientY - this.list.getBoundingClientRect().top);
  }

  /** Removes the view's rows and listeners (the pane switched to another view). */
  destroy() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.listening.abort();
    for (const row of this.rows.values()) row.remove();
    this.line.remove();
    this.rows.clear();
    delete this.list.dataset.view;
    this.list.style.height = "";
  }

  indexOf(id) {
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
    const count = this.items.length;
    this.list.style.height = `${listHeight(count)}px`;
    const scrollTop = this.scroller.scrollTop - this.list.offsetTop;
    const { start, end } = visibleRows(count, scrollTop - OVERSCAN, scrollTop + this.scroller.clientHeight + OVERSCAN);
    const visible = [];
    const focusIndex = this.indexOf(this.focusedId);
    if (focusIndex >= 0 && focusIndex < start) visible.push(focusIndex);
    for (let index = start; index < end; index++) visible.push(index);
    if (focusIndex >= end) visible.push(focusIndex);
    const tabStop = focusIndex >= 0 ? this.focusedId : this.items[0]?.id;
    const keep = new Set();
    const ordered = [];
    for (const index of visible) {
      const item = this.items[index];
      let row = this.rows.get(item.id);
      if (!row) {
        row = createRow(item);
        this.rows.set(item.id, row);
      }
      updateRow(row, item, this.progress.get(item.id) ?? item.progress, this.handlers);
      row.setAttribute("aria-posinset", String(index + 1));
      row.setAttribute("aria-setsize", String(count));
      row.tabIndex = item.id === tabStop ? 0 : -1;
      markItem(row, { selected: this.selected.has(item.id), dragging: this.dragging.has(item.id) });
      row.style.transform = `translateY(${rowTop(index)}px)`;
      keep.add(item.id);
      ordered.push(row);
    }
    for (const [id, row] of this.rows) {
      if (!keep.has(id)) {
        row.remove();
        this.rows.delete(id);
      }
    }
    placeInOrder(this.list, ordered, this.line);
    if (this.gapIndex !== null) {
      this.line.style.transform = `translateY(${rowTop(this.gapIndex) - 2}px)`;
      if (!this.line.isConnected) this.list.append(this.line);
    } else {
      this.line.remove();
    }
  }
}
