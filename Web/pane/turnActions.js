// A pane's turns of images (Rotate Left, Rotate Right, Flip; issue "Look closely"): one request for the loaded images
// among the items asked for, shown as the server answers (its event tells every other tab), one undoable change.

import { api } from "../net/api.js";
import { upsert, nextKey } from "../model/overlay.js";
import { itemById } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** What each turn is called when it is told. */
const TOLD = { left: "Rotated {what} left.", right: "Rotated {what} right.", flip: "Flipped {what}." };

/** The turn actions of the pane `pane`; `history` its history actions. */
export function createTurnActions(/** @type {import("./paneContext.js").PaneContext} */ pane, history) {
  const { store, announcer, galleryId } = pane;
  return {
    /** Turns the loaded images among items `ids` ("left", "right" or "flip"); says so when none is one. */
    async turn(/** @type {string[]} */ ids, /** @type {"left" | "right" | "flip"} */ turn) {
      if (pane.refuseChange()) return;
      const images = ids
        .map((id) => itemById(store.getState(), id))
        .filter((item) => item && !item.local && item.kind === "image" && item.state === "ready");
      if (!images.length) {
        announcer.announce("Only images that are loaded can be rotated or flipped.");
        return;
      }
      try {
        const ids = images.map((item) => item.id);
        const response = await pane.sendInOrder(() => api.turn(galleryId, ids, turn));
        const key = nextKey("turn");
        store.dispatch(paneActions.overlaySettled(key, upsert(key, response.items, galleryId)));
        const what = images.length === 1 ? `'${images[0].title || "image"}'` : `${images.length} images`;
        announcer.announce(TOLD[turn].replace("{what}", what));
        history.afterOwnChange(response.history);
      } catch (error) {
        announcer.alert(error.message);
      }
    },
  };
}
