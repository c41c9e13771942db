// The side bar's state, as pure functions: which galleries it lists and in what order (most recently changed first,
// until the person arranges them: then their order, with galleries new to it on top), the galleries shared with them,
// moving one in the list, and which rows a windowed list draws for a scroll position.

import { isOwner, roleOf } from "./roles.js";

/** The person's own galleries (they own them) and those shared with them (as editor or viewer). */
export function splitByRole(/** @type {any[]} */ galleries) {
  const own = [];
  const shared = [];
  for (const gallery of galleries) (isOwner(roleOf(gallery)) ? own : shared).push(gallery);
  return { own, shared };
}

const changedAt = (/** @type {any} */ gallery) => Date.parse(gallery.updatedAt ?? "") || 0;

/**
 * `galleries` in the side bar's order: those named in `arranged` (ids, the person's own order) in that order, after
 * every gallery it does not name (new since), most recently changed first; with no arrangement, all by last change.
 */
export function sideBarOrder(/** @type {any[]} */ galleries, /** @type {string[] | null} */ arranged = null) {
  const place = new Map((arranged ?? []).map((id, index) => [id, index]));
  const fresh = galleries
    .filter((gallery) => !place.has(gallery.id))
    .sort((a, b) => changedAt(b) - changedAt(a) || (a.id < b.id ? -1 : 1));
  const placed = galleries
    .filter((gallery) => place.has(gallery.id))
    .sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  return [...fresh, ...placed];
}

/** The ids of `ordered` with gallery `id` moved to index `to` (clamped): the arrangement to remember. */
export function movedTo(/** @type {any[]} */ ordered, /** @type {string} */ id, /** @type {number} */ to) {
  const ids = ordered.map((gallery) => gallery.id);
  const from = ids.indexOf(id);
  if (from < 0) return ids;
  ids.splice(from, 1);
  ids.splice(Math.max(0, Math.min(to, ids.length)), 0, id);
  return ids;
}

/**
 * The rows a windowed list of `count` rows of `rowHeight` px draws when `top` px of it are scrolled past and `height`
 * px of it can be seen (`top` may be negative: the list starts lower down), with `overscan` rows more each way:
 * `{first, end}` (end excluded; first === end when none shows).
 */
export function rowWindow({ count, rowHeight, top, height, overscan = 4 }) {
  if (count <= 0 || rowHeight <= 0 || height <= 0) return { first: 0, end: 0 };
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);
  return end <= first ? { first: 0, end: 0 } : { first, end };
}

/** The index a row key goes to from `index` of `count` rows (ArrowUp/Down, Home, End, PageUp/Down by `page`), or
 * null for any other key. */
export function rowAfterKey(/** @type {string} */ key, /** @type {number} */ index, count, page = 10) {
  if (count <= 0) return null;
  const clamp = (/** @type {number} */ value) => Math.max(0, Math.min(count - 1, value));
  switch (key) {
    case "ArrowDown":
      return clamp(index + 1);
    case "ArrowUp":
      return clamp(index - 1);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    case "PageDown":
      return clamp(index + page);
    case "PageUp":
      return clamp(index - page);
    default:
      return null;
  }
}

/** "12 items" for a screen reader; the row shows the number alone. */
export function countWords(/** @type {number} */ count) {
  return count === 1 ? "1 item" : `${Number(count ?? 0).toLocaleString("en")} items`;
}
