// A pane's settings of how it shows the gallery: the view (grid, list, board), the images per row and the board's
// zoom and pan are this person's preferences, shown here at once and remembered per gallery in this browser
// (localStorage, like the Tags switch). They are no undoable step: the toolbar's Undo stays as it was.
//
// The gallery's stored view and images per row remain the default for whoever has not chosen here: a member's choice
// also becomes that default, saved silently (no history entry on the server; a view-only pane saves nothing). Other
// people's open panes do not follow it live: what they see is their own preference, or the default as it was when
// they opened the gallery.

import { api } from "../net/api.js";
import { clampPerRow } from "../model/zoom.js";
import { paneActions } from "../store/paneState.js";

const SHOW_TAGS_KEY = "imageGallery.showTags";
/** The key of a gallery's remembered showing: `{view, perRow, board: {zoom, panX, panY}}`, each part optional. */
const showingKey = (galleryId) => `imageGallery.showing.${galleryId}`;

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

/** How this browser last showed gallery `galleryId`: `{view?, perRow?, board?}` ({} when never chosen here). */
export function rememberedShowing(galleryId) {
  try {
    const value = JSON.parse(localStorage.getItem(showingKey(galleryId)) ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {}; // storage refused, or not JSON
  }
}

/** Remembers `changes` (some of view, perRow, board) of how gallery `galleryId` is shown on this browser. */
export function rememberShowing(galleryId, changes) {
  try {
    localStorage.setItem(showingKey(galleryId), JSON.stringify({ ...rememberedShowing(galleryId), ...changes }));
  } catch {}
}

/** The settings actions of a pane, given its narrow context (pane/paneContext.js). */
export function createSettingsActions(/** @type {import("./paneContext.js").PaneContext} */ pane) {
  const { store, announcer, galleryId } = pane;
  const state = () => store.getState();
  let perRowTimer = null;

  /** Saves `changes` as the gallery's default for people who have not chosen, silently (no history, no message but
   * a failure's), unless the pane is view only. */
  async function saveDefault(changes) {
    if (state().access.readOnly) return;
    try {
      store.dispatch(paneActions.galleryReceived(await pane.sendInOrder(() => api.updateGallery(galleryId, changes))));
    } catch (error) {
      announcer.alert(error.message);
    }
  }

  return {
    /** Shows the gallery as `view` ("grid", "list" or "board") here, remembered for it on this browser. */
    setView(view) {
      if (view === state().view) return;
      store.dispatch(paneActions.viewChosen(view));
      if (state().view !== view) return; // not a view
      rememberShowing(galleryId, { view });
      announcer.announce(`Showing the items ${{ list: "as a list", board: "on a board" }[view] ?? "as a grid"}.`);
      pane.hooks.onViewChanged?.();
      saveDefault({ view });
    },

    /** Tiles show their tags (`on`) or not: a preference of this browser, kept for every gallery. */
    setShowTags(on) {
      store.dispatch(paneActions.tagsShown(on));
      rememberShowTags(on);
      announcer.announce(on ? "Tags shown on the tiles." : "Tags hidden.");
    },

    /** Changes the images per row here, remembered for the gallery on this browser. */
    setPerRow(value) {
      const next = clampPerRow(value);
      if (next === state().perRow) return;
      store.dispatch(paneActions.perRowChanged(next));
      rememberShowing(galleryId, { perRow: next });
      announcer.announce(`${next} images per row.`);
      // A pinch or the slider sends many steps: the default is saved once they stop.
      clearTimeout(perRowTimer);
      perRowTimer = setTimeout(() => saveDefault({ imagesPerRow: state().perRow }), 250);
    },

    /** Remembers the board's zoom and pan (`{zoom, panX, panY}`) for the gallery on this browser. */
    rememberBoard(transform) {
      if (!transform) return;
      const { zoom, panX, panY } = transform;
      if ([zoom, panX, panY].every(Number.isFinite)) rememberShowing(galleryId, { board: { zoom, panX, panY } });
    },
  };
}
