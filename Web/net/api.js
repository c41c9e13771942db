// The gallery page's HTTP API calls (net/http.js sends them: JSON, the undo session, the CSRF token on every change,
// the sign-in page on a 401).

import { signInAgain } from "./account.js";
import { changeHeaders, request, safeJSON } from "./http.js";
import { trackChange } from "./ownChanges.js";

/** The type an upload is sent as: the file's own, unless a form could send it too (text/plain, …: the server refuses
 * those, as another website could send them) or it has none; then application/octet-stream. The server reads what a
 * file is from its bytes either way. */
export function uploadType(type) {
  const base = String(type ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  const formTypes = ["", "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"];
  return formTypes.includes(base) ? "application/octet-stream" : type;
}

export const api = {
  galleries: () => request("GET", "/api/galleries"),
  gallery: (id) => request("GET", `/api/galleries/${id}`),
  updateGallery: (id, changes) => request("PATCH", `/api/galleries/${id}`, changes),
  /** A window of the gallery's items: `{gallery, items, position, count, nextCursor, previousCursor}`, after
   * `cursor` (from the first item without). */
  itemsPage: (id, cursor = null, limit = 500) =>
    request("GET", `/api/galleries/${id}/items?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
  /** A window of gallery `id`'s items: `where` is {cursor}, {before} (order keys) or {position}. */
  itemsWindow: (id, where, limit = 500) =>
    request(
      "GET",
      `/api/galleries/${id}/items?limit=${limit}&${Object.entries(where)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join("&")}`,
    ),
  /** The items on gallery `id`'s board that meet `rect` (board units): `{gallery, items, complete}`. */
  boardItems: (id, rect, limit = 1000) =>
    request(
      "GET",
      `/api/galleries/${id}/board?x=${rect.x}&y=${rect.y}&width=${rect.width}&height=${rect.height}&limit=${limit}`,
    ),
  /** The rectangle around every item on gallery `id`'s board: `{bounds}` (null when none is on it). */
  boardBounds: (id) => request("GET", `/api/galleries/${id}/board/bounds`),
  /** Puts up to `limit` items of gallery `id` not on its board yet there, below the rest (the server's rule for free
   * space): `{placed, more}`. A placing of at most 1,000 is a change whose event says where each went. */
  placeRest: (id, limit = null) =>
    request("POST", `/api/galleries/${id}/board/rest${limit ? `?limit=${limit}` : ""}`, {}),
  events: (id, since) => request("GET", `/api/galleries/${id}/events?since=${since}`),
  /** Drops `payload` into gallery `id` at `at`; with `boardPoint` ({x, y}, board units) the server puts the new
   * items on the board there, fanned out, in the same change. */
  drop: (id, payload, at, boardPoint = null) =>
    request("POST", `/api/galleries/${id}/drops`, boardPoint ? { payload, at, boardPoint } : { payload, at }),
  /** Moves items (from this or other galleries) into gallery `id` at `at` ({before}, {after}, {start}, {index}, {}).
   * `onBoard` ({boardPoint} or {boardPlaces}, or null): where those new to its board go there, in the same change. */
  move: (id, itemIds, at, onBoard = null) => request("POST", `/api/galleries/${id}/moves`, { itemIds, at, ...onBoard }),
  /** Moves a run of items of any length by its ends (`range`: {firstItemId, lastItemId, count}); answers
   * `{moved, sequence}`: the items come with the gallery's event. With `boardPoint`, those new to its board fan out
   * from there, in the same change. */
  moveRange: (id, range, at, boardPoint = null) =>
    request("POST", `/api/galleries/${id}/moves`, boardPoint ? { range, at, boardPoint } : { range, at }),
  /** Copies items (from any gallery) into gallery `id` at `at`: new items with the same images (on its board as
   * `onBoard` says, as for `move`). */
  copy: (id, itemIds, at, onBoard = null) =>
    request("POST", `/api/galleries/${id}/copies`, { itemIds, at, ...onBoard }),
  /** Puts items on gallery `id`'s board: `positions` [{itemId, x, y, width, z}] in board units. */
  arrange: (id, positions) => request("POST", `/api/galleries/${id}/board`, { positions }),
  /** Turns images of gallery `id` (`turn`: "left", "right" or "flip"), as one undoable change. */
  turn: (id, itemIds, turn) => request("POST", `/api/galleries/${id}/turns`, { itemIds, turn }),
  /** Writes a new note (`text`, "" for an empty one) into gallery `id` at `at`. */
  newNote: (id, text, at) => request("POST", `/api/galleries/${id}/notes`, { text, at }),
  /** A page of search results across the galleries the person may read (`query`: model/search.js searchQuery):
   * `{items, count, more, nextCursor}`, each item with its `galleryName`. */
  search: (query) => request("GET", `/api/search?${query}`),
  /** The searches the person saved: `{searches: [{id, name, q, kind, tag, gallery, createdAt}]}`. */
  savedSearches: () => request("GET", "/api/searches"),
  /** The tags in use in every gallery one may read, most used first: `{tags: [{name, count}]}`. */
  tags: (limit = 50) => request("GET", `/api/tags?limit=${limit}`),
  /** Saves `search` (model/search.js) as `name`: the saved search. */
  saveSearch: (name, search) => request("POST", "/api/searches", { name, ...search }, { changesNothingShown: true }),
  deleteSavedSearch: (id) =>
    request("DELETE", `/api/searches/${encodeURIComponent(id)}`, undefined, { changesNothingShown: true }),
  /** One item, as the viewer opens it (with where a photo was taken, to those the gallery shows it). */
  item: (itemId) => request("GET", `/api/items/${itemId}`),
  /** The images closest to item `itemId`'s across the galleries the person may read, nearest first: `{items}`, each
   * with its `galleryName` and `distance`. */
  similar: (itemId, limit = 24) => request("GET", `/api/items/${itemId}/similar?limit=${limit}`),
  /** Changes the title or caption of items `itemIds` of gallery `id`, or adds and removes tags on them (`changes`:
   * `{title, caption, addTags, removeTags}`), as one undoable change: the items, with `history`. */
  describeItems: (id, itemIds, changes) =>
    request("POST", `/api/galleries/${id}/descriptions`, { itemIds, ...changes }),
  /** Adds and removes tags (`changes`: `{addTags, removeTags}`) on a run of any length (`range`, see `runOf`), as one
   * undoable change: `{changed, sequence}`, with `history` (the change's event brings the items). */
  describeRange: (id, range, changes) => request("POST", `/api/galleries/${id}/descriptions`, { range, ...changes }),
  /** Changes an item's `title` or `caption` (one undoable change): the item, with `history`. */
  describeItem: (itemId, changes) => request("PATCH", `/api/items/${itemId}`, changes),
  /** Changes a note's text. */
  editNote: (itemId, text) => request("PUT", `/api/items/${itemId}/text`, { text }),
  /** Moves items to the trash: named (`itemIds`, at most 1,000), or a run of any length (`range`, see `runOf`). */
  trash: (id, itemIds) => request("POST", `/api/galleries/${id}/trash`, { itemIds }),
  trashRange: (id, range) => request("POST", `/api/galleries/${id}/trash`, { range }),
  trashList: (id) => request("GET", `/api/galleries/${id}/trash`),
  restore: (id, itemIds) => request("POST", `/api/galleries/${id}/trash/restore`, { itemIds }),
  emptyTrash: (id) => request("DELETE", `/api/galleries/${id}/trash`),
  retry: (itemId) => request("POST", `/api/items/${itemId}/retry`),
  remove: (itemId) => request("DELETE", `/api/items/${itemId}`),
  history: (id) => request("GET", `/api/galleries/${id}/history`),
  /** Undoes this tab's last change in gallery `id`; with `entry` (`history.undo.entry`), exactly that change or
   * nothing (409). */
  undo: (id, entry = null) =>
    request("POST", `/api/galleries/${id}/undo${entry === null ? "" : `?entry=${encodeURIComponent(entry)}`}`),
  redo: (id) => request("POST", `/api/galleries/${id}/redo`),
  /** Tells the server this gallery was opened (it lists recently opened galleries first). */
  opened: (id) => request("POST", `/api/galleries/${id}/opened`, {}, { changesNothingShown: true }),
  /** Who the gallery is shared with: `{users: [{name, role}], links: [{id, createdAt}]}` (owner only). */
  shares: (id) => request("GET", `/api/galleries/${id}/shares`),
  share: (id, name, role) => request("PUT", `/api/galleries/${id}/shares/${encodeURIComponent(name)}`, { role }),
  unshare: (id, name) => request("DELETE", `/api/galleries/${id}/shares/${encodeURIComponent(name)}`),
  /** A new read-only link: `{id, url, createdAt}` (its address is told only now). */
  createLink: (id) => request("POST", `/api/galleries/${id}/links`),
  revokeLink: (id, linkId) => request("DELETE", `/api/galleries/${id}/links/${encodeURIComponent(linkId)}`),

  /** Uploads a file's bytes for a placeholder, reporting progress; resolves with the settled item. */
  async upload(url, file, onProgress) {
    const headers = await changeHeaders();
    const sent = new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("PUT", url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.setRequestHeader("Content-Type", uploadType(file.type));
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : null);
      xhr.onload = () => {
        if (xhr.status === 401) return void signInAgain();
        const data = safeJSON(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data);
        else reject(new Error(data?.error?.message ?? `Upload failed (${xhr.status}).`));
      };
      xhr.onerror = () => reject(new Error("The upload was interrupted."));
      xhr.send(file);
    });
    return trackChange(sent);
  },
};
