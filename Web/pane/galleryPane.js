// One gallery pane's controller: the gallery's state (a replica of the server's, with optimistic changes on top),
// its views (toolbar, grid, trash) and the user's intents from them, turned into API requests. It never touches DOM
// events itself; the views hand it intents through their bind… hooks.

import { api } from "../net/api.js";
import { anchorBefore } from "../model/gallery.js";
import { clampPerRow } from "../model/zoom.js";
import { changesOrder, insertionPointFor, stepIndex } from "../model/reorder.js";
import { clickSelect, emptySelection, pruneSelection, selectAll, selectedInOrder } from "../model/selection.js";
import { catchUpFrom, createReplica, hasGap, receiveEvent, receiveEvents, reloadReplica } from "../model/replica.js";
import { connectLive } from "../net/live.js";
import { hiding, placeholders, pruneOverlays, reordering, replaceOverlay, showItems, upsert } from "../model/overlay.js";
import { settledItems } from "../model/announcements.js";
import { dropTargetForExternal } from "../dnd/externalDrop.js";
import { autoScrollOnDrag, draggableItems, dropTargetForLocal, isLocalDrag, writeItems } from "../dnd/localDrag.js";
import { zoomGestures } from "../dnd/zoomGestures.js";
import { GridView } from "../view/grid.js";
import { ToolbarView } from "../view/toolbar.js";
import { TrashView } from "../view/trash.js";

let overlayCounter = 0;
/** A key for a new optimistic change, unique in the page. */
export function nextKey(kind) {
  return `${kind}-${++overlayCounter}`;
}

export class GalleryPane {
  /**
   * @param galleryId the gallery shown
   * @param view a PaneView (the pane's frame)
   * @param shared { announcer, menu } shared by every pane
   * @param hooks { isActive(), onTransfer({payload, target, index, copy}), onMoveToGallery(pane, ids, returnFocus),
   *              onOpenBeside(pane, button), onClose(pane), onGone(pane) }
   */
  constructor({ galleryId, view, shared, hooks }) {
    this.galleryId = galleryId;
    this.view = view;
    this.announcer = shared.announcer;
    this.menu = shared.menu;
    this.hooks = hooks;
    this.replica = null;
    this.gallery = null; // the newest gallery document seen (events, answers)
    this.overlays = [];
    this.progress = new Map(); // itemId → {received, total} from the server
    this.uploadProgress = new Map(); // itemId → {received, total} of this page's uploads
    this.selection = emptySelection();
    this.dragging = new Set();
    this.perRow = 4;
    this.perRowSaving = null;
    this.shownItems = [];
    this.closed = false;

    this.grid = new GridView(view.scroller, view.list);
    this.toolbar = new ToolbarView(view.toolbar, { primary: view.primary });
    this.trash = new TrashView(view.trashButton, view.trashDialog);
    this.cleanups = [];
    this.wire();
  }

  // ---- State ----

  /** The items as the user sees them now, in order. */
  items() {
    return this.shownItems;
  }

  itemById(id) {
    return this.shownItems.find((item) => item.id === id);
  }

  order() {
    return this.shownItems.map((item) => item.id);
  }

  get name() {
    return this.gallery?.name ?? "Gallery";
  }

  /** Recomputes what is shown and draws it. */
  render() {
    if (this.closed) return;
    if (this.replica) {
      this.overlays = pruneOverlays(this.overlays, this.replica);
      this.shownItems = showItems(this.replica.items, this.overlays);
    }
    const progress = new Map(this.progress);
    for (const [id, entry] of this.uploadProgress) progress.set(id, entry);
    this.selection = pruneSelection(this.selection, this.order());
    this.grid.render({ items: this.shownItems, perRow: this.perRow, progress, selected: this.selection.ids, dragging: this.dragging });
    this.toolbar.render({ name: this.gallery?.name ?? "Image Gallery", perRow: this.perRow });
    this.trash.renderCount(this.gallery?.trashCount ?? 0);
  }

  /** Takes a newer gallery document (name, images per row, trash count). */
  applyGallery(gallery) {
    if (!gallery || (this.gallery && gallery.sequence < this.gallery.sequence)) return;
    const perRowChanged = !this.gallery || this.gallery.imagesPerRow !== gallery.imagesPerRow;
    this.gallery = gallery;
    if (perRowChanged && this.perRowSaving === null) this.perRow = gallery.imagesPerRow;
    this.grid.setName(gallery.name);
    this.view.setName(gallery.name);
    this.toolbar.setCloseLabel(gallery.name);
  }

  /** Replaces the replica (a load, a reload after a reset, or new changes), announcing items that finished loading. */
  setReplica(replica) {
    const before = this.shownItems;
    this.replica = replica;
    this.applyGallery(replica.gallery);
    this.render();
    this.announceSettled(before, this.shownItems);
  }

  addOverlay(overlay) {
    this.overlays = [...this.overlays, overlay];
    this.render();
  }

  /** Replaces the optimistic change `key` by `replacements` (none: drops it). */
  settleOverlay(key, ...replacements) {
    this.overlays = replaceOverlay(this.overlays, key, ...replacements);
    this.render();
  }

  /** The changeSequence of each of these items in the replica now (for overlays that wait for a newer change). */
  basisFor(ids) {
    const basis = {};
    for (const item of this.replica?.items ?? []) if (ids.includes(item.id)) basis[item.id] = item.changeSequence ?? 0;
    return basis;
  }

  /** Where an insertion before shown position `index` goes: the API's `at` and the item it goes before (or null). */
  insertionAt(index, movingIds = []) {
    const at = insertionPointFor(this.shownItems, movingIds, index);
    return { at, beforeId: at.before ?? null };
  }

  announceSettled(before, after) {
    const { ready, failed } = settledItems(before, after);
    if (ready.length) this.announcer.announce(`${ready.length} image${ready.length === 1 ? "" : "s"} added.`);
    if (failed.length) this.announcer.announce(`Could not add ${failed[0].title}: ${failed[0].failure?.message ?? ""}.`);
  }

  // ---- Loading and the live feed ----

  async load() {
    const { gallery, items } = await api.allItems(this.galleryId);
    this.perRow = gallery.imagesPerRow;
    this.setReplica(createReplica(gallery, items));
    this.refreshHistory();
    this.live = connectLive(this.galleryId, {
      since: () => this.replica.sequence,
      onEvent: (event) => this.receive(event),
      onProgress: (progress) => {
        this.progress = new Map(Object.entries(progress));
        this.render();
      },
      onReset: () => this.reload(),
      onGone: (reason) => this.gone(reason),
      onState: (state) => {
        this.connection = state;
        this.hooks.onConnection?.(this, state);
      },
    });
  }

  /** An event from the live socket: applied in order; a gap is filled from the event list. */
  receive(event) {
    const { replica } = receiveEvent(this.replica, event);
    this.setReplica(replica);
    if (hasGap(replica)) this.catchUp();
  }

  /** Fetches the events after the replica's sequence (a gap), or reloads when the server says it cannot. */
  async catchUp() {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      const feed = await api.events(this.galleryId, catchUpFrom(this.replica));
      if (feed.reset) await this.reload({ restart: false });
      else this.setReplica(receiveEvents(this.replica, feed.events));
    } catch (error) {
      if (error.status === 404) this.gone(error.message);
      else console.warn("catching up failed", error);
    } finally {
      this.catchingUp = false;
    }
    if (hasGap(this.replica)) setTimeout(() => this.catchUp(), 500);
  }

  /** Loads every item afresh (after a reset), then reconnects from the new sequence. */
  async reload({ restart = true } = {}) {
    try {
      const { gallery, items } = await api.allItems(this.galleryId);
      this.setReplica(reloadReplica(gallery, items));
    } catch (error) {
      if (error.status === 404) this.gone(error.message);
      else this.announcer.alert(`Could not reload the gallery: ${error.message}`);
      return;
    }
    if (restart) this.live?.restart();
  }

  /** Reconnects at once if the socket is down (the page became visible again). */
  refresh() {
    this.live?.reconnectNow();
  }

  /** The gallery is gone (in the trash of galleries, or unknown): says so, with a way to the other galleries. */
  gone(reason) {
    if (this.isGone) return;
    this.isGone = true;
    const detail = reason && reason !== "gone" ? ` ${reason}` : "";
    const text = `This gallery is no longer available: it was moved to the trash or deleted.${detail}`;
    this.view.showNotice(text, { href: "/galleries", text: "Go to all galleries" });
    this.announcer.alert(text);
    this.hooks.onGone?.(this);
  }

  close() {
    this.closed = true;
    this.live?.close();
    for (const cleanup of this.cleanups) cleanup();
    this.view.remove();
  }

  async refreshGallery() {
    try {
      this.applyGallery(await api.gallery(this.galleryId));
      this.render();
    } catch {}
  }

  // ---- Drops and pastes from outside: one path ----

  async addFromOutside({ payload, files }, index) {
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
  }

  /** Pastes go after the last selected item, or at the end. */
  pasteIndex() {
    const ids = selectedInOrder(this.selection, this.order());
    if (!ids.length) return this.shownItems.length;
    return this.shownItems.findIndex((item) => item.id === ids[ids.length - 1]) + 1;
  }

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
  }

  // ---- Moving within the gallery: by dragging, by keys, by the menu; one request ----

  async moveItems(ids, index, { focus = null } = {}) {
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
  }

  /** The items an action on `id` applies to: the selection when `id` is in it, else `id` alone. */
  itemsFor(id) {
    if (this.selection.ids.has(id)) return selectedInOrder(this.selection, this.order()).map((each) => this.itemById(each)).filter(Boolean);
    const item = this.itemById(id);
    return item ? [item] : [];
  }

  // ---- Trash ----

  async trashItems(ids) {
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
  }

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
  }

  async showTrash() {
    try {
      this.trash.showItems((await api.trashList(this.galleryId)).items);
    } catch (error) {
      this.announcer.alert(error.message);
    }
  }

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
  }

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
  }

  // ---- Selection and the keyboard (routed here by the app when this pane is the active one) ----

  selectAll() {
    this.selection = selectAll(this.order());
    this.render();
    this.announcer.announce(`Selected all ${this.shownItems.length} items.`);
    return true;
  }

  clearSelection() {
    if (!this.selection.ids.size) return false;
    this.selection = emptySelection();
    this.render();
    this.announcer.announce("Selection cleared.");
    return true;
  }

  deleteSelection() {
    if (!this.selection.ids.size) return false;
    this.trashItems(selectedInOrder(this.selection, this.order()));
    return true;
  }

  /** Writes the selection to the clipboard; false when nothing is selected. */
  copySelection(clipboardData) {
    const items = selectedInOrder(this.selection, this.order()).map((id) => this.itemById(id)).filter((item) => item && !item.local);
    if (!items.length) return false;
    writeItems(clipboardData, this.galleryId, items);
    this.announcer.announce(items.length === 1 ? `Copied '${items[0].title}'.` : `Copied ${items.length} items.`);
    return true;
  }

  key(event, id) {
    const items = this.shownItems;
    const index = items.findIndex((item) => item.id === id);
    const mod = event.ctrlKey || event.metaKey;
    const horizontal = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const vertical = { ArrowUp: -this.perRow, ArrowDown: this.perRow }[event.key];
    if (event.altKey && (horizontal || vertical)) {
      const ids = this.itemsFor(id).map((item) => item.id);
      const step = (horizontal ?? vertical) < 0 ? -1 : 1;
      const to = stepIndex(items, ids, step);
      if (to !== null) this.moveItems(ids, to, { focus: id });
      else this.announcer.announce(step < 0 ? "Already at the start." : "Already at the end.");
    } else if (horizontal || vertical) {
      const next = items[Math.min(items.length - 1, Math.max(0, index + (horizontal ?? vertical)))];
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
    } else if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
      const box = event.target.getBoundingClientRect();
      this.menu.open(id, { x: box.left + 8, y: box.top + 8 }, event.target, items.length, this);
    } else {
      return;
    }
    event.preventDefault();
  }

  /** A choice from the item menu for item `id`. */
  menuAction(id, action, position, returnFocus) {
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
  }

  // ---- Images per row ----

  setPerRow(value) {
    const next = clampPerRow(value);
    if (next === this.perRow) return;
    this.perRow = next;
    this.render();
    this.announcer.announce(`${next} images per row.`);
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
  }

  // ---- Undo and redo (the server keeps this tab's history per gallery) ----

  /** Called after every change this page made: the Undo and Redo buttons follow the history. */
  afterOwnChange() {
    this.refreshHistory();
  }

  async refreshHistory() {
    const asked = (this.historyAsked = (this.historyAsked ?? 0) + 1);
    try {
      const history = await api.history(this.galleryId);
      if (asked === this.historyAsked && !this.closed) this.toolbar.renderHistory(history);
    } catch (error) {
      if (error.status !== 404) console.warn("history failed", error);
    }
  }

  undo() {
    return this.step("undo");
  }

  redo() {
    return this.step("redo");
  }

  /** Undoes or redoes this tab's last change here; the server's message is announced and shown for a while. The
   * view changes through the events that follow. */
  async step(direction) {
    if (this.stepping || this.isGone) return;
    this.stepping = true;
    try {
      const response = direction === "undo" ? await api.undo(this.galleryId) : await api.redo(this.galleryId);
      this.historyAsked = (this.historyAsked ?? 0) + 1;
      this.toolbar.renderHistory(response.history);
      this.tell(response.message);
    } catch (error) {
      this.tell(error.message);
      this.refreshHistory();
    } finally {
      this.stepping = false;
    }
  }

  /** A message for everyone: announced politely and shown in the pane's status line. */
  tell(message) {
    if (!message) return;
    this.announcer.announce(message);
    this.view.showStatus(message);
  }

  // ---- Wiring the views ----

  wire() {
    const { grid, view, trash, toolbar } = this;
    const galleryId = () => this.galleryId;

    view.bindActivate(() => this.hooks.onActivate?.(this));

    this.cleanups.push(
      dropTargetForExternal(view.scroller, {
        isLocal: isLocalDrag,
        onEnter: () => grid.setDropActive(true),
        onOver: ({ x, y }) => {
          grid.setDropActive(true);
          grid.setGap(grid.indexAt(x, y));
        },
        onLeave: () => grid.setDropActive(false),
        onDrop: ({ x, y, payload, files }) => {
          const index = grid.indexAt(x, y);
          grid.setDropActive(false);
          this.addFromOutside({ payload, files }, index);
        },
      }),
    );

    grid.bindSelect((id, modifiers) => {
      this.selection = clickSelect(this.selection, this.order(), id, modifiers);
      this.render();
    });

    this.cleanups.push(
      draggableItems(view.list, {
        galleryId,
        itemsFor: (tile) => {
          const id = tile.dataset.itemId;
          if (!this.selection.ids.has(id)) this.selection = clickSelect(emptySelection(), this.order(), id);
          return this.itemsFor(id).filter((item) => !item.local);
        },
        onStart: (items) => {
          this.dragging = new Set(items.map((item) => item.id));
          this.render();
        },
        onEnd: () => {
          this.dragging = new Set();
          grid.setDropActive(false);
          this.render();
        },
      }),
    );

    this.cleanups.push(
      dropTargetForLocal(view.scroller, {
        accepts: () => !this.closed,
        onOver: ({ x, y }) => grid.setGap(grid.indexAt(x, y)),
        onLeave: () => grid.setGap(null),
        onDrop: ({ x, y, payload, copy }) => {
          const index = grid.indexAt(x, y);
          grid.setGap(null);
          if (payload.galleryId === this.galleryId && !copy) {
            this.moveItems(payload.itemIds.filter((id) => this.itemById(id)), index);
          } else {
            this.hooks.onTransfer({ payload, target: this, index, copy });
          }
        },
      }),
    );
    this.cleanups.push(autoScrollOnDrag(view.scroller));

    trash.bindDrop((payload) => {
      if (payload.galleryId === this.galleryId) this.trashItems(payload.itemIds.filter((id) => this.itemById(id)));
    });
    trash.bindOpen(() => this.showTrash());
    trash.bindRestore((ids) => this.restore(ids));
    trash.bindEmpty(() => this.emptyTrash());

    grid.bindMenu((id, point, returnFocus) => this.menu.open(id, point, returnFocus, this.shownItems.length, this));
    grid.bindKey((event, id) => this.key(event, id));
    grid.bindRetry(async (item) => {
      try {
        this.addOverlay(upsert(nextKey("retry"), [await api.retry(item.id)], this.galleryId));
      } catch (error) {
        this.announcer.alert(error.message);
      }
    });
    grid.bindRemove(async (item) => {
      try {
        this.addOverlay(upsert(nextKey("remove"), [await api.remove(item.id)], this.galleryId));
        this.announcer.announce(`Removed ${item.title}.`);
        this.afterOwnChange();
      } catch (error) {
        this.announcer.alert(error.message);
      }
    });

    toolbar.bindPerRow((value) => this.setPerRow(value));
    toolbar.bindUndo(() => this.undo());
    toolbar.bindRedo(() => this.redo());
    toolbar.bindOpenBeside((button) => this.hooks.onOpenBeside(this, button));
    toolbar.bindClose(() => this.hooks.onClose(this));
    this.cleanups.push(
      zoomGestures(view.scroller, {
        getPerRow: () => this.perRow,
        setPerRow: (value) => this.setPerRow(value),
        acceptsKeys: () => this.hooks.isActive(this),
      }),
    );
  }
}
