// Undo and redo of this tab's changes in a pane's gallery (the server keeps the history per session and gallery): the
// history is held in the pane's store (the toolbar's buttons follow it), the server's message is told to the user,
// and the view changes through the events that follow. A change's answer also names the entry it made and says what
// it did: that is offered to the page's undo toast (view/undoToast.js), whose Undo undoes exactly that entry.

import { undoOffer } from "../model/undoToast.js";
import { api } from "../net/api.js";
import { paneActions } from "../store/paneState.js";

/** The history actions of the pane `pane` (its store, announcer, hooks). */
export function createHistoryActions(/** @type {import("./paneContext.js").PaneContext} */ pane) {
  const { store, galleryId } = pane;
  let asked = 0;
  let stepping = false;

  const actions = {
    /** Called after every change this page made: the history the answer carried, or the server's history now. */
    afterOwnChange(history) {
      if (history) {
        asked += 1;
        store.dispatch(paneActions.historyReceived(history));
        const offer = undoOffer(galleryId, history);
        if (offer) pane.hooks.onUndoable?.(offer);
      } else {
        actions.refresh();
      }
    },

    /** Asks the server for this tab's history here (after a change made elsewhere, e.g. in the other pane). */
    async refresh() {
      if (store.getState().access.readOnly) return;
      const mine = ++asked;
      try {
        const history = await api.history(galleryId);
        if (mine === asked && !store.getState().closed) store.dispatch(paneActions.historyReceived(history));
      } catch (error) {
        if (error.status !== 404) console.warn("history failed", error);
      }
    },

    undo: () => actions.step("undo"),
    redo: () => actions.step("redo"),
    /** Undoes exactly history entry `entry` (the undo toast's), or nothing: resolves with what to say ("" when the
     * pane refused at once, having said why). */
    undoEntry: (entry) => actions.step("undo", entry),

    /** Undoes or redoes this tab's last change here (with `entry`: exactly that one); the server's message is
     * announced and shown for a while, or, for the undo toast (`entry`), resolved for it to say. */
    async step(direction, entry = null) {
      if (stepping || store.getState().gone || pane.refuseChange()) return "";
      const byToast = entry !== null;
      stepping = true;
      try {
        // After the changes still on their way: Undo undoes the last one made, not the one before it.
        const response = await pane.sendInOrder(() =>
          direction === "undo" ? api.undo(galleryId, entry) : api.redo(galleryId),
        );
        asked += 1;
        store.dispatch(paneActions.historyReceived(response.history));
        if (!byToast) pane.tell(response.message);
        // A move or copy between galleries is in both galleries' histories: the other panes' buttons change too.
        pane.hooks.onHistoryStep?.({ byToast });
        return response.message;
      } catch (error) {
        if (!byToast) pane.tell(error.message);
        actions.refresh();
        return error.message;
      } finally {
        stepping = false;
      }
    },
  };
  return actions;
}
