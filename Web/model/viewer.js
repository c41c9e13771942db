// The viewer of one item at a time, as a pure state machine: `viewerStep(state, input)` returns the next state and the
// effects (the page's address, requests, timers, what is said) that a thin runner (pane/viewerRunner.js) carries out
// and answers with further inputs. It holds which item is open and where it is in the gallery, the image's zoom and
// pan (model/viewerZoom.js), the slideshow and whether the details show. The gallery's items come from the pane that
// holds them (`listChanged`: the items held, a window of a big gallery, and where they lie in it); an item that is not
// held is asked for by position (`readPosition`), which the pane's own sync machine reads, and an item that left the
// items held is looked for (`locate`): moved, it is followed; gone (trashed elsewhere), the viewer says so and shows
// the next.

import { fitView, isFitted } from "./viewerZoom.js";
import { positionText, titleOf } from "./viewerFacts.js";
import { panByArrow, zoomInputs, zoomSize } from "./viewerZoomInputs.js";

/** How long (ms) the slideshow shows each item. */
export const SLIDESHOW_MS = 5000;

/**
 * @typedef {{items: any[], offset: number, total: number, ordered: boolean}} ViewerList the items the pane holds:
 *   from position `offset` of `total` (`ordered`: positions known; a big board's region has none: the items alone)
 * @typedef {{type: string, [key: string]: any}} ViewerInput
 * @typedef {{type: string, [key: string]: any}} ViewerEffect
 * @typedef {ReturnType<typeof initialViewer>} ViewerState
 */

/** The viewer, closed; `details`: whether its details panel shows (remembered). */
export function initialViewer({ details = false } = {}) {
  return {
    open: false,
    itemId: /** @type {string | null} */ (null),
    item: /** @type {any} */ (null), // the item shown, as last known
    position: /** @type {number | null} */ (null), // its position in the gallery (0-based), null while not known
    held: false, // whether the pane holds it now
    /** @type {ViewerList} */
    list: { items: [], offset: 0, total: 0, ordered: true },
    wanted: /** @type {{position: number} | null} */ (null), // a step whose item is being read
    locating: /** @type {string | null} */ (null), // the item whose place is asked of the server
    opening: false, // opened by an address: shown, but not known to be in the gallery yet
    stage: { width: 0, height: 0 },
    natural: /** @type {{itemId: string, width: number, height: number} | null} */ (null), // an image's size drawn
    view: /** @type {import("./viewerZoom.js").View | null} */ (null), // zoom and pan; null: fit
    pinch: /** @type {{start: any, from: any[]} | null} */ (null),
    slideshow: false,
    details,
    full: /** @type {any} */ (null), // GET /api/items/{id} of the item shown: its details, with where a photo was taken
    notice: /** @type {string | null} */ (null), // said over the item: the one shown before left the gallery
    pushed: false, // opening added an entry to the browser's history: closing goes back to the gallery's
    prefetched: "", // the neighbours last fetched ahead
    heading: 1, // the way the last step went (1: next, -1: previous): the items that way are fetched further ahead
  };
}

/** The inputs a person makes: each pauses a slideshow (but the slideshow's own key and button). */
const PERSON = new Set([
  "stepWanted",
  "arrowPressed",
  "edgeWanted",
  "zoomWanted",
  "wheelTurned",
  "pinchStarted",
  "dragged",
  "detailsToggled",
  "inputSeen",
  "closeWanted",
]);

/** The inputs taken while the viewer is closed too (the rest change only an open viewer). */
const ANY_TIME = new Set(["openWanted", "listChanged", "stageResized"]);

/**
 * The state after `input`, and the effects to carry out. Inputs: openWanted, closeWanted, listChanged, located,
 * locateFailed, positionRead, stepWanted, arrowPressed, edgeWanted, zoomWanted, wheelTurned, pinchStarted, pinchMoved,
 * pinchEnded, dragged, stageResized, imageSized, slideshowToggled, slideshowTicked, detailsToggled, detailsRead,
 * inputSeen.
 * @param {ViewerState} state
 * @param {ViewerInput} input
 * @returns {{state: ViewerState, effects: ViewerEffect[]}}
 */
export function viewerStep(state, input) {
  /** @type {ViewerEffect[]} */
  const effects = [];
  const handler = HANDLERS[input.type] ?? zoomInputs[input.type];
  if (!handler) throw new Error(`Unknown viewer input ${input.type}`);
  let next = { ...state };
  if (PERSON.has(input.type) && next.slideshow) {
    next.slideshow = false;
    effects.push({ type: "stopTimer" }, { type: "announce", text: "Slideshow paused." });
  }
  next = next.open || ANY_TIME.has(input.type) ? handler(next, input, effects) : next;
  // The neighbours are fetched at the size they will be drawn, known once the stage is.
  if (input.type === "stageResized" && next.open && next.item) prefetchNeighbours(next, effects);
  return { state: next, effects };
}

/** The items a position names in `list`, and back. */
function itemAt(/** @type {ViewerList} */ list, /** @type {number} */ position) {
  return list.items[list.ordered ? position - list.offset : position] ?? null;
}
function positionOf(/** @type {ViewerList} */ list, /** @type {number} */ index) {
  return list.ordered ? list.offset + index : index;
}
/** Whether `list` holds the item at `position` (of the gallery: a list in order). */
function covers(/** @type {ViewerList} */ list, /** @type {number | null} */ position) {
  return list.ordered && position !== null && position >= list.offset && position < list.offset + list.items.length;
}
/** How many items one steps through: the gallery's (the items held, where their positions are not known). */
export function totalOf(/** @type {ViewerList} */ list) {
  return list.ordered ? Math.max(list.total, list.offset + list.items.length) : list.items.length;
}

/** @type {Record<string, (state: ViewerState, input: ViewerInput, effects: ViewerEffect[]) => ViewerState>} */
const HANDLERS = {
  /** Open item `itemId` (`item`: as the pane holds it, when it does): by a person (`by` "user": the address gains an
   * entry of the browser's history), by the page's address (`address`: it is looked for in the gallery first) or by
   * the browser's Back or Forward (`history`). */
  openWanted(state, { itemId, item = null, by = "user" }, effects) {
    if (state.open && state.itemId === itemId) return state;
    if (!state.open) {
      Object.assign(state, { open: true, pushed: by !== "address", opening: by === "address", notice: null });
      Object.assign(state, { itemId: null, wanted: null, locating: null, view: null, pinch: null, full: null });
      state.prefetched = "";
      if (by === "user") effects.push({ type: "address", itemId, how: "push" });
    }
    const index = state.list.items.findIndex((each) => each.id === itemId);
    if (index >= 0) {
      state.opening = false;
      return show(state, state.list.items[index], positionOf(state.list, index), effects, { address: false });
    }
    Object.assign(state, { itemId, item, position: null, held: false, natural: null, view: null, full: null });
    locate(state, effects);
    if (state.details) effects.push({ type: "readDetails", itemId });
    return state;
  },

  /** Closed by a key, the Close button, the backdrop or the browser's Back (`by` "history": the address is right). */
  closeWanted(state, { by = "user" }, effects) {
    effects.push({ type: "stopTimer" });
    if (by !== "history") effects.push({ type: "addressClosed", back: state.pushed });
    if (state.itemId) effects.push({ type: "focusTile", itemId: state.itemId });
    return { ...state, open: false, wanted: null, locating: null, view: null, pinch: null, notice: null };
  },

  /** The items the pane holds changed (read, moved, trashed, added, here or elsewhere). */
  listChanged(state, { list }, effects) {
    state.list = list;
    if (!state.open || !state.itemId) return state;
    // A step waits for the item it goes to: shown once it is read.
    const wanted = state.wanted ? itemAt(list, state.wanted.position) : null;
    if (wanted && state.wanted) return show(state, wanted, state.wanted.position, effects);
    const index = list.items.findIndex((each) => each.id === state.itemId);
    if (index >= 0 && !state.held) {
      // Read at last (opened by its address, or found again): shown where it is, without a word more.
      return show(state, list.items[index], positionOf(list, index), effects, { address: false, announce: false });
    }
    if (index >= 0) {
      Object.assign(state, { item: list.items[index], position: positionOf(list, index), opening: false });
      state.locating = null;
      prefetchNeighbours(state, effects);
    } else if (!state.locating && (state.held || covers(list, state.position))) {
      // It left the items held (moved out of the window, or out of the gallery), or is not where the server last
      // said it was: the server says where it is now, if anywhere.
      state.held = false;
      locate(state, effects);
    }
    return state;
  },

  /** The server found the item looked for at `position` (`item` as it is there): it is read into the items held. */
  located(state, { itemId, position, item }, effects) {
    if (state.locating !== itemId || state.itemId !== itemId) return state;
    const announce = state.position === null;
    Object.assign(state, { locating: null, opening: false, position, item: item ?? state.item });
    if (announce) effects.push({ type: "announce", text: positionText(state.item, position, totalOf(state.list)) });
    effects.push({ type: "readPosition", position });
    return state;
  },

  /** The item looked for is not in the gallery (`status` 404), or the server could not say. */
  locateFailed(state, { itemId, status, message = "" }, effects) {
    if (state.locating !== itemId || state.itemId !== itemId) return state;
    state.locating = null;
    if (status !== 404) {
      effects.push({ type: "announce", text: `Could not find this item in the gallery: ${message}` });
      return state;
    }
    if (state.opening) {
      const text =
        "This item is not in the gallery: it was moved to the trash or to another gallery, or it never was here.";
      return closeWith(state, text, effects);
    }
    const title = titleOf(state.item);
    state.notice = `'${title}' is no longer in this gallery: it was moved to the trash or to another gallery elsewhere. Showing the next item.`;
    effects.push({ type: "announce", text: state.notice });
    const total = totalOf(state.list);
    if (total === 0) return closeWith(state, `'${title}' is no longer in this gallery, which is empty now.`, effects);
    return goTo(state, Math.min(state.position ?? 0, total - 1), effects);
  },

  /** The item at `position` was read into the items held (`item`, or null: there is none). */
  positionRead(state, { position, item }, effects) {
    if (state.wanted?.position !== position) return state;
    if (!item) return { ...state, wanted: null };
    return show(state, item, position, effects);
  },

  /** The previous (`by` -1) or next (1) item: a button, a swipe, the slideshow. */
  stepWanted(state, { by }, effects) {
    return step(state, by, effects, false);
  },

  /** An arrow key: pans an image zoomed in past the stage that way, else Left and Right step. */
  arrowPressed(state, { direction }, effects) {
    const panned = panByArrow(state, direction);
    if (panned !== state || (direction !== "left" && direction !== "right")) return panned;
    return step(state, direction === "left" ? -1 : 1, effects, false);
  },

  /** Home or End: the gallery's first or last item. */
  edgeWanted(state, { edge }, effects) {
    const total = totalOf(state.list);
    if (!total) return state;
    state.notice = null;
    return goTo(state, edge === "first" ? 0 : total - 1, effects);
  },

  slideshowToggled(state, _input, effects) {
    state.slideshow = !state.slideshow;
    if (state.slideshow) {
      effects.push({ type: "timer", ms: SLIDESHOW_MS });
      effects.push({ type: "announce", text: "Slideshow started: the next item every 5 seconds." });
    } else effects.push({ type: "stopTimer" }, { type: "announce", text: "Slideshow paused." });
    return state;
  },

  /** The slideshow's time for the next item (after the last, the first). */
  slideshowTicked(state, _input, effects) {
    if (!state.slideshow) return state;
    effects.push({ type: "timer", ms: SLIDESHOW_MS });
    return step(state, 1, effects, true);
  },

  detailsToggled(state, _input, effects) {
    state.details = !state.details;
    effects.push({ type: "saveDetails", shown: state.details });
    if (state.details && state.itemId && state.full?.id !== state.itemId)
      effects.push({ type: "readDetails", itemId: state.itemId });
    return state;
  },

  /** `GET /api/items/{id}` of an item: its details (with where a photo was taken, to those shown it). */
  detailsRead(state, { itemId, item }) {
    return itemId === state.itemId ? { ...state, full: item } : state;
  },

  /** Any other input of the person's (a video's controls, a click): it pauses the slideshow, nothing more. */
  inputSeen(state) {
    return state;
  },
};

/** A step of `by` from the item shown (or from the one being read for the last step); `wrap`: past the last, the
 * first. */
function step(state, by, effects, wrap) {
  const base = state.wanted?.position ?? state.position;
  const total = totalOf(state.list);
  if (base === null || !total) return state;
  let target = base + by;
  if (wrap && target >= total) target = 0;
  if (target < 0 || target >= total) {
    effects.push({ type: "announce", text: by < 0 ? "This is the first item." : "This is the last item." });
    return state;
  }
  state.notice = null;
  state.heading = by < 0 ? -1 : 1;
  return goTo(state, target, effects);
}

/** Shows the item at `position`, read first when the pane does not hold it. */
function goTo(state, position, effects) {
  const found = itemAt(state.list, position);
  if (found) return show(state, found, position, effects);
  state.wanted = { position };
  effects.push({ type: "readPosition", position });
  return state;
}

/** Asks the server where the item shown is (it is not among the items held). */
function locate(state, effects) {
  state.locating = state.itemId;
  effects.push({ type: "locate", itemId: state.itemId });
}

/** Shows `item` at `position`, at fit: the address names it (unless `address` is false: it already does) and where it
 * is is said (unless `announce` is false). */
function show(state, item, position, effects, { address = true, announce = true } = {}) {
  const changed = item.id !== state.itemId;
  Object.assign(state, { itemId: item.id, item, position, held: true, wanted: null, locating: null, opening: false });
  if (changed) Object.assign(state, { view: null, pinch: null, natural: null, full: null });
  if (changed && address) effects.push({ type: "address", itemId: item.id, how: "replace" });
  const total = totalOf(state.list);
  if (announce) effects.push({ type: "announce", text: positionText(item, position, total) });
  effects.push({ type: "reveal", itemId: item.id });
  prefetchNeighbours(state, effects);
  if (state.list.ordered) {
    const [back, ahead] = state.heading < 0 ? [AHEAD, 2] : [2, AHEAD];
    effects.push({ type: "want", first: Math.max(0, position - back), last: Math.min(total - 1, position + ahead) });
  }
  if (state.details && state.full?.id !== item.id) effects.push({ type: "readDetails", itemId: item.id });
  return state;
}

/** How many items are fetched ahead the way the viewer steps (one the other way). */
const AHEAD = 3;

/** Asks for the item before and the items after the one shown (after: the way it steps) to be fetched, once each set
 * and stage size (which picks the copy drawn; none before the stage is measured), so that a step, or a key held,
 * shows the next at once. */
function prefetchNeighbours(state, effects) {
  const { list, position, stage, heading } = state;
  if (!(stage.width > 0 && stage.height > 0)) return;
  const offsets = [-heading, ...Array.from({ length: AHEAD }, (_, index) => heading * (index + 1))];
  const neighbours = offsets.map((offset) => itemAt(list, position + offset)).filter(Boolean);
  const key = [
    `${stage.width}×${stage.height}`,
    ...neighbours.map((each) => `${each.id}:${each.imageURL ?? each.posterURL ?? ""}`),
  ].join(" ");
  if (!neighbours.length || key === state.prefetched) return;
  state.prefetched = key;
  effects.push({ type: "prefetch", items: neighbours });
}

/** Closes the viewer, saying `text` on the page. */
function closeWith(state, text, effects) {
  effects.push({ type: "stopTimer" }, { type: "addressClosed", back: state.pushed }, { type: "tell", text });
  return { ...state, open: false, slideshow: false, wanted: null, locating: null, view: null, notice: null };
}

/** The zoom and pan the image is drawn at now (fit when not zoomed), or null for what is not an image of known size. */
export function shownView(/** @type {ViewerState} */ state) {
  const size = zoomSize(state);
  if (!size) return null;
  return state.view && !isFitted(state.view, state.stage, size) ? state.view : fitView(state.stage, size);
}
