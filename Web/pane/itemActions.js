// A pane's changes to its items, as requests: drops and pastes from outside (with their uploads), moves within the
// gallery, the trash, and the images per row. Each shows at once as an optimistic change (model/overlay.js) that the
// answer, then the gallery's own event, replaces. Installed on GalleryPane's prototype: `this` is the pane.

import { api } from "../net/api.js";
import { anchorBefore } from "../model/gallery.js";
import { hiding, nextKey, placeholders, reordering, upsert } from "../model/overlay.js";
import { changesOrder } from "../model/reorder.js";
import { emptySelection, selectedInOrder } from "../model/selection.js";
import { clampPerRow } from "../model/zoom.js";

export const itemActions = {
  // ---- Drops and pastes from outside: one path ----

  async addFromOutside({ payload, files }, index) {
    if (this.refuseChange()) return;
    const key = nextKey("drop");
    const anchor = anchorBefore(this.shownItems, index);
    const at = anchor ? { after: anchor.id } : { start: true };
    this.addOverlay(placeholders(key, anchor?.id ?? null, [{ id: key, state: "pending", title: "dropped items" }]));
    let response;
    try {
      response = await api.drop(this.galleryId, payload, at);
    } catch (error) {
      this.settleOverlay(key);
      this.announcer.alert(error.message);
      return;
    }
    this.settleOverlay(key, upsert(key, response.items, this.galleryId));
    const count = response.items.length;
    this.announcer.announce(`Adding ${count} item${count === 1 ? "" : "s"}.`);
    this.afterOwnChange();
    await Promise.all(response.uploads.map((upload) => this.uploadFile(upload, files[upload.fileIndex])));
  },

  /** Pastes go after the last selected item, or at the end. */
  pasteIndex() {
    const ids = selectedInOrder(this.selection, this.order());
    if (!ids.length) return this.shownItems.length;
    return this.shownItems.findIndex((item) => item.id === ids[ids.length - 1]) + 1;
  },

  async uploadFile(upload, file) {
    if (!file) return;
    this.uploadProgress.set(upload.itemId, { received: 0, total: file.size });
    try {
      const item = await api.upload(upload.uploadURL, file, (received, total) => {
        this.uploadProgress.set(upload.itemId, { received, total: total ?? file.size });
        this.render();
      });
      this.uploadProgress.delete(upload.itemId);
      const before = this.shownItems;
      this.overlays = [...this.overlays, upsert(nextKey("upload"), [item], this.galleryId)];
      this.render();
      this.announceSettled(before, this.shownItems);
    } catch (error) {
      this.uploadProgress.delete(upload.itemId);
      this.announcer.alert(error.message);
    }
    this.render();
  },

  // ---- Moving within the gallery: by dragging, by keys, by the menu; one request ----

  async moveItems(ids, index, { focus = null } = {}) {
    if (this.refuseChange()) return;
    if (!changesOrder(this.shownItems, ids, index)) return;
    const { at, beforeId } = this.insertionAt(index, ids);
    const key = nextKey("move");
    this.addOverlay(reordering(key, ids, beforeId));
    if (focus) this.grid.focusItem(focus);
    try {
      const response = await api.move(this.galleryId, ids, at);
      this.settleOverlay(key, upsert(key, response.items, this.galleryId));
      const first = this.itemById(ids[0]);
      const position = this.shownItems.findIndex((item) => item.id === ids[0]) + 1;
      const what = ids.length === 1 ? `'${first?.title ?? "item"}'` : `${ids.length} items`;
      this.announcer.announce(`Moved ${what} to position ${position} of ${this.shownItems.length}.`);
      if (focus) this.grid.focusItem(focus);
      this.afterOwnChange();
    } catch (error) {
      this.settleOverlay(key);
      this.announcer.alert(error.message);
    }
  },

  /** The items an action on `id` applies to: the selection when `id` is in it, else `id` alone. */
  itemsFor(id) {
    if (this.selection.ids.has(id)) return selectedInOrder(this.selection, this.order()).map((each) => this.itemById(each)).filter(Boolean);
    const item = this.itemById(id);
    return item ? [item] : [];
  },

  // ---- Trash ----

  async trashItems(ids) {
    if (this.refuseChange()) return;
    ids = ids.filter((id) => !this.itemById(id)?.local);
    if (!ids.length) return;
    const titles = ids.map((id) => this.itemById(id)?.title ?? "item");
    await this.shrinkIntoTrash(ids);
    const key = nextKey("trash");
    this.addOverlay(hiding(key, ids));
    try {
      const response = await api.trash(this.galleryId, ids);
      this.selection = emptySelection();
      this.settleOverlay(key, upsert(key, response.items, this.galleryId));
      this.announcer.announce(ids.length === 1 ? `Moved '${titles[0]}' to the trash.` : `Moved ${ids.length} items to the trash.`);
      this.afterOwnChange();
    } catch (error) {
      this.settleOverlay(key);
      this.announcer.alert(error.message);
    }
  },

  /** The seed's previewForDropping: items shrink into the trash icon. */
  shrinkIntoTrash(ids) {
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
    const target = this.trash.center();
    const animations = ids
      .map((id) => this.grid.tileFor(id))
      .filter(Boolean)
      .map((tile) => {
        const box = tile.getBoundingClientRect();
        const dx = target.x - (box.left + box.width / 2);
        const dy = target.y - (box.top + box.height / 2);
        const base = tile.style.transform;
        return tile.animate(
          [{ transform: base, opacity: 1 }, { transform: `${base} translate(${dx}px, ${dy}px) scale(0.05)`, opacity: 0.2 }],
          { duration: 200, easing: "ease-in", fill: "forwards" },
        ).finished.catch(() => {});
      });
    return Promise.all(animations);
  },

  async showTrash() {
    try {
      this.trash.showItems((await api.trashList(this.galleryId)).items);
    } catch (error) {
      this.announcer.alert(error.message);
    }
  },

  async restore(ids) {
    try {
      const response = await api.restore(this.galleryId, ids);
      this.addOverlay(upsert(nextKey("restore"), response.items, this.galleryId));
      this.announcer.announce(ids.length === 1 ? "Restored 1 item." : `Restored ${ids.length} items.`);
      this.afterOwnChange();
      if (this.trash.isOpen()) this.trash.showItems((await api.trashList(this.galleryId)).items);
    } catch (error) {
      this.announcer.alert(error.message);
    }
  },

  async emptyTrash() {
    try {
      const { deleted } = await api.emptyTrash(this.galleryId);
      await this.refreshGallery();
      this.announcer.announce(`Deleted ${deleted} item${deleted === 1 ? "" : "s"} for good.`);
      this.trash.showItems([]);
      this.afterOwnChange();
    } catch (error) {
      this.announcer.alert(error.message);
    }
  },

  /** In a view-only pane, says so and returns true (the change is not made); else false. */
  refuseChange() {
    if (!this.readOnly) return false;
    this.tell("This gallery is view only.");
    return true;
  },

  // ---- Images per row ----

  /** Changes the images per row here, and for everyone unless the pane is view only (then only on this page). */
  setPerRow(value) {
    const next = clampPerRow(value);
    if (next === this.perRow) return;
    this.perRow = next;
    this.render();
    this.announcer.announce(`${next} images per row.`);
    if (this.readOnly) return;
    clearTimeout(this.perRowSaving);
    this.perRowSaving = setTimeout(async () => {
      try {
        this.applyGallery(await api.updateGallery(this.galleryId, { imagesPerRow: this.perRow }));
        this.afterOwnChange();
      } catch (error) {
        this.announcer.alert(error.message);
      } finally {
        this.perRowSaving = null;
      }
    }, 250);
  },
};
