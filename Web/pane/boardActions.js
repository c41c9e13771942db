// A pane's changes to the board, as requests: one request per arrangement (positions {itemId, x, y, width, z} in
// board units), shown at once as an optimistic change (model/overlay.js). Puts items dropped on the board where they
// were dropped, and items not on the board yet in free space; moves, nudges and resizes items, and brings them to
// the front or sends them to the back of the stack.

import { api } from "../net/api.js";
import { DEFAULT_WIDTH, aspectOf, clampWidth, fanOut, placeInFreeSpace, rectOf } from "../model/board.js";
import { MAX_Z, restack } from "../model/stacking.js";
import { nextKey, positioning, upsert } from "../model/overlay.js";
import { itemById } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** The board actions of the pane `pane` (its store, views, announcer); `history` its history actions. */
export function createBoardActions(pane, history) {
  const { store, announcer, galleryId } = pane;
  const state = () => store.getState();
  const addOverlay = (overlay) => store.dispatch(paneActions.overlayAdded(overlay));
  const settleOverlay = (key, ...replacements) => store.dispatch(paneActions.overlaySettled(key, ...replacements));
  const arranging = new Set(); // items whose board position is on its way
  let dropsOnBoard = 0; // drops on the board waiting for their items: free-space placement waits for them
  // Items seen on the board that left it (an Undo of their arrangement, here or in another tab) are not put back
  // on their own: that would undo the Undo. They are drawn in free space until someone moves them.
  const seenOnBoard = new Set();
  const topZ = () => Math.max(0, ...state().shown.map((item) => item.board?.z ?? 0));
  /** Where item `id` lies as the board draws it (its saved place, or where free space puts it), or null. */
  const drawnAt = (id) => pane.itemsView().positionOf?.(id) ?? itemById(state(), id)?.board ?? null;
  /** "'title'" for one item, "n items" for more. */
  const named = (ids) => (ids.length === 1 ? `'${itemById(state(), ids[0])?.title ?? "item"}'` : `${ids.length} items`);

  const board = {
    /** Runs `drop` (a drop on the board, which resolves once its items are known) with free-space placement held
     * back, so the new items go where they were dropped rather than into free space. */
    async whileDropping(drop) {
      dropsOnBoard++;
      try {
        return await drop();
      } finally {
        dropsOnBoard--;
        board.placeOnBoard();
      }
    },

    /** Puts `items` (just added) at the board point `point`, fanned out from it, on top of the others. */
    placeAt(items, point) {
      if (!items.length) return;
      const z = topZ();
      board.arrange(
        fanOut(point, items.length).map((at, i) => ({
          itemId: items[i].id,
          ...at,
          width: DEFAULT_WIDTH,
          z: z + 1 + i,
        })),
      );
    },

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

    /** `arrange` in requests of at most 1000 positions (the most one may hold): one request, so one Undo, in all but
     * the largest boards. */
    arrangeInBatches(positions, announce) {
      for (let start = 0; start < positions.length; start += 1000)
        board.arrange(positions.slice(start, start + 1000), { announce: start === 0 ? announce : "" });
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
      for (let start = 0; start < positions.length; start += 1000) board.arrange(positions.slice(start, start + 1000));
    },

    /** Item `id` dragged to `{x, y, width}` on the board: it goes there, on top of the others. */
    moveOnBoard(id, { x, y, width }) {
      const item = itemById(state(), id);
      if (!item || item.local) return;
      board.arrange([{ itemId: id, x, y, width, z: topZ() + 1 }], { announce: `Moved '${item.title ?? "item"}'.` });
    },

    /** Item `id` nudged by (dx, dy) board units (the arrow keys), its place in the stack kept. */
    nudge(id, dx, dy) {
      const item = itemById(state(), id);
      const position = pane.itemsView().positionOf?.(id);
      if (!item || item.local || !position) return;
      const x = position.x + dx;
      const y = position.y + dy;
      const z = position.z ?? 0;
      board.arrange([{ itemId: id, x, y, width: position.width, z }], {
        announce: `Moved '${item.title ?? "item"}' to ${Math.round(x)}, ${Math.round(y)}.`,
      });
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
