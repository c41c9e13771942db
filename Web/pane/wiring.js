// Wires a pane's views (the items view — grid, list or board —, drop targets, trash, toolbar, gestures) to its store
// and actions, and the drag sensors (mouse, pointer) to its drag operation (pane/dragActions.js): the views report
// intents through their bind… hooks, and only this file connects them.

import { dropTargetForExternal } from "../dnd/externalDrop.js";
import { autoScrollOnDrag, draggableItems, dropTargetForLocal, isLocalDrag } from "../dnd/localDrag.js";
import { pointerSensor } from "../dnd/pointerSensor.js";
import { zoomGestures } from "../dnd/zoomGestures.js";
import { itemById, itemsFor, selectionRun } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** Connects an items view (grid, list or board, each time the pane makes one) to the pane's `items`, `board` and
 * `keys` actions. */
export function wireItemsView(itemsView, pane, { items, board, keys }) {
  const { store } = pane;
  itemsView.bindSelect((id, modifiers) => store.dispatch(paneActions.itemClicked(id, modifiers)));
  itemsView.bindMenu((id, point, returnFocus) => {
    const state = store.getState();
    if (!state.access.readOnly) pane.openMenu(id, point, returnFocus);
  });
  itemsView.bindKey((intent, id, element) => keys.key(intent, id, element));
  itemsView.bindDragKey((intent, id) => keys.dragKey(intent, id));
  itemsView.bindEditNote((id, text) => items.editNote(id, text));
  itemsView.bindOpen((id) => pane.openViewer(id));
  itemsView.bindRetry((item) => items.retry(item));
  itemsView.bindRemove((item) => items.remove(item));
  itemsView.bindRange((first, last) => pane.sync.showRange(first, last));
  itemsView.bindMarquee?.((ids) => store.dispatch(paneActions.idsSelected(ids)));
  itemsView.bindResize?.((id, width) => board.resize(id, width));
  itemsView.bindBoardView?.((rect) => pane.sync.showBoard(rect));
}

/** Connects the other views of `pane` to its `items`, `history` and `settings` actions, and its sensors to its drag
 * operation (`drags`: pane/dragActions.js); returns the cleanup functions. */
export function wirePane(pane, { items, history, drags, settings }) {
  const { store, view, trash, toolbar, hooks } = pane;
  const state = () => store.getState();
  const writable = () => !state().closed && !state().access.readOnly;
  const ownItems = (ids) => ids.filter((id) => itemById(state(), id));
  const shown = () => pane.itemsView(); // the grid, the list or the board, whichever the pane shows now

  view.bindActivate(() => hooks.onActivate?.());

  // Items dropped on this pane's trash go to their own gallery's trash (the other pane's, when dragged from there).
  trash.bindDrop((payload) => {
    if (payload.galleryId === pane.galleryId && payload.run) items.trashRun(payload.run);
    else if (payload.galleryId === pane.galleryId) items.trashItems(ownItems(payload.itemIds));
    else hooks.onTrashElsewhere?.(payload);
  });
  trash.bindOpen(() => items.showTrash());
  trash.bindRestore((ids) => items.restore(ids));
  trash.bindEmpty(() => items.emptyTrash());

  toolbar.bindView((chosen) => settings.setView(chosen));
  toolbar.bindPerRow((value) => settings.setPerRow(value));
  toolbar.bindDragMode((mode) => store.dispatch(paneActions.dragModeChosen(mode)));
  toolbar.bindShowTags((on) => settings.setShowTags(on));
  toolbar.bindZoomFit(() => pane.sync.zoomToFit());
  toolbar.bindZoomActual(() => shown().zoomToActual?.());
  toolbar.bindNewNote(() => items.newNote());
  toolbar.bindUndo(() => history.undo());
  toolbar.bindRedo(() => history.redo());
  toolbar.bindOpenBeside((button) => hooks.onOpenBeside(button));
  toolbar.bindClose(() => hooks.onClose());
  toolbar.bindShare((button) => hooks.onShare?.(button));

  return [
    dropTargetForExternal(view.scroller, {
      isLocal: isLocalDrag,
      enabled: () => !state().access.readOnly,
      onEnter: () => shown().setDropActive(true),
      onOver: ({ x, y }) => {
        shown().setDropActive(true);
        shown().setGap(shown().indexAt(x, y));
      },
      onLeave: () => shown().setDropActive(false),
      onDrop: ({ x, y, payload, files }) => {
        const index = shown().indexAt(x, y);
        shown().setDropActive(false);
        items.addFromOutside({ payload, files }, index, shown().boardPointAt?.(x, y) ?? null);
      },
    }),
    draggableItems(view.list, {
      galleryId: () => pane.galleryId,
      // The board's Move/Copy switch set to Copy: its drags copy wherever they go.
      copyOnly: () => state().view === "board" && state().dragMode === "copy",
      preview: (tile, event, count) => shown().dragPreview?.(tile, event, count) ?? null,
      // No HTML5 drag while the board's pan or a corner handle's resize has the pointer.
      refuses: (event) => shown().refusesDrag?.(event) ?? false,
      itemsFor: (tile) => {
        const id = tile.dataset.itemId;
        if (!state().selection.ids.has(id)) store.dispatch(paneActions.itemClicked(id));
        return itemsFor(state(), id).filter((item) => !item.local);
      },
      // A selection beyond the items read goes as the run it is.
      runFor: (tile) => selectionRun(state(), tile.dataset.itemId),
      onStart: (dragged, event) =>
        drags.mouseStarted(
          dragged.map((item) => item.id),
          { x: event.clientX, y: event.clientY },
        ),
      onEnd: () => drags.mouseEnded(),
    }),
    dropTargetForLocal(view.scroller, {
      accepts: writable,
      onOver: ({ x, y }) => {
        shown().setGap(shown().indexAt(x, y));
        drags.mouseOver({ x, y });
      },
      onLeave: () => {
        shown().setGap(null);
        drags.mouseOver(null);
      },
      onDrop: ({ x, y, payload, copy }) => {
        const view = shown();
        const index = view.indexAt(x, y);
        view.setGap(null);
        const point = view.boardPointAt?.(x, y) ?? null;
        // On the board, the items land where they were dropped (drawn there while dragged over it).
        const places = point && payload.galleryId === pane.galleryId ? drags.placesAt({ x, y }) : null;
        items.addLocal({ payload, copy, index, point, places });
      },
    }),
    autoScrollOnDrag(view.scroller),
    // Touch and pen: a long press lifts an item in the grid and the list; on the board a short move does.
    pointerSensor(view.list, view.scroller, {
      ...drags,
      enabled: writable,
      onBoard: () => state().view === "board",
    }),
    zoomGestures(view.scroller, {
      getPerRow: () => state().perRow,
      setPerRow: (value) => settings.setPerRow(value),
      acceptsKeys: () => hooks.isActive(),
      // Not while items are lifted: a second finger then adds items to the drag.
      enabled: () => state().view === "grid" && state().dragging.size === 0,
    }),
  ];
}
