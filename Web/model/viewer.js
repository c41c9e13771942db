// The viewer of one item at a time, as a pure state machine: `viewerStep(state, input)` returns the next state and the
// effects (the page's address, requests, timers, what is said) that a thin runner (pane/viewerRunner.js) carries out
// and answers with further inputs. It holds which item is open and where it is in the gallery, the image's zoom and
// pan (model/viewerZoom.js), the slideshow and whether the details show. The gallery's items come from the pane that
// holds them (`listChanged`: the items held, a window of a big gallery, and where they lie in it); an item that is not
// held is asked for by position (`readPosition`), which the pane's own sync machine reads, and an item that left the
// items held is looked for (`locate`): moved, it is followed; gone (trashed elsewhere), the viewer says so and shows
// the next. A big board's region holds no order (`ordered: false`): there the viewer reads the gallery's order itself
// (`readOrder`, a page of it around the item shown, at the gallery's change `sequence`), and reads it again once the
// gallery changed since.

import { fitView, isFitted } from "./viewerZoom.js";
import { positionText, titleOf } from "./viewerFacts.js";
import { panByArrow, zoomInputs, zoomSize } from "./viewerZoomInputs.js";

/** How long (ms) the slideshow shows each item. */
export const SLIDESHOW_MS = 5000;
/** How many items of a big board's order are read on each side of the one wanted (a page of 51): most steps then show
 * at once. */
export const ORDER_REACH = 25;

/**
 * @typedef {{items: any[], offset: number, total: number, ordered: boolean, sequence?: number}} ViewerList the items
 *   the pane holds: from position `offset` of `total` (`ordered`: positions known; a big board's region has none: the
 *   items alone), at the gallery's change `sequence`
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
    /** On a big board: a page of the gallery's order read by the viewer (`ordered`, with the `sequence` it was read
     * at), which it steps through; its items are emptied once the gallery changed since (its total kept). */
    order: /** @type {ViewerList | null} */ (null),
    orderReading: /** @type {number | null} */ (null), // the first position of the page of the order being read
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
 * inputSeen, orderRead, orderFailed.
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

const NO_ORDER = { items: [], offset: 0, total: 0, ordered: true };

/** The items the viewer steps through, in the gallery's order: those the pane holds, or on a big board (whose region
 * holds no order) the page of the order it read itself (none yet: nothing to step through). */
export function orderOf(/** @type {ViewerState} */ state) {
  return state.list.ordered ? state.list : (state.order ?? NO_ORDER);
}

/** The pane's copy of `item` when it holds it (kept up to date by the gallery's events), else `item` as read. */
function freshest(/** @type {ViewerState} */ state, /** @type {any} */ item) {
  if (state.list.ordered) return item;
  return state.list.items.find((each) => each.id === item.id) ?? item;
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
      Object.assign(state, { order: null, orderReading: null, prefetched: "" });
      if (by === "user") effects.push({ type: "address", itemId, how: "push" });
    }
    const order = orderOf(state);
    const index = order.items.findIndex((each) => each.id === itemId);
    if (index >= 0) {
      state.opening = false;
      return show(state, freshest(state, order.items[index]), positionOf(order, index), effects, { address: false });
    }
    item = state.list.items.find((each) => each.id === itemId) ?? item; // a big board's: shown while it is looked for
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
    return { ...state, open: false, wanted: null, locating: null, view: null, pinch: null, notice: null, order: null };
  },

  /** The items the pane holds changed (read, moved, trashed, added, here or elsewhere). */
  listChanged(state, { list }, effects) {
    state.list = list;
    if (!state.open || !state.itemId) return state;
    if (!list.ordered) return followBoard(state, effects);
    state.order = null;
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
    if (announce) effects.push({ type: "announce", text: positionText(state.item, position, totalOf(orderOf(state))) });
    effects.push({ type: "readPosition", position });
    return state;
  },

  /** The item looked for is not in the gallery (`status` 404), or the server could not say. */
  locateFailed(state, { itemId, status, message = "" }, effects) {
    return lost(state, itemId, status, message, effects);
  },

  /** A page of a big board's order was read (`where`: {around: an item looked for} or {position}): the item looked for
   * is shown where it is, or the one a step waits for. */
  orderRead(state, { where, page }, effects) {
    if (where.position !== undefined && where.position === state.orderReading) state.orderReading = null;
    if (state.list.ordered) return askAgain(state, where, effects); // the board is held whole now, or was left
    /** @type {ViewerList} */
    const order = {
      items: page.items,
      offset: page.position,
      total: page.count,
      ordered: true,
      sequence: page.gallery?.sequence ?? 0,
    };
    if (where.around !== undefined) {
      if (state.locating !== where.around || state.itemId !== where.around) return state;
      const index = order.items.findIndex((each) => each.id === where.around);
      if (index < 0) return lost(state, where.around, 404, "", effects);
      state.order = order;
      if (state.wanted) {
        // A step waits: the item shown is placed, and the step goes on (the page read may hold its item).
        Object.assign(state, { locating: null, opening: false, position: order.offset + index, held: true });
        const next = itemAt(order, state.wanted.position);
        if (next) show(state, freshest(state, next), state.wanted.position, effects);
        else readOrder(state, { position: state.wanted.position }, effects);
        return followBoard(state, effects);
      }
      const announce = state.position === null;
      show(state, freshest(state, order.items[index]), order.offset + index, effects, { address: false, announce });
      return followBoard(state, effects);
    }
    const wanted = state.wanted?.position;
    if (wanted === undefined) return state; // no step waits for it
    const found = itemAt(order, wanted);
    if (found) {
      state.order = order;
      show(state, freshest(state, found), wanted, effects);
      return followBoard(state, effects);
    }
    if (wanted < order.total) {
      // An earlier step's page: the one this step asked for comes (or, none under way, is asked for now).
      if (state.orderReading === null) readOrder(state, { position: wanted }, effects);
      return state;
    }
    // The gallery ends before it now: its last item (read, unless this page holds it), or none left.
    state.wanted = null;
    if (!order.total) return closeWith(state, "This gallery is empty now.", effects);
    const last = itemAt(order, order.total - 1);
    if (!last) {
      state.wanted = { position: order.total - 1 };
      readOrder(state, state.wanted, effects);
      return state;
    }
    state.order = order;
    show(state, freshest(state, last), order.total - 1, effects);
    return followBoard(state, effects);
  },

  /** A page of a big board's order could not be read. */
  orderFailed(state, { where, status, message = "" }, effects) {
    const mine = where.position !== undefined && where.position === state.orderReading;
    if (mine) state.orderReading = null;
    if (state.list.ordered) return askAgain(state, where, effects);
    if (where.around !== undefined) return lost(state, where.around, status, message, effects);
    if (!mine) return state;
    if (state.wanted) {
      state.wanted = null;
      effects.push({ type: "announce", text: `Could not read the next item: ${message}` });
    }
    return state;
  },

  /** The item at `position` was read into the items held (`item`, or null: there is none). */
  positionRead(state, { position, item }, effects) {
    if (state.wanted?.position !== position) return state;
    if (!item) {
      // Asked of the pane's items in order, answered after they became a board's (which holds no order): the step
      // goes on by a page of the order read.
      if (!state.list.ordered) {
        readOrder(state, { position }, effects);
        return state;
      }
      return { ...state, wanted: null };
    }
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
    const total = totalOf(orderOf(state));
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
  // On a big board whose order is still being read, a step goes by position all the same (its end is found then).
  const total = totalOf(orderOf(state)) || (state.list.ordered ? 0 : Number.POSITIVE_INFINITY);
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

/** Shows the item at `position`, read first when the pane does not hold it (on a big board: when the page of the
 * order read does not). */
function goTo(state, position, effects) {
  const found = itemAt(orderOf(state), position);
  if (found) return show(state, freshest(state, found), position, effects);
  state.wanted = { position };
  if (state.list.ordered) effects.push({ type: "readPosition", position });
  else readOrder(state, { position }, effects);
  return state;
}

/** Asks the server where the item shown is (it is not among the items held; on a big board, a page around it). */
function locate(state, effects) {
  state.locating = state.itemId;
  if (state.list.ordered) effects.push({ type: "locate", itemId: state.itemId });
  else readOrder(state, { around: state.itemId }, effects);
}

/** Reads a page of a big board's order: around an item, or around a position (unless the page being read holds it). */
function readOrder(state, /** @type {{around?: string, position?: number}} */ at, effects) {
  const count = 2 * ORDER_REACH + 1;
  if (at.around !== undefined) {
    effects.push({ type: "readOrder", where: { around: at.around }, count });
    return;
  }
  const position = at.position ?? 0;
  const reading = state.orderReading;
  if (reading !== null && position >= reading && position < reading + count) return;
  state.orderReading = Math.max(0, position - ORDER_REACH);
  effects.push({ type: "readOrder", where: { position: state.orderReading }, count });
}

/** A page of a big board's order came after the pane's items came to be in order (the board held whole, or left):
 * what waited for it is asked of the pane's items instead. */
function askAgain(state, where, effects) {
  if (where.around !== undefined && state.locating === where.around) locate(state, effects);
  else if (where.position !== undefined && state.wanted && state.orderReading === null)
    goTo(state, state.wanted.position, effects);
  return state;
}

/** A big board's items changed: the item shown follows the pane's copy, and a change of the gallery since its order
 * was read (the pane's sequence is past the order's) makes that order stale: its items are let go (a step reads them
 * afresh) and the item shown is looked for again, where it is now (as it is while its place is not known: a look that
 * failed is tried again). */
function followBoard(state, effects) {
  const held = state.list.items.find((each) => each.id === state.itemId);
  if (held) state.item = held;
  const order = state.order;
  if (order && (state.list.sequence ?? 0) <= (order.sequence ?? 0) && state.position !== null) return state;
  if (order?.items.length) state.order = { ...order, items: [] }; // its total is still the best guess
  if (!state.locating) locate(state, effects);
  return state;
}

/** The item `itemId` looked for is not in the gallery (`status` 404: the next is shown, or an address's closes the
 * viewer), or the server could not say (`message`). */
function lost(state, itemId, status, message, effects) {
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
  const total = totalOf(orderOf(state));
  if (total === 0) return closeWith(state, `'${title}' is no longer in this gallery, which is empty now.`, effects);
  return goTo(state, Math.min(state.position ?? 0, total - 1), effects);
}

/** Shows `item` at `position`, at fit: the address names it (unless `address` is false: it already does) and where it
 * is is said (unless `announce` is false). */
function show(state, item, position, effects, { address = true, announce = true } = {}) {
  const changed = item.id !== state.itemId;
  Object.assign(state, { itemId: item.id, item, position, held: true, wanted: null, locating: null, opening: false });
  if (changed) Object.assign(state, { view: null, pinch: null, natural: null, full: null });
  if (changed && address) effects.push({ type: "address", itemId: item.id, how: "replace" });
  const total = totalOf(orderOf(state));
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

/** Asks for the item before and the items after the one shown (after: the way it steps) to be fetched, most wanted
 * first (the next the way it steps, the one behind, then further ahead: they are decoded in that order), once each
 * set and stage size (which picks the copy drawn; none before the stage is measured), so that a step, or a key held,
 * shows the next at once. */
function prefetchNeighbours(state, effects) {
  const { position, stage, heading } = state;
  if (!(stage.width > 0 && stage.height > 0)) return;
  const list = orderOf(state);
  const offsets = [heading, -heading, ...Array.from({ length: AHEAD - 1 }, (_, index) => heading * (index + 2))];
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
  return {
    ...state,
    open: false,
    slideshow: false,
    wanted: null,
    locating: null,
    view: null,
    notice: null,
    order: null,
  };
}

/** The zoom and pan the image is drawn at now (fit when not zoomed), or null for what is not an image of known size. */
export function shownView(/** @type {ViewerState} */ state) {
  const size = zoomSize(state);
  if (!size) return null;
  return state.view && !isFitted(state.view, state.stage, size) ? state.view : fitView(state.stage, size);
}
