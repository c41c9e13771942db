// Replays a gallery's real events through the replica the browser ships, as views would receive them when things go
// wrong, and checks that every view ends with the store's gallery and live order.
//
//   node Tests/Web/replay.mjs <fixture.json>      exit code 0 when every replay converged, else 1 with the difference
//
// The fixture is written by Tests/GalleryServerTests/StoreEventsReplayTests.swift from the real SQLite store, every
// value as the API writes it:
//   {"seed": n, "galleries": [{"views": [{"gallery": Gallery, "items": [Item]}],   loads of views, oldest first
//                              "events": [Event],                                   every event after the first load
//                              "final": {"gallery": Gallery, "items": [Item]}}]}   the store once every writer is done

import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { pathToFileURL } from "node:url";
import {
  catchUpFrom,
  createReplica,
  hasGap,
  receiveEvent,
  receiveEvents,
  reloadReplica,
} from "../../Web/model/replica.js";
import { deepFreeze, integer, seededRandom, shuffle } from "./random.mjs";

/** How many scrambled deliveries each view gets. */
export const ORDERS_PER_VIEW = 16;

/**
 * Replays the fixture. Returns { ok: true, summary } or { ok: false, problem } naming the gallery, view and
 * delivery order (and its seed) of the first replay that did not end with the store's state.
 */
export function replay(fixture) {
  const seed = Number(fixture.seed ?? 1);
  const counts = { events: 0, replays: 0, buffered: 0, ignored: 0, reloads: 0, catchUps: 0 };
  for (const [number, gallery] of fixture.galleries.entries()) {
    deepFreeze(gallery);
    const malformed = checkNumbering(gallery);
    if (malformed) return { ok: false, problem: `seed ${seed}, gallery ${number}: ${malformed}` };
    counts.events += gallery.events.length;
    for (const [view, load] of gallery.views.entries()) {
      for (let order = 0; order < ORDERS_PER_VIEW; order++) {
        const runSeed = ((seed * 1000 + number * 100 + view) * 100 + order) >>> 0;
        const run = deliver(gallery, load, seededRandom(runSeed), counts);
        counts.replays++;
        const problem = difference(run.replica, gallery.final);
        if (problem) {
          return {
            ok: false,
            problem:
              `seed ${seed}, gallery ${number}, view ${view} (loaded at ${load.gallery.sequence}), order ${order}` +
              ` (run seed ${runSeed}): ${problem}\ndelivered: ${run.log.join(" ").slice(0, 2000)}`,
          };
        }
      }
    }
  }
  const summary =
    `${counts.replays} replays of ${counts.events} events in ${fixture.galleries.length} galleries ` +
    `converged (${counts.buffered} events came early, ${counts.ignored} twice or late, ${counts.catchUps} catch-ups, ` +
    `${counts.reloads} reloads)`;
  return { ok: true, summary };
}

/** The store numbers a gallery's events 1, 2, 3… with no gap: the fixture must hold every one after the first load. */
function checkNumbering(gallery) {
  const first = gallery.views[0]?.gallery.sequence;
  if (first === undefined) return "no view";
  const numbers = gallery.events.map((event) => event.sequence);
  const expected = Array.from({ length: gallery.final.gallery.sequence - first }, (_, index) => first + 1 + index);
  return isDeepStrictEqual(numbers, expected)
    ? null
    : `events numbered ${numbers}, expected ${first + 1}…${gallery.final.gallery.sequence}`;
}

/**
 * One view's life: it loads the gallery (items shuffled), the live socket delivers the events after that (and a few
 * older ones) scrambled, some twice and some lost; a view with a gap sometimes catches up in a page; sometimes the view
 * is told to reload and loads a later view's state (a load always comes after every event already delivered); at the
 * end it catches up with everything it lacks, in pages, as the browser does.
 */
function deliver(gallery, load, random, counts) {
  const log = [];
  let replica = createReplica(load.gallery, shuffle(load.items, random));
  const stream = [];
  for (const event of gallery.events) {
    if (event.sequence <= load.gallery.sequence - 3 || random() < 0.1) continue; // lost
    stream.push(event);
    if (random() < 0.2) stream.push(event); // twice
  }
  let newestDelivered = load.gallery.sequence;
  const reloadAt = random() < 0.3 ? integer(random, 0, stream.length) : -1;
  const catchUp = (pageSize) => {
    counts.catchUps++;
    const page = gallery.events.filter((event) => event.sequence > catchUpFrom(replica)).slice(0, pageSize);
    log.push(`catch-up[${page.map((event) => event.sequence)}]`);
    replica = receiveEvents(replica, shuffle(page, random));
    for (const event of page) newestDelivered = Math.max(newestDelivered, event.sequence);
    return page.length;
  };
  shuffle(stream, random).forEach((event, index) => {
    if (index === reloadAt) {
      const later = gallery.views.filter((each) => each.gallery.sequence >= newestDelivered);
      const fresh = later.length ? later[integer(random, 0, later.length - 1)] : gallery.final;
      counts.reloads++;
      log.push(`reload@${fresh.gallery.sequence}`);
      replica = reloadReplica(fresh.gallery, shuffle(fresh.items, random));
    }
    const result = receiveEvent(replica, event);
    if (result.outcome === "buffered") counts.buffered++;
    if (result.outcome === "ignored") counts.ignored++;
    log.push(result.outcome === "applied" ? `${event.sequence}` : `${event.sequence}(${result.outcome})`);
    replica = result.replica;
    newestDelivered = Math.max(newestDelivered, event.sequence);
    if (hasGap(replica) && random() < 0.2) catchUp(integer(random, 1, 5));
  });
  while (replica.sequence < gallery.final.gallery.sequence || hasGap(replica)) {
    if (catchUp(20) === 0) break;
  }
  return { replica, log };
}

/** What differs between a replica and the store's final state, or null. */
function difference(replica, final) {
  const ids = replica.items.map((item) => item.id);
  const expected = final.items.map((item) => item.id);
  if (replica.sequence !== final.gallery.sequence)
    return `at sequence ${replica.sequence}, not ${final.gallery.sequence}`;
  if (hasGap(replica)) return `still waiting for events ${[...replica.buffer.keys()]}`;
  if (!isDeepStrictEqual(replica.gallery, final.gallery)) {
    return `the gallery is ${JSON.stringify(replica.gallery)}\nnot ${JSON.stringify(final.gallery)}`;
  }
  const at = expected.findIndex((id, index) => id !== ids[index]);
  if (at >= 0 || ids.length !== expected.length) {
    const position = at >= 0 ? at : expected.length;
    return (
      `${ids.length} items instead of ${expected.length}; from position ${position} it shows ` +
      `${ids.slice(position, position + 3).join(" ")}… instead of ${expected.slice(position, position + 3).join(" ")}…`
    );
  }
  const index = final.items.findIndex((item, index) => !isDeepStrictEqual(item, replica.items[index]));
  if (index >= 0)
    return `item ${expected[index]} is ${JSON.stringify(replica.items[index])}\nnot ${JSON.stringify(final.items[index])}`;
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const path = process.argv[2];
  if (!path) {
    console.error("usage: node Tests/Web/replay.mjs <fixture.json>");
    process.exit(2);
  }
  const result = replay(JSON.parse(readFileSync(path, "utf8")));
  if (result.ok) {
    console.log(result.summary);
  } else {
    console.error(result.problem.slice(0, 6000));
    process.exit(1);
  }
}
