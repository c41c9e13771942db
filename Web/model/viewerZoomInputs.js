// The viewer machine's inputs that zoom and pan an image (model/viewer.js hands them here), pure: each takes the
// viewer's state (a copy it may change) and returns the next one, with the zoom maths of model/viewerZoom.js. Only a
// ready image of known size zooms; for the rest these change nothing.

import {
  canPan,
  clampView,
  fitView,
  isFitted,
  isZoomedIn,
  panBy,
  panByKey,
  pinchView,
  resizeView,
  toggleZoom,
  wheelFactor,
  ZOOM_STEP,
  zoomBy,
  zoomTo,
} from "./viewerZoom.js";

/** The size an item's image is zoomed at: its own (as the server says, else as drawn), or null when it is not a
 * ready image of known size or the stage has none yet. */
export function zoomSize(/** @type {any} */ state) {
  const { item, natural, stage } = state;
  if (!item || (item.kind ?? "image") !== "image" || item.state !== "ready") return null;
  if (!(stage?.width > 0 && stage?.height > 0)) return null;
  if (item.width > 0 && item.height > 0) return { width: item.width, height: item.height };
  if (natural?.itemId === item.id) return { width: natural.width, height: natural.height };
  return null;
}

/** The view now: the one zoomed to, else fit. */
function current(state, size) {
  return state.view ?? fitView(state.stage, size);
}

/** The state with `view` (null when it is fit). */
function withView(state, view, size) {
  return { ...state, view: isFitted(view, state.stage, size) ? null : view };
}

/** @type {Record<string, (state: any, input: any, effects: any[]) => any>} */
export const zoomInputs = {
  /** `how`: "in", "out" (a step, around `at` or the middle), "fit", "actual" (100%), "toggle" (a double click). */
  zoomWanted(state, { how, at = null }) {
    const size = zoomSize(state);
    if (!size) return state;
    const view = current(state, size);
    if (how === "fit") return { ...state, view: null };
    if (how === "actual") return withView(state, zoomTo(view, state.stage, size, 1, at), size);
    if (how === "toggle") return withView(state, toggleZoom(view, state.stage, size, at), size);
    const factor = how === "in" ? ZOOM_STEP : 1 / ZOOM_STEP;
    return withView(state, zoomBy(view, state.stage, size, factor, at), size);
  },

  /** The wheel (or a trackpad's pinch, `pinch`) at `at`. */
  wheelTurned(state, { deltaY, pinch = false, at }) {
    const size = zoomSize(state);
    if (!size || !deltaY) return state;
    return withView(state, zoomBy(current(state, size), state.stage, size, wheelFactor(deltaY, pinch), at), size);
  },

  /** Two fingers came down at `points`. */
  pinchStarted(state, { points }) {
    const size = zoomSize(state);
    if (!size) return state;
    return { ...state, pinch: { start: current(state, size), from: points } };
  },

  /** The two fingers moved to `points`. */
  pinchMoved(state, { points }) {
    const size = zoomSize(state);
    if (!size || !state.pinch) return state;
    return withView(state, pinchView(state.pinch.start, state.stage, size, state.pinch.from, points), size);
  },

  pinchEnded(state) {
    return state.pinch ? { ...state, pinch: null } : state;
  },

  /** A drag by (`dx`, `dy`) pans an image zoomed in. */
  dragged(state, { dx, dy }) {
    const size = zoomSize(state);
    if (!size || !isZoomedIn(state.view, state.stage, size)) return state;
    return withView(state, panBy(state.view, state.stage, size, dx, dy), size);
  },

  /** The stage is `width` × `height` CSS pixels now: fit stays fit, a zoom keeps its middle. */
  stageResized(state, { width, height }) {
    const stage = { width, height };
    if (stage.width === state.stage.width && stage.height === state.stage.height) return state;
    const next = { ...state, stage };
    const size = zoomSize(next);
    if (!size || !state.view || !(state.stage.width > 0)) return next;
    return withView(next, resizeView(state.view, state.stage, stage, size), size);
  },

  /** The image of `itemId` was drawn: its own size, for an item the server did not give one. */
  imageSized(state, { itemId, width, height }) {
    if (itemId !== state.itemId || !(width > 0 && height > 0)) return state;
    const next = { ...state, natural: { itemId, width, height } };
    const size = zoomSize(next);
    return size && next.view ? { ...next, view: clampView(next.view, next.stage, size) } : next;
  },
};

/** An arrow key (`direction`) pans an image zoomed in past the stage that way; the state is unchanged otherwise. */
export function panByArrow(/** @type {any} */ state, /** @type {string} */ direction) {
  const size = zoomSize(state);
  if (!size || !isZoomedIn(state.view, state.stage, size)) return state;
  if (!canPan(state.view, state.stage, size, direction === "left" || direction === "right")) return state;
  return withView(state, panByKey(state.view, state.stage, size, direction), size);
}
