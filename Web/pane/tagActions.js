// A pane's tags (issue "Find anything"): Tags… in the item menu opens the page's Tags dialog on the item or the
// selection; each tag added or removed there is one request for all of them, shown as the server answers (its event
// tells every other tab), one undoable change.

import { api } from "../net/api.js";
import { tagsHeld } from "../model/tags.js";
import { upsert, nextKey } from "../model/overlay.js";
import { itemById } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** The tag actions of the pane `pane`; `history` its history actions. */
export function createTagActions(/** @type {import("./paneContext.js").PaneContext} */ pane, history) {
  const { store, announcer, galleryId } = pane;

  /** Sends one change of the items `ids`; resolves with the server's reason when it is refused, else null. */
  async function change(/** @type {string[]} */ ids, /** @type {any} */ body, /** @type {string} */ told) {
    try {
      const response = await api.describeItems(galleryId, ids, body);
      const key = nextKey("tags");
      store.dispatch(paneActions.overlaySettled(key, upsert(key, response.items, galleryId)));
      announcer.announce(told);
      history.afterOwnChange(response.history);
      return null;
    } catch (error) {
      return /** @type {Error} */ (error).message;
    }
  }

  return {
    /** Opens the Tags dialog on the items `ids` that are kept on the server (not those still being sent). */
    edit(/** @type {string[]} */ ids, /** @type {HTMLElement | null} */ returnFocus) {
      if (pane.refuseChange()) return;
      const items = () =>
        ids.map((id) => itemById(store.getState(), id)).filter((item) => item && !item.local && !item.trashed);
      const kept = items().map((item) => item.id);
      if (!kept.length) return;
      const what = kept.length === 1 ? `'${items()[0].title || "the item"}'` : `${kept.length} items`;
      pane.hooks.tagsDialog.open({
        title: `Tags of ${what}`,
        items,
        known: () => tagsHeld(store.getState().shown),
        add: (tag) => change(kept, { addTags: [tag] }, `Tagged ${what} '${tag}'.`),
        remove: (tag) => change(kept, { removeTags: [tag] }, `Removed the tag '${tag}' from ${what}.`),
        returnFocus,
      });
    },
  };
}
