// One gallery pane: its store (model and state: store/paneState.js), its views (toolbar, grid, trash), which render
// from the store whenever it changes, and the actions that turn the user's intents into requests (itemActions,
// keyActions, historyActions; wired to the views in wiring.js). Loads the gallery and follows its live feed. It never
// touches DOM events itself: the views decode them and hand it intents through their bind… hooks.

import { api } from "../net/api.js";
import { account } from "../net/account.js";
import { connectLive } from "../net/live.js";
import { ownChangeLikely } from "../net/ownChanges.js";
import { countChange, noChanges, othersText, settledItems } from "../model/announcements.js";
import { isWindowedCount, PAGE, windowRequest } from "../model/itemWindow.js";
import {
  addLoadedItems,
  addWindowPage,
  catchUpFrom,
  createReplica,
  createWindowedReplica,
  finishLoading,
  hasGap,
  isBoardWindow,
  isLoading,
  receiveEvent,
  receiveEvents,
  reloadReplica,
  windowOf,
} from "../model/replica.js";
import { roleOf } from "../model/roles.js";
import { createStore } from "../store/store.js";
import { basisFor, insertionAt, itemById, pasteIndex, shownProgress, shownWindow } from "../store/paneSelectors.js";
import { initialPaneState, paneActions, paneReducer } from "../store/paneState.js";
import { BoardView } from "../view/board.js";
import { GridView } from "../view/grid.js";
import { ListView } from "../view/list.js";
import { ToolbarView } from "../view/toolbar.js";
import { TrashView } from "../view/trash.js";
import { createBoardActions } from "./boardActions.js";
import { createBoardReading } from "./boardReading.js";
import { createHistoryActions } from "./historyActions.js";
import { createItemActions } from "./itemActions.js";
import { createKeyActions } from "./keyActions.js";
import { createDragActions } from "./dragActions.js";
import { settledText } from "../model/itemKinds.js";

/** How long (ms) without more items settling before the ones that did are announced together. */
const SETTLED_QUIET_MS = 400;
/** The longest a burst of changes waits to be told, however long it goes on. */
const BURST_MAX_MS = 3000;
/** Bursts begun in this page: each names its message to the shared announcer. */
let burstsBegun = 0;
import { wireItemsView, wirePane } from "./wiring.js";

const ITEMS_VIEWS = { grid: GridView, list: ListView, board: BoardView };

export class GalleryPane {
  /**
   * `galleryId`: the gallery shown; `itemsView`: the view the page address asks for ("grid", "list"), or null for the
   * gallery's own; `view`: a PaneView (the pane's frame); `shared`: { announcer, menu } shared by every pane;
   * `hooks`: { isActive(pane), onActivate(pane), onTransfer({payload, target, index, copy}),
   * onMoveToGallery(pane, ids, returnFocus, run), onTrashElsewhere(payload), onOpenBeside(pane, button), onClose(pane),
   * onHistoryStep(pane), onShare(pane, button), onViewChanged(pane) }.
   */
  constructor({ galleryId, itemsView = null, view, shared, hooks }) {
    this.galleryId = galleryId;
    this.view = view;
    /** Counts the loads of the gallery: a window read for an older one is dropped. */
    this.loadGeneration = 0;
    // The last sequence whose event asked for what is shown to be read again (see `rereadIfAsked`).
    this.rereadDone = 0;
    // Whether the page `rereadIfAsked` reads is on its way, and how many such pages have been placed: a page read next
    // to the window before the last one was placed is let go (it was read next to items a run may have moved).
    this.rereading = false;
    this.rereadsPlaced = 0;
    this.store = createStore(paneReducer, initialPaneState(galleryId, itemsView));
    this.toolbar = new ToolbarView(view.toolbar, { primary: view.primary });
    this.trash = new TrashView(view.trashButton, view.trashDialog);

    // What the actions work with: the store, the views and the page's shared parts, given explicitly.
    const context = {
      galleryId,
      store: this.store,
      announcer: shared.announcer,
      menu: shared.menu,
      hooks,
      view,
      itemsView: () => this.shownView,
      trash: this.trash,
      facade: this,
      refuseChange: () => this.refuseChange(),
      tell: (message) => this.tell(message),
      announceSettled: (before, after) => this.announceSettled(before, after),
      shrinkIntoTrash: (ids) => this.shrinkIntoTrash(ids),
      refreshGallery: () => this.refreshGallery(),
      toolbar: this.toolbar,
    };
    this.announcer = shared.announcer;
    this.historyActions = createHistoryActions(context);
    this.boardActions = createBoardActions(context, this.historyActions);
    this.itemActions = createItemActions(context, this.historyActions, this.boardActions);
    this.dragActions = createDragActions(context, this.itemActions, this.boardActions);
    this.keyActions = createKeyActions(context, this.itemActions, this.boardActions, this.dragActions);
    this.context = context;
    this.boardReading = createBoardReading(this);
    this.showView(this.state.view);
    this.store.subscribe((state, previous) => this.render(state, previous));
    this.cleanups = wirePane(context, {
      items: this.itemActions,
      history: this.historyActions,
      drags: this.dragActions,
    });
  }

  /** Shows the items as `kind` ("grid", "list" or "board"), in place of the view shown so far. */
  showView(kind) {
    const focused = this.shownView?.focusedId ?? null;
    const hadFocus = this.view.list.contains(document.activeElement);
    // The board's zoom and pan stay as they were when the pane shows the board again.
    if (this.shownView?.transform) this.boardTransform = this.shownView.transform;
    this.shownView?.destroy();
    this.shownView = new ITEMS_VIEWS[kind](this.view.scroller, this.view.list);
    if (this.boardTransform && this.shownView.transform) this.shownView.transform = this.boardTransform;
    this.shownKind = kind;
    wireItemsView(this.shownView, this.context, {
      items: this.itemActions,
      board: this.boardActions,
      keys: this.keyActions,
    });
    this.shownView.setName(this.name);
    this.shownView.setMenuEnabled(!this.state.access.readOnly);
    this.shownView.focusedId = focused;
    this.drawItems(this.state);
    // Focus stays on the item it was on, now in the other view; in a big gallery the view shows it either way.
    if (hadFocus && focused) this.shownView.focusItem(focused);
    else if (focused) this.shownView.reveal(focused);
  }

  /** The view showing the items now (a GridView, a ListView or a BoardView). */
  itemsView() {
    return this.shownView;
  }

  /** What the page address says of this pane: its gallery, and its view unless that is the grid in a gallery whose
   * own view is the grid (the address every gallery had before it could be a list). */
  address() {
    const { view, gallery } = this.state;
    const plain = view === "grid" && (gallery?.view ?? "grid") === "grid";
    return { galleryId: this.galleryId, view: plain ? null : view };
  }

  // ---- What the page asks of a pane ----

  get state() {
    return this.store.getState();
  }

  get name() {
    return this.state.gallery?.name ?? "Gallery";
  }

  get readOnly() {
    return this.state.access.readOnly;
  }

  get closed() {
    return this.state.closed;
  }

  get isGone() {
    return this.state.gone !== null;
  }

  itemById(id) {
    return itemById(this.state, id);
  }

  insertionAt(index, movingIds = []) {
    return insertionAt(this.state, index, movingIds);
  }

  basisFor(ids) {
    return basisFor(this.state, ids);
  }

  addOverlay(overlay) {
    this.store.dispatch(paneActions.overlayAdded(overlay));
  }

  settleOverlay(key, ...replacements) {
    this.store.dispatch(paneActions.overlaySettled(key, ...replacements));
  }

  /** Pastes `data` (as a drop; items this app copied, `{local}`, as copies of them): after the selection, and on the
   * board at the pointer (else the middle of the view). */
  paste(data) {
    const point = this.shownView.pastePoint?.() ?? null;
    if (data.local) {
      return this.itemActions.addLocal({ payload: data.local, copy: true, index: pasteIndex(this.state), point });
    }
    return this.itemActions.addFromOutside(data, pasteIndex(this.state), point);
  }

  trashItems(ids) {
    return this.itemActions.trashItems(ids);
  }

  /** A run of this gallery's items (a selection beyond the items read) to the trash, by its ends. */
  trashRun(run) {
    return this.itemActions.trashRun(run);
  }

  selectAll() {
    return this.keyActions.selectAll();
  }

  /** How many items the gallery holds (read or not). */
  get itemCount() {
    return shownWindow(this.state).total;
  }

  /** Shows and focuses the item at `position` (1-based) of the gallery, read first if it is not (Go to position…). */
  async goToPosition(position) {
    const wanted = Math.min(Math.max(1, Math.round(position) || 1), this.itemCount);
    const item = await this.itemAt(wanted - 1);
    if (item) this.shownView.focusItem(item.id);
    else this.tell(`There is no item at position ${wanted}.`);
  }

  /** A new note, edited in place (the N key, New Note). */
  newNote() {
    if (this.state.view === "list") return false;
    this.itemActions.newNote();
    return true;
  }

  clearSelection() {
    return this.keyActions.clearSelection();
  }

  deleteSelection() {
    return this.keyActions.deleteSelection();
  }

  copySelection(clipboardData) {
    return this.keyActions.copySelection(clipboardData);
  }

  menuAction(id, action, position, returnFocus) {
    this.keyActions.menuAction(id, action, position, returnFocus);
  }

  undo() {
    return this.historyActions.undo();
  }

  redo() {
    return this.historyActions.redo();
  }

  /** After a change this page made that concerns this gallery (e.g. from the other pane): `history` if the answer
   * carried it. */
  afterOwnChange(history) {
    this.historyActions.afterOwnChange(history);
  }

  refreshHistory() {
    return this.historyActions.refresh();
  }

  // ---- Rendering: the views follow the store ----

  render(state, previous) {
    if (state.closed) return;
    if (state.view !== this.shownKind) {
      this.showView(state.view);
      // A big gallery's board is held by region, its grid and list by a window of the order: either is read afresh.
      if (state.replica?.window && (state.view === "board") !== isBoardWindow(state.replica))
        this.reload({ restart: false });
    }
    if (state.gallery !== previous.gallery && state.gallery) {
      this.shownView.setName(state.gallery.name);
      this.view.setName(state.gallery.name);
      this.toolbar.setCloseLabel(state.gallery.name);
    }
    if (state.access !== previous.access) {
      const { readOnly, canShare, linkSession } = state.access;
      this.view.setReadOnly(readOnly);
      this.shownView.setMenuEnabled(!readOnly);
      this.trash.setAvailable(!readOnly);
      this.toolbar.renderAccess({ readOnly, canShare, linkSession });
    }
    if (state.history !== previous.history && state.history) this.toolbar.renderHistory(state.history);
    this.drawItems(state);
    this.toolbar.render({
      name: state.gallery?.name ?? "Image Gallery",
      perRow: state.perRow,
      view: state.view,
      dragMode: state.dragMode,
    });
    this.trash.renderCount(state.gallery?.trashCount ?? 0);
    // Items not on the board yet are put in free space and saved (after this change is drawn).
    if (state.view === "board") queueMicrotask(() => this.boardActions.placeOnBoard());
  }

  drawItems(state) {
    const { offset, total, windowed, unordered } = shownWindow(state);
    this.shownView.render({
      offset,
      windowed,
      unordered,
      items: state.shown,
      perRow: state.perRow,
      progress: shownProgress(state),
      selected: state.selection.ids,
      dragging: state.dragging,
      // While the rest of the gallery loads, its items are counted in the set the shown ones belong to.
      setSize: windowed
        ? total
        : isLoading(state.replica)
          ? Math.max(state.shown.length, state.gallery?.itemCount ?? 0)
          : null,
    });
  }

  /** Replaces the replica (a load, a reload after a reset, or new changes), announcing items that finished loading. */
  setReplica(replica) {
    const before = this.state.shown;
    this.store.dispatch(paneActions.replicaChanged(replica));
    this.announceSettled(before, this.state.shown);
  }

  /** Says which items finished loading: those of a burst of changes (many events at once, from this tab or others)
   * in one message, never one per event. */
  announceSettled(before, after) {
    const { ready, failed } = settledItems(before, after);
    if (!ready.length && !failed.length) return;
    this.addToBurst((burst) => {
      burst.ready.push(...ready);
      burst.failed.push(...failed);
    });
  }

  /** Adds to what a burst of changes will say (`add(burst)`) once it is over (SETTLED_QUIET_MS without a change, or
   * BURST_MAX_MS after it began): items that finished loading, and what was changed elsewhere. One message for the
   * whole burst, handed to the announcer as a background message: said when due, or dropped for the person's own
   * announcement (view/announcer.js); either way, the next change begins a new burst. */
  addToBurst(add) {
    const now = performance.now();
    if (!this.pendingBurst || !this.announcer.isWaiting(this.pendingBurst.source)) {
      burstsBegun += 1;
      this.pendingBurst = { source: `burst ${burstsBegun}`, ready: [], failed: [], elsewhere: noChanges(), began: now };
    }
    const burst = this.pendingBurst;
    add(burst);
    const { ready, failed, elsewhere } = burst;
    const text = [othersText(elsewhere), ready.length || failed.length ? settledText({ ready, failed }) : ""]
      .filter(Boolean)
      .join(" ");
    this.announcer.later(burst.source, text, Math.min(now + SETTLED_QUIET_MS, burst.began + BURST_MAX_MS));
  }

  /** In a view-only pane, says so and returns true (the change is not made); else false. */
  refuseChange() {
    if (!this.readOnly) return false;
    this.tell("This gallery is view only.");
    return true;
  }

  /** A message for everyone: announced politely and shown in the pane's status line. */
  tell(message) {
    if (!message) return;
    this.announcer.announce(message);
    this.view.showStatus(message);
  }

  /** The seed's previewForDropping: items shrink into the trash icon. */
  shrinkIntoTrash(ids) {
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
    const target = this.trash.center();
    const animations = ids
      .map((id) => this.shownView.tileFor(id))
      .filter(Boolean)
      .map((tile) => {
        const box = tile.getBoundingClientRect();
        const dx = target.x - (box.left + box.width / 2);
        const dy = target.y - (box.top + box.height / 2);
        const base = tile.style.transform;
        return tile
          .animate(
            [
              { transform: base, opacity: 1 },
              { transform: `${base} translate(${dx}px, ${dy}px) scale(0.05)`, opacity: 0.2 },
            ],
            { duration: 200, easing: "ease-in", fill: "forwards" },
          )
          .finished.catch(() => {});
      });
    return Promise.all(animations);
  }

  // ---- Loading and the live feed ----

  /** Opens the gallery: its first window is shown as soon as it is read, the rest follow (see `loadRest`). */
  async load() {
    const [page, session] = await Promise.all([api.itemsPage(this.galleryId), account()]);
    this.store.dispatch(paneActions.accessChanged(roleOf(page.gallery), session));
    this.open(page);
    this.historyActions.refresh();
    this.live = connectLive(this.galleryId, {
      since: () => this.state.replica.sequence,
      onEvent: (event) => this.receive(event),
      onProgress: (progress) => this.store.dispatch(paneActions.progressReceived(progress)),
      onReset: () => this.reload(),
      onGone: (reason) => this.gone(reason),
      onState: (state) => this.view.setConnection(state),
    });
  }

  /** An event from the live socket: applied in order; a gap is filled from the event list. */
  receive(event) {
    const { replica, changes = [] } = receiveEvent(this.state.replica, event);
    // Changes made elsewhere (another window, another person) are told, a burst of them in one message.
    if (changes.length && !ownChangeLikely()) {
      this.addToBurst((burst) => {
        for (const change of changes) burst.elsewhere = countChange(burst.elsewhere, change);
      });
    }
    this.setReplica(replica);
    if (hasGap(replica)) this.catchUp();
    this.rereadIfAsked();
  }

  /** Reads again what an event changed beyond the items held (a run of items into or out of the trash, told by its
   * ends): a big gallery's window around the item focused or the middle of those held, any other gallery whole. */
  async rereadIfAsked() {
    const { reread, window, items, gallery } = this.state.replica;
    if (!reread || reread <= this.rereadDone) return;
    this.rereadDone = reread;
    if (isBoardWindow(this.state.replica)) return this.boardReading.reread();
    if (!window) {
      if (await this.reload({ restart: false })) this.catchUp();
      return;
    }
    const total = gallery?.itemCount ?? 0;
    if (!total) return;
    const generation = this.loadGeneration;
    // Around the focused item if it is held (it keeps its place and its focus), else the middle of the window.
    const focused = this.itemsView().focusedId;
    const anchor = items.find((item) => item.id === focused) ?? items[items.length >> 1];
    const where = anchor ? { around: anchor.id } : { position: Math.min(window.offset, total - 1) };
    this.rereading = true;
    try {
      const page = await api.itemsWindow(this.galleryId, where, PAGE);
      if (generation !== this.loadGeneration || this.isGone || !this.state.replica.window) return;
      this.rereadsPlaced += 1;
      this.rereading = false;
      this.setReplica(addWindowPage(this.state.replica, page));
      if (page.gallery.sequence > this.state.replica.sequence) this.catchUp();
    } catch (error) {
      if (generation !== this.loadGeneration) return;
      if (error.status === 404) this.gone(error.message);
      else this.announcer.alert(`Could not read these items of the gallery: ${error.message}`);
    } finally {
      this.rereading = false;
    }
  }

  /** Fetches the events after the replica's sequence (a gap), or reloads when the server says it cannot. */
  async catchUp() {
    if (this.catchingUp) return;
    this.catchingUp = true;
    let reloaded = false;
    try {
      const feed = await api.events(this.galleryId, catchUpFrom(this.state.replica));
      if (feed.reset) reloaded = await this.reload({ restart: false });
      else {
        this.setReplica(receiveEvents(this.state.replica, feed.events));
        this.rereadIfAsked();
      }
    } catch (error) {
      if (error.status === 404) this.gone(error.message);
      else console.warn("catching up failed", error);
    } finally {
      this.catchingUp = false;
    }
    // Events that came while the gallery was loading went to the replica it replaced: ask for them again.
    if (reloaded) this.catchUp();
    else if (hasGap(this.state.replica)) setTimeout(() => this.catchUp(), 500);
  }

  /** Holds the gallery from its first page: a big gallery as a window near what is shown (model/itemWindow.js), or
   * on the board as the region shown (pane/boardReading.js); any other whole (the rest read in the background:
   * `loadRest`). */
  open(page, { reloading = false } = {}) {
    this.loadGeneration += 1;
    this.wanted = null;
    if (isWindowedCount(page.count)) {
      this.view.setLoading(null);
      if (this.state.view === "board") this.boardReading.open(page);
      else this.setReplica(createWindowedReplica(page));
      return;
    }
    const replica = reloading ? reloadReplica : createReplica;
    this.setReplica(replica(page.gallery, page.items, { complete: !page.nextCursor }));
    this.loadRest(page);
  }

  /** The positions `first` to `last` of a big gallery are in view (or near it): the pages that hold them are read
   * into the window, one request at a time; a view far from the window reads the page there in its place. */
  showRange(first, last) {
    this.wanted = { first, last };
    if (!this.jumping) this.readWindow();
  }

  /** The board shows `rect` (board units): in a big gallery, the region around it is read. */
  showBoard(rect) {
    this.boardReading.show(rect);
  }

  /** Zooms the board so that every item on it shows (a big gallery's: as far as the server says they lie). */
  zoomToFit() {
    if (isBoardWindow(this.state.replica)) this.boardReading.fit();
    else this.shownView.zoomToFit?.();
  }

  /** Has the server put the items of a big gallery that are not on its board yet there (it holds them all). */
  placeRestOnBoard() {
    this.boardReading.placeRest();
  }

  /** The item at `position` of the gallery, read into the window first if it is not there (Home, End in a big
   * gallery); null if there is none. */
  async itemAt(position) {
    const held = () => {
      const { offset, windowed } = shownWindow(this.state);
      const index = position - (windowed ? offset : 0);
      return index >= 0 && index < this.state.shown.length ? this.state.shown[index] : null;
    };
    // A big board holds no order: the item is read by its position, then held.
    if (isBoardWindow(this.state.replica)) return this.boardReading.itemAt(position);
    if (held() || !windowOf(this.state.replica)) return held();
    // The view's own positions wait until the item is read (it scrolls there once it is focused).
    this.jumping = { first: position, last: position };
    try {
      await this.readWindow();
      if (!held()) await this.readWindow();
    } finally {
      this.jumping = null;
    }
    return held();
  }

  /** Reads pages into the window until it holds the positions wanted (one request at a time; a later load stops it). */
  readWindow() {
    if (!this.windowReading) {
      const reading = this.readPages().finally(() => {
        if (this.windowReading === reading) this.windowReading = null;
      });
      this.windowReading = reading;
    }
    return this.windowReading;
  }

  async readPages() {
    const generation = this.loadGeneration;
    try {
      for (let step = 0; step < 8; step += 1) {
        // Not next to a window a run's event asked to read again (a run may have come between its items, so they are
        // not all where the window thinks) until that read has placed it.
        if (this.rereading || (this.state.replica?.reread ?? 0) > this.rereadDone) return;
        const window = windowOf(this.state.replica);
        const wanted = this.jumping ?? this.wanted;
        const ask = window && wanted && windowRequest(window, wanted.first, wanted.last);
        if (!ask) return;
        const items = this.state.replica.items;
        const where = ask.after
          ? { cursor: items[items.length - 1].orderKey }
          : ask.before
            ? { before: items[0].orderKey }
            : { position: ask.position };
        const placed = this.rereadsPlaced;
        const page = await api.itemsWindow(this.galleryId, where, PAGE);
        if (generation !== this.loadGeneration || this.isGone || !this.state.replica.window) return;
        if (placed !== this.rereadsPlaced || this.rereading) return;
        this.setReplica(addWindowPage(this.state.replica, page, { next: ask.position === undefined }));
        if (page.gallery.sequence > this.state.replica.sequence) this.catchUp();
      }
    } catch (error) {
      if (generation !== this.loadGeneration) return;
      if (error.status === 404) this.gone(error.message);
      else this.announcer.alert(`Could not read these items of the gallery: ${error.message}`);
    }
  }

  /**
   * Reads the gallery's windows after `first`, one after the other, each shown as it comes (the items are already
   * there to see, drop on and move while the rest load; events meanwhile are applied as usual). A later load or
   * reload stops it.
   */
  async loadRest(first) {
    const generation = this.loadGeneration;
    let page = first;
    this.view.setLoading(page.items.length, page.count);
    // Windows are added in batches that grow with what is shown (half of it at least), so that a big gallery is
    // laid out a few dozen times while it loads, not once per window.
    let batch = [];
    try {
      while (page.nextCursor) {
        page = await api.itemsPage(this.galleryId, page.nextCursor, 1000);
        if (generation !== this.loadGeneration || this.isGone) return;
        batch.push(page.items);
        if (batch.length * 1000 >= this.state.replica.items.length / 2) {
          this.setReplica(addLoadedItems(this.state.replica, batch.flat()));
          batch = [];
        }
        this.view.setLoading(page.position + page.items.length, page.count);
      }
    } catch (error) {
      if (generation !== this.loadGeneration) return;
      if (error.status === 404) return void this.gone(error.message);
      this.announcer.alert(`Could not load the rest of the gallery: ${error.message}`);
    }
    this.setReplica(finishLoading(addLoadedItems(this.state.replica, batch.flat())));
    this.view.setLoading(null);
  }

  /** Loads the gallery afresh (after a reset), then reconnects from the new sequence; true when it loaded. */
  async reload({ restart = true } = {}) {
    try {
      const page = await api.itemsPage(this.galleryId);
      this.store.dispatch(paneActions.accessChanged(roleOf(page.gallery)));
      this.open(page, { reloading: true });
    } catch (error) {
      if (error.status === 404) this.gone(error.message);
      else this.announcer.alert(`Could not reload the gallery: ${error.message}`);
      return false;
    }
    if (restart) this.live?.restart();
    return true;
  }

  /** Reconnects at once if the socket is down (the page became visible again). */
  refresh() {
    this.live?.reconnectNow();
  }

  /** The gallery is gone (in the trash of galleries, or unknown): says so, with a way to the other galleries. */
  gone(reason) {
    if (this.isGone) return;
    this.store.dispatch(paneActions.galleryGone(reason));
    const detail = reason && reason !== "gone" ? ` ${reason}` : "";
    const text = `This gallery is no longer available: it was moved to the trash or deleted.${detail}`;
    this.view.showNotice(text, { href: "/galleries", text: "Go to all galleries" });
    this.announcer.alert(text);
  }

  close() {
    this.loadGeneration += 1;
    this.store.dispatch(paneActions.paneClosed());
    this.live?.close();
    for (const cleanup of this.cleanups) cleanup();
    this.view.remove();
  }

  async refreshGallery() {
    try {
      this.store.dispatch(paneActions.galleryReceived(await api.gallery(this.galleryId)));
    } catch {}
  }
}
