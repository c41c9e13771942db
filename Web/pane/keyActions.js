// A pane's selection, keys and item menu: what the grid's keys and the menu's choices do, and the page-wide shortcuts
// (select all, clear, delete, copy) the app routes to the pane in use. Installed on GalleryPane's prototype.

import { writeItems } from "../dnd/localDrag.js";
import { stepIndex } from "../model/reorder.js";
import { clickSelect, emptySelection, selectAll, selectedInOrder } from "../model/selection.js";

export const keyActions = {

  selectAll() {
    this.selection = selectAll(this.order());
    this.render();
    this.announcer.announce(`Selected all ${this.shownItems.length} items.`);
    return true;
  },

  clearSelection() {
    if (!this.selection.ids.size) return false;
    this.selection = emptySelection();
    this.render();
    this.announcer.announce("Selection cleared.");
    return true;
  },

  deleteSelection() {
    if (!this.selection.ids.size) return false;
    if (this.refuseChange()) return true;
    this.trashItems(selectedInOrder(this.selection, this.order()));
    return true;
  },

  /** Writes the selection to the clipboard; false when nothing is selected. */
  copySelection(clipboardData) {
    const items = selectedInOrder(this.selection, this.order()).map((id) => this.itemById(id)).filter((item) => item && !item.local);
    if (!items.length) return false;
    writeItems(clipboardData, this.galleryId, items);
    this.announcer.announce(items.length === 1 ? `Copied '${items[0].title}'.` : `Copied ${items.length} items.`);
    return true;
  },

  key(event, id) {
    const items = this.shownItems;
    const index = items.findIndex((item) => item.id === id);
    const mod = event.ctrlKey || event.metaKey;
    const horizontal = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const vertical = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (event.altKey && (horizontal || vertical)) {
      const ids = this.itemsFor(id).map((item) => item.id);
      const step = (horizontal ?? vertical) < 0 ? -1 : 1;
      const to = stepIndex(items, ids, step);
      if (to !== null) this.moveItems(ids, to, { focus: id });
      else this.announcer.announce(step < 0 ? "Already at the start." : "Already at the end.");
    } else if (horizontal || vertical) {
      const to = horizontal ? index + horizontal : this.grid.verticalNeighbour(index, vertical); // row above/below
      const next = items[Math.min(items.length - 1, Math.max(0, to))];
      if (next) {
        if (event.shiftKey) this.selection = clickSelect(this.selection, this.order(), next.id, { range: true });
        this.grid.focusItem(next.id);
        this.render();
      }
    } else if (event.key === "Home" || event.key === "End") {
      const next = event.key === "Home" ? items[0] : items[items.length - 1];
      if (next) this.grid.focusItem(next.id);
    } else if (event.key === " " || event.key === "Enter") {
      this.selection = clickSelect(this.selection, this.order(), id, { toggle: mod || event.key === " " });
      this.render();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      this.trashItems(this.itemsFor(id).map((item) => item.id));
    } else if (this.readOnly && (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10"))) {
      return; // no item menu: the browser's own
    } else if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
      const box = event.target.getBoundingClientRect();
      this.menu.open(id, { x: box.left + 8, y: box.top + 8 }, event.target, items.length, this);
    } else {
      return;
    }
    event.preventDefault();
  },

  /** A choice from the item menu for item `id`. */
  menuAction(id, action, position, returnFocus) {
    if (this.refuseChange()) return;
    const ids = this.itemsFor(id).filter((item) => !item.local).map((item) => item.id);
    if (action === "start") this.moveItems(ids, 0, { focus: id });
    else if (action === "end") this.moveItems(ids, this.shownItems.length, { focus: id });
    else if (action === "trash") this.trashItems(ids);
    else if (action === "gallery") this.hooks.onMoveToGallery(this, ids, returnFocus);
    else if (action === "position") {
      const target = Math.min(Math.max(1, Math.round(position) || 1), this.shownItems.length);
      // Position n of the final order: count the place among the items that do not move.
      const rest = this.shownItems.filter((item) => !ids.includes(item.id));
      const anchor = rest[target - 1];
      const index = anchor ? this.shownItems.indexOf(anchor) : this.shownItems.length;
      this.moveItems(ids, index, { focus: id });
    }
  },
};
