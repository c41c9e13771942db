// The sync machine alone (Web/model/gallerySync.js), against a model server (syncServer.mjs): the races fixed in the
// pane's bookkeeping, each as a named case, and a property: any interleaving of page reads, events, jumps, lost events,
// closed sockets and resets ends with the items held equal to the server's, in its order, and the focused item held.
// Every run is seeded: `SYNC_SEED=17 node --test Tests/Web/gallerySync.test.mjs` runs that seed alone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { initialSync, syncStep } from "../../Web/model/gallerySync.js";
import { element, integer, seededRandom } from "./random.mjs";
import { createRunner, createServer } from "./syncServer.mjs";

const ids = (items) => items.map((item) => item.id);
const kinds = (effects) => effects.map((effect) => effect.type);
const requests = (runner, kind) => runner.pending.filter((request) => request.kind === kind);
const indexOf = (runner, kind, purpose) =>
  runner.pending.findIndex((request) => request.kind === kind && (!purpose || request.effect.purpose === purpose));

/** The items held are a run of the server's, in its order, with none missing between them (all of them when the
 * gallery is held whole), and the focused item, if any, is among them. */
function assertInStep(runner, server, message = "") {
  const { replica } = runner.state;
  const held = ids(replica.items);
  const all = ids(server.items);
  assert.equal(replica.sequence, server.sequence, `${message} sequence`);
  if (!replica.window) assert.deepEqual(held, all, `${message} the whole gallery`);
  else {
    const start = all.indexOf(held[0]);
    assert.ok(start >= 0, `${message} the window's first item is live`);
    assert.deepEqual(held, all.slice(start, start + held.length), `${message} the window is a run of the gallery`);
  }
  // The focused item stays held while it is in the gallery (an item trashed elsewhere takes the focus with it).
  if (all.includes(runner.focus))
    assert.ok(held.includes(runner.focus), `${message} the focused item ${runner.focus} is held`);
}

test("opening a small gallery holds it whole and reads the rest page after page", () => {
  const server = createServer(1200);
  const runner = createRunner(server);
  runner.open();
  assert.equal(runner.state.replica.items.length, 500);
  assert.deepEqual(kinds(runner.effects), ["showLoading", "readRest"]);
  runner.settle();
  assertInStep(runner, server);
  assert.equal(runner.state.replica.loading, null);
  assert.equal(runner.state.rest, null);
});

test("opening a big gallery holds its first page as a window; the view's positions read the page after it", () => {
  const server = createServer(6000);
  const runner = createRunner(server);
  runner.open();
  assert.deepEqual(runner.state.replica.window.offset, 0);
  runner.send({ type: "positionWanted", first: 300, last: 420 });
  assert.deepEqual(requests(runner, "readPage")[0].effect.where, { cursor: server.items[499].orderKey });
  runner.settle();
  assert.equal(runner.state.replica.items.length, 1000);
  assertInStep(runner, server);
});

test("a run that comes between held items: the page read again becomes the window, a page read next to it before is let go", () => {
  const server = createServer(6000);
  const runner = createRunner(server);
  runner.open();
  runner.focus = "i10";
  server.trashRun(100, 100);
  runner.deliverEvent();
  runner.settle();
  // The view nears the window's end: the page after it is read (by the cursor of the last item held) ...
  runner.send({ type: "positionWanted", first: 250, last: 380 });
  const nextPage = indexOf(runner, "readPage", "window");
  runner.serve(nextPage);
  // ... and the run comes back between the held items before that page arrives.
  server.restoreRun();
  runner.deliverEvent();
  assert.equal(runner.state.replica.window.split, true);
  assert.equal(runner.state.rereading, true);
  const heldBefore = ids(runner.state.replica.items);
  runner.deliver(indexOf(runner, "readPage", "window"));
  assert.deepEqual(ids(runner.state.replica.items), heldBefore, "the page read next to the split window is not placed");
  runner.deliver(indexOf(runner, "readPage", "reread"));
  assert.equal(runner.state.replica.window.split, false);
  assert.equal(runner.state.replica.window.offset, 0, "the window stays where the focused item is");
  assertInStep(runner, server);
});

test("a reread while a jump is under way: the jump's page is let go, and read again once the reread is placed", () => {
  const server = createServer(6000);
  const runner = createRunner(server);
  runner.open();
  runner.focus = "i10";
  runner.jump(3000);
  const jumpPage = indexOf(runner, "readPage", "window");
  assert.deepEqual(runner.pending[jumpPage].effect.where, { position: 2875 });
  runner.serve(jumpPage);
  server.trashRun(50, 10);
  runner.deliverEvent();
  assert.equal(runner.state.rereading, true);
  runner.deliver(indexOf(runner, "readPage", "window"));
  assert.notEqual(runner.state.jump, null, "the jump waits for the reread");
  assert.equal(runner.focus, "i10");
  runner.deliver(indexOf(runner, "readPage", "reread"));
  assert.equal(requests(runner, "readPage").length, 1, "the jump reads its page again");
  runner.settle();
  assert.equal(runner.state.jump, null);
  assert.equal(runner.focus, server.items[3000].id, "the item now at the position is focused");
  assertInStep(runner, server);
});

test("events that arrive during a reset are not lost: the socket starts again from the reloaded sequence", () => {
  const server = createServer(30);
  const runner = createRunner(server);
  runner.open();
  runner.send({ type: "reset" });
  server.move(3, 20);
  runner.serve(indexOf(runner, "reload"));
  server.move(5, 0);
  runner.deliverEvent(); // applied to the replica the reload replaces
  runner.deliver(indexOf(runner, "reload"));
  assert.deepEqual(kinds(runner.effects.slice(-2)), ["showLoading", "reconnect"]);
  runner.settle();
  assertInStep(runner, server);
});

test("events that arrive during a reset of the catch-up are read after the reload", () => {
  const server = createServer(30);
  const runner = createRunner(server);
  runner.open();
  runner.connected = false;
  for (let n = 0; n < 100; n += 1) server.move(n % 30, (n * 7) % 30);
  runner.send({ type: "eventReceived", event: server.eventsAfter(0).at(-1) });
  runner.connected = true;
  assert.equal(requests(runner, "readEvents").length, 1, "a gap is caught up");
  runner.deliver(indexOf(runner, "readEvents"));
  assert.equal(requests(runner, "reload").length, 1, "too far behind: the gallery is reloaded");
  runner.serve(indexOf(runner, "reload"));
  server.move(1, 9);
  runner.deliver(indexOf(runner, "reload"));
  assert.deepEqual(requests(runner, "readEvents")[0].effect, { type: "readEvents", since: server.sequence - 1 });
  runner.settle();
  assertInStep(runner, server);
});

test("a socket closed mid-catch-up: the events it sends again and the catch-up's meet without harm", () => {
  const server = createServer(30);
  const runner = createRunner(server);
  runner.open();
  server.move(1, 10);
  server.move(2, 12);
  server.move(3, 14);
  runner.socket.splice(0, 2); // two events lost
  runner.deliverEvent();
  assert.equal(runner.state.catchingUp, true);
  runner.serve(indexOf(runner, "readEvents"));
  assert.deepEqual(kinds(runner.send({ type: "socketClosed" })), ["showConnection"]);
  runner.connected = false;
  server.add(4);
  runner.connected = true;
  runner.send({ type: "socketOpened" });
  runner.socket = server.eventsAfter(runner.state.replica.sequence);
  while (runner.socket.length) runner.deliverEvent();
  assert.equal(runner.state.replica.sequence, server.sequence);
  runner.deliver(indexOf(runner, "readEvents"));
  assert.equal(runner.state.catchingUp, false);
  assert.equal(runner.pending.length, 0, "no gap is left to catch up");
  assertInStep(runner, server);
});

test("a page read before an event that removed its items does not bring them back (window)", () => {
  const server = createServer(6000);
  const runner = createRunner(server);
  runner.open();
  runner.send({ type: "positionWanted", first: 300, last: 420 });
  runner.serve(indexOf(runner, "readPage", "window"));
  server.trash(700);
  runner.deliverEvent();
  runner.deliver(indexOf(runner, "readPage", "window"));
  assert.ok(!ids(runner.state.replica.items).includes("i700"));
  runner.settle();
  assertInStep(runner, server);
});

test("a page read before an event that removed its items does not bring them back (the rest of a small gallery)", () => {
  const server = createServer(1200);
  const runner = createRunner(server);
  runner.open();
  runner.serve(indexOf(runner, "readRest"));
  server.trash(800);
  runner.deliverEvent();
  runner.deliver(indexOf(runner, "readRest"));
  assert.ok(!ids(runner.state.replica.items).includes("i800"));
  runner.settle();
  assertInStep(runner, server);
});

test("answers to an earlier opening are let go after a reload", () => {
  const server = createServer(6000);
  const runner = createRunner(server);
  runner.open();
  runner.send({ type: "positionWanted", first: 300, last: 420 });
  runner.serve(indexOf(runner, "readPage", "window"));
  runner.send({ type: "reset" });
  runner.deliver(indexOf(runner, "reload"));
  runner.deliver(indexOf(runner, "readPage", "window"));
  assert.equal(runner.state.replica.items.length, 500, "the old page is not placed in the new window");
});

test("a gallery gone stops every reading, and says so once", () => {
  const { state } = syncStep(initialSync(), { type: "gone", reason: "trashed" });
  const again = syncStep(state, { type: "gone", reason: "trashed" });
  assert.equal(state.gone, true);
  assert.deepEqual(again.effects, []);
  const error = Object.assign(new Error("no such gallery"), { status: 404 });
  assert.deepEqual(kinds(syncStep(initialSync(), { type: "eventsFailed", error }).effects), ["gone"]);
});

test("a big board reads the region around its view, one read at a time, and again when asked meanwhile", () => {
  const server = createServer(6000);
  const runner = createRunner(server);
  runner.send({ type: "opened", page: server.itemsPage(null, 500), board: true });
  assert.deepEqual(kinds(runner.effects), ["showLoading", "placeRest"]);
  const view = { x: 0, y: 0, width: 100, height: 100 };
  const read = runner.send({ type: "regionWanted", rect: view });
  assert.deepEqual(read[0].asked, { x: -50, y: -50, width: 200, height: 200 });
  assert.deepEqual(runner.send({ type: "regionChanged" }), [], "a read under way: asked again after it");
  const page = { gallery: { id: "g", sequence: server.sequence, itemCount: 6000 }, items: [], complete: true };
  const after = runner.send({ ...read[0], type: "regionRead", page });
  assert.deepEqual(kinds(after), ["regionShown", "readRegion"]);
});

// ---- The property ----

/** One seeded run: the server changes, the socket delivers (or loses) its events, requests are served and delivered
 * in any order, the view moves with its focus, jumps, sockets close, resets come; then everything settles. */
function run(seed, count) {
  const random = seededRandom(seed);
  const server = createServer(count);
  const runner = createRunner(server);
  runner.open();
  runner.focus = runner.state.replica.items[integer(random, 0, 20)].id;
  // The view: scrolled to the focused item while it is held, it tells the positions it shows (where it last was
  // when the window moved away, as after a reload).
  const view = (rows) => {
    const { replica } = runner.state;
    const index = ids(replica.items).indexOf(runner.focus);
    if (index >= 0) runner.viewAt = (replica.window?.offset ?? 0) + index;
    const at = runner.viewAt;
    if (replica.window) runner.send({ type: "positionWanted", first: Math.max(0, at - 5), last: at + rows });
  };
  const focusIndex = () => server.items.findIndex((item) => item.id === runner.focus);
  const notFocus = (index) => index !== focusIndex();
  for (let step = 0; step < 160; step += 1) {
    const choice = random();
    const total = server.items.length;
    if (choice < 0.25) {
      const at = integer(random, 0, total - 1);
      const kind = element(random, ["move", "add", "trash", "run", "restore"]);
      const changed =
        kind === "move"
          ? notFocus(at) && server.move(at, integer(random, 0, total))
          : kind === "add"
            ? server.add(at)
            : kind === "trash"
              ? notFocus(at) && server.trash(at)
              : kind === "run"
                ? (() => {
                    const length = integer(random, 1, 600);
                    const f = focusIndex();
                    return (f < at || f >= at + length) && server.trashRun(at, length);
                  })()
                : server.restoreRun();
      void changed;
    } else if (choice < 0.45) {
      if (random() < 0.08) runner.socket.shift();
      else runner.deliverEvent();
    } else if (choice < 0.6 && runner.pending.length) runner.serve(integer(random, 0, runner.pending.length - 1));
    else if (choice < 0.8 && runner.pending.length) runner.deliver(integer(random, 0, runner.pending.length - 1));
    else if (choice < 0.9) view(integer(random, 0, 40));
    else if (choice < 0.94 && !runner.state.jump) runner.jump(integer(random, 0, total - 1));
    else if (choice < 0.98) {
      runner.connected = !runner.connected;
      runner.send({ type: runner.connected ? "socketOpened" : "socketClosed" });
      runner.socket = runner.connected ? server.eventsAfter(runner.state.replica.sequence) : [];
    } else {
      runner.send({ type: "reset" });
      runner.socket = [];
      runner.connected = true;
    }
  }
  if (!runner.connected) runner.socket = server.eventsAfter(runner.state.replica.sequence);
  runner.settle();
  // Events lost with no later one to show the gap are found when the socket reconnects from the replica's sequence.
  runner.socket = server.eventsAfter(runner.state.replica.sequence);
  runner.settle();
  view(20);
  runner.settle();
  assertInStep(runner, server, `seed ${seed}, ${count} items:`);
  assert.equal(runner.state.catchingUp, false, `seed ${seed}: no catch-up left`);
  assert.equal(runner.state.reading, null, `seed ${seed}: no page left on its way`);
}

const only = process.env.SYNC_SEED ? [Number(process.env.SYNC_SEED)] : null;
const seeds = only ?? Array.from({ length: 40 }, (_, n) => n + 1);

test("any interleaving ends with a small gallery's items as the server has them, the focus kept", () => {
  for (const seed of seeds) run(seed, 1200);
});

test("any interleaving ends with a big gallery's window a run of the server's items, the focus kept", () => {
  for (const seed of seeds) run(seed, 6000);
});
