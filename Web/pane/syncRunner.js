// The runner of a pane's sync machine (model/gallerySync.js): feeds it the inputs (the page asked, the live feed's
// events, what the view shows), keeps its state in the pane store, and carries out the effects it returns: requests
// to the API, the live socket's restart, timers, and what the pane shows or says. No sync state of its own.

import { syncStep } from "../model/gallerySync.js";
import { roleOf } from "../model/roles.js";
import { paneActions } from "../store/paneState.js";

/**
 * @typedef {{
 *   setLoading(done: number | null, count?: number): void,
 *   setConnection(state: string): void,
 *   focusedId(): string | null,
 *   board(): boolean,
 *   changedElsewhere(changes: any[]): void,
 *   settled(before: any[], after: any[]): void,
 *   placeRest(): void,
 *   regionShown(): void,
 *   gone(reason: string): void,
 *   alert(message: string): void,
 * }} SyncOutlets what the runner may show, say and ask of the pane
 */

/** The sync of the items of `source` (net/itemSources.js: a gallery or a search), its state in `store`, its effects
 * shown through `outlets`. */
export function createSyncRunner(
  /** @type {import("../net/itemSources.js").ItemSource} */ initialSource,
  store,
  /** @type {SyncOutlets} */ outlets,
) {
  let source = initialSource;
  /** Counts the reloads asked: only the newest one's answer opens the list (an older answer never replaces it). */
  let reloads = 0;
  /** The callers waiting for a jump to end, oldest first (jumps end in the order they were asked). */
  const jumps = [];
  let live = null;
  let gapTimer = null;

  /** Hands `input` to the machine, keeps its next state, and carries out its effects. */
  function send(input) {
    const state = store.getState();
    const before = state.shown;
    const { state: next, effects } = syncStep(state.sync, { focusedId: outlets.focusedId(), ...input });
    store.dispatch(paneActions.syncStepped(next));
    if (next.replica !== state.sync.replica) outlets.settled(before, store.getState().shown);
    for (const effect of effects) run(effect);
  }

  const generation = () => store.getState().sync.generation;

  /** Sends the answer to `request` as `{type: answered, ...echo, [key]: answer}`, or `failed` with the error. */
  function answer(request, echo, answered, key, failed) {
    request.then(
      (value) => send({ ...echo, type: answered, [key]: value }),
      (error) => send({ ...echo, type: failed, error }),
    );
  }

  function run(/** @type {import("../model/gallerySync.js").SyncEffect} */ effect) {
    const echo = { generation: effect.generation };
    switch (effect.type) {
      case "readPage":
        return answer(source.window(effect.where, effect.count), { ...effect }, "pageRead", "page", "pageFailed");
      case "readRest":
        return answer(source.rest(effect.cursor), echo, "restRead", "page", "restFailed");
      case "readRegion":
        return answer(source.region(effect.asked, effect.limit), { ...effect }, "regionRead", "page", "regionFailed");
      case "readEvents":
        return answer(source.events(effect.since), {}, "eventsRead", "feed", "eventsFailed");
      case "readEventsLater":
        clearTimeout(gapTimer);
        gapTimer = setTimeout(() => send({ type: "gapFound" }), effect.ms);
        return;
      case "reload":
        return void reload({ restart: effect.restart, catchUp: effect.catchUp });
      case "reconnect":
        return live?.restart();
      case "showConnection":
        return outlets.setConnection(effect.state);
      case "showLoading":
        return outlets.setLoading(effect.done, effect.count);
      case "tellChanges":
        return outlets.changedElsewhere(effect.changes);
      case "placeRest":
        return outlets.placeRest();
      case "regionShown":
        return outlets.regionShown();
      case "jumpDone":
        return jumps.shift()?.();
      case "gone":
        return outlets.gone(effect.reason);
      case "alert":
        return outlets.alert(effect.message);
      case "warn":
        return console.warn(effect.message, effect.error);
      default:
        throw new Error(`Unknown sync effect ${effect.type}`);
    }
  }

  /** Reads the list's first page afresh and opens it; true when it loaded. `quiet`: a failure is answered (the
   * error), not said. */
  async function reload({ restart = true, catchUp = false, quiet = false } = {}) {
    const mine = ++reloads;
    let page;
    try {
      page = await source.first();
    } catch (error) {
      if (mine !== reloads) return false;
      if (quiet) return { failed: error };
      send({ type: "reloadFailed", error });
      return false;
    }
    if (mine !== reloads) return false;
    store.dispatch(paneActions.accessChanged(roleOf(page.gallery)));
    send({ type: "opened", page, board: outlets.board(), reloading: true, restart, catchUp });
    return true;
  }

  return {
    send,
    /** Opens the gallery from its first page, then follows its live feed. */
    start(page) {
      send({ type: "opened", page, board: outlets.board() });
      live = source.live({
        since: () => store.getState().sync.replica.sequence,
        onEvent: (event) => send({ type: "eventReceived", event }),
        onProgress: (progress) => store.dispatch(paneActions.progressReceived(progress)),
        onReset: () => send({ type: "reset" }),
        onGone: (reason) => send({ type: "gone", reason }),
        onState: (state) => send({ type: state === "open" ? "socketOpened" : "socketClosed" }),
        // A list without events (a search's results) is read again when what it shows may have changed.
        onChanged: () => reload({ restart: false }),
      });
    },
    reload,
    /** Reads the items of `next` in place of those shown (a search with other words): an answer to the one before
     * is let go. Resolves with the error when they could not be read. */
    async replaceSource(next) {
      source = next;
      const done = await reload({ restart: false, quiet: true });
      return (typeof done === "object" && done?.failed) || null;
    },
    generation,
    /** Reads into a big gallery's window the positions the view shows. */
    showRange: (first, last) => send({ type: "positionWanted", first, last }),
    /** The board view shows `rect`: a big board reads the region around it. */
    showBoard: (rect) => send({ type: "regionWanted", rect }),
    /** Resolves once the window was read for the item at `position` (as far as it could be). */
    jumpTo(position) {
      const done = new Promise((resolve) => jumps.push(resolve));
      send({ type: "jumpWanted", position });
      return done;
    },
    /** Reconnects at once if the socket is down. */
    refresh: () => live?.reconnectNow(),
    close() {
      clearTimeout(gapTimer);
      send({ type: "closed" });
      live?.close();
    },
  };
}
