// One gallery pane: its store (store/paneState.js), its views (toolbar, grid/list/board, trash), which render from the
// store whenever it changes, and the wiring of its parts: the actions (itemActions, keyActions, historyActions, …)
// that turn intents into requests, given a narrow context (pane/paneContext.js), and the sync runner
// (pane/syncRunner.js) that keeps the items in step with the server. It never touches DOM events itself.

import { api } from "../net/api.js";
import { account } from "../net/account.js";
import { samplePictures } from "../net/samples.js";
import { filesPayload } from "../dnd/externalDrop.js";
import { gallerySource } from "../net/itemSources.js";
import { isBoardWindow, isLoading } from "../model/replica.js";
import { roleOf } from "../model/roles.js";
import { createStore } from "../store/store.js";
import {
  basisFor,
  emptiness,
  insertionAt,
  itemById,
  pasteIndex,
  shownProgress,
  shownWindow,
} from "../store/paneSelectors.js";
import { initialPaneState, paneActions, paneReducer } from "../store/paneState.js";
import { BoardView } from "../view/board.js";
import { GridView } from "../view/grid.js";
import { ListView } from "../view/list.js";
import { ToolbarView } from "../view/toolbar.js";
import { TrashView } from "../view/trash.js";
import { createPaneParts } from "./paneParts.js";
import { rememberedShowTags, rememberedShowing } from "./settingsActions.js";
import { wireItemsView, wirePane } from "./wiring.js";

const ITEMS_VIEWS = { grid: GridView, list: ListView, board: BoardView };

export class GalleryPane {
  /**
   * `galleryId`: the gallery shown; `itemsView`: the view the page address asks for ("grid", "list"), or null for the
   * gallery's own; `view`: a PaneView (the pane's frame); `shared`: { announcer, menu, viewer } shared by every pane;
   * `hooks`: { isActive(pane), onActivate(pane), onTransfer({payload, target, index, copy, onBoard}),
   * onMoveToGallery(pane, ids, returnFocus, run), onTrashElsewhere(payload), onOpenBeside(pane, button), onClose(pane),
   * onHistoryStep(pane), onShare(pane, button), onViewChanged(pane), keyboardTargets(pane), … }; `source`: where the
   * items come from (net/itemSources.js), the gallery's own unless given (a search's results: view only, no gallery);
   * `open(item)`: what opening an item does in place of the viewer (a search result: go to it in its gallery).
   */
  constructor({ galleryId, itemsView = null, view, shared, hooks, source = gallerySource(galleryId), open = null }) {
    this.galleryId = galleryId;
    this.source = source;
    this.open = open;
    if (source.search) view.setSearch(true);
    this.view = view;
    this.viewer = shared.viewer;
    // How this browser last showed the gallery (a search's results have no gallery of their own to remember).
    const remembered = source.search ? {} : rememberedShowing(galleryId);
    this.store = createStore(paneReducer, initialPaneState(galleryId, itemsView, remembered));
    this.boardTransform = remembered.board ?? null;
    this.toolbar = new ToolbarView(view.toolbar, { primary: view.primary });
    this.trash = new TrashView(view.trashButton, view.trashDialog);
    const parts = createPaneParts(this, { shared, hooks });
    this.sync = parts.sync;
    this.context = parts.context;
    this.historyActions = parts.historyActions;
    this.boardActions = parts.boardActions;
    this.itemActions = parts.itemActions;
    this.turnActions = parts.turnActions;
    this.dragActions = parts.dragActions;
    this.keyActions = parts.keyActions;
    this.settingsActions = parts.settingsActions;
    this.store.dispatch(paneActions.tagsShown(rememberedShowTags()));
    this.showView(this.state.view);
    this.showEmptiness(this.state);
    view.bindAddSamples(() => this.addSamplePictures());
    this.store.subscribe((state, previous) => this.render(state, previous));
    this.cleanups = wirePane(this.context, {
      items: this.itemActions,
      history: this.historyActions,
      drags: this.dragActions,
      settings: this.settingsActions,
    });
    // The board's zoom and pan are remembered when the board is left, the pane closed or the page left.
    const rememberBoard = () => this.rememberBoard();
    window.addEventListener("pagehide", rememberBoard);
    this.cleanups.push(() => window.removeEventListener("pagehide", rememberBoard));
  }

  /** Remembers the board's zoom and pan for the gallery on this browser, when the board is shown. */
  rememberBoard() {
    if (!this.source.search && this.shownView?.transform) this.settingsActions.rememberBoard(this.shownView.transform);
  }

  /** Shows the items as `kind` ("grid", "list" or "board"), in place of the view shown so far. */
  showView(kind) {
    const focused = this.shownView?.focusedId ?? null;
    const hadFocus = this.view.list.contains(document.activeElement);
    // The board's zoom and pan stay as they were when the pane shows the board again.
    if (this.shownView?.transform) this.boardTransform = this.shownView.transform;
    this.rememberBoard();
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

  // ---- What the page and the menu ask of a pane ----

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
  /** How many items the gallery holds (read or not). */
  get itemCount() {
    return shownWindow(this.state).total;
  }
  itemById = (id) => itemById(this.state, id);
  insertionAt = (index, movingIds = []) => insertionAt(this.state, index, movingIds);
  basisFor = (ids) => basisFor(this.state, ids);
  addOverlay = (overlay) => this.store.dispatch(paneActions.overlayAdded(overlay));
  settleOverlay = (key, ...replacements) => this.store.dispatch(paneActions.overlaySettled(key, ...replacements));
  trashItems = (ids) => this.itemActions.trashItems(ids);
  /** A run of this gallery's items (a selection beyond the items read) to the trash, by its ends. */
  trashRun = (run) => this.itemActions.trashRun(run);
  selectAll = () => this.keyActions.selectAll();
  clearSelection = () => this.keyActions.clearSelection();
  deleteSelection = () => this.keyActions.deleteSelection();
  copySelection = (clipboardData) => this.keyActions.copySelection(clipboardData);
  menuAction = (id, action, position, returnFocus) => this.keyActions.menuAction(id, action, position, returnFocus);
  /** Opens item `id` in the page's viewer (a double click, Enter, Open in the item menu). */
  openViewer = (id) => {
    const item = this.itemById(id);
    if (this.open) return item && !item.local ? this.open(item) : undefined;
    return this.viewer?.open(this, id);
  };
  undo = () => this.historyActions.undo();
  redo = () => this.historyActions.redo();
  /** Undoes exactly this tab's history entry `entry` here (the undo toast's): resolves with what to say. */
  undoEntry = (entry) => this.historyActions.undoEntry(entry);
  /** After a change this page made that concerns this gallery (e.g. from the other pane): `history` if carried. */
  afterOwnChange = (history) => this.historyActions.afterOwnChange(history);
  refreshHistory = () => this.historyActions.refresh();
  /** Reconnects at once if the socket is down (the page became visible again). */
  refresh = () => this.sync.refresh();
  tell = (message) => this.context.tell(message);

  /** Pastes `data` (as a drop; items this app copied, `{local}`, as copies of them): after the selection, and on the
   * board at the pointer (else the middle of the view). */
  paste(data) {
    const point = this.shownView.pastePoint?.() ?? null;
    const index = pasteIndex(this.state);
    if (data.local) return this.itemActions.addLocal({ payload: data.local, copy: true, index, point });
    return this.itemActions.addFromOutside(data, index, point);
  }

  /** A new note, edited in place (the N key, New Note). */
  newNote() {
    if (this.state.view === "list") return false;
    this.itemActions.newNote();
    return true;
  }

  /** Adds the sample pictures shipped with the app (net/samples.js) at the gallery's end, as a drop of their files:
   * they become items like any others. */
  async addSamplePictures() {
    let files;
    try {
      files = await samplePictures();
    } catch (error) {
      return this.tell(error.message);
    }
    await this.itemActions.addFromOutside(filesPayload(files), this.state.shown.length);
  }

  /** Shows and focuses the item at `position` (1-based) of the gallery, read first if it is not (Go to position…). */
  async goToPosition(position) {
    const wanted = Math.min(Math.max(1, Math.round(position) || 1), this.itemCount);
    const item = await this.context.sync.itemAt(wanted - 1);
    if (item) this.shownView.focusItem(item.id);
    else this.tell(`There is no item at position ${wanted}.`);
  }

  // ---- Rendering: the views follow the store ----

  render(state, previous) {
    if (state.closed) return;
    if (state.view !== this.shownKind) {
      this.showView(state.view);
      // A big gallery's board is held by region, its grid and list by a window of the order: either is read afresh.
      if (state.replica?.window && (state.view === "board") !== isBoardWindow(state.replica))
        this.sync.reload({ restart: false });
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
    this.showEmptiness(state);
    const { gallery, perRow, view, dragMode, showTags } = state;
    this.toolbar.render({ name: gallery?.name ?? "Image Gallery", perRow, view, dragMode, showTags });
    this.view.setShowTags(showTags);
    this.trash.renderCount(gallery?.trashCount ?? 0);
    // Items not on the board yet are put in free space and saved (after this change is drawn).
    if (state.view === "board") queueMicrotask(() => this.boardActions.placeOnBoard());
  }

  /** Grey boxes while the gallery is read; what an empty gallery or search says. */
  showEmptiness(state) {
    const kind = emptiness(state, { search: Boolean(this.source.search) });
    this.view.setEmpty(kind, { canEdit: !state.access.readOnly, itemsView: state.view });
  }

  drawItems(state) {
    const { offset, total, windowed, unordered } = shownWindow(state);
    // While the rest of the gallery loads, its items are counted in the set the shown ones belong to.
    const loading = isLoading(state.replica);
    const setSize = windowed ? total : loading ? Math.max(state.shown.length, state.gallery?.itemCount ?? 0) : null;
    const { shown: items, perRow, selection, dragging } = state;
    const progress = shownProgress(state);
    this.shownView.render({
      offset,
      windowed,
      unordered,
      items,
      perRow,
      progress,
      selected: selection.ids,
      dragging,
      setSize,
    });
  }

  // ---- Loading, the live feed, the end ----

  /** Opens the gallery on its first page (the sync machine reads the rest) and follows its live feed. */
  async load() {
    const [page, session] = await Promise.all([this.source.first(), account()]);
    this.store.dispatch(paneActions.accessChanged(roleOf(page.gallery), session));
    this.sync.start(page);
    this.historyActions.refresh();
  }

  /** Shows the items of `source` in place of those shown (a search asked again with other words): resolves with the
   * error when they could not be read, else null. */
  async showSource(source) {
    this.source = source;
    this.store.dispatch(paneActions.selectionCleared());
    const error = await this.sync.replaceSource(source);
    return error ?? null;
  }

  /** Selects and focuses item `itemId` (a search result opened in its gallery), read first if the gallery is big. */
  async selectItem(itemId) {
    let item = this.itemById(itemId);
    try {
      while (!item && isLoading(this.state.replica)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        item = this.itemById(itemId);
      }
      if (!item && this.state.replica?.window) {
        const page = await api.itemsWindow(this.galleryId, { around: itemId }, 1);
        const index = page.items.findIndex((each) => each.id === itemId);
        if (index >= 0) item = await this.context.sync.itemAt(page.position + index);
      }
    } catch {}
    if (!item || item.id !== itemId) return this.tell("That item is no longer in this gallery.");
    this.store.dispatch(paneActions.itemClicked(itemId, {}));
    this.shownView.focusItem(itemId);
  }

  /** The gallery is gone (in the trash of galleries, or unknown): nothing more is read. */
  gone(reason) {
    this.sync.send({ type: "gone", reason });
  }

  close() {
    this.rememberBoard();
    this.sync.close();
    this.store.dispatch(paneActions.paneClosed());
    for (const cleanup of this.cleanups) cleanup();
    this.view.remove();
  }

  async refreshGallery() {
    if (this.source.search) return;
    try {
      this.store.dispatch(paneActions.galleryReceived(await api.gallery(this.galleryId)));
    } catch {}
  }
}
