// The parts a gallery pane is wired from: its sync runner (what the machine's effects show and say), its big board's
// reading, the narrow context its actions get (pane/paneContext.js) and the actions themselves. Kept apart from the
// pane so that it holds only what it renders and what the page asks of it.

import { isBoardWindow } from "../model/replica.js";
import { inOrder } from "../net/inOrder.js";
import { shownWindow } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";
import { shrinkIntoTrash } from "../view/trashShrink.js";
import { createAnnouncing } from "./announcing.js";
import { createBoardActions } from "./boardActions.js";
import { createBoardReading } from "./boardReading.js";
import { createHistoryActions } from "./historyActions.js";
import { createItemActions } from "./itemActions.js";
import { createKeyActions } from "./keyActions.js";
import { createDragActions } from "./dragActions.js";
import { bindHooks } from "./paneContext.js";
import { createSettingsActions } from "./settingsActions.js";
import { createSyncRunner } from "./syncRunner.js";
import { createTagActions } from "./tagActions.js";
import { createTurnActions } from "./turnActions.js";

/** The parts of `pane` (a GalleryPane with its store, view, toolbar and trash made), given the page's `shared` parts
 * and `hooks`. */
export function createPaneParts(pane, { shared, hooks }) {
  const { galleryId, store, view } = pane;
  const announcing = createAnnouncing(shared.announcer);
  const alert = (message) => shared.announcer.alert(message);
  const state = () => store.getState();

  /** A message for everyone: announced politely and shown in the pane's status line. */
  function tell(message) {
    if (!message) return;
    shared.announcer.announce(message);
    view.showStatus(message);
  }

  /** Says the gallery is gone (in the trash of galleries, or unknown), with a way to the other galleries. */
  function showGone(reason) {
    if (state().gone !== null) return;
    store.dispatch(paneActions.galleryGone(reason));
    const detail = reason && reason !== "gone" ? ` ${reason}` : "";
    const text = `This gallery is no longer available: it was moved to the trash or deleted.${detail}`;
    view.showNotice(text, { href: "/galleries", text: "Go to all galleries" });
    alert(text);
  }

  /** The item at `position` of the gallery, read first if it is not held (Home, End, Go to position in a big
   * gallery); null if there is none. */
  async function itemAt(position) {
    const held = () => {
      const { offset, windowed } = shownWindow(state());
      const index = position - (windowed ? offset : 0);
      return index >= 0 && index < state().shown.length ? state().shown[index] : null;
    };
    // A big board holds no order: the item is read by its position, then held.
    if (isBoardWindow(state().replica)) return boardReading.itemAt(position);
    if (!held() && state().replica?.window) await sync.jumpTo(position);
    return held();
  }
  const sync = createSyncRunner(pane.source, store, {
    setLoading: (done, count) => view.setLoading(done, count),
    setConnection: (state) => view.setConnection(state),
    focusedId: () => pane.shownView?.focusedId ?? null,
    board: () => state().view === "board",
    changedElsewhere: (changes) => announcing.changedElsewhere(changes),
    settled: (before, after) => announcing.settled(before, after),
    placeRest: () => boardReading.placeRest(),
    regionShown: () => boardReading.tell(),
    gone: showGone,
    alert,
  });
  const boardReading = createBoardReading({
    galleryId,
    store,
    sync,
    setPartial: (text) => view.setPartial(text),
    alert,
    zoomToFit: (bounds) => pane.shownView.zoomToFit?.(bounds),
  });
  /** @type {import("./paneContext.js").PaneContext} */
  const context = {
    galleryId,
    store,
    announcer: shared.announcer,
    menu: shared.menu,
    hooks: bindHooks(hooks, pane),
    view,
    trash: pane.trash,
    toolbar: pane.toolbar,
    itemsView: () => pane.shownView,
    openMenu: (id, point, returnFocus) => shared.menu.open(id, point, returnFocus, shownWindow(state()).total, pane),
    openViewer: (id) => pane.openViewer(id),
    /** In a view-only pane, says so and returns true (the change is not made); else false. */
    refuseChange() {
      if (!state().access.readOnly) return false;
      tell(
        pane.source.search
          ? "Search results are not changed here: open one in its gallery."
          : "This gallery is view only.",
      );
      return true;
    },
    // The pane's changes reach the server in the order they were made (net/inOrder.js).
    sendInOrder: inOrder(),
    tell,
    announceSettled: (before, after) => announcing.settled(before, after),
    shrinkIntoTrash: (ids) =>
      shrinkIntoTrash(
        ids.map((id) => pane.shownView.tileFor(id)),
        pane.trash.center(),
      ),
    refreshGallery: () => pane.refreshGallery(),
    sync: {
      showRange: (first, last) => sync.showRange(first, last),
      showBoard: (rect) => sync.showBoard(rect),
      itemAt,
      /** Zooms the board so that every item on it shows (a big gallery's: as far as the server says they lie). */
      zoomToFit: () => (isBoardWindow(state().replica) ? boardReading.fit() : pane.shownView.zoomToFit?.()),
      placeRestOnBoard: () => boardReading.placeRest(),
    },
  };
  const historyActions = createHistoryActions(context);
  const boardActions = createBoardActions(context, historyActions);
  const itemActions = createItemActions(context, historyActions, boardActions);
  const dragActions = createDragActions(context, itemActions, boardActions);
  const turnActions = createTurnActions(context, historyActions);
  const tagActions = createTagActions(context, historyActions);
  const keyActions = createKeyActions(context, itemActions, boardActions, dragActions, turnActions, tagActions);
  const settingsActions = createSettingsActions(context);
  const actions = { historyActions, boardActions, itemActions, dragActions, keyActions, settingsActions, turnActions };
  return { sync, boardReading, context, ...actions };
}
