// The board of a big gallery, read by the region it shows (issue "A million items"): the pane holds the items of the
// board near the viewport (model/replica.js's board window), not the gallery. When it opens, the items not on the
// board yet are put there by the server (which has them all; a small gallery's board places the items it holds
// itself, pane/boardActions.js); then, as the view pans and zooms, the region around what it shows is read, one
// request at a time, the latest view first.

import { api } from "../net/api.js";
import { grownBy, holds } from "../model/board.js";
import { addBoardItems, addBoardPage, createBoardReplica, isBoardWindow } from "../model/replica.js";

/** How much of the viewport's size is read beyond each of its sides. */
const MARGIN = 0.5;
/** The most items read for a region (as many as a board zoomed out over a crowded part can draw smoothly). */
const LIMIT = 1000;

/** The board reading of `pane` (a GalleryPane: its store, replica, generation of loads and catching up). */
export function createBoardReading(pane) {
  /** The board rectangle in view, as the view last told it. @type {import("../model/board.js").Rect | null} */
  let wanted = null;
  let reading = false;
  /** The view the region held was read for. @type {import("../model/board.js").Rect | null} */
  let readFor = null;
  /** A read of the region again was asked for while another was under way. */
  let again = false;
  let placing = null;
  /** The gallery's change when the placing last began. */
  let placedAt = -1;
  /** How the placing of the items not on the board yet goes, while it does. @type {string | null} */
  let progress = null;

  const held = () => (isBoardWindow(pane.state.replica) ? pane.state.replica : null);

  /** Reads the region around the view unless it is held (or `force`), then again while the view moved on. A region
   * with more items than a read takes is read again as the view alone (`bare`), so that what it shows is in view. */
  async function read(force = false, bare = false) {
    if (reading) {
      again ||= force;
      return;
    }
    const replica = held();
    if (!replica || !wanted) return;
    const { region, complete } = replica.window;
    // A region that held more items than were read is read again once the view is zoomed in on part of it.
    const closer = !complete && readFor && wanted.width < readFor.width * 0.8;
    if (!force && region && holds(region, wanted) && !closer) return;
    readFor = wanted;
    const asked = bare ? wanted : grownBy(wanted, MARGIN);
    const generation = pane.loadGeneration;
    reading = true;
    try {
      const page = await api.boardItems(pane.galleryId, asked, LIMIT);
      if (generation !== pane.loadGeneration || pane.isGone || !held()) return;
      pane.setReplica(addBoardPage(pane.state.replica, page, asked));
      tell();
      if (page.gallery.sequence > pane.state.replica.sequence) pane.catchUp();
    } catch (error) {
      if (generation !== pane.loadGeneration) return;
      if (error.status === 404) pane.gone(error.message);
      else pane.announcer.alert(`Could not read this part of the board: ${error.message}`);
      return;
    } finally {
      reading = false;
    }
    const twice = again;
    again = false;
    const crowded = !bare && !held()?.window.complete;
    read(twice || crowded, crowded);
  }

  /** Asks the server to put every item not on the board yet there, a batch at a time (what is shown is read again
   * after each, so the first rows show while the rest are placed), saying how many are done meanwhile. */
  async function placeAll() {
    const generation = pane.loadGeneration;
    let done = 0;
    try {
      for (;;) {
        const { placed, more } = await api.placeRest(pane.galleryId);
        if (generation !== pane.loadGeneration || pane.isGone) return;
        done += placed;
        read(true);
        if (!more) break;
        progress = `Putting items on the board… ${done.toLocaleString("en")} so far`;
        tell();
      }
    } catch (error) {
      pane.announcer.alert(`Could not put the new items on the board: ${error.message}`);
    }
    progress = null;
    if (generation === pane.loadGeneration) tell();
  }

  /** Says above the board how the placing goes, or else whether the region shown holds more items than were read. */
  function tell() {
    const replica = held();
    const partial = replica && !replica.window.complete;
    pane.view.setPartial(
      progress ??
        (partial ? `More than ${LIMIT.toLocaleString("en")} items lie here: zoom in to see every one.` : null),
    );
  }

  /** Places the items not on the board yet, once for each change of the gallery seen (so that an item the server
   * cannot place is not asked for again and again). */
  function placeRest() {
    const sequence = pane.state.replica?.sequence ?? 0;
    if (!placing && sequence === placedAt) return Promise.resolve();
    placedAt = sequence;
    placing ??= placeAll().finally(() => {
      placing = null;
    });
    return placing;
  }

  return {
    /** Opens the board of a big gallery from its first page: the items not on the board yet are put there first
     * (for a viewer too: where they go follows from the gallery, and the board shows no item until it is placed). */
    async open(page) {
      pane.setReplica(createBoardReplica(page.gallery));
      await placeRest();
    },
    /** The view shows `rect` of the board (board units). */
    show(rect) {
      wanted = rect;
      read();
    },
    /** Reads what is shown again (an event changed more than the items held). */
    reread() {
      read(true);
    },
    /** Zooms the view to the rectangle around every item on the board, which the server knows. */
    async fit() {
      try {
        const { bounds } = await api.boardBounds(pane.galleryId);
        if (held()) pane.itemsView().zoomToFit?.(bounds ? [bounds] : []);
      } catch (error) {
        pane.announcer.alert(`Could not fit the board: ${error.message}`);
      }
    },
    placeRest,
    /** The item at `position` in the gallery's order (Home, End), read by it and held, for the view to go to; null
     * when there is none, it is not on the board yet, or the board was left meanwhile. */
    async itemAt(position) {
      const generation = pane.loadGeneration;
      let page;
      try {
        page = await api.itemsWindow(pane.galleryId, { position }, 1);
      } catch (error) {
        if (generation === pane.loadGeneration) pane.announcer.alert(`Could not go there: ${error.message}`);
        return null;
      }
      const item = page.items[0];
      if (generation !== pane.loadGeneration || pane.isGone || !held() || !item?.board) return null;
      pane.setReplica(addBoardItems(pane.state.replica, page));
      return pane.state.shown.find((shown) => shown.id === item.id) ?? null;
    },
  };
}
