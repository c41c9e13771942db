// The board of a big gallery, read by the region it shows (issue "A million items"): the pane holds the items of the
// board near the viewport (model/replica.js's board window), not the gallery; the sync machine (model/gallerySync.js)
// reads that region as the view pans and zooms. This holds the rest: the items not on the board yet are put there by
// the server, which alone has the rule for free space (for any board: a small one is told where each went by the
// change's event, a big one reads its region again), Zoom to Fit asks the server where the items lie, and Home and
// End read an item by position.

import { api } from "../net/api.js";
import { REGION_LIMIT } from "../model/regionSync.js";
import { isBoardWindow } from "../model/replica.js";

/** The most items a placing may put on the board and still be a change whose event says where each went. */
const TOLD_AT_MOST = 1000;

/**
 * @typedef {{
 *   galleryId: string,
 *   store: {getState(): any},
 *   sync: {send(input: any): void, generation(): number},
 *   setPartial(text: string | null): void,
 *   alert(message: string): void,
 *   zoomToFit(bounds: any[]): void,
 * }} BoardReadingPorts what the board reading may read and do
 */

/** The board reading of a pane, through `ports`. */
export function createBoardReading(/** @type {BoardReadingPorts} */ ports) {
  const { galleryId, store, sync } = ports;
  let placing = null;
  /** The gallery's change when the placing last began. */
  let placedAt = -1;
  /** How the placing of the items not on the board yet goes, while it does. @type {string | null} */
  let progress = null;

  const held = () => (isBoardWindow(store.getState().replica) ? store.getState().replica : null);
  const gone = () => store.getState().sync.gone;

  /** Asks the server to put every item not on the board yet there, a batch at a time (a big board's region is read
   * again after each, so the first rows show while the rest are placed; a board held whole is told by each batch's
   * event, so its batches are small enough to be told), saying how many are done meanwhile. */
  async function placeAll() {
    const generation = sync.generation();
    const whole = !held();
    let done = 0;
    try {
      for (;;) {
        const { placed, more } = await api.placeRest(galleryId, whole ? TOLD_AT_MOST : null);
        if (generation !== sync.generation() || gone()) return;
        done += placed;
        if (!whole) sync.send({ type: "regionChanged" });
        if (!more) break;
        progress = `Putting items on the board… ${done.toLocaleString("en")} so far`;
        tell();
      }
    } catch (error) {
      ports.alert(`Could not put the new items on the board: ${error.message}`);
    }
    progress = null;
    if (generation === sync.generation()) tell();
  }

  /** Says above the board how the placing goes, or else whether the region shown holds more items than were read. */
  function tell() {
    const replica = held();
    const partial = replica && !replica.window.complete;
    ports.setPartial(
      progress ??
        (partial ? `More than ${REGION_LIMIT.toLocaleString("en")} items lie here: zoom in to see every one.` : null),
    );
  }

  /** Places the items not on the board yet, once for each change of the gallery seen (so that an item the server
   * cannot place is not asked for again and again). */
  function placeRest() {
    const sequence = store.getState().replica?.sequence ?? 0;
    if (!placing && sequence === placedAt) return Promise.resolve();
    placedAt = sequence;
    placing ??= placeAll().finally(() => {
      placing = null;
    });
    return placing;
  }

  return {
    placeRest,
    tell,
    /** Zooms the view to the rectangle around every item on the board, which the server knows. */
    async fit() {
      try {
        const { bounds } = await api.boardBounds(galleryId);
        if (held()) ports.zoomToFit(bounds ? [bounds] : []);
      } catch (error) {
        ports.alert(`Could not fit the board: ${error.message}`);
      }
    },
    /** The item at `position` in the gallery's order (Home, End), read by it and held, for the view to go to; null
     * when there is none, it is not on the board yet, or the board was left meanwhile. */
    async itemAt(position) {
      const generation = sync.generation();
      let page;
      try {
        page = await api.itemsWindow(galleryId, { position }, 1);
      } catch (error) {
        if (generation === sync.generation()) ports.alert(`Could not go there: ${error.message}`);
        return null;
      }
      const item = page.items[0];
      if (generation !== sync.generation() || gone() || !held() || !item?.board) return null;
      sync.send({ type: "boardItemsRead", page, generation });
      return store.getState().shown.find((shown) => shown.id === item.id) ?? null;
    },
  };
}
