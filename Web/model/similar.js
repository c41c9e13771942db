// "Find Similar" and "Also in" (issue 28): pure helpers over the server's answers. The server finds the images (by
// their perceptual hashes, across the galleries the person may read); these say them.

import { imageSource, titleOf } from "./viewerFacts.js";

/** Whether "Find Similar" is offered for `item`: a loaded image (other kinds find nothing). */
export function canFindSimilar(/** @type {any} */ item) {
  return Boolean(item) && (item.kind ?? "image") === "image" && item.state === "ready";
}

/**
 * The rows of the "Find Similar" dialog from `GET /api/items/{id}/similar`'s answer: each image's title, gallery's
 * name, a thumbnail at least `thumbnailWidth` device pixels wide (or null) and the address that opens it in its
 * gallery.
 * @param {any} answer
 * @param {number} [thumbnailWidth]
 * @returns {{id: string, title: string, galleryName: string, thumbnail: string | null, href: string}[]}
 */
export function similarRows(answer, thumbnailWidth = 128) {
  const items = Array.isArray(answer?.items) ? answer.items : [];
  return items.map((/** @type {any} */ item) => ({
    id: item.id,
    title: titleOf(item),
    galleryName: String(item.galleryName ?? ""),
    thumbnail: imageSource(item, thumbnailWidth)?.url ?? null,
    href: `/g/${encodeURIComponent(item.galleryId)}/items/${encodeURIComponent(item.id)}`,
  }));
}
