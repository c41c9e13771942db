// The HTTP API client: JSON in and out, errors as Error objects carrying the server's message. Every request carries
// the session token (X-Gallery-Session), so the server records this tab's changes for its undo and redo.

import { sessionToken } from "./session.js";

export const SESSION_HEADER = "X-Gallery-Session";

async function request(method, url, body) {
  const init = { method, headers: { [SESSION_HEADER]: sessionToken() } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  const data = text ? safeJSON(text) : null;
  if (!response.ok) {
    const message = data?.error?.message ?? `The server answered ${response.status}.`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return data;
}

function safeJSON(text) {
  try { return JSON.parse(text); } catch { return null; }
}

export const api = {
  galleries: () => request("GET", "/api/galleries"),
  gallery: (id) => request("GET", `/api/galleries/${id}`),
  updateGallery: (id, changes) => request("PATCH", `/api/galleries/${id}`, changes),
  itemsPage: (id, cursor) =>
    request("GET", `/api/galleries/${id}/items?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
  events: (id, since) => request("GET", `/api/galleries/${id}/events?since=${since}`),
  drop: (id, payload, at) => request("POST", `/api/galleries/${id}/drops`, { payload, at }),
  /** Moves items (from this or other galleries) into gallery `id` at `at` ({before}, {after}, {start}, {index}, {}). */
  move: (id, itemIds, at) => request("POST", `/api/galleries/${id}/moves`, { itemIds, at }),
  /** Copies items (from any gallery) into gallery `id` at `at`: new items with the same images. */
  copy: (id, itemIds, at) => request("POST", `/api/galleries/${id}/copies`, { itemIds, at }),
  trash: (id, itemIds) => request("POST", `/api/galleries/${id}/trash`, { itemIds }),
  trashList: (id) => request("GET", `/api/galleries/${id}/trash`),
  restore: (id, itemIds) => request("POST", `/api/galleries/${id}/trash/restore`, { itemIds }),
  emptyTrash: (id) => request("DELETE", `/api/galleries/${id}/trash`),
  retry: (itemId) => request("POST", `/api/items/${itemId}/retry`),
  remove: (itemId) => request("DELETE", `/api/items/${itemId}`),
  history: (id) => request("GET", `/api/galleries/${id}/history`),
  undo: (id) => request("POST", `/api/galleries/${id}/undo`),
  redo: (id) => request("POST", `/api/galleries/${id}/redo`),

  /** Every item of a gallery, page by page, with the gallery as the first page found it (so that events after its
   * sequence cover whatever changed while the later pages were read). */
  async allItems(id) {
    let cursor = null;
    let gallery = null;
    const items = [];
    do {
      const page = await api.itemsPage(id, cursor);
      gallery ??= page.gallery;
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return { gallery, items };
  },

  /** Uploads a file's bytes for a placeholder, reporting progress; resolves with the settled item. */
  upload(url, file, onProgress) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("PUT", url);
      xhr.setRequestHeader(SESSION_HEADER, sessionToken());
      xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : null);
      xhr.onload = () => {
        const data = safeJSON(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data);
        else reject(new Error(data?.error?.message ?? `Upload failed (${xhr.status}).`));
      };
      xhr.onerror = () => reject(new Error("The upload was interrupted."));
      xhr.send(file);
    });
  },
};
