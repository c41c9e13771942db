// The replay script that Tests/GalleryServerTests/StoreEventsReplayTests.swift runs on the real store's events: it
// passes a fixture whose events lead to its final state, and it fails (naming what differs) when they do not.

import { test } from "node:test";
import assert from "node:assert/strict";
import { replay } from "./replay.mjs";

const G = "00000000-0000-4000-8000-0000000000aa";
const gallery = (sequence, extra = {}) => ({
  id: G,
  name: "Fruit",
  imagesPerRow: 4,
  sequence,
  trashCount: 0,
  itemCount: 2,
  trashed: false,
  ...extra,
});
const item = (id, orderKey, changeSequence, extra = {}) => ({
  id,
  galleryId: G,
  orderKey,
  state: "pending",
  trashed: false,
  changeSequence,
  ...extra,
});

function fixture() {
  const events = [
    { sequence: 3, gallery: gallery(3, { itemCount: 3 }), items: [item("c", "a2", 3)], removed: [] },
    { sequence: 4, gallery: gallery(4, { itemCount: 3 }), items: [item("a", "a3", 4)], removed: [] },
    {
      sequence: 5,
      gallery: gallery(5, { itemCount: 2, trashCount: 1 }),
      items: [item("b", "a1", 5, { trashed: true })],
      removed: [],
    },
    { sequence: 6, gallery: gallery(6, { itemCount: 1, trashCount: 0 }), items: [], removed: ["b", "c"] },
    {
      sequence: 7,
      gallery: gallery(7, { itemCount: 2, name: "Apples" }),
      items: [item("d", "a0", 7, { state: "ready" })],
      removed: [],
    },
  ];
  return {
    seed: 5,
    galleries: [
      {
        views: [
          { gallery: gallery(2), items: [item("a", "a0", 1), item("b", "a1", 2)] },
          // Loaded while others wrote: the items are newer than the gallery's sequence.
          {
            gallery: gallery(4, { itemCount: 3 }),
            items: [item("c", "a2", 3), item("a", "a3", 4), item("b", "a1", 5, { trashed: true })],
          },
        ],
        events,
        final: {
          gallery: gallery(7, { itemCount: 2, name: "Apples" }),
          items: [item("d", "a0", 7, { state: "ready" }), item("a", "a3", 4)],
        },
      },
    ],
  };
}

test("events that lead to the final state replay to it in every scrambled order", () => {
  const result = replay(fixture());
  assert.equal(result.ok, true, result.problem);
  assert.match(result.summary, /^32 replays of 5 events/);
});

test("a final state the events do not lead to is reported with the view and the order", () => {
  const wrong = fixture();
  wrong.galleries[0].final.items.reverse();
  const result = replay(wrong);
  assert.equal(result.ok, false);
  assert.match(result.problem, /seed 5, gallery 0, view 0 .*order 0.*from position 0 it shows d/);
});

test("an item the events left as it was but the final state shows changed is reported", () => {
  const wrong = fixture();
  wrong.galleries[0].final.items[1] = item("a", "a3", 4, { title: "renamed" });
  assert.match(replay(wrong).problem, /item a is/);
});

test("a missing event is reported rather than replayed", () => {
  const wrong = fixture();
  wrong.galleries[0].events.splice(2, 1);
  assert.match(replay(wrong).problem, /events numbered 3,4,6,7, expected 3…7/);
});
