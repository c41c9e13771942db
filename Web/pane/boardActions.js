// A pane's changes to the board, as requests: one request per arrangement (positions {itemId, x, y, width, z} in
// board units), shown at once as an optimistic change (model/overlay.js). Sends items dragged onto the board from
// elsewhere with where they landed (the server puts them there in the change that adds them), has the server put
// items not on the board yet in free space (its rule, no undoable action); moves, nudges and resizes items (each an
// undoable Arrange), and brings them to the front or sends them to the back of the stack.

import { api } from "../net/api.js";
import { boardArrival, clampWidth, highestZ, movedBy, stackedOnTop } from "../model/board.js";
import { isBoardWindow } from "../model/replica.js";
import { MAX_Z, restack } from "../model/stacking.js";
import { nextKey, positioning, upsert } from "../model/overlay.js";
import { itemById } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** The board actions of the pane `pane` (its store, views, announcer); `history` its history actions. */
export function createBoardActions(/** @type {import("./paneContext.js").PaneContext} */ pane, history) {
  const { store, announcer, galleryId } = pane;
  const state = () => store.getState();
  const addOverlay = (overlay) => store.dispatch(paneActions.overlayAdded(overlay));
  const settleOverlay = (key, ...replacements) => store.dispatch(paneActions.overlaySettled(key, ...replacements));
  const arranging = new Set(); // items whose board position is on its way
  const topZ = () => highestZ(state().shown);
  /** Where item `id` lies as the board draws it (its saved place, or where free space puts it), or null. */
  const drawnAt = (id) => pane.itemsView().positionOf?.(id) ?? itemById(state(), id)?.board ?? null;
  /** "'title'" for one item, "n items" for more. */
  const named = (ids) => (ids.length === 1 ? `'${itemById(state(), ids[0])?.title ?? "item"}'` : `${ids.length} items`);

  const board = {
    /** Items dragged to `positions` ([{itemId, x, y, width, z}]): they go there, on top of the others. */
    moveTo(positions) {
      const own = positions.filter((position) => {
        const item = itemById(state(), position.itemId);
        return item && !item.local;
      });
      if (!own.length) return;
      const first = itemById(state(), own[0].itemId);
      board.arrange(stackedOnTop(own, topZ()), {
        announce: own.length === 1 ? `Moved '${first?.title ?? "item"}'.` : `Moved ${own.length} items.`,
      });
    },

    /**
     * Items dragged from a pane (`payload`: {galleryId, itemIds}) and dropped on this board at `point`: moved on it
     * (to `places`, where the lifted items were drawn), or moved or copied here (`copy`; within this gallery too) in
     * one request that says where they go on the board: at `places`, else fanned out from `point` by the server.
     * `index`: where they go in the gallery's order.
     */
    dropItems({ payload, copy, point, places, index }) {
      if (payload.galleryId === galleryId && !copy && places?.length) {
        board.moveTo(places);
        return;
      }
      const onBoard = boardArrival(payload.itemIds ?? [], point, places);
      return pane.hooks.onTransfer({ payload, index, copy, onBoard });
    },

    /** Puts items on the board at `positions` ([{itemId, x, y, width, z}], board units), shown at once. */
    async arrange(positions, { announce = "" } = {}) {
      if (pane.refuseChange() || !positions.length) return;
      const key = nextKey("arrange");
      for (const position of positions) arranging.add(position.itemId);
      addOverlay(positioning(key, positions));
      try {
        const response = await pane.sendInOrder(() => api.arrange(galleryId, positions));
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

    /** `arrange` in requests of at most 1000 positions (the most one may hold): one request, so one Undo, in all but
     * the largest boards. */
    arrangeInBatches(positions, announce) {
      for (let start = 0; start < positions.length; start += 1000)
        board.arrange(positions.slice(start, start + 1000), { announce: start === 0 ? announce : "" });
    },

    /** Has the server put the items shown that are not on the board yet in free space (once each is loaded, so
     * that its height is known); the event of that change shows them there. */
    placeOnBoard() {
      const now = state();
      if (now.view !== "board" || now.closed || !now.replica) return;
      if (now.replica.window && !isBoardWindow(now.replica)) return; // a window of the order: the board reads its own
      const waiting = now.shown.some(
        (item) => !item.local && !item.board && item.state !== "pending" && !arranging.has(item.id),
      );
      if (waiting) pane.sync.placeRestOnBoard();
    },

    /** Items `ids` nudged by (dx, dy) board units (the arrow keys), their places in the stack kept. */
    nudge(ids, dx, dy) {
      const view = pane.itemsView();
      const positions = ids
        .filter((id) => itemById(state(), id) && !itemById(state(), id).local && view.positionOf?.(id))
        .map((id) => ({ itemId: id, ...view.positionOf(id) }));
      if (!positions.length) return;
      const moved = movedBy(positions, dx, dy);
      const first = moved[0];
      const what =
        moved.length === 1 ? `'${itemById(state(), first.itemId)?.title ?? "item"}'` : `${moved.length} items`;
      board.arrange(moved, { announce: `Moved ${what} to ${Math.round(first.x)}, ${Math.round(first.y)}.` });
    },

    /** Item `id` resized to `width` by its corner (top-left fixed): on top of the others. */
    resize(id, width) {
      const item = itemById(state(), id);
      const position = drawnAt(id);
      if (!item || item.local || !position) return;
      const z = Math.min(MAX_Z, topZ() + 1);
      board.arrange([{ itemId: id, x: position.x, y: position.y, width: clampWidth(width, position.width), z }], {
        announce: `Resized ${named([id])}.`,
      });
    },

    /** Items `ids` made `factor` times as wide (Make Larger, Make Smaller), each top-left fixed, their stack kept. */
    scale(ids, factor) {
      const positions = [];
      for (const id of ids) {
        const position = drawnAt(id);
        if (!position) continue;
        const width = clampWidth(position.width * factor, position.width);
        if (width !== position.width)
          positions.push({ itemId: id, x: position.x, y: position.y, width, z: position.z ?? 0 });
      }
      const larger = factor > 1 ? "larger" : "smaller";
      if (!positions.length) announcer.announce(`${named(ids)} cannot be made any ${larger}.`);
      else board.arrangeInBatches(positions, `Made ${named(positions.map((p) => p.itemId))} ${larger}.`);
    },

    /** Items `ids` brought to the "front" (above every other item) or sent to the "back" (below every other), their
     * order among themselves kept. */
    restack(ids, where) {
      const stack = state()
        .shown.filter((item) => !item.local)
        .map((item) => ({ id: item.id, z: item.board?.z ?? 0 }));
      const positions = [];
      for (const { id, z } of restack(stack, ids, where)) {
        const position = drawnAt(id);
        if (position) positions.push({ itemId: id, x: position.x, y: position.y, width: position.width, z });
      }
      const place = where === "front" ? "at the front" : "at the back";
      const announce = where === "front" ? `Brought ${named(ids)} to the front.` : `Sent ${named(ids)} to the back.`;
      if (!positions.length) announcer.announce(`${named(ids)} ${ids.length === 1 ? "is" : "are"} already ${place}.`);
      else board.arrangeInBatches(positions, announce);
    },
  };
  return board;
}
