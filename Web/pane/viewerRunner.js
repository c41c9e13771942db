// The runner of the viewer machine (model/viewer.js), one for the page: it opens the viewer on an item of a pane, feeds
// the machine that pane's items as its store changes and what the dialog (view/viewer.js) reports, draws each state,
// and carries out the effects: the page's address and the browser's history, the items read by position through the
// pane's own sync machine (its jump, and the positions wanted), an item looked for by the API (on a big board, a page
// of the gallery's order around an item or a position, which its region does not hold), images fetched ahead,
// the slideshow's timer, the details remembered, what is said, and the focus given back to the tile. No viewer state
// of its own.

import { api } from "../net/api.js";
import { itemName } from "../model/itemKinds.js";
import { initialViewer, orderOf, shownView, totalOf, viewerStep } from "../model/viewer.js";
import { imageSource, positionText } from "../model/viewerFacts.js";
import { fitScale, isZoomedIn, zoomPercent } from "../model/viewerZoom.js";
import { zoomSize } from "../model/viewerZoomInputs.js";
import { shownWindow } from "../store/paneSelectors.js";

const DETAILS_KEY = "image-gallery.viewer-details";
/** The address of the item shown is replaced at most this often (ms): a key held steps 30 times a second, and each
 * replaceState took a browser 2–10 ms of the page's time (and browsers throttle many); the last one is written. */
const ADDRESS_EVERY_MS = 250;

/**
 * The viewer of the page: `view` its dialog (a ViewerView), `announcer` the page's, `addressOf(pane, itemId)` the
 * page's address with `itemId` of `pane` open (null: none).
 */
export function createViewerRunner({ view, announcer, addressOf }) {
  let state = initialViewer({ details: remembered() });
  /** @type {any} */
  let pane = null;
  let unsubscribe = () => {};
  let timer = null;
  /** Closing went back in the browser's history, which the browser does later: until it has (its `popstate`), an
   * opening waits (`waiting`), so that the step back does not close the viewer opened meanwhile. */
  let backPending = null;
  let waiting = null;
  /** When the address was last replaced, and the replacement waiting for its turn (null: none). */
  let addressWritten = Number.NEGATIVE_INFINITY;
  let addressLater = null;

  function send(/** @type {{type: string, [key: string]: any}} */ input) {
    const result = viewerStep(state, input);
    state = result.state;
    draw();
    for (const effect of result.effects) run(effect);
  }

  function draw() {
    const { item } = state;
    const total = totalOf(orderOf(state));
    const position = state.position !== null && state.position < total ? state.position : null; // null: not known yet
    const zoom = shownView(state);
    const size = zoomSize(state);
    view.render(state, {
      name: item ? itemName(item, position === null ? null : position + 1, total, null) : "Item",
      where: item ? positionText(item, position, total) : "Looking for the item…",
      view: zoom,
      size,
      zoomed: Boolean(zoom && size && isZoomedIn(state.view, state.stage, size)),
      percent: zoomPercent(zoom),
      editable: Boolean(pane && !pane.readOnly),
      single: total <= 1,
    });
  }

  /** The items `paneState` holds, as the machine takes them, at the gallery's change its replica is at. */
  function listOf(paneState) {
    const { offset, total, unordered } = shownWindow(paneState);
    return { items: paneState.shown, offset, total, ordered: !unordered, sequence: paneState.replica?.sequence ?? 0 };
  }

  /** Follows `next`'s items from now on (the pane the viewer is opened on). */
  function follow(next) {
    if (pane === next) return;
    unsubscribe();
    pane = next;
    send({ type: "listChanged", list: listOf(pane.state) });
    unsubscribe = pane.store.subscribe((paneState, previous) => {
      const same = paneState.shown === previous.shown && paneState.replica?.window === previous.replica?.window;
      if (same && paneState.replica?.sequence === previous.replica?.sequence) return;
      send({ type: "listChanged", list: listOf(paneState) });
    });
  }

  function run(/** @type {{type: string, [key: string]: any}} */ effect) {
    switch (effect.type) {
      case "address": {
        const entry = { viewer: effect.itemId, galleryId: pane.galleryId };
        const url = addressOf(pane, effect.itemId);
        forgetAddress();
        if (effect.how === "push") history.pushState(entry, "", url);
        else replaceAddress(entry, url);
        return;
      }
      case "addressClosed":
        forgetAddress();
        if (effect.back && history.state?.viewer) {
          history.back();
          clearTimeout(backPending);
          backPending = setTimeout(wentBack, 1000); // in case the browser never says so
        } else history.replaceState(null, "", addressOf(pane, null));
        return;
      case "announce":
        if (state.open) view.say(effect.text);
        return;
      case "tell":
        announcer.alert(effect.text);
        pane.view.showStatus(effect.text, 15_000);
        return;
      case "prefetch":
        // Each file once, readied by the dialog (view/imagesAhead.js): fetched, and decoded while the stage is idle.
        view.fetchAhead(effect.items.map(urlAhead).filter(Boolean));
        return;
      case "readPosition": {
        const { position } = effect;
        pane.context.sync.itemAt(position).then(
          (item) => send({ type: "positionRead", position, item: item ?? null }),
          () => send({ type: "positionRead", position, item: null }),
        );
        return;
      }
      case "locate":
        return void locate(effect.itemId);
      case "readOrder": {
        const { where } = effect;
        const from = pane;
        api.itemsWindow(pane.galleryId, where, effect.count).then(
          (page) => from === pane && send({ type: "orderRead", where, page }),
          (error) =>
            from === pane && send({ type: "orderFailed", where, status: error.status ?? 0, message: error.message }),
        );
        return;
      }
      case "reveal": {
        const items = pane.itemsView();
        items.focusedId = effect.itemId; // the tile focus comes back to, and the one the pane's rereads keep
        items.reveal(effect.itemId);
        return;
      }
      case "want":
        if (shownWindow(pane.state).windowed) pane.context.sync.showRange(effect.first, effect.last);
        return;
      case "readDetails":
        api.item(effect.itemId).then(
          (item) => send({ type: "detailsRead", itemId: effect.itemId, item }),
          () => {}, // the item left: the items held say so
        );
        return;
      case "saveDetails":
        try {
          localStorage.setItem(DETAILS_KEY, effect.shown ? "shown" : "hidden");
        } catch {}
        return;
      case "timer":
        clearTimeout(timer);
        timer = setTimeout(() => send({ type: "slideshowTicked" }), effect.ms);
        return;
      case "stopTimer":
        clearTimeout(timer);
        return;
      case "focusTile": {
        const items = pane.itemsView();
        if (items.itemFor(effect.itemId)) items.focusItem(effect.itemId);
        else pane.view.scroller.focus({ preventScroll: true });
        return;
      }
      default:
        throw new Error(`Unknown viewer effect ${effect.type}`);
    }
  }

  /** Asks the server where item `itemId` is in the pane's gallery (a window of one item around it). */
  async function locate(itemId) {
    const galleryId = pane.galleryId;
    try {
      const page = await api.itemsWindow(galleryId, { around: itemId }, 1);
      const index = page.items.findIndex((item) => item.id === itemId);
      if (index < 0) send({ type: "locateFailed", itemId, status: 404 });
      else send({ type: "located", itemId, position: page.position + index, item: page.items[index] });
    } catch (error) {
      send({ type: "locateFailed", itemId, status: error.status ?? 0, message: error.message });
    }
  }

  /** The file the viewer would draw of `item` at fit on this stage (null: none). */
  function urlAhead(item) {
    if (item.state !== "ready") return null;
    if ((item.kind ?? "image") === "image" && item.width > 0 && item.height > 0) {
      const size = { width: item.width, height: item.height };
      const needed = fitScale(state.stage, size) * size.width * (window.devicePixelRatio || 1);
      return imageSource(item, needed)?.url ?? null;
    }
    return (item.kind === "video" ? item.posterURL : item.imageURL) ?? null;
  }

  /** Replaces the address now, or once `ADDRESS_EVERY_MS` passed since it last was (then the newest is written). */
  function replaceAddress(entry, url) {
    const write = () => {
      addressLater = null;
      addressWritten = performance.now();
      history.replaceState(entry, "", url);
    };
    const wait = addressWritten + ADDRESS_EVERY_MS - performance.now();
    if (wait <= 0) write();
    else addressLater = setTimeout(write, wait);
  }

  /** Drops the address waiting to be written (another is written, or the history moved). */
  function forgetAddress() {
    clearTimeout(addressLater);
    addressLater = null;
  }

  /** The step back that closing asked for is done: an opening that waited for it is made now. */
  function wentBack() {
    clearTimeout(backPending);
    backPending = null;
    const next = waiting;
    waiting = null;
    if (next) open(...next);
  }

  function open(onPane, itemId, by) {
    if (backPending) {
      waiting = [onPane, itemId, by];
      return;
    }
    if (state.open && pane !== onPane) send({ type: "closeWanted", by: "history" });
    follow(onPane);
    send({ type: "openWanted", itemId, item: onPane.itemById(itemId) ?? null, by });
  }

  view.bindInput(send);
  view.bindClose((by) => send({ type: "closeWanted", by }));
  // A note edited in the viewer is kept as one edited in its tile; a title and caption, as one undoable change.
  view.bindEditNote((itemId, text) => pane?.itemActions.editNote(itemId, text));
  // A turn in the viewer is one of the pane's (one undoable change), read-only panes excepted.
  view.bindTurn((itemId, turn) => {
    if (pane && !pane.readOnly) pane.turnActions.turn([itemId], turn);
  });
  view.bindDescribe(async (itemId, changes) => {
    const { history: answered } = await api.describeItem(itemId, changes);
    pane?.afterOwnChange(answered);
  });

  return {
    /** Opens item `itemId` of `onPane`: `by` "user" (a double click, Enter, Open), "address" (the page's address named
     * it) or "history" (Back or Forward). */
    open(onPane, itemId, by = "user") {
      open(onPane, itemId, by);
    },
    /** The browser went Back or Forward (`popstate`) to an address showing `target` ({pane, itemId}) open, or nothing
     * (null): the viewer follows, unless this is the step back its own closing asked for. */
    followHistory(target) {
      forgetAddress(); // the entry it was for is left
      if (backPending) return wentBack();
      if (target) open(target.pane, target.itemId, "history");
      else if (state.open) send({ type: "closeWanted", by: "history" });
    },
    get isOpen() {
      return state.open;
    },
    /** The pane and item open, for the page's address (null when closed). */
    get shown() {
      return state.open ? { pane, itemId: state.itemId } : null;
    },
  };
}

/** Whether the details panel was shown when the viewer was last used (this browser remembers). */
function remembered() {
  try {
    return localStorage.getItem(DETAILS_KEY) === "shown";
  } catch {
    return false;
  }
}
