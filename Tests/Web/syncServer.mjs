// A model gallery server and a model runner for the sync machine's tests (not a test file itself). The server keeps
// the live items in order, one numbered event per change (in the wire format of docs/live-undo-api.md: items, runs
// told by their ends), and answers pages as the real store does (after a cursor, before one, from a position, around
// an item). The runner carries out the machine's effects as requests that the test serves and delivers in any order.

import { syncStep, initialSync } from "../../Web/model/gallerySync.js";

export const G = "g";
/** Events the server keeps: an older `since` is answered with a reset. */
const KEPT_EVENTS = 40;

/** The order key of position `n` of a fresh gallery (spaced, so that keys fit between any two). */
export const keyOf = (n) => String((n + 1) * 1_000_000).padStart(14, "0");

/** A model server holding `count` items. */
export function createServer(count) {
  let sequence = 1;
  let items = Array.from({ length: count }, (_, n) => ({ id: `i${n}`, orderKey: keyOf(n), changeSequence: 1 }));
  /** @type {any[]} */
  const events = [];
  const trashedRuns = [];
  let made = count;
  const usedKeys = new Set(items.map((item) => item.orderKey));

  const gallery = () => ({ id: G, name: "G", imagesPerRow: 4, sequence, itemCount: items.length, trashCount: 0 });
  const live = (item) => ({ ...item, galleryId: G, state: "ready", trashed: false });
  const sort = () => items.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
  function publish(change) {
    sequence += 1;
    events.push({ sequence, gallery: gallery(), ...change });
    server.onEvent(events[events.length - 1]);
  }
  /** A key between the items at `index - 1` and `index`, or null when none fits. */
  function keyAt(index) {
    const low = index > 0 ? Number(items[index - 1].orderKey) : 0;
    const high = index < items.length ? Number(items[index].orderKey) : low + 2_000_000;
    // Keys are never used twice (a trashed run keeps its keys, to come back with them).
    for (let key = Math.floor((low + high) / 2); key > low && key < high; key += 1) {
      const text = String(key).padStart(14, "0");
      if (!usedKeys.has(text)) return usedKeys.add(text) && text;
    }
    return null;
  }
  function page(start, end) {
    const slice = items.slice(start, end);
    return {
      gallery: gallery(),
      items: slice.map(live),
      position: slice.length ? start : items.length,
      count: items.length,
      nextCursor: end < items.length ? slice[slice.length - 1]?.orderKey : null,
    };
  }
  const indexAfter = (key) => items.findIndex((item) => item.orderKey > key);

  const server = {
    /** Called with each event as it is published (the live socket's end on the server). */
    onEvent: (/** @type {any} */ _event) => {},
    get items() {
      return items;
    },
    get sequence() {
      return sequence;
    },
    /** The first page (no cursor) or the page after `cursor`. */
    itemsPage(cursor, limit) {
      const start = cursor ? indexAfter(cursor) : 0;
      return page(start < 0 ? items.length : start, Math.min(items.length, (start < 0 ? items.length : start) + limit));
    },
    /** A window: `where` is {cursor}, {before}, {position} or {around}. */
    itemsWindow(where, limit) {
      let start;
      if (where.cursor !== undefined) start = indexAfter(where.cursor) < 0 ? items.length : indexAfter(where.cursor);
      else if (where.before !== undefined) {
        const stop = items.findIndex((item) => item.orderKey >= where.before);
        const end = stop < 0 ? items.length : stop;
        return page(Math.max(0, end - limit), end);
      } else if (where.position !== undefined) start = Math.max(0, Math.min(where.position, items.length - limit));
      else {
        const at = items.findIndex((item) => item.id === where.around);
        if (at < 0) throw Object.assign(new Error("There is no such item."), { status: 404 });
        start = Math.max(0, at - Math.floor((limit - 1) / 2));
      }
      return page(start, Math.min(items.length, start + limit));
    },
    /** The events after `since`, or a reset when they are no longer kept. */
    events(since) {
      const oldest = events.length > KEPT_EVENTS ? events[events.length - KEPT_EVENTS].sequence - 1 : 1;
      if (since < oldest || since > sequence) return { gallery: gallery(), events: [], reset: true };
      return { gallery: gallery(), events: events.filter((event) => event.sequence > since), reset: false };
    },
    eventsAfter: (since) => events.filter((event) => event.sequence > since),
    /** Moves the item at `from` to before the item at `to`; false when no key fits there. */
    move(from, to) {
      const key = keyAt(to);
      if (!key || from === to) return false;
      const moved = { ...items[from], orderKey: key, changeSequence: sequence + 1 };
      items[from] = moved;
      sort();
      publish({ items: [live(moved)] });
      return true;
    },
    /** Adds a new item before the item at `at`. */
    add(at) {
      const key = keyAt(at);
      if (!key) return false;
      const added = { id: `n${made++}`, orderKey: key, changeSequence: sequence + 1 };
      items.push(added);
      sort();
      publish({ items: [live(added)] });
      return true;
    },
    /** Trashes the item at `index` (one event that lists it as trashed). */
    trash(index) {
      const [gone] = items.splice(index, 1);
      if (!gone) return false;
      publish({ items: [{ ...live(gone), trashed: true, changeSequence: sequence + 1 }] });
      return true;
    },
    /** Trashes the run of `count` items from `start`, told by its ends. */
    trashRun(start, count) {
      const run = items.slice(start, start + count);
      if (!run.length) return false;
      items = items.filter((item) => !run.includes(item));
      trashedRuns.push(run);
      publish({
        runs: [{ firstKey: run[0].orderKey, lastKey: run[run.length - 1].orderKey, count: run.length, left: true }],
      });
      return true;
    },
    /** Brings the last trashed run back, told by its ends. */
    restoreRun() {
      const run = trashedRuns.pop();
      if (!run) return false;
      items.push(...run);
      sort();
      publish({
        runs: [{ firstKey: run[0].orderKey, lastKey: run[run.length - 1].orderKey, count: run.length, left: false }],
      });
      return true;
    },
  };
  return server;
}

/**
 * A model runner: the machine's state, and its effects turned into requests (`pending`) that the test serves (the
 * server answers at that moment) and delivers (the answer reaches the machine) when it likes; the live socket is a
 * queue of events. `focus` is the item the view has focus on.
 */
export function createRunner(server) {
  const runner = {
    state: initialSync(),
    /** Requests on their way: {kind, effect, answer?} (an answer once served). */
    pending: [],
    /** Events the socket will deliver, in order. */
    socket: [],
    /** Whether the socket is open (events published meanwhile are queued in `socket`). */
    connected: true,
    /** Every effect, in order, for assertions. */
    effects: [],
    focus: null,
    /** The position the view shows (it scrolls to an item a jump focused). */
    viewAt: 0,
    jumps: [],
    send(input) {
      const { state, effects } = syncStep(runner.state, { focusedId: runner.focus, ...input });
      runner.state = state;
      for (const effect of effects) runner.run(effect);
      return effects;
    },
    run(effect) {
      runner.effects.push(effect);
      switch (effect.type) {
        case "readPage":
        case "readRest":
        case "readEvents":
        case "reload":
        case "readEventsLater":
          runner.pending.push({ kind: effect.type, effect });
          break;
        case "reconnect":
          runner.socket = server.eventsAfter(runner.state.replica.sequence);
          break;
        case "jumpDone":
          runner.jumps.shift()?.();
          break;
      }
    },
    /** Opens the gallery on its first page, its socket sending what comes after. */
    open() {
      runner.send({ type: "opened", page: server.itemsPage(null, 500) });
      runner.socket = server.eventsAfter(runner.state.replica.sequence);
    },
    /** Asks the server for the answer of pending request `index` (it answers as it is now). */
    serve(index) {
      const request = runner.pending[index];
      if (request.answer) return;
      const { effect } = request;
      try {
        request.answer =
          request.kind === "readPage"
            ? { ...effect, type: "pageRead", page: server.itemsWindow(effect.where, effect.count) }
            : request.kind === "readRest"
              ? { ...effect, type: "restRead", page: server.itemsPage(effect.cursor, 1000) }
              : request.kind === "readEvents"
                ? { type: "eventsRead", feed: server.events(effect.since) }
                : request.kind === "reload"
                  ? { ...effect, type: "opened", page: server.itemsPage(null, 500), reloading: true }
                  : { type: "gapFound" };
      } catch (error) {
        request.answer = { ...effect, type: request.kind === "readPage" ? "pageFailed" : "eventsFailed", error };
      }
    },
    /** Delivers pending request `index` (served now if it was not). */
    deliver(index) {
      runner.serve(index);
      const [request] = runner.pending.splice(index, 1);
      runner.send(request.answer);
      if (request.kind === "reload" && request.effect.restart)
        runner.socket = server.eventsAfter(runner.state.replica.sequence);
    },
    /** The next event of the socket reaches the machine. */
    deliverEvent() {
      const event = runner.socket.shift();
      if (event) runner.send({ type: "eventReceived", event });
    },
    /** Asks for the item at `position`; resolves with the item held there once the reading for it ended. */
    jump(position) {
      runner.jumps.push(() => {
        const { replica } = runner.state;
        const held = replica.items[position - (replica.window?.offset ?? 0)];
        // No item there (the gallery shrank meanwhile): the window went there all the same, the focus with it.
        if (held) Object.assign(runner, { focus: held.id, viewAt: position });
        else if (!replica.items.some((item) => item.id === runner.focus)) runner.focus = null;
      });
      runner.send({ type: "jumpWanted", position });
    },
    /** Every request served and delivered, every event sent, until nothing is left. */
    settle() {
      for (let round = 0; round < 10_000; round += 1) {
        if (runner.socket.length) runner.deliverEvent();
        else if (runner.pending.length) runner.deliver(0);
        else return;
      }
      throw new Error("the sync never settled");
    },
  };
  server.onEvent = (event) => {
    if (runner.connected) runner.socket.push(event);
  };
  return runner;
}
