// The parts a gallery pane is wired from: its sync runner (what the machine's effects show and say), its big board's
// reading, the narrow context its actions get (pane/paneContext.js) and the actions themselves. Kept apart from the
// pane so that it holds only what it renders and what the page asks of it.

import { shownWindow } from "../store/paneSelectors.js";
import { shrinkIntoTrash } from "../view/trashShrink.js";
import { createAnnouncing } from "./announcing.js";
import { createBoardActions } from "./boardActions.js";
import { createBoardReading } from "./boardReading.js";
import { createHistoryActions } from "./historyActions.js";
import { createItemActions } from "./itemActions.js";
import { createKeyActions } from "./keyActions.js";
import { createLiftActions } from "./liftActions.js";
import { bindHooks } from "./paneContext.js";
import { createSyncRunner } from "./syncRunner.js";

/** The parts of `pane` (a GalleryPane with its store, view, toolbar and trash made), given the page's `shared` parts
 * and `hooks`. */
export function createPaneParts(pane, { shared, hooks }) {
  const { galleryId, store, view } = pane;
  const announcing = createAnnouncing(shared.announcer);
  const alert = (message) => shared.announcer.alert(message);
  const sync = createSyncRunner(galleryId, store, {
    setLoading: (done, count) => view.setLoading(done, count),
    setConnection: (state) => view.setConnection(state),
    focusedId: () => pane.shownView?.focusedId ?? null,
    board: () => store.getState().view === "board",
    changedElsewhere: (changes) => announcing.changedElsewhere(changes),
    settled: (before, after) => announcing.settled(before, after),
    placeRest: () => boardReading.placeRest(),
    regionShown: () => boardReading.tell(),
    gone: (reason) => pane.showGone(reason),
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
    openMenu: (id, point, returnFocus) =>
      shared.menu.open(id, point, returnFocus, shownWindow(store.getState()).total, pane),
    refuseChange: () => pane.refuseChange(),
    tell: (message) => pane.tell(message),
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
      itemAt: (position) => pane.itemAt(position),
      zoomToFit: () => pane.zoomToFit(),
      placeRestOnBoard: () => boardReading.placeRest(),
    },
  };
  const historyActions = createHistoryActions(context);
  const boardActions = createBoardActions(context, historyActions);
  const itemActions = createItemActions(context, historyActions, boardActions);
  const liftActions = createLiftActions(context, itemActions);
  const keyActions = createKeyActions(context, itemActions, boardActions, liftActions);
  return { sync, boardReading, context, historyActions, boardActions, itemActions, liftActions, keyActions };
}
