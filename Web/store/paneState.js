// One gallery pane's state and the named actions that change it, pure: the replica of the gallery, the optimistic
// changes shown on top of it, progress, selection, the drag in progress, the view settings, the Undo/Redo history and
// what this person may do. `shown` (the items as the user sees them) is derived here, once per change.

import { initialSync } from "../model/gallerySync.js";
import { knownView } from "../model/location.js";
import { pruneOverlays, replaceOverlay, showItems } from "../model/overlay.js";
import { isBoardWindow, windowOf } from "../model/replica.js";
import { canChange, isLinkSession, isOwner } from "../model/roles.js";
import {
  clickSelect,
  emptySelection,
  isEmptySelection,
  pruneSelection,
  selectAll,
  selectIds,
} from "../model/selection.js";
import { clampPerRow } from "../model/zoom.js";

/** The state of a pane on `galleryId` before it has loaded; `view` the view the page address asked for, if any;
 * `remembered` how this browser last showed the gallery (`{view, perRow}`: pane/settingsActions.js). */
export function initialPaneState(galleryId, view = null, remembered = {}) {
  const chosenView = knownView(view) ?? knownView(remembered.view);
  const chosenPerRow = Number.isFinite(remembered.perRow) ? clampPerRow(remembered.perRow) : null;
  return {
    galleryId,
    view: chosenView ?? "grid", // how the pane shows the gallery: "grid", "list" or "board"
    // The view and images per row chosen here (the address, this browser's preference, the switch and the slider):
    // they hold whatever the gallery's documents say; without them the gallery's default counts, as first seen.
    chosenView,
    chosenPerRow,
    sync: initialSync(), // how the items are kept in step with the server (model/gallerySync.js)
    replica: null, // the sync's replica of the gallery, kept here for the selectors
    gallery: null, // the newest gallery document seen (events, answers)
    overlays: [],
    shown: [],
    progress: new Map(), // itemId → {received, total} from the server
    uploads: new Map(), // itemId → {received, total} of this page's uploads
    selection: emptySelection(),
    dragging: new Set(),
    dragMode: "move", // what dragging items on the board does: "move", or "copy" (the Move/Copy switch)
    showTags: false, // whether tiles show their tags (the toolbar's Tags switch, remembered on this browser)
    perRow: chosenPerRow ?? 4,
    history: null,
    access: { role: "owner", session: null, readOnly: false, canShare: false, linkSession: false },
    gone: null, // why the gallery is no longer available, once it is not
    closed: false,
  };
}

/** The named actions: each returns the action object the reducer takes. */
export const paneActions = {
  /** The sync machine's next state (model/gallerySync.js), with its replica of the gallery. */
  syncStepped: (sync) => ({ type: "syncStepped", sync }),
  /** A replica of the gallery: loaded, reloaded, or with new events applied. */
  replicaChanged: (replica) => ({ type: "replicaChanged", replica }),
  /** A newer gallery document (an answer: name, images per row, trash count). */
  galleryReceived: (gallery) => ({ type: "galleryReceived", gallery }),
  /** An optimistic change shown at once. */
  overlayAdded: (overlay) => ({ type: "overlayAdded", overlay }),
  /** The optimistic change `key` replaced by `replacements` (none: dropped). */
  overlaySettled: (key, ...replacements) => ({ type: "overlaySettled", key, replacements }),
  /** The server's progress of the items loading. */
  progressReceived: (progress) => ({ type: "progressReceived", progress }),
  /** This page's upload of an item: `entry` {received, total}, or null when it ended. */
  uploadProgressed: (id, entry) => ({ type: "uploadProgressed", id, entry }),
  /** A click (or key) on item `id`, with {toggle, range}. */
  itemClicked: (id, modifiers = {}) => ({ type: "itemClicked", id, modifiers }),
  allSelected: () => ({ type: "allSelected" }),
  /** Exactly the items `ids` selected (a marquee's). */
  idsSelected: (ids) => ({ type: "idsSelected", ids }),
  selectionCleared: () => ({ type: "selectionCleared" }),
  /** A drag of these items started. */
  dragStarted: (ids) => ({ type: "dragStarted", ids }),
  dragEnded: () => ({ type: "dragEnded" }),
  /** What a drag from the board does: "move", or "copy" (the toolbar's Move/Copy switch). */
  dragModeChosen: (mode) => ({ type: "dragModeChosen", mode }),
  /** Tiles show their tags, or not. */
  tagsShown: (on) => ({ type: "tagsShown", on }),
  /** Images per row chosen here: they hold, whatever the gallery's documents say. */
  perRowChanged: (perRow) => ({ type: "perRowChanged", perRow }),
  /** A view chosen here (the switch): it holds, whatever the gallery's documents say. */
  viewChosen: (view) => ({ type: "viewChosen", view }),
  /** This tab's Undo/Redo history for the gallery. */
  historyReceived: (history) => ({ type: "historyReceived", history }),
  /** This person's role in the gallery and their session. */
  accessChanged: (role, session) => ({ type: "accessChanged", role, session }),
  /** The gallery is no longer available. */
  galleryGone: (reason) => ({ type: "galleryGone", reason }),
  paneClosed: () => ({ type: "paneClosed" }),
};

/** The pane state after `action`. */
export function paneReducer(state, action) {
  switch (action.type) {
    case "syncStepped": {
      if (action.sync === state.sync) return state;
      const next = { ...state, sync: action.sync };
      return action.sync.replica === state.replica ? next : withReplica(next, action.sync.replica);
    }
    case "replicaChanged":
      return withReplica({ ...state, sync: { ...state.sync, replica: action.replica } }, action.replica);
    case "galleryReceived":
      return receiveGallery(state, action.gallery);
    case "overlayAdded":
      return derive({ ...state, overlays: [...state.overlays, action.overlay] });
    case "overlaySettled":
      return derive({ ...state, overlays: replaceOverlay(state.overlays, action.key, ...action.replacements) });
    case "progressReceived":
      return { ...state, progress: new Map(Object.entries(action.progress ?? {})) };
    case "uploadProgressed": {
      const uploads = new Map(state.uploads);
      if (action.entry) uploads.set(action.id, action.entry);
      else uploads.delete(action.id);
      return { ...state, uploads };
    }
    case "itemClicked": {
      const place = placeInWindow(state, action.id);
      const selection = clickSelect(state.selection, order(state), action.id, action.modifiers, place, state.shown);
      return { ...state, selection };
    }
    case "idsSelected":
      return { ...state, selection: selectIds(action.ids) };
    case "allSelected":
      // In a window of a big gallery, "all" is the whole gallery: the items not read are in it too.
      return { ...state, selection: selectAll(order(state), Boolean(state.replica?.window)) };
    case "selectionCleared":
      return isEmptySelection(state.selection) ? state : { ...state, selection: emptySelection() };
    case "dragStarted":
      return { ...state, dragging: new Set(action.ids) };
    case "tagsShown":
      return state.showTags === Boolean(action.on) ? state : { ...state, showTags: Boolean(action.on) };
    case "dragModeChosen":
      return { ...state, dragMode: action.mode === "copy" ? "copy" : "move" };
    case "dragEnded":
      return state.dragging.size ? { ...state, dragging: new Set() } : state;
    case "perRowChanged": {
      const perRow = clampPerRow(action.perRow);
      return perRow === state.chosenPerRow ? state : { ...state, perRow, chosenPerRow: perRow };
    }
    case "viewChosen": {
      const view = knownView(action.view);
      return !view || view === state.chosenView ? state : { ...state, view, chosenView: view };
    }
    case "historyReceived":
      return { ...state, history: action.history };
    case "accessChanged": {
      const session = action.session === undefined ? state.access.session : action.session;
      const linkSession = isLinkSession(session);
      return {
        ...state,
        access: {
          role: action.role,
          session,
          readOnly: !canChange(action.role) || linkSession,
          canShare: Boolean(session?.authRequired && session.user) && isOwner(action.role),
          linkSession,
        },
      };
    }
    case "galleryGone":
      return state.gone ? state : { ...state, gone: action.reason ?? "gone" };
    case "paneClosed":
      return { ...state, closed: true };
    default:
      throw new Error(`Unknown pane action ${action.type}`);
  }
}

/** The state with `replica` (loaded, reloaded, or with new events applied), the overlays it settled let go. */
function withReplica(state, replica) {
  const next = { ...receiveGallery(state, replica.gallery), replica };
  return derive({ ...next, overlays: pruneOverlays(next.overlays, replica) });
}

/** Takes a gallery document when it is newer than the one held. Its images per row and view are the default of
 * whoever has not chosen: taken from the first document, not followed live (somebody else's choice never changes what
 * this pane shows while it is open). */
function receiveGallery(state, gallery) {
  if (!gallery || (state.gallery && gallery.sequence < state.gallery.sequence)) return state;
  if (state.gallery) return { ...state, gallery };
  const perRow = state.chosenPerRow ?? gallery.imagesPerRow;
  const view = state.chosenView ?? knownView(gallery.view) ?? "grid";
  return { ...state, gallery, perRow, view };
}

/** The items shown (the replica's with the overlays on top) and the selection among them. */
function derive(state) {
  if (!state.replica) return state;
  const shown = showItems(state.replica.items, state.overlays);
  const ids = shown.map((item) => item.id);
  return { ...state, shown, selection: pruneSelection(state.selection, ids, shown) };
}

function order(state) {
  return state.shown.map((item) => item.id);
}

/** Where item `id` lies in a big gallery held as a window ({id, key, position}); null in a gallery held whole. */
function placeInWindow(state, id) {
  const window = windowOf(state.replica);
  if (!window || isBoardWindow(state.replica)) return null; // a board's region: its positions are not known
  const index = state.shown.findIndex((item) => item.id === id);
  if (index < 0) return null;
  return { id, key: state.shown[index].orderKey, position: window.offset + index };
}
