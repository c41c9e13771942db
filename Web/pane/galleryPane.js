// One gallery pane's controller: the gallery's state (a replica of the server's, with optimistic changes on top),
// its views (toolbar, grid, trash) and the user's intents from them, turned into API requests. It never touches DOM
// events itself; the views hand it intents through their bind… hooks.

import { api } from "../net/api.js";
import { account, isLinkSession } from "../net/account.js";
import { connectLive } from "../net/live.js";
import { settledItems } from "../model/announcements.js";
import { pruneOverlays, replaceOverlay, showItems } from "../model/overlay.js";
import { insertionPointFor } from "../model/reorder.js";
import { catchUpFrom, createReplica, hasGap, receiveEvent, receiveEvents, reloadReplica } from "../model/replica.js";
import { canChange, isOwner, roleOf } from "../model/roles.js";
import { emptySelection, pruneSelection } from "../model/selection.js";
import { GridView } from "../view/grid.js";
import { ToolbarView } from "../view/toolbar.js";
import { TrashView } from "../view/trash.js";
import { historyActions } from "./historyActions.js";
import { itemActions } from "./itemActions.js";
import { keyActions } from "./keyActions.js";
import { wiring } from "./wiring.js";

export class GalleryPane {
  /**
   * @param galleryId the gallery shown
   * @param view a PaneView (the pane's frame)
   * @param shared { announcer, menu } shared by every pane
   * @param hooks { isActive(pane), onActivate(pane), onTransfer({payload, target, index, copy}),
   *              onMoveToGallery(pane, ids, returnFocus), onTrashElsewhere(payload), onOpenBeside(pane, button),
   *              onClose(pane), onHistoryStep(pane), onShare(pane, button) }
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
    this.role = "owner"; // the signed-in person's role in this gallery (setAccess)
    this.readOnly = false;
    this.session = null;

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

  /** What this person may do here, by their role in the gallery and their session: a viewer's pane (and a read-only
   * link's) is view only; only the owner shares, and only where people sign in. */
  setAccess(role, session = this.session) {
    this.role = role;
    this.session = session;
    this.readOnly = !canChange(role) || isLinkSession(session);
    this.view.setReadOnly(this.readOnly);
    this.grid.setMenuEnabled(!this.readOnly);
    this.trash.setAvailable(!this.readOnly);
    this.toolbar.renderAccess({
      readOnly: this.readOnly,
      canShare: Boolean(session?.authRequired && session.user) && isOwner(role),
      linkSession: isLinkSession(session),
    });
  }

  // ---- Loading and the live feed ----

  async load() {
    const [{ gallery, items }, session] = await Promise.all([api.allItems(this.galleryId), account()]);
    this.setAccess(roleOf(gallery), session);
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
      onState: (state) => this.view.setConnection(state),
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
      this.setAccess(roleOf(gallery));
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
}

// The pane's behaviour, by concern, in files of their own.
Object.assign(GalleryPane.prototype, itemActions, keyActions, historyActions, wiring);
