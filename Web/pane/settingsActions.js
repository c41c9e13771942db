// A pane's settings of how it shows the gallery, as requests: the view (grid, list, board) and the images per row,
// shown here at once and saved for everyone unless the pane is view only.

import { api } from "../net/api.js";
import { clampPerRow } from "../model/zoom.js";
import { paneActions } from "../store/paneState.js";

const SHOW_TAGS_KEY = "imageGallery.showTags";

/** Whether tiles show their tags on this browser (the Tags switch, remembered). */
export function rememberedShowTags() {
  try {
    return localStorage.getItem(SHOW_TAGS_KEY) === "true";
  } catch {
    return false; // storage refused (private mode, a sandbox): not remembered
  }
}

function rememberShowTags(on) {
  try {
    localStorage.setItem(SHOW_TAGS_KEY, String(on));
  } catch {}
}

/** The settings actions of a pane, given its narrow context (pane/paneContext.js) and its history actions. */
export function createSettingsActions(/** @type {import("./paneContext.js").PaneContext} */ pane, history) {
  const { store, announcer, galleryId } = pane;
  const state = () => store.getState();
  let perRowTimer = null;

  return {
    /** Shows the gallery as `view` ("grid", "list" or "board") here, and for everyone unless the pane is view only. */
    async setView(view) {
      if (view === state().view) return;
      const readOnly = state().access.readOnly;
      store.dispatch(paneActions.viewChosen(view, { saving: !readOnly }));
      announcer.announce(`Showing the items ${{ list: "as a list", board: "on a board" }[view] ?? "as a grid"}.`);
      pane.hooks.onViewChanged?.();
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

    /** Tiles show their tags (`on`) or not: a preference of this browser, kept for every gallery. */
    setShowTags(on) {
      store.dispatch(paneActions.tagsShown(on));
      rememberShowTags(on);
      announcer.announce(on ? "Tags shown on the tiles." : "Tags hidden.");
    },

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
}
