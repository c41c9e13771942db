// The property that the live view rests on, tested against the replica the browser ships (Web/model/replica.js):
// whatever order a view receives a gallery's events in, with duplicates, with some lost and fetched again, and with a
// fresh load when it fell too far behind, it ends with exactly the server's live order.
//
// A small sequencing server stands in for the real one: it applies commands in arrival order, one numbered event per
// command, written in the wire format of docs/live-undo-api.md (the item and gallery JSON of the server's presenters),
// and keeps only its last few events, like the real store. Real events of the real SQLite store are replayed through
// the same replica by Tests/GalleryServerTests/StoreEventsReplayTests.swift (with Tests/Web/replay.mjs).
//
// Every run is seeded: a failure names its seed; `REPLICA_SEED=17 node --test Tests/Web/replicaConvergence.test.mjs`
// runs that seed alone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import {
  catchUpFrom,
  createReplica,
  hasGap,
  receiveEvent,
  receiveEvents,
  reloadReplica,
} from "../../Web/model/replica.js";
import { deepFreeze, element, integer, seededRandom, shuffle } from "./random.mjs";

const GALLERY = "00000000-0000-4000-8000-0000000000aa";
const OTHER_GALLERY = "00000000-0000-4000-8000-0000000000bb";
const DATE = "2023-11-14T22:13:20Z";
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// ---- Order keys: strings of base-62 digits that sort by their bytes, with a key between any two ----

/** A key strictly between `a` and `b` ("" = the start, null = the end); neither may end in "0" (fractional indexing). */
function midpoint(a, b) {
  if (b !== null && a >= b) throw new Error(`keys out of order: ${a} >= ${b}`);
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? "0") === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a ? DIGITS.indexOf(a[0]) : 0;
  const high = b !== null ? DIGITS.indexOf(b[0]) : DIGITS.length;
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[low] + midpoint(a.slice(1), null);
}

/** `count` ascending keys between two keys (null = open end), the middle one first so that they stay short. */
function keysBetween(lower, upper, count) {
  if (count <= 0) return [];
  const middle = midpoint(lower ?? "", upper);
  const before = Math.floor((count - 1) / 2);
  return [...keysBetween(lower, middle, before), middle, ...keysBetween(middle, upper, count - 1 - before)];
}

function compareItems(a, b) {
  return a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// ---- The sequencing server ----

/** One gallery on a test-only server: applies commands in arrival order, one event per command. */
class SequencingServer {
  constructor(random, retainedEvents) {
    this.random = random;
    this.retainedEvents = retainedEvents;
    this.gallery = {
      id: GALLERY,
      name: "Gallery",
      imagesPerRow: 4,
      sequence: 0,
      createdAt: DATE,
      updatedAt: DATE,
      trashCount: 0,
      itemCount: 0,
      trashed: false,
    };
    /** Every item of the gallery, live and trashed, by id, as the API writes it. */
    this.items = new Map();
    this.events = [];
    /** How many times two live items had the same key (so that the tie-break by id mattered). */
    this.tiedKeys = 0;
    this.nextNumber = 1;
  }

  /** The live order: by key, then by id. */
  liveItems() {
    return [...this.items.values()].filter((item) => !item.trashed).sort(compareItems);
  }

  trashedIds() {
    return [...this.items.values()].filter((item) => item.trashed).map((item) => item.id);
  }

  /** What the live socket or `GET …/events?since=` answers a view at `sequence`. */
  feed(since) {
    if (since === this.gallery.sequence) return { gallery: this.gallery, events: [], reset: false };
    const oldest = this.events[0]?.sequence;
    if (since > this.gallery.sequence || oldest === undefined || since + 1 < oldest) {
      return { gallery: this.gallery, events: [], reset: true };
    }
    return { gallery: this.gallery, events: this.events.filter((event) => event.sequence > since), reset: false };
  }

  /** What a view loads afresh: the gallery and its items (here with the trashed ones too, which it must leave out). */
  load() {
    return { gallery: this.gallery, items: shuffle([...this.items.values()], this.random) };
  }

  /** Applies a command; returns its event (frozen: a view must not change what it receives). */
  apply(command) {
    const sequence = this.gallery.sequence + 1;
    const touched = [];
    const removed = [];
    const live = (id) => this.items.has(id) && !this.items.get(id).trashed;
    switch (command.type) {
      case "insert":
        for (const orderKey of this.keys(command.count, command.at, this.liveItems())) {
          const id = this.makeID();
          this.items.set(id, {
            id,
            galleryId: GALLERY,
            orderKey,
            state: "pending",
            origin: "remote",
            title: `item ${id.slice(-4)}`,
            sourceURL: `https://site.test/${id}`,
            thumbnails: [],
            retryable: false,
            trashed: false,
            changeSequence: sequence,
            createdAt: DATE,
          });
          touched.push(id);
        }
        break;
      case "ready":
        for (const id of unique(command.ids).filter(live)) {
          this.update(id, { state: "ready", imageURL: `/media/${id}.png`, mimeType: "image/png", width: 8, height: 6 });
          touched.push(id);
        }
        break;
      case "move": {
        const moving = unique(command.ids).filter(live);
        const rest = this.liveItems().filter((item) => !moving.includes(item.id));
        const keys = this.keys(moving.length, command.at, rest);
        for (const [index, id] of moving.entries()) this.update(id, { orderKey: keys[index] });
        touched.push(...moving);
        break;
      }
      case "trash":
        for (const id of unique(command.ids).filter(live)) {
          this.update(id, { trashed: true });
          touched.push(id);
        }
        break;
      case "restore":
        for (const id of unique(command.ids).filter((id) => this.items.get(id)?.trashed)) {
          this.update(id, { trashed: false });
          touched.push(id);
        }
        break;
      case "deleteForGood":
        for (const id of unique(command.ids).filter((id) => this.items.has(id))) {
          this.items.delete(id);
          removed.push(id);
        }
        break;
      case "transferOut":
        // Items moved to another gallery: announced either in `removed` or as items of the other gallery.
        for (const id of unique(command.ids).filter(live)) {
          const item = this.items.get(id);
          this.items.delete(id);
          if (command.asRemoved) removed.push(id);
          else touched.push({ ...item, galleryId: OTHER_GALLERY, changeSequence: sequence });
        }
        break;
      case "rename":
        this.gallery = { ...this.gallery, name: command.name, updatedAt: DATE };
        break;
      default:
        throw new Error(`unknown command ${command.type}`);
    }
    const items = touched.map((each) => {
      if (typeof each !== "string") return each;
      this.update(each, { changeSequence: sequence });
      return this.items.get(each);
    });
    const liveNow = this.liveItems();
    this.gallery = {
      ...this.gallery,
      sequence,
      itemCount: liveNow.length,
      trashCount: this.trashedIds().length,
    };
    const event = deepFreeze(structuredClone({ sequence, gallery: this.gallery, items, removed }));
    this.events.push(event);
    if (this.events.length > this.retainedEvents) this.events.splice(0, this.events.length - this.retainedEvents);
    if (liveNow.some((item, index) => index > 0 && liveNow[index - 1].orderKey === item.orderKey)) this.tiedKeys++;
    return event;
  }

  update(id, changes) {
    this.items.set(id, { ...this.items.get(id), ...changes });
  }

  /** `count` keys for new places at `at` of `order`; a gone anchor means the end. */
  keys(count, at, order) {
    let index;
    if (at.start) index = 0;
    else if (at.after !== undefined) index = indexOf(order, at.after, 1);
    else if (at.before !== undefined) index = indexOf(order, at.before, 0);
    else if (at.index !== undefined) index = Math.min(Math.max(at.index, 0), order.length);
    else index = order.length;
    const lower = index > 0 ? order[index - 1].orderKey : null;
    // Items sharing the lower key (a restore can bring one back beside a newer item with its key): go past them.
    const upper = order.slice(index).find((item) => lower === null || item.orderKey > lower)?.orderKey ?? null;
    return keysBetween(lower, upper, count);
  }

  makeID() {
    const number = String(this.nextNumber++).padStart(4, "0");
    // Random high digits, so that the order of ids (the tie-break) is not the order of creation.
    const noise = Math.floor(this.random() * 0xffffffff)
      .toString(16)
      .padStart(8, "0");
    return `00000000-0000-4000-8000-${noise}${number}`;
  }
}

function indexOf(order, id, offset) {
  const index = order.findIndex((item) => item.id === id);
  return index < 0 ? order.length : index + offset;
}

function unique(ids) {
  return [...new Set(ids)];
}

// ---- The simulation ----

/** A random command chosen from what a view shows (its live items) and from the trash it could open. */
function commandFrom(replica, trashed, random) {
  const live = replica.items.map((item) => item.id);
  const at = () => {
    const anchor = element(random, live);
    if (anchor === undefined) return {};
    switch (integer(random, 0, 4)) {
      case 0:
        return { start: true };
      case 1:
        return {};
      case 2:
        return { after: anchor };
      case 3:
        return { before: anchor };
      default:
        return { index: integer(random, -1, live.length + 1) };
    }
  };
  const some = (ids) => shuffle(ids, random).slice(0, integer(random, 1, 3));
  const roll = integer(random, 0, 99);
  if (live.length === 0 || roll < 30) return { type: "insert", count: integer(random, 1, 3), at: at() };
  if (roll < 55) return { type: "move", ids: some(live), at: at() };
  if (roll < 62) return { type: "ready", ids: some(live) };
  if (roll < 72) return { type: "trash", ids: some(live) };
  if (roll < 84) return trashed.length ? { type: "restore", ids: some(trashed) } : { type: "trash", ids: some(live) };
  if (roll < 91) return { type: "deleteForGood", ids: some(random() < 0.5 || !trashed.length ? live : trashed) };
  if (roll < 96) return { type: "transferOut", ids: some(live), asRemoved: random() < 0.5 };
  return { type: "rename", name: `Gallery ${integer(random, 0, 999)}` };
}

/** Runs one seeded simulation; returns the server, the views after everything was delivered, and what happened. */
function simulate(seed, { clientCount = 5, steps = 300, retainedEvents = 12 } = {}) {
  const random = seededRandom(seed);
  const server = new SequencingServer(seededRandom(seed ^ 0x5eed), retainedEvents);
  const coverage = { applied: 0, buffered: 0, ignored: 0, resets: 0, catchUps: 0 };
  server.apply({ type: "insert", count: integer(random, 0, 4), at: {} });
  const clients = [];
  for (let index = 0; index < clientCount; index++) {
    const { gallery, items } = server.load();
    clients.push({ replica: createReplica(gallery, items), inbox: [], connected: true });
  }
  const queue = [];

  const receive = (client, event) => {
    const { replica, outcome } = receiveEvent(client.replica, event);
    coverage[outcome]++;
    client.replica = replica;
  };
  const catchUp = (client) => {
    coverage.catchUps++;
    const feed = server.feed(catchUpFrom(client.replica));
    if (feed.reset) {
      coverage.resets++;
      const { gallery, items } = server.load();
      client.replica = reloadReplica(gallery, items);
    } else {
      // A catch-up page, in whatever order the events come.
      client.replica = receiveEvents(client.replica, shuffle(feed.events, random));
    }
  };
  const deliver = (command) => {
    const event = server.apply(command);
    for (const client of clients) if (client.connected) client.inbox.push(event);
  };
  const some = (predicate) => element(random, clients.filter(predicate));

  for (let step = 0; step < steps; step++) {
    const roll = integer(random, 0, 99);
    if (roll < 25) {
      // A connected view acts on what it sees, possibly stale.
      const client = some((each) => each.connected);
      if (client) queue.push(commandFrom(client.replica, server.trashedIds(), random));
    } else if (roll < 45) {
      // Commands arrive in any order.
      if (queue.length) deliver(queue.splice(integer(random, 0, queue.length - 1), 1)[0]);
    } else if (roll < 85) {
      // Events reach each view in any order, sometimes twice.
      const client = some((each) => each.inbox.length > 0);
      if (client) {
        const position = integer(random, 0, client.inbox.length - 1);
        const event = client.inbox[position];
        if (integer(random, 0, 9) > 0) client.inbox.splice(position, 1);
        receive(client, event);
      }
    } else if (roll < 90) {
      // A view that sees a gap asks for what comes after what it has.
      const client = some((each) => hasGap(each.replica));
      if (client) catchUp(client);
    } else if (roll < 95) {
      // A view drops its connection; some events in flight are lost.
      const client = some((each) => each.connected);
      if (client) {
        client.connected = false;
        client.inbox = client.inbox.filter(() => random() < 0.5);
      }
    } else {
      // A view comes back and catches up (or loads afresh when too far behind).
      const client = some((each) => !each.connected);
      if (client) {
        client.connected = true;
        catchUp(client);
      }
    }
  }

  // Settle: every command arrives, every view reconnects, every event in flight is delivered.
  for (const command of shuffle(queue, random)) deliver(command);
  for (const client of clients.filter((each) => !each.connected)) {
    client.connected = true;
    catchUp(client);
  }
  for (const client of clients) {
    for (const event of shuffle(client.inbox, random)) receive(client, event);
    client.inbox = [];
  }
  return { server, clients, coverage };
}

/** What differs between a view and the server, or null when it shows exactly the server's gallery. */
function difference(replica, server) {
  const expected = server.liveItems();
  const ids = replica.items.map((item) => item.id);
  if (replica.sequence !== server.gallery.sequence)
    return `at sequence ${replica.sequence}, not ${server.gallery.sequence}`;
  if (hasGap(replica)) return `still waiting for events (buffer: ${[...replica.buffer.keys()]})`;
  if (new Set(ids).size !== ids.length) return `an item twice: ${ids}`;
  try {
    assert.deepEqual(replica.gallery, server.gallery);
  } catch {
    return `shows the gallery as ${JSON.stringify(replica.gallery)}, not ${JSON.stringify(server.gallery)}`;
  }
  const at = expected.findIndex((item, index) => item.id !== ids[index]);
  if (at >= 0 || ids.length !== expected.length) {
    const position = at >= 0 ? at : expected.length;
    return (
      `${ids.length} items instead of ${expected.length}; from position ${position} it shows ` +
      `${ids.slice(position, position + 3).join(" ")}… instead of ${expected
        .slice(position, position + 3)
        .map((item) => item.id)
        .join(" ")}…`
    );
  }
  const stale = expected.find((item, index) => !isDeepStrictEqual(item, replica.items[index]));
  if (stale)
    return `item ${stale.id} is ${JSON.stringify(replica.items[ids.indexOf(stale.id)])}, not ${JSON.stringify(stale)}`;
  return null;
}

const onlySeed = process.env.REPLICA_SEED ? Number(process.env.REPLICA_SEED) : null;
const SEEDS = onlySeed !== null ? [onlySeed] : Array.from({ length: 200 }, (_, index) => index + 1);

test("every view ends with the server's live order, whatever the delivery order (200 seeds × 5 views × 300 steps)", () => {
  const total = { applied: 0, buffered: 0, ignored: 0, resets: 0, catchUps: 0, tiedKeys: 0 };
  for (const seed of SEEDS) {
    const { server, clients, coverage } = simulate(seed);
    clients.forEach((client, number) => {
      const problem = difference(client.replica, server);
      assert.equal(problem, null, `seed ${seed} (REPLICA_SEED=${seed}), view ${number}: ${problem}`);
    });
    for (const name of Object.keys(coverage)) total[name] += coverage[name];
    total.tiedKeys += server.tiedKeys;
  }
  if (onlySeed !== null) return;
  // The simulation must have gone through every hard path, or it proves little.
  assert.ok(total.buffered > 5000, `only ${total.buffered} events came early`);
  assert.ok(total.ignored > 5000, `only ${total.ignored} events came twice or late`);
  assert.ok(total.resets > 500, `only ${total.resets} views loaded afresh`);
  assert.ok(total.catchUps > 1000, `only ${total.catchUps} catch-ups`);
  assert.ok(total.tiedKeys > 100, `only ${total.tiedKeys} times two live items shared a key`);
});

test("views far behind the kept events load afresh and still converge (100 seeds, 2 events kept)", () => {
  let resets = 0;
  for (const seed of onlySeed !== null ? [onlySeed] : SEEDS.slice(0, 100)) {
    const { server, clients, coverage } = simulate(seed + 10_000, { retainedEvents: 2, steps: 200 });
    clients.forEach((client, number) => {
      const problem = difference(client.replica, server);
      assert.equal(problem, null, `seed ${seed + 10_000}, view ${number}: ${problem}`);
    });
    resets += coverage.resets;
  }
  assert.ok(resets > 0, "no view ever loaded afresh");
});

test("the order keys of the test server sort as they should", () => {
  const random = seededRandom(3);
  let keys = keysBetween(null, null, 5);
  for (let round = 0; round < 500; round++) {
    const index = integer(random, 0, keys.length);
    const fresh = keysBetween(keys[index - 1] ?? null, keys[index] ?? null, integer(random, 1, 3));
    keys = [...keys.slice(0, index), ...fresh, ...keys.slice(index)];
  }
  assert.deepEqual([...keys].sort(), keys);
  assert.equal(new Set(keys).size, keys.length);
  assert.ok(keys.every((key) => !key.endsWith("0")));
});
