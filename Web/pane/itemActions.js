// A pane's changes to its items, as requests: drops and pastes from outside (with their uploads), moves within the
// gallery, the trash, retries and removals (places on the board: boardActions.js; the view and the images per row:
// settingsActions.js).
// Each shows at once as an optimistic change (model/overlay.js) that the answer, then the gallery's own event,
// replaces. State changes go through the store.

import { api } from "../net/api.js";
import { runEnds } from "../net/runEnds.js";
import { belowPart, highestZ, provisionalPlace } from "../model/board.js";
import { anchorBefore } from "../model/gallery.js";
import { noteTextProblem } from "../model/itemKinds.js";
import { hiding, hidingUntil, nextKey, placeholders, reordering, upsert } from "../model/overlay.js";
import { changesOrder } from "../model/reorder.js";
import {
  dropFailedText,
  dropParts,
  dropStartedText,
  emptyUploadQueue,
  uploadEnded,
  uploadsQueued,
} from "../model/dropParts.js";
import { runOf, spanRun } from "../model/selection.js";
import { insertionAt, itemById, order, shownWindow, tooManyToCopyText } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";
import { alsoInText, titleOf } from "../model/viewerFacts.js";

/** The item actions of the pane `pane` (its store, views, announcer); `history` its history actions, `board` its
 * board actions. */
export function createItemActions(/** @type {import("./paneContext.js").PaneContext} */ pane, history, board) {
  const { store, announcer, galleryId } = pane;
  const state = () => store.getState();
  const addOverlay = (overlay) => store.dispatch(paneActions.overlayAdded(overlay));
  const settleOverlay = (key, ...replacements) => store.dispatch(paneActions.overlaySettled(key, ...replacements));
  let uploads = emptyUploadQueue();

  /** Uploads `entries` ({upload, file}) through the pane's queue, a few at a time; resolves once all have ended. */
  function uploadAll(entries) {
    const ended = entries.map((entry) => new Promise((resolve) => Object.assign(entry, { ended: resolve })));
    startUploads(uploadsQueued(uploads, entries));
    return Promise.all(ended);
  }

  /** Runs what the queue says to start; each upload's end lets the next waiting one start. */
  function startUploads({ queue, start }) {
    uploads = queue;
    for (const entry of start)
      actions.uploadFile(entry.upload, entry.file).finally(() => {
        entry.ended();
        startUploads(uploadEnded(uploads));
      });
  }

  /** Sends `ids` (as many as `count`) to the trash with `request`, hiding them meanwhile; `titles` names one. */
  async function sendToTrash(ids, request, titles, count = ids.length) {
    await pane.shrinkIntoTrash(ids);
    const key = nextKey("trash");
    addOverlay(hiding(key, ids));
    try {
      const response = await pane.sendInOrder(request);
      store.dispatch(paneActions.selectionCleared());
      // A run's answer lists no items: they stay hidden until its event removes them.
      const answered = response.items
        ? upsert(key, response.items, galleryId)
        : hidingUntil(key, ids, response.sequence);
      settleOverlay(key, answered);
      announcer.announce(count === 1 ? `Moved '${titles[0]}' to the trash.` : `Moved ${count} items to the trash.`);
      history.afterOwnChange(response.history);
    } catch (error) {
      settleOverlay(key);
      announcer.alert(error.message);
    }
  }

  /** Sends a move of `ids` to `at`, shown meanwhile by the overlay `overlayFor(key)`, and says where they went:
   * `position` (1-based, in the whole gallery), or where the first of them is shown now. Focus stays on `focus`. */
  async function sendMove(ids, at, overlayFor, { focus = null, position = null } = {}) {
    const key = nextKey("move");
    addOverlay(overlayFor(key));
    if (focus) pane.itemsView().focusItem(focus);
    try {
      const response = await pane.sendInOrder(() => api.move(galleryId, ids, at));
      settleOverlay(key, upsert(key, response.items, galleryId));
      const { offset, total } = shownWindow(state());
      const where = position ?? offset + state().shown.findIndex((item) => item.id === ids[0]) + 1;
      const title = itemById(state(), ids[0])?.title ?? response.items.find((item) => item.id === ids[0])?.title;
      const what = ids.length === 1 ? `'${title ?? "item"}'` : `${ids.length} items`;
      announcer.announce(`Moved ${what} to position ${where} of ${total}.`);
      if (focus) pane.itemsView().focusItem(focus);
      history.afterOwnChange(response.history);
    } catch (error) {
      settleOverlay(key);
      announcer.alert(error.message);
    }
  }

  /** Sends a move of the run `run` (a selection reaching beyond the items read, `selectionRun`) to `at`: the
   * selected items read are hidden until the gallery's event shows the run where it went. Says where: `position`
   * (1-based, of the whole gallery), when known. */
  async function sendRunMove(run, at, position = null) {
    const ids = [...state().selection.ids];
    const key = nextKey("move");
    addOverlay(hiding(key, ids));
    try {
      const response = await pane.sendInOrder(async () => api.moveRange(galleryId, await runEnds(galleryId, run), at));
      store.dispatch(paneActions.selectionCleared());
      settleOverlay(key, hidingUntil(key, ids, response.sequence));
      const { total } = shownWindow(state());
      announcer.announce(`Moved ${run.count} items${position ? ` to position ${position} of ${total}` : ""}.`);
      history.afterOwnChange(response.history);
    } catch (error) {
      settleOverlay(key);
      announcer.alert(error.message);
    }
  }

  const actions = {
    // ---- Drops and pastes from outside: one path ----

    /** Items of this app (`payload`: {galleryId, itemIds}) dropped or pasted here, before shown position `index`:
     * moved within this gallery, or moved or copied here (`copy`); on the board at `point` (or at `places`, where the
     * items dragged over it were drawn). One path for drags from a pane and for pastes of copied items. */
    addLocal({ payload, copy, index, point = null, places = null }) {
      if (pane.refuseChange()) return;
      if (point) return board.dropItems({ payload, copy, point, places, index });
      if (payload.run && copy) return void pane.tell(tooManyToCopyText(payload.run.count));
      if (payload.run && payload.galleryId === galleryId) return actions.moveRun(payload.run, index);
      if (payload.galleryId === galleryId && !copy)
        return actions.moveItems(
          payload.itemIds.filter((id) => itemById(state(), id)),
          index,
        );
      return pane.hooks.onTransfer({ payload, index, copy });
    },

    /** `boardPoint`: where on the board the drop landed (the server fans the items out from there), or null. */
    async addFromOutside({ payload, files }, index, boardPoint = null) {
      if (pane.refuseChange()) return;
      // Text alone makes one note: one too long is refused here, with the server's words, and nothing is sent.
      const textOnly = !files.length && !payload.uriList && !payload.mozURL && !payload.html && payload.plainText;
      const problem = textOnly ? noteTextProblem(payload.plainText) : null;
      if (problem) {
        announcer.alert(problem);
        return;
      }
      const parts = dropParts(payload, files);
      const anchor = anchorBefore(state().shown, index);
      let afterId = anchor?.id ?? null;
      let added = 0;
      const uploading = [];
      // The parts go one after another, each after the last item of the one before, so the drop keeps its order; on
      // the board each below the one before, shown at its point until the answer says where its items went.
      let point = boardPoint;
      for (const [number, part] of parts.entries()) {
        const key = nextKey("drop");
        const shownAt = point ? { board: provisionalPlace({ boardPoint: point }, 0, highestZ(state().shown) + 1) } : {};
        addOverlay(placeholders(key, afterId, [{ id: key, state: "pending", title: "dropped items", ...shownAt }]));
        let response;
        try {
          response = await api.drop(galleryId, part.payload, afterId ? { after: afterId } : { start: true }, point);
        } catch (error) {
          settleOverlay(key);
          announcer.alert(dropFailedText(error.message, number, added, files.length));
          break;
        }
        if (point) point = belowPart(point, response.items);
        settleOverlay(key, upsert(key, response.items, galleryId));
        if (number === 0) announcer.announce(dropStartedText(response.items.length, parts.length, files.length));
        added += response.items.length;
        history.afterOwnChange(response.history);
        uploading.push(uploadAll(response.uploads.map((upload) => ({ upload, file: part.files[upload.fileIndex] }))));
        afterId = response.items.at(-1)?.id ?? afterId;
      }
      await Promise.all(uploading);
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
        // The upload's answer says once where else the picture already is; it is added all the same.
        const elsewhere = alsoInText(item.alsoIn);
        if (elsewhere) announcer.announce(`'${titleOf(item)}' is also in ${elsewhere}.`);
      } catch (error) {
        store.dispatch(paneActions.uploadProgressed(upload.itemId, null));
        announcer.alert(error.message);
      }
    },

    // ---- Moving within the gallery: by dragging, by keys, by the menu; one request ----

    /** Moves `ids` in a big gallery held as a window to `position` (1-based, of the whole gallery; the API's `at`:
     * {start}, {} for the end, or {index}), which may lie outside the window: they leave the window at once, and
     * the gallery's event shows them where they went if that is in the window. */
    moveItemsAt(ids, at, position) {
      return sendMove(ids, at, (key) => hiding(key, ids), { position });
    },

    /** Moves the run `run` (see `sendRunMove`) to `at` of a big gallery, `position` (1-based) of the whole. */
    moveRunAt(run, at, position) {
      if (pane.refuseChange()) return;
      return sendRunMove(run, at, position);
    },

    /** Moves the run `run` (see `sendRunMove`), dragged or lifted, before shown position `index`. */
    moveRun(run, index) {
      if (pane.refuseChange()) return;
      const selected = state().selection.ids;
      const { at } = insertionAt(state(), index, [...selected]);
      // Past the last item read that stays: right after it (the gallery may go on beyond the items read).
      const before = state()
        .shown.slice(0, index)
        .findLast((item) => !selected.has(item.id) && !item.local);
      return sendRunMove(run, at.before || !before ? at : { after: before.id });
    },

    async moveItems(ids, index, { focus = null } = {}) {
      if (pane.refuseChange()) return;
      if (!changesOrder(state().shown, ids, index)) return;
      const { at, beforeId } = insertionAt(state(), index, ids);
      await sendMove(ids, at, (key) => reordering(key, ids, beforeId), { focus });
    },

    // ---- Trash ----

    async trashItems(ids) {
      if (pane.refuseChange()) return;
      // A selection may be the whole gallery: each item is looked up once.
      const shown = new Map(state().shown.map((item) => [item.id, item]));
      ids = ids.filter((id) => !shown.get(id)?.local);
      if (!ids.length) return;
      const titles = ids.length === 1 ? [shown.get(ids[0])?.title ?? "item"] : [];
      // Items next to each other go as one run however many (a "Select All"); the server checks it is still so.
      const run = runOf(ids, order(state()));
      await sendToTrash(ids, () => (run ? api.trashRange(galleryId, run) : api.trash(galleryId, ids)), titles);
    },

    /** Every item of a big gallery, read into its window or not (a "Select All"), to the trash: one run from its
     * first item to its last, one request, one undoable change. */
    trashAll() {
      const { total } = shownWindow(state());
      if (total) return actions.trashRun({ count: total });
    },

    /** A span of a big gallery selected with Shift, read or not, to the trash: one run, one request, one undoable
     * change. */
    trashSpan(span) {
      return actions.trashRun(spanRun(span));
    },

    /** The run `run` (store/paneSelectors.js selectionRun) to the trash, its items read hidden meanwhile. */
    async trashRun(run) {
      if (pane.refuseChange()) return;
      const held = [...state().selection.ids].filter((id) => !itemById(state(), id)?.local);
      await sendToTrash(held, async () => api.trashRange(galleryId, await runEnds(galleryId, run)), [], run.count);
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

    // ---- Notes ----

    /** Writes an empty note after the focused item (at the end when none is focused) and starts editing it. */
    async newNote() {
      if (pane.refuseChange()) return false;
      const focused = itemById(state(), pane.itemsView().focusedId);
      const at = focused && !focused.local ? { after: focused.id } : {};
      try {
        const response = await api.newNote(galleryId, "", at);
        addOverlay(upsert(nextKey("note"), response.items, galleryId));
        history.afterOwnChange(response.history);
        announcer.announce("New note: type its text; Ctrl+Enter or leaving the field keeps it.");
        const note = response.items[0];
        // Drawn on the next frame, then edited in place.
        if (note) requestAnimationFrame(() => pane.itemsView().editNoteItem(note.id));
      } catch (error) {
        announcer.alert(error.message);
      }
      return true;
    },

    /** Keeps a note's edited text (one undoable action); a text too long is refused here, and nothing is sent (the
     * field being edited keeps it: view/noteEditor.js). */
    async editNote(id, text) {
      const problem = noteTextProblem(text);
      if (problem || pane.refuseChange()) {
        if (problem) announcer.alert(problem);
        pane.itemsView().draw(); // a note no longer edited shows its kept text again
        return;
      }
      try {
        const { history: answered, ...note } = await api.editNote(id, text);
        addOverlay(upsert(nextKey("note"), [note], galleryId));
        announcer.announce("Note saved.");
        history.afterOwnChange(answered);
      } catch (error) {
        announcer.alert(error.message);
        pane.itemsView().draw();
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
  };
  return actions;
}
