// The gallery browser's state, as pure functions: the live galleries by name, the trash of galleries most recently
// deleted first, the wording of item counts and which picture stands for a gallery.

/** The smallest width a cover picture needs (a card is drawn at most about 256 CSS pixels wide). */
export const COVER_WIDTH = 256;

/** "No items", "1 item", "12 items"; "" when the count is unknown. */
/** Whether a file is a gallery archive to import (a .zip, by its type or its name). */
export function isArchive(/** @type {{name: string, type: string}} */ file) {
  return ["application/zip", "application/x-zip-compressed"].includes(file.type) || /\.zip$/i.test(file.name ?? "");
}

export function itemCountText(count) {
  if (typeof count !== "number" || !Number.isFinite(count) || count < 0) return "";
  if (count === 0) return "No items";
  if (count === 1) return "1 item";
  return `${count.toLocaleString("en")} items`;
}

/** "1 gallery", "3 galleries". */
export function galleryCountText(count) {
  return count === 1 ? "1 gallery" : `${count} galleries`;
}

/**
 * The picture that stands for a gallery: the cover's smallest thumbnail at least `minWidth` wide, else the original
 * image (a small original is better than a blurry thumbnail); null when there is no cover.
 * Returns `{ src, width, height, title }` (width and height are the picture's own, when known).
 */
export function coverPicture(cover, minWidth = COVER_WIDTH) {
  if (!cover || !cover.imageURL) return null;
  const wide = (cover.thumbnails ?? [])
    .filter((thumbnail) => thumbnail?.url && Number(thumbnail.width) >= minWidth)
    .sort((a, b) => a.width - b.width);
  const size = cover.width > 0 && cover.height > 0 ? { width: cover.width, height: cover.height } : {};
  if (wide.length) {
    const chosen = wide[0];
    const height = size.width ? Math.round((size.height * chosen.width) / size.width) : undefined;
    return { src: chosen.url, width: chosen.width, height, title: cover.title ?? "" };
  }
  return { src: cover.imageURL, ...size, title: cover.title ?? "" };
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** Galleries in name order (case and accents ignored, numbers by value), ties by id so the order is stable. */
export function sortedByName(galleries) {
  return [...galleries].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The trash of galleries, most recently deleted first. */
export function sortedByDeletion(galleries) {
  const time = (gallery) => Date.parse(gallery.trashedAt ?? "") || 0;
  return [...galleries].sort((a, b) => time(b) - time(a));
}

/** The browser's state: `galleries` (live, by name) and `trash` (most recently deleted first). */
export function createGalleryListState({ galleries = [], trash = [] } = {}) {
  return {
    galleries: sortedByName(galleries.filter((gallery) => !gallery.trashed)),
    trash: sortedByDeletion(trash.filter((gallery) => gallery.trashed === true)),
  };
}

/**
 * The state after the server answered with `gallery` as it is now: a live gallery is (re)placed among the live
 * ones and leaves the trash; a trashed one moves to the trash.
 */
export function applyGallery(state, gallery) {
  const galleries = state.galleries.filter((other) => other.id !== gallery.id);
  const trash = state.trash.filter((other) => other.id !== gallery.id);
  if (gallery.trashed) trash.push(gallery);
  else galleries.push(gallery);
  return { galleries: sortedByName(galleries), trash: sortedByDeletion(trash) };
}

/**
 * Where focus goes when the gallery `id` leaves the list: the nearest one after it, else before it, that is still
 * there (`isLeft(id)`: by default every other one is), else null. `galleries` is the list before it left.
 */
export function neighbourAfterRemoval(galleries, id, isLeft = (/** @type {string} */ _id) => true) {
  const index = galleries.findIndex((gallery) => gallery.id === id);
  if (index < 0) return null;
  const after = galleries.slice(index + 1).find((gallery) => isLeft(gallery.id));
  const before = galleries
    .slice(0, index)
    .reverse()
    .find((gallery) => isLeft(gallery.id));
  return (after ?? before)?.id ?? null;
}
