// The viewer's zoom and pan, pure: where an image of `image` pixels ({width, height}) is drawn on a stage of `stage`
// CSS pixels, as a view {scale, x, y} (CSS pixels per image pixel, and the image's top-left corner on the stage). Fit
// shows the whole image as large as the stage allows; 100% draws one image pixel per CSS pixel. Every view is clamped
// so that the image never leaves the stage: an image smaller than the stage in a direction is centred there, a larger
// one always covers it.

/**
 * @typedef {{width: number, height: number}} Size
 * @typedef {{x: number, y: number}} Point
 * @typedef {{scale: number, x: number, y: number}} View
 */

/** How far past 100% (or past fit, for an image smaller than the stage) one may zoom in. */
export const MAX_ZOOM = 8;
/** One step of the + and - keys and buttons. */
export const ZOOM_STEP = 1.25;
/** The share of the stage an arrow key pans by. */
export const PAN_SHARE = 0.1;

const valid = (/** @type {Size} */ size) => size?.width > 0 && size?.height > 0;

/** The scale at which the whole image shows as large as the stage allows (1 when a size is not known). */
export function fitScale(/** @type {Size} */ stage, /** @type {Size} */ image) {
  if (!valid(stage) || !valid(image)) return 1;
  return Math.min(stage.width / image.width, stage.height / image.height);
}

/** The least and the greatest scale: from fit (or 100%, when that is smaller) to MAX_ZOOM times the larger. */
export function scaleRange(/** @type {Size} */ stage, /** @type {Size} */ image) {
  const fit = fitScale(stage, image);
  return { min: Math.min(fit, 1), max: Math.max(fit, 1) * MAX_ZOOM };
}

/** The image at fit, centred. @returns {View} */
export function fitView(/** @type {Size} */ stage, /** @type {Size} */ image) {
  return clampView({ scale: fitScale(stage, image), x: 0, y: 0 }, stage, image);
}

/** `view` moved (and its scale bounded) so that the image never leaves the stage. @returns {View} */
export function clampView(/** @type {View} */ view, /** @type {Size} */ stage, /** @type {Size} */ image) {
  if (!valid(stage) || !valid(image)) return { scale: 1, x: 0, y: 0 };
  const { min, max } = scaleRange(stage, image);
  const scale = Math.min(max, Math.max(min, Number.isFinite(view.scale) ? view.scale : min));
  const axis = (/** @type {number} */ at, /** @type {number} */ drawn, /** @type {number} */ room) =>
    drawn <= room ? (room - drawn) / 2 : Math.min(0, Math.max(room - drawn, Number.isFinite(at) ? at : 0));
  return {
    scale,
    x: axis(view.x, image.width * scale, stage.width),
    y: axis(view.y, image.height * scale, stage.height),
  };
}

/** Whether the view shows the image larger than fit (then arrows pan, and a step goes back to fit). */
export function isZoomedIn(/** @type {View | null} */ view, /** @type {Size} */ stage, /** @type {Size} */ image) {
  return Boolean(view) && view.scale > fitScale(stage, image) * (1 + 1e-6);
}

/** Whether the image is at fit (within rounding). */
export function isFitted(/** @type {View | null} */ view, /** @type {Size} */ stage, /** @type {Size} */ image) {
  return !view || Math.abs(view.scale - fitScale(stage, image)) <= fitScale(stage, image) * 1e-6;
}

/** Whether the image is wider (`horizontal`) or taller than the stage, so that it can be panned that way. */
export function canPan(
  /** @type {View | null} */ view,
  /** @type {Size} */ stage,
  /** @type {Size} */ image,
  horizontal,
) {
  if (!view || !valid(stage) || !valid(image)) return false;
  return horizontal ? image.width * view.scale > stage.width + 0.5 : image.height * view.scale > stage.height + 0.5;
}

/** The view at `scale`, with the image point under `at` (a stage point; the stage's centre when not given) kept
 * there, clamped. @returns {View} */
export function zoomTo(view, /** @type {Size} */ stage, /** @type {Size} */ image, scale, /** @type {Point} */ at) {
  const point = at ?? { x: stage.width / 2, y: stage.height / 2 };
  const bounded = clampView({ ...view, scale }, stage, image).scale;
  const ratio = bounded / view.scale;
  return clampView(
    { scale: bounded, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio },
    stage,
    image,
  );
}

/** The view zoomed by `factor` (over 1: in) around `at`. @returns {View} */
export function zoomBy(view, /** @type {Size} */ stage, /** @type {Size} */ image, factor, /** @type {Point} */ at) {
  return zoomTo(view, stage, image, view.scale * factor, at);
}

/** The factor a wheel turn zooms by (`deltaY` in pixels; up, negative, zooms in); a pinch on a trackpad (sent with
 * Ctrl) turns in smaller steps, so it zooms faster per pixel. */
export function wheelFactor(/** @type {number} */ deltaY, pinch = false) {
  const rate = pinch ? 0.01 : 0.002;
  return Math.exp(-Math.max(-500, Math.min(500, deltaY)) * rate);
}

/** The view panned by (`dx`, `dy`) CSS pixels (a drag moves the image with the pointer), clamped. @returns {View} */
export function panBy(view, /** @type {Size} */ stage, /** @type {Size} */ image, dx, dy) {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, stage, image);
}

/** The pan of an arrow key ("left", "right", "up", "down"): the image moves the other way, so that one looks further
 * that way, by PAN_SHARE of the stage. @returns {View} */
export function panByKey(view, /** @type {Size} */ stage, /** @type {Size} */ image, direction) {
  const dx = Math.max(40, stage.width * PAN_SHARE);
  const dy = Math.max(40, stage.height * PAN_SHARE);
  const [x, y] = { left: [dx, 0], right: [-dx, 0], up: [0, dy], down: [0, -dy] }[direction] ?? [0, 0];
  return panBy(view, stage, image, x, y);
}

/** A double click at `at`: from fit to 100% there, from any other zoom back to fit. */
export function toggleZoom(view, /** @type {Size} */ stage, /** @type {Size} */ image, /** @type {Point} */ at) {
  if (isFitted(view, stage, image)) return zoomTo(fitView(stage, image), stage, image, 1, at);
  return fitView(stage, image);
}

/**
 * A two-finger gesture: the view when it began (`start`), and the fingers then (`from`) and now (`to`), two points
 * each. The image point between the fingers stays between them: it zooms by how far they spread, and pans with their
 * middle. @returns {View}
 */
export function pinchView(start, /** @type {Size} */ stage, /** @type {Size} */ image, from, to) {
  const spread = (/** @type {Point[]} */ [a, b]) => Math.hypot(a.x - b.x, a.y - b.y);
  const middle = (/** @type {Point[]} */ [a, b]) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const before = spread(from);
  const factor = before > 0 ? spread(to) / before : 1;
  const zoomed = zoomTo(start, stage, image, start.scale * factor, middle(from));
  const moved = middle(to);
  const began = middle(from);
  return panBy(zoomed, stage, image, moved.x - began.x, moved.y - began.y);
}

/** The view after the stage changed size from `before`: fit stays fit; else the image point in the middle stays in
 * the middle. @returns {View} */
export function resizeView(view, /** @type {Size} */ before, /** @type {Size} */ stage, /** @type {Size} */ image) {
  if (!view || isFitted(view, before, image)) return fitView(stage, image);
  const centre = { x: (before.width / 2 - view.x) / view.scale, y: (before.height / 2 - view.y) / view.scale };
  return clampView(
    { scale: view.scale, x: stage.width / 2 - centre.x * view.scale, y: stage.height / 2 - centre.y * view.scale },
    stage,
    image,
  );
}

/** How many percent the view draws the image at, as people say it ("100%"). */
export function zoomPercent(/** @type {View | null} */ view) {
  return `${Math.round((view?.scale ?? 1) * 100)}%`;
}
