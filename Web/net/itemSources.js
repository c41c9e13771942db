// Where a pane's items come from, as its sync runner (pane/syncRunner.js) reads them: one gallery (its items, board,
// events and live feed), or a search across the galleries the person may read (its results, best first, a page at a
// time; no feed: a search is asked again when its words change). Both answer in the gallery API's page shape, so that
// one sync machine (model/gallerySync.js) keeps either.

import { api } from "./api.js";
import { connectGalleryList, connectLive } from "./live.js";
import { isAsking, resultsPage, SEARCH_PANE_ID, searchQuery } from "../model/search.js";

/**
 * @typedef {{
 *   galleryId: string,
 *   search: import("../model/search.js").Search | null,
 *   first(): Promise<any>,
 *   window(where: any, count: number): Promise<any>,
 *   rest(cursor: string): Promise<any>,
 *   region(rect: any, limit: number): Promise<any>,
 *   events(since: number): Promise<any>,
 *   live(handlers: any): any,
 * }} ItemSource
 */

/** The items of gallery `galleryId`. @returns {ItemSource} */
export function gallerySource(galleryId) {
  return {
    galleryId,
    search: null,
    first: () => api.itemsPage(galleryId),
    window: (where, count) => api.itemsWindow(galleryId, where, count),
    rest: (cursor) => api.itemsPage(galleryId, cursor, 1000),
    region: (rect, limit) => api.boardItems(galleryId, rect, limit),
    events: (since) => api.events(galleryId, since),
    live: (handlers) => connectLive(galleryId, handlers),
  };
}

/** The results of `search` (model/search.js), read whole a page at a time (a search answers at most 10,000). The
 * pages after the first are read once `stillWanted()` says so (the page waits for typing to pause and answers false
 * when other words were typed meanwhile: then they are never read). A search has no board and no events: it is read
 * again after a change in any gallery the person may see (the gallery browser's feed, told at most a few times a
 * second), so that new matches appear live. @returns {ItemSource} */
export function searchSource(search, stillWanted = () => Promise.resolve(true)) {
  // A search that asks for nothing (no word, no tag) finds nothing, without asking the server.
  const read = async (cursor) =>
    resultsPage(isAsking(search) ? await api.search(searchQuery(search, cursor)) : null, search, cursor);
  const none = () => Promise.reject(Object.assign(new Error("Search results have no board."), { status: 400 }));
  return {
    galleryId: SEARCH_PANE_ID,
    search,
    first: () => read(null),
    window: (where) => read(where.position === undefined ? null : String(where.position)),
    rest: async (cursor) => ((await stillWanted()) ? read(cursor) : new Promise(() => {})),
    region: none,
    events: () => Promise.resolve({ events: [] }),
    live: ({ onChanged, onState }) => {
      // The feed says "changed" once as it opens: the results were just read.
      let opened = false;
      return connectGalleryList({
        onChanged: () => {
          if (opened) onChanged();
          opened = true;
        },
        onState,
      });
    },
  };
}
