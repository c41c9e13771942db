// Undo and redo of this tab's changes in a pane's gallery (the server keeps the history per session and gallery): the
// history is held in the pane's store (the toolbar's buttons follow it), the server's message is told to the user,
// and the view changes through the events that follow.

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

    /** Undoes or redoes this tab's last change here; the server's message is announced and shown for a while. */
    async step(direction) {
      if (stepping || store.getState().gone || pane.refuseChange()) return;
      stepping = true;
      try {
        const response = direction === "undo" ? await api.undo(galleryId) : await api.redo(galleryId);
        asked += 1;
        store.dispatch(paneActions.historyReceived(response.history));
        pane.tell(response.message);
        // A move or copy between galleries is in both galleries' histories: the other panes' buttons change too.
        pane.hooks.onHistoryStep?.();
      } catch (error) {
        pane.tell(error.message);
        actions.refresh();
      } finally {
        stepping = false;
      }
    },
  };
  return actions;
}
