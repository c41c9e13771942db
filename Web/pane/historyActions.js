// Undo and redo of this tab's changes in a pane's gallery (the server keeps the history per session and gallery): the
// toolbar's buttons follow the history, the server's message is told to the user, and the view changes through the
// events that follow. Installed on GalleryPane's prototype.

import { api } from "../net/api.js";

export const historyActions = {

  /** Called after every change this page made: the Undo and Redo buttons follow the history. */
  afterOwnChange() {
    this.refreshHistory();
  },

  async refreshHistory() {
    if (this.readOnly) return;
    const asked = (this.historyAsked = (this.historyAsked ?? 0) + 1);
    try {
      const history = await api.history(this.galleryId);
      if (asked === this.historyAsked && !this.closed) this.toolbar.renderHistory(history);
    } catch (error) {
      if (error.status !== 404) console.warn("history failed", error);
    }
  },

  undo() {
    return this.step("undo");
  },

  redo() {
    return this.step("redo");
  },

  /** Undoes or redoes this tab's last change here; the server's message is announced and shown for a while. The
   * view changes through the events that follow. */
  async step(direction) {
    if (this.stepping || this.isGone || this.refuseChange()) return;
    this.stepping = true;
    try {
      const response = direction === "undo" ? await api.undo(this.galleryId) : await api.redo(this.galleryId);
      this.historyAsked = (this.historyAsked ?? 0) + 1;
      this.toolbar.renderHistory(response.history);
      this.tell(response.message);
      // A move or copy between galleries is in both galleries' histories: the other panes' buttons change too.
      this.hooks.onHistoryStep?.(this);
    } catch (error) {
      this.tell(error.message);
      this.refreshHistory();
    } finally {
      this.stepping = false;
    }
  },

  /** A message for everyone: announced politely and shown in the pane's status line. */
  tell(message) {
    if (!message) return;
    this.announcer.announce(message);
    this.view.showStatus(message);
  },
};
