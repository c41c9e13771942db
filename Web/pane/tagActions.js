// A pane's tags (issue "Find anything"): Tags… in the item menu opens the page's Tags dialog on the item or the
// selection; each tag added or removed there is one request for all of them, shown as the server answers (its event
// tells every other tab), one undoable change.

import { api } from "../net/api.js";
import { runEnds } from "../net/runEnds.js";
import { tagsHeld, tagsInUse } from "../model/tags.js";
import { upsert, nextKey } from "../model/overlay.js";
import { itemById } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** The tag actions of the pane `pane`; `history` its history actions. */
export function createTagActions(/** @type {import("./paneContext.js").PaneContext} */ pane, history) {
  const { store, announcer, galleryId } = pane;

  /** Sends one change of the items `ids`, or of the run `run` when given (a selection beyond the items read: its
   * event brings the items again); resolves with the server's reason when it is refused, else null. */
  async function change(
    /** @type {string[]} */ ids,
    /** @type {any} */ run,
    /** @type {any} */ body,
    /** @type {string} */ told,
  ) {
    try {
      const response = await pane.sendInOrder(async () =>
        run
          ? api.describeRange(galleryId, await runEnds(galleryId, run), body)
          : api.describeItems(galleryId, ids, body),
      );
      if (response.items) {
        const key = nextKey("tags");
        store.dispatch(paneActions.overlaySettled(key, upsert(key, response.items, galleryId)));
      }
      announcer.announce(told);
      history.afterOwnChange(response.history);
      return null;
    } catch (error) {
      return /** @type {Error} */ (error).message;
    }
  }

  return {
    /** Opens the Tags dialog on the items `ids` that are kept on the server (not those still being sent), or on the
     * run `run` (store/paneSelectors.js selectionRun) of which `ids` are the items read: one request for all. */
    edit(/** @type {string[]} */ ids, /** @type {HTMLElement | null} */ returnFocus, /** @type {any} */ run = null) {
      if (pane.refuseChange()) return;
      const items = () =>
        ids.map((id) => itemById(store.getState(), id)).filter((item) => item && !item.local && !item.trashed);
      const kept = items().map((item) => item.id);
      if (!kept.length && !run) return;
      const count = run?.count ?? kept.length;
      const what = count === 1 ? `'${items()[0]?.title || "the item"}'` : `${count.toLocaleString("en")} items`;
      // Suggested: the tags of the items here, and those used in every gallery once the server has said.
      let everywhere = [];
      api
        .tags(200)
        .then((answer) => {
          everywhere = answer.tags;
        })
        .catch(() => {}); // the items' own tags are still suggested
      pane.hooks.tagsDialog.open({
        title: `Tags of ${what}`,
        items,
        total: count,
        known: () => tagsInUse(tagsHeld(store.getState().shown), everywhere),
        add: (tag) => change(kept, run, { addTags: [tag] }, `Tagged ${what} '${tag}'.`),
        remove: (tag) => change(kept, run, { removeTags: [tag] }, `Removed the tag '${tag}' from ${what}.`),
        returnFocus,
      });
    },
  };
}
