// The grid view: lays items out in justified rows (model/justifiedLayout.js) and shows the drop gap; what it shares
// with the list (rendering only the cells near the viewport, DOM order, marks, events) is ItemsView's. The layout is
// computed once per change of the items, the width, the images per row or the gap; scrolling only looks up the rows
// in view.

import {
  computeLayout,
  gapRect,
  insertionIndexAt,
  isCropped,
  itemRect,
  GUTTER,
  targetRowHeight,
  verticalNeighbour,
  visibleRange,
} from "../model/justifiedLayout.js";
import { ItemsView } from "./itemsView.js";
import { createTile, updateTile } from "./tile.js";

export class GridView extends ItemsView {
  constructor(scroller, list) {
    const gap = document.createElement("div");
    gap.className = "drop-gap";
    gap.setAttribute("aria-hidden", "true");
    super(scroller, list, gap, 800);
    this.layouts = { plain: null, shown: null, key: null }; // without a gap (hit-testing, keys) and as drawn
    /** @type {{width: number, perRow: number, value: number} | null} */
    this.pitch = null;
  }

  /** The insertion index under a viewport point. */
  indexAt(clientX, clientY) {
    const box = this.list.getBoundingClientRect();
    return insertionIndexAt(this.plainLayout(), clientX - box.left, clientY - box.top - this.shift);
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
    super.invalidate();
    this.layouts = { plain: null, shown: null, key: null };
  }

  gapChanged() {
    this.layouts.shown = null;
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

  frame(top, bottom) {
    const layout = this.shownLayout();
    return { height: layout.height, ...visibleRange(layout, top, bottom) };
  }

  /** How far a window of a big gallery lies from the top per item before it: the height per item of the first window
   * laid out at this width and images per row (kept, so that the gallery's height does not change as the window
   * moves), or a row of squares at the target height per images per row until there is one. */
  itemPitch() {
    const width = this.width();
    const { pitch } = this;
    if (pitch && pitch.width === width && pitch.perRow === this.perRow) return pitch.value;
    const perRow = Math.max(1, Math.round(this.perRow) || 1);
    if (this.items.length < perRow * 8) return (targetRowHeight(this.perRow, width) + GUTTER) / perRow;
    this.pitch = { width, perRow: this.perRow, value: (this.plainLayout().height + GUTTER) / this.items.length };
    return this.pitch.value;
  }

  topOf(index) {
    return itemRect(this.plainLayout(), index).y;
  }

  create(item) {
    return createTile(item);
  }

  update(tile, item, index) {
    const slot = itemRect(this.shownLayout(), index);
    updateTile(tile, item, this.progress.get(item.id) ?? item.progress, { ...this.handlers, drawnWidth: slot.width });
    if (isCropped(item)) tile.dataset.cropped = "true";
    else delete tile.dataset.cropped;
    tile.style.transform = `translate(${slot.x}px, ${slot.y + this.shift}px)`;
    tile.style.width = `${slot.width}px`;
    tile.style.height = `${slot.height}px`;
  }

  drawMarker() {
    const g = gapRect(this.shownLayout());
    if (g) {
      this.marker.style.transform = `translate(${g.x}px, ${g.y + this.shift}px)`;
      this.marker.style.width = `${g.width}px`;
      this.marker.style.height = `${g.height}px`;
      if (!this.marker.isConnected) this.list.append(this.marker);
    } else {
      this.marker.remove();
    }
  }
}
