// The list view: one row per item (view/row.js) in gallery order, and an insertion line between rows while something
// is dragged over it; what it shares with the grid (rendering only the rows near the viewport, DOM order, marks,
// events) is ItemsView's, so a pane shows either.

import { listHeight, listInsertionIndex, listStep, ROW_HEIGHT, rowTop, visibleRows } from "../model/listLayout.js";
import { ItemsView } from "./itemsView.js";
import { createRow, updateRow } from "./row.js";

export class ListView extends ItemsView {
  constructor(scroller, list) {
    const line = document.createElement("div");
    line.className = "insertion-line";
    line.setAttribute("aria-hidden", "true");
    super(scroller, list, line, 600);
    // Its rows are laid out by the list's width (styles.css: a narrower list shows fewer facts).
    list.classList.add("list");
  }

  destroy() {
    super.destroy();
    this.list.classList.remove("list");
  }

  /** The insertion index under a viewport point. */
  indexAt(_clientX, clientY) {
    return listInsertionIndex(this.items.length, clientY - this.list.getBoundingClientRect().top - this.shift);
  }

  /** The index of the row one step from `index` ("up"/"left" the one before, "down"/"right" the one after). */
  indexInDirection(index, direction) {
    return listStep(this.items.length, index, direction);
  }

  frame(top, bottom) {
    return { height: listHeight(this.items.length), ...visibleRows(this.items.length, top, bottom) };
  }

  itemPitch() {
    return ROW_HEIGHT;
  }

  topOf(index) {
    return rowTop(index);
  }

  create(item) {
    return createRow(item);
  }

  update(row, item, index) {
    updateRow(row, item, this.progress.get(item.id) ?? item.progress, this.handlers);
    row.style.transform = `translateY(${rowTop(index) + this.shift}px)`;
  }

  drawMarker() {
    if (this.gapIndex !== null) {
      this.marker.style.transform = `translateY(${rowTop(this.gapIndex) - 2 + this.shift}px)`;
      if (!this.marker.isConnected) this.list.append(this.marker);
    } else {
      this.marker.remove();
    }
  }
}
