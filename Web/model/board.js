// The board, pure: items lie where people put them (board units: a top-left corner, a width, and a height that
// follows from the image's aspect ratio), stacked by `z`. Places items that are not on the board yet in free space,
// says what a drop on the board asks of the server (which fans it out from the point it landed on), maps board points
// to the screen and back (zoom and pan), and says which items meet the viewport.

import { kindAspect } from "./itemKinds.js";

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 * @typedef {{x: number, y: number, width: number, z: number}} BoardPosition
 * @typedef {{id: string, aspect: number}} Unplaced an item not on the board yet; `aspect` is height / width
 * @typedef {{id: string, x: number, y: number, width: number}} Placement
 * @typedef {{zoom: number, panX: number, panY: number}} Transform screen = board × zoom + pan
 */

/** The width an item gets when it is put on the board. */
export const DEFAULT_WIDTH = 240;
/** The free space between items put on the board, and the step of a drop's fan. */
export const BOARD_GAP = 24;
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
const MIN_ASPECT = 0.05;
const MAX_ASPECT = 20;

/** An item's height / width, kept within sane bounds: a note's, a link's without preview and a video's of unknown size
 * their kind's (model/itemKinds.js), as in the grid; 0.75 while an image's size is unknown. */
export function aspectOf(/** @type {{width?: number, height?: number, state?: string, kind?: string}} */ item) {
  const kind = kindAspect(item ?? {});
  const aspect = item?.width > 0 && item?.height > 0 ? item.height / item.width : kind ? 1 / kind : 0.75;
  return Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, aspect));
}

/** The rectangle an item covers at `position` (board units). */
export function rectOf(/** @type {{x: number, y: number, width: number}} */ position, /** @type {number} */ aspect) {
  return { x: position.x, y: position.y, width: position.width, height: position.width * aspect };
}

/** The smallest rectangle around `rects`, or null when there are none (a loop: a big board's rectangles would be
 * too many arguments for Math.min). */
export function boundsOf(/** @type {Rect[]} */ rects) {
  if (!rects.length) return null;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const r of rects) {
    left = Math.min(left, r.x);
    top = Math.min(top, r.y);
    right = Math.max(right, r.x + r.width);
    bottom = Math.max(bottom, r.y + r.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The highest stacking order of the items on the board (0 when none is higher). */
export function highestZ(/** @type {{board?: {z?: number} | null}[]} */ items) {
  let highest = 0;
  for (const item of items) highest = Math.max(highest, item.board?.z ?? 0);
  return highest;
}

/** Whether two rectangles overlap (touching edges do not). */
export function overlaps(/** @type {Rect} */ a, /** @type {Rect} */ b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where the board draws items the server has not put on it yet (`unplaced`, in gallery order: still loading, or until
 * the event of their placing comes; the server's placing alone saves places): shelves below everything already on the
 * board (`placed`), left aligned with it, as wide as it (at least four items), a gap between any two. Nothing drawn
 * there overlaps anything.
 * @param {Rect[]} placed
 * @param {Unplaced[]} unplaced
 * @param {{width?: number, gap?: number}} [options]
 * @returns {Placement[]}
 */
export function drawnBelowBoard(placed, unplaced, options = {}) {
  const { width = DEFAULT_WIDTH, gap = BOARD_GAP } = options;
  const bounds = boundsOf(placed);
  const left = bounds ? bounds.x : 0;
  const shelfWidth = Math.max(bounds ? bounds.width : 0, 4 * width + 3 * gap);
  let top = bounds ? bounds.y + bounds.height + gap : 0;
  let x = left;
  let shelfHeight = 0;
  /** @type {Placement[]} */
  const placements = [];
  for (const item of unplaced) {
    const height = width * Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, item.aspect || 0.75));
    if (x > left && x + width > left + shelfWidth) {
      top += shelfHeight + gap;
      x = left;
      shelfHeight = 0;
    }
    placements.push({ id: item.id, x, y: top, width });
    x += width + gap;
    shelfHeight = Math.max(shelfHeight, height);
  }
  return placements;
}

/**
 * What a copy or move of items `ids` onto the board at `point` asks of the server (which puts them there in the same
 * change): each at its place in `places` ({itemId, x, y, width}: where they were drawn while dragged) when every one
 * has one, else fanned out from `point`.
 * @returns {{boardPlaces: {x: number, y: number, width: number}[]} | {boardPoint: Point}}
 */
export function boardArrival(/** @type {string[]} */ ids, /** @type {Point} */ point, places = null) {
  const byId = new Map((places ?? []).map((/** @type {{itemId: string}} */ place) => [place.itemId, place]));
  if (!ids.length || !ids.every((id) => byId.has(id))) return { boardPoint: { x: point.x, y: point.y } };
  return { boardPlaces: ids.map((id) => ({ x: byId.get(id).x, y: byId.get(id).y, width: byId.get(id).width })) };
}

/** The point a run of items (too many to name their places) fans out from on the board, for `onBoard`
 * (boardArrival's): its point, or the corner of its first place. */
export function runOrigin(/** @type {{boardPlaces?: Point[], boardPoint?: Point}} */ onBoard) {
  const point = onBoard.boardPoint ?? onBoard.boardPlaces?.[0];
  return point ? { x: point.x, y: point.y } : null;
}

/** Where item `index` of a request with `onBoard` (boardArrival's) is drawn until the server's answer says where it
 * went: at its place, else at the point (the server's fan is its alone). */
export function provisionalPlace(
  /** @type {{boardPlaces?: {x: number, y: number, width: number}[], boardPoint?: Point}} */ onBoard,
  /** @type {number} */ index,
  /** @type {number} */ z,
) {
  const place = onBoard.boardPlaces?.[index] ?? { ...onBoard.boardPoint, width: DEFAULT_WIDTH };
  return { x: place.x ?? 0, y: place.y ?? 0, width: place.width, z };
}

/** Where the next part of a drop on the board starts (a drop of many files goes in parts): below what the part before
 * put there (`items`, with their places; each in a square cell at least), from the left edge of `point`. */
export function belowPart(
  /** @type {Point} */ point,
  /** @type {{board?: BoardPosition | null, width?: number, height?: number, state?: string, kind?: string}[]} */ items,
) {
  let bottom = Number.NEGATIVE_INFINITY;
  for (const item of items)
    if (item.board) bottom = Math.max(bottom, item.board.y + Math.max(1, aspectOf(item)) * item.board.width);
  return Number.isFinite(bottom) ? { x: point.x, y: bottom + BOARD_GAP } : point;
}

/** Positions `origins` ({itemId, x, y, width, z}) moved by (dx, dy) board units. */
export function movedBy(
  /** @type {{itemId: string, x: number, y: number, width: number, z: number}[]} */ origins,
  /** @type {number} */ dx,
  /** @type {number} */ dy,
) {
  return origins.map((position) => ({ ...position, x: position.x + dx, y: position.y + dy }));
}

/** `positions` brought above every item (whose highest `z` is `top`), their own stacking order kept. */
export function stackedOnTop(
  /** @type {{itemId: string, x: number, y: number, width: number, z: number}[]} */ positions,
  /** @type {number} */ top,
) {
  return [...positions]
    .sort((a, b) => (a.z ?? 0) - (b.z ?? 0))
    .map((position, index) => ({ ...position, z: top + 1 + index }));
}

/** The rectangle between two points (either corner first). */
export function rectBetween(/** @type {Point} */ a, /** @type {Point} */ b) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** The zoom kept within [MIN_ZOOM, MAX_ZOOM]. */
export function clampZoom(/** @type {number} */ zoom) {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(zoom) ? zoom : 1));
}

/** The screen point (relative to the board's element) of a board point. */
export function toScreen(/** @type {Transform} */ transform, /** @type {Point} */ point) {
  return { x: point.x * transform.zoom + transform.panX, y: point.y * transform.zoom + transform.panY };
}

/** The board point under a screen point (relative to the board's element). */
export function toBoard(/** @type {Transform} */ transform, /** @type {Point} */ point) {
  return { x: (point.x - transform.panX) / transform.zoom, y: (point.y - transform.panY) / transform.zoom };
}

/** The transform zoomed by `factor` around the screen point `at`: the board point under it stays there.
 * @returns {Transform} */
export function zoomAround(/** @type {Transform} */ transform, /** @type {Point} */ at, /** @type {number} */ factor) {
  const zoom = clampZoom(transform.zoom * factor);
  const anchor = toBoard(transform, at);
  return { zoom, panX: at.x - anchor.x * zoom, panY: at.y - anchor.y * zoom };
}

/** The transform moved by (dx, dy) screen pixels.
 * @returns {Transform} */
export function panBy(/** @type {Transform} */ transform, /** @type {number} */ dx, /** @type {number} */ dy) {
  return { ...transform, panX: transform.panX + dx, panY: transform.panY + dy };
}

/**
 * The transform that shows all of `rects` inside a viewport `width` × `height`, centred, with `margin` screen pixels
 * around (zoom clamped; the identity, a little inset, when there is nothing).
 * @returns {Transform}
 */
export function fitTransform(
  /** @type {Rect[]} */ rects,
  /** @type {number} */ width,
  /** @type {number} */ height,
  margin = 24,
) {
  const bounds = boundsOf(rects);
  if (!bounds) return { zoom: 1, panX: margin, panY: margin };
  const room = { width: Math.max(1, width - 2 * margin), height: Math.max(1, height - 2 * margin) };
  const zoom = clampZoom(Math.min(room.width / Math.max(bounds.width, 1), room.height / Math.max(bounds.height, 1)));
  return {
    zoom,
    panX: width / 2 - (bounds.x + bounds.width / 2) * zoom,
    panY: height / 2 - (bounds.y + bounds.height / 2) * zoom,
  };
}

/** The board rectangle a viewport of `width` × `height` screen pixels shows. */
export function viewportRect(
  /** @type {Transform} */ transform,
  /** @type {number} */ width,
  /** @type {number} */ height,
) {
  const topLeft = toBoard(transform, { x: 0, y: 0 });
  return { x: topLeft.x, y: topLeft.y, width: width / transform.zoom, height: height / transform.zoom };
}

/** Whether rectangle `outer` holds all of rectangle `inner`. */
export function holds(/** @type {Rect} */ outer, /** @type {Rect} */ inner) {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** `rect` grown on every side by `share` of its own width and height. */
export function grownBy(/** @type {Rect} */ rect, /** @type {number} */ share) {
  const dx = rect.width * share;
  const dy = rect.height * share;
  return { x: rect.x - dx, y: rect.y - dy, width: rect.width + 2 * dx, height: rect.height + 2 * dy };
}

/** The indices of the rectangles that meet `view` (board units), grown by `margin` on every side. */
export function indicesMeeting(/** @type {Rect[]} */ rects, /** @type {Rect} */ view, margin = 0) {
  const grown = {
    x: view.x - margin,
    y: view.y - margin,
    width: view.width + 2 * margin,
    height: view.height + 2 * margin,
  };
  const indices = [];
  for (let index = 0; index < rects.length; index++) if (overlaps(rects[index], grown)) indices.push(index);
  return indices;
}

/**
 * The index of the rectangle nearest to rectangle `from` in `direction` ("left", "right", "up", "down"): centres
 * compared, the distance across the direction counted twice; `from` itself when there is none.
 */
export function neighbourInDirection(
  /** @type {Rect[]} */ rects,
  /** @type {number} */ from,
  /** @type {string} */ direction,
) {
  const centre = (/** @type {Rect} */ r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
  const origin = rects[from];
  if (!origin) return from;
  const c = centre(origin);
  let best = from;
  let bestScore = Number.POSITIVE_INFINITY;
  rects.forEach((rect, index) => {
    if (index === from) return;
    const p = centre(rect);
    const along = { left: c.x - p.x, right: p.x - c.x, up: c.y - p.y, down: p.y - c.y }[direction];
    if (!(along > 0)) return;
    const across = direction === "left" || direction === "right" ? Math.abs(p.y - c.y) : Math.abs(p.x - c.x);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

/** The transform at `zoom` (clamped), the board point under the screen point `at` staying there.
 * @returns {Transform} */
export function zoomTo(/** @type {Transform} */ transform, /** @type {Point} */ at, /** @type {number} */ zoom) {
  const clamped = clampZoom(zoom);
  const anchor = toBoard(transform, at);
  return { zoom: clamped, panX: at.x - anchor.x * clamped, panY: at.y - anchor.y * clamped };
}

/**
 * One step of a two-finger touch gesture: the fingers were at `before` and are at `after` (screen points, relative to
 * the board's element). The board point under the fingers' old centroid ends under their new centroid, and the zoom
 * changes by the ratio of their distances (clamped; unchanged while either distance is 0).
 * @param {Transform} transform
 * @param {[Point, Point]} before
 * @param {[Point, Point]} after
 * @returns {Transform}
 */
export function pinchStep(transform, before, after) {
  const centroid = (/** @type {[Point, Point]} */ [a, b]) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const distance = (/** @type {[Point, Point]} */ [a, b]) => Math.hypot(a.x - b.x, a.y - b.y);
  const from = centroid(before);
  const to = centroid(after);
  const ratio = distance(before) > 0 && distance(after) > 0 ? distance(after) / distance(before) : 1;
  const anchor = toBoard(transform, from);
  const zoom = clampZoom(transform.zoom * ratio);
  return { zoom, panX: to.x - anchor.x * zoom, panY: to.y - anchor.y * zoom };
}

// ---- Resizing (appended: the board's size math) ----

/** The narrowest an item is made by resizing (board units); one already narrower keeps its width as the least. */
export const MIN_WIDTH = 24;
/** The widest an item may be (the server's limit, BoardPosition.maximumWidth). */
export const MAX_WIDTH = 1_000_000;

/** `width` kept within [MIN_WIDTH, MAX_WIDTH]; an item now narrower than MIN_WIDTH (`current`) is not made wider by
 * a shrink. Not a finite number: `current`. */
export function clampWidth(/** @type {number} */ width, /** @type {number} */ current) {
  if (!Number.isFinite(width)) return current;
  return Math.min(MAX_WIDTH, Math.max(Math.min(MIN_WIDTH, current), width));
}

/**
 * The width of an item resized by dragging its bottom-right corner (top-left fixed, aspect `aspect` = height / width
 * kept) by (dx, dy) screen pixels at `zoom`: the corner goes to the point of the item's diagonal nearest the pointer.
 * Clamped (clampWidth).
 */
export function resizedWidth(
  /** @type {number} */ width,
  /** @type {number} */ aspect,
  /** @type {number} */ zoom,
  /** @type {number} */ dx,
  /** @type {number} */ dy,
) {
  const grow = (dx + dy * aspect) / (1 + aspect * aspect) / zoom;
  return clampWidth(width + grow, width);
}
