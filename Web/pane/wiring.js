// Wires a pane's views (grid, drop targets, drags, trash, toolbar, gestures) to the pane: the views report intents
// through their bind… hooks, and only this file connects them. Installed on GalleryPane's prototype.

import { api } from "../net/api.js";
import { nextKey, upsert } from "../model/overlay.js";
import { clickSelect, emptySelection } from "../model/selection.js";
import { dropTargetForExternal } from "../dnd/externalDrop.js";
import { autoScrollOnDrag, draggableItems, dropTargetForLocal, isLocalDrag } from "../dnd/localDrag.js";
import { zoomGestures } from "../dnd/zoomGestures.js";

export const wiring = {

  wire() {
    const { grid, view, trash, toolbar } = this;
    const galleryId = () => this.galleryId;

    view.bindActivate(() => this.hooks.onActivate?.(this));

    this.cleanups.push(
      dropTargetForExternal(view.scroller, {
        isLocal: isLocalDrag,
        enabled: () => !this.readOnly,
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
        accepts: () => !this.closed && !this.readOnly,
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

    // Items dropped on this pane's trash go to their own gallery's trash (the other pane's, when dragged from there).
    trash.bindDrop((payload) => {
      if (payload.galleryId === this.galleryId) this.trashItems(payload.itemIds.filter((id) => this.itemById(id)));
      else this.hooks.onTrashElsewhere?.(payload);
    });
    trash.bindOpen(() => this.showTrash());
    trash.bindRestore((ids) => this.restore(ids));
    trash.bindEmpty(() => this.emptyTrash());

    grid.bindMenu((id, point, returnFocus) => {
      if (!this.readOnly) this.menu.open(id, point, returnFocus, this.shownItems.length, this);
    });
    grid.bindKey((event, id) => this.key(event, id));
    grid.bindRetry(async (item) => {
      if (this.refuseChange()) return;
      try {
        this.addOverlay(upsert(nextKey("retry"), [await api.retry(item.id)], this.galleryId));
      } catch (error) {
        this.announcer.alert(error.message);
      }
    });
    grid.bindRemove(async (item) => {
      if (this.refuseChange()) return;
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
    toolbar.bindShare((button) => this.hooks.onShare?.(this, button));
    this.cleanups.push(
      zoomGestures(view.scroller, {
        getPerRow: () => this.perRow,
        setPerRow: (value) => this.setPerRow(value),
        acceptsKeys: () => this.hooks.isActive(this),
      }),
    );
  },
};
