// A pane's changes to its items, as requests: drops and pastes from outside (with their uploads), moves within the
// gallery, places on the board, the trash, retries and removals, and the images per row. Each shows at once as an optimistic change
// (model/overlay.js) that the answer, then the gallery's own event, replaces. State changes go through the store.

import { api } from "../net/api.js";
import { DEFAULT_WIDTH, aspectOf, fanOut, placeInFreeSpace, rectOf } from "../model/board.js";
import { anchorBefore } from "../model/gallery.js";
import { hiding, nextKey, placeholders, positioning, reordering, upsert } from "../model/overlay.js";
import { changesOrder } from "../model/reorder.js";
import { clampPerRow } from "../model/zoom.js";
import { insertionAt, itemById } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** The item actions of the pane `pane` (its store, views, announcer); `history` its history actions. */
export function createItemActions(pane, history) {
  const { store, announcer, galleryId } = pane;
  const state = () => store.getState();
  const addOverlay = (overlay) => store.dispatch(paneActions.overlayAdded(overlay));
  const settleOverlay = (key, ...replacements) => store.dispatch(paneActions.overlaySettled(key, ...replacements));
  let perRowTimer = null;
  const arranging = new Set(); // items whose board position is on its way
  let dropsOnBoard = 0; // drops on the board waiting for their items: free-space placement waits for them
  // Items seen on the board that left it (an Undo of their arrangement, here or in another tab) are not put back
  // on their own: that would undo the Undo. They are drawn in free space until someone moves them.
  const seenOnBoard = new Set();
  const topZ = () => Math.max(0, ...state().shown.map((item) => item.board?.z ?? 0));

  const actions = {
    // ---- Drops and pastes from outside: one path ----

    /** `boardPoint`: where on the board the drop landed (the items fan out from there), or null. */
    async addFromOutside({ payload, files }, index, boardPoint = null) {
      if (pane.refuseChange()) return;
      if (boardPoint) dropsOnBoard++;
      try {
        await actions.addAt({ payload, files }, index, boardPoint);
      } finally {
        if (boardPoint) {
          dropsOnBoard--;
          actions.placeOnBoard();
        }
      }
    },

    async addAt({ payload, files }, index, boardPoint) {
      const key = nextKey("drop");
      const anchor = anchorBefore(state().shown, index);
      const at = anchor ? { after: anchor.id } : { start: true };
      addOverlay(placeholders(key, anchor?.id ?? null, [{ id: key, state: "pending", title: "dropped items" }]));
      let response;
      try {
        response = await api.drop(galleryId, payload, at);
      } catch (error) {
        settleOverlay(key);
        announcer.alert(error.message);
        return;
      }
      // On the board, the new items are put at the drop point (claimed before they show, so free space does not).
      if (boardPoint && response.items.length) {
        const z = topZ();
        actions.arrange(
          fanOut(boardPoint, response.items.length).map((point, i) => ({
            itemId: response.items[i].id,
            ...point,
            width: DEFAULT_WIDTH,
            z: z + 1 + i,
          })),
        );
      }
      settleOverlay(key, upsert(key, response.items, galleryId));
      const count = response.items.length;
      announcer.announce(`Adding ${count} item${count === 1 ? "" : "s"}.`);
      history.afterOwnChange(response.history);
      await Promise.all(response.uploads.map((upload) => actions.uploadFile(upload, files[upload.fileIndex])));
    },

    async uploadFile(upload, file) {
      if (!file) return;
      store.dispatch(paneActions.uploadProgressed(upload.itemId, { received: 0, total: file.size }));
      try {
        const item = await api.upload(upload.uploadURL, file, (received, total) =>
          store.dispatch(paneActions.uploadProgressed(upload.itemId, { received, total: total ?? file.size })),
        );
        store.dispatch(paneActions.uploadProgressed(upload.itemId, null));
        const before = state().shown;
        addOverlay(upsert(nextKey("upload"), [item], galleryId));
        pane.announceSettled(before, state().shown);
      } catch (error) {
        store.dispatch(paneActions.uploadProgressed(upload.itemId, null));
        announcer.alert(error.message);
      }
    },

    // ---- Moving within the gallery: by dragging, by keys, by the menu; one request ----

    async moveItems(ids, index, { focus = null } = {}) {
      if (pane.refuseChange()) return;
      if (!changesOrder(state().shown, ids, index)) return;
      const { at, beforeId } = insertionAt(state(), index, ids);
      const key = nextKey("move");
      addOverlay(reordering(key, ids, beforeId));
      if (focus) pane.itemsView().focusItem(focus);
      try {
        const response = await api.move(galleryId, ids, at);
        settleOverlay(key, upsert(key, response.items, galleryId));
        const shown = state().shown;
        const first = itemById(state(), ids[0]);
        const position = shown.findIndex((item) => item.id === ids[0]) + 1;
        const what = ids.length === 1 ? `'${first?.title ?? "item"}'` : `${ids.length} items`;
        announcer.announce(`Moved ${what} to position ${position} of ${shown.length}.`);
        if (focus) pane.itemsView().focusItem(focus);
        history.afterOwnChange(response.history);
      } catch (error) {
        settleOverlay(key);
        announcer.alert(error.message);
      }
    },

    // ---- The board: one request per arrangement ----

    /** Puts items on the board at `positions` ([{itemId, x, y, width, z}], board units), shown at once. */
    async arrange(positions, { announce = "" } = {}) {
      if (pane.refuseChange() || !positions.length) return;
      const key = nextKey("arrange");
      for (const position of positions) arranging.add(position.itemId);
      addOverlay(positioning(key, positions));
      try {
        const response = await api.arrange(galleryId, positions);
        settleOverlay(key, upsert(key, response.items, galleryId));
        if (announce) announcer.announce(announce);
        history.afterOwnChange(response.history);
      } catch (error) {
        settleOverlay(key);
        announcer.alert(error.message);
      } finally {
        for (const position of positions) arranging.delete(position.itemId);
      }
    },

    /** Puts the items shown that are not on the board yet in free space, and saves that (up to 1000 a request). */
    placeOnBoard() {
      const now = state();
      if (now.view !== "board" || now.access.readOnly || now.closed || !now.replica) return;
      // After the switch to the board is saved (so Undo takes back the placement first), and not while a drop on the
      // board waits for its items (they go where they were dropped).
      if (now.viewSaving || dropsOnBoard > 0) return;
      for (const item of now.shown) if (item.board) seenOnBoard.add(item.id);
      const unplaced = now.shown.filter(
        (item) =>
          !item.local &&
          !item.board &&
          item.state !== "pending" && // saved once its size (so its height on the board) is known
          !arranging.has(item.id) &&
          !seenOnBoard.has(item.id),
      );
      if (!unplaced.length) return;
      const placed = now.shown.filter((item) => item.board).map((item) => rectOf(item.board, aspectOf(item)));
      const placements = placeInFreeSpace(
        placed,
        unplaced.map((item) => ({ id: item.id, aspect: aspectOf(item) })),
      );
      const z = topZ();
      const positions = placements.map((p, i) => ({ itemId: p.id, x: p.x, y: p.y, width: p.width, z: z + 1 + i }));
      for (let start = 0; start < positions.length; start += 1000)
        actions.arrange(positions.slice(start, start + 1000));
    },

    /** Item `id` dragged to `{x, y, width}` on the board: it goes there, on top of the others. */
    moveOnBoard(id, { x, y, width }) {
      const item = itemById(state(), id);
      if (!item || item.local) return;
      actions.arrange([{ itemId: id, x, y, width, z: topZ() + 1 }], { announce: `Moved '${item.title ?? "item"}'.` });
    },

    /** Item `id` nudged by (dx, dy) board units (the arrow keys), its place in the stack kept. */
    nudge(id, dx, dy) {
      const item = itemById(state(), id);
      const position = pane.itemsView().positionOf?.(id);
      if (!item || item.local || !position) return;
      const x = position.x + dx;
      const y = position.y + dy;
      const z = position.z ?? 0;
      actions.arrange([{ itemId: id, x, y, width: position.width, z }], {
        announce: `Moved '${item.title ?? "item"}' to ${Math.round(x)}, ${Math.round(y)}.`,
      });
    },

    // ---- Trash ----

    async trashItems(ids) {
      if (pane.refuseChange()) return;
      ids = ids.filter((id) => !itemById(state(), id)?.local);
      if (!ids.length) return;
      const titles = ids.map((id) => itemById(state(), id)?.title ?? "item");
      await pane.shrinkIntoTrash(ids);
      const key = nextKey("trash");
      addOverlay(hiding(key, ids));
      try {
        const response = await api.trash(galleryId, ids);
        store.dispatch(paneActions.selectionCleared());
        settleOverlay(key, upsert(key, response.items, galleryId));
        announcer.announce(
          ids.length === 1 ? `Moved '${titles[0]}' to the trash.` : `Moved ${ids.length} items to the trash.`,
        );
        history.afterOwnChange(response.history);
      } catch (error) {
        settleOverlay(key);
        announcer.alert(error.message);
      }
    },

    async showTrash() {
      try {
        pane.trash.showItems((await api.trashList(galleryId)).items);
      } catch (error) {
        announcer.alert(error.message);
      }
    },

    async restore(ids) {
      try {
        const response = await api.restore(galleryId, ids);
        addOverlay(upsert(nextKey("restore"), response.items, galleryId));
        announcer.announce(ids.length === 1 ? "Restored 1 item." : `Restored ${ids.length} items.`);
        history.afterOwnChange(response.history);
        if (pane.trash.isOpen()) pane.trash.showItems((await api.trashList(galleryId)).items);
      } catch (error) {
        announcer.alert(error.message);
      }
    },

    async emptyTrash() {
      try {
        const { deleted } = await api.emptyTrash(galleryId);
        await pane.refreshGallery();
        announcer.announce(`Deleted ${deleted} item${deleted === 1 ? "" : "s"} for good.`);
        pane.trash.showItems([]);
        history.afterOwnChange();
      } catch (error) {
        announcer.alert(error.message);
      }
    },

    // ---- One item: load again, remove ----

    async retry(item) {
      if (pane.refuseChange()) return;
      try {
        addOverlay(upsert(nextKey("retry"), [await api.retry(item.id)], galleryId));
      } catch (error) {
        announcer.alert(error.message);
      }
    },

    async remove(item) {
      if (pane.refuseChange()) return;
      try {
        const { history: answered, ...removed } = await api.remove(item.id);
        addOverlay(upsert(nextKey("remove"), [removed], galleryId));
        announcer.announce(`Removed ${item.title}.`);
        history.afterOwnChange(answered);
      } catch (error) {
        announcer.alert(error.message);
      }
    },

    // ---- The view ----

    /** Shows the gallery as `view` ("grid", "list" or "board") here, and for everyone unless the pane is view only. */
    async setView(view) {
      if (view === state().view) return;
      const readOnly = state().access.readOnly;
      store.dispatch(paneActions.viewChosen(view, { saving: !readOnly }));
      announcer.announce(`Showing the items ${{ list: "as a list", board: "on a board" }[view] ?? "as a grid"}.`);
      pane.hooks.onViewChanged?.(pane.facade);
      if (readOnly) return;
      try {
        const gallery = await api.updateGallery(galleryId, { view });
        store.dispatch(paneActions.galleryReceived(gallery));
        history.afterOwnChange(gallery.history);
        store.dispatch(paneActions.viewSaved());
      } catch (error) {
        // Not saved for the gallery: this pane keeps showing it.
        store.dispatch(paneActions.viewSaved());
        store.dispatch(paneActions.viewChosen(view));
        announcer.alert(error.message);
      }
    },

    // ---- Images per row ----

    /** Changes the images per row here, and for everyone unless the pane is view only (then only on this page). */
    setPerRow(value) {
      const next = clampPerRow(value);
      if (next === state().perRow) return;
      const readOnly = state().access.readOnly;
      store.dispatch(paneActions.perRowChanged(next, { saving: !readOnly }));
      announcer.announce(`${next} images per row.`);
      if (readOnly) return;
      clearTimeout(perRowTimer);
      perRowTimer = setTimeout(async () => {
        try {
          const gallery = await api.updateGallery(galleryId, { imagesPerRow: state().perRow });
          store.dispatch(paneActions.galleryReceived(gallery));
          store.dispatch(paneActions.perRowSaved());
          history.afterOwnChange(gallery.history);
        } catch (error) {
          store.dispatch(paneActions.perRowSaved());
          announcer.alert(error.message);
        }
      }, 250);
    },
  };
  return actions;
}
