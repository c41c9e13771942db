// Wires a pane's views (grid, drop targets, drags, trash, toolbar, gestures) to its store and actions: the views
// report intents through their bind… hooks, and only this file connects them. Returns the cleanup functions.

import { dropTargetForExternal } from "../dnd/externalDrop.js";
import { autoScrollOnDrag, draggableItems, dropTargetForLocal, isLocalDrag } from "../dnd/localDrag.js";
import { zoomGestures } from "../dnd/zoomGestures.js";
import { itemById, itemsFor } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** Connects the views of `pane` to its `items`, `keys` and `history` actions. */
export function wirePane(pane, { items, keys, history }) {
  const { store, view, grid, trash, toolbar, hooks } = pane;
  const state = () => store.getState();
  const writable = () => !state().closed && !state().access.readOnly;
  const ownItems = (ids) => ids.filter((id) => itemById(state(), id));

  view.bindActivate(() => hooks.onActivate?.(pane.facade));
  grid.bindSelect((id, modifiers) => store.dispatch(paneActions.itemClicked(id, modifiers)));
  grid.bindMenu((id, point, returnFocus) => {
    if (!state().access.readOnly) pane.menu.open(id, point, returnFocus, state().shown.length, pane.facade);
  });
  grid.bindKey((intent, id, tile) => keys.key(intent, id, tile));
  grid.bindRetry((item) => items.retry(item));
  grid.bindRemove((item) => items.remove(item));

  // Items dropped on this pane's trash go to their own gallery's trash (the other pane's, when dragged from there).
  trash.bindDrop((payload) => {
    if (payload.galleryId === pane.galleryId) items.trashItems(ownItems(payload.itemIds));
    else hooks.onTrashElsewhere?.(payload);
  });
  trash.bindOpen(() => items.showTrash());
  trash.bindRestore((ids) => items.restore(ids));
  trash.bindEmpty(() => items.emptyTrash());

  toolbar.bindPerRow((value) => items.setPerRow(value));
  toolbar.bindUndo(() => history.undo());
  toolbar.bindRedo(() => history.redo());
  toolbar.bindOpenBeside((button) => hooks.onOpenBeside(pane.facade, button));
  toolbar.bindClose(() => hooks.onClose(pane.facade));
  toolbar.bindShare((button) => hooks.onShare?.(pane.facade, button));

  return [
    dropTargetForExternal(view.scroller, {
      isLocal: isLocalDrag,
      enabled: () => !state().access.readOnly,
      onEnter: () => grid.setDropActive(true),
      onOver: ({ x, y }) => {
        grid.setDropActive(true);
        grid.setGap(grid.indexAt(x, y));
      },
      onLeave: () => grid.setDropActive(false),
      onDrop: ({ x, y, payload, files }) => {
        const index = grid.indexAt(x, y);
        grid.setDropActive(false);
        items.addFromOutside({ payload, files }, index);
      },
    }),
    draggableItems(view.list, {
      galleryId: () => pane.galleryId,
      itemsFor: (tile) => {
        const id = tile.dataset.itemId;
        if (!state().selection.ids.has(id)) store.dispatch(paneActions.itemClicked(id));
        return itemsFor(state(), id).filter((item) => !item.local);
      },
      onStart: (dragged) => store.dispatch(paneActions.dragStarted(dragged.map((item) => item.id))),
      onEnd: () => {
        store.dispatch(paneActions.dragEnded());
        grid.setDropActive(false);
      },
    }),
    dropTargetForLocal(view.scroller, {
      accepts: writable,
      onOver: ({ x, y }) => grid.setGap(grid.indexAt(x, y)),
      onLeave: () => grid.setGap(null),
      onDrop: ({ x, y, payload, copy }) => {
        const index = grid.indexAt(x, y);
        grid.setGap(null);
        if (payload.galleryId === pane.galleryId && !copy) items.moveItems(ownItems(payload.itemIds), index);
        else hooks.onTransfer({ payload, target: pane.facade, index, copy });
      },
    }),
    autoScrollOnDrag(view.scroller),
    zoomGestures(view.scroller, {
      getPerRow: () => state().perRow,
      setPerRow: (value) => items.setPerRow(value),
      acceptsKeys: () => hooks.isActive(pane.facade),
    }),
  ];
}
