import { test } from "node:test";
import assert from "node:assert/strict";
import {
  isAtEnd,
  isWindowedCount,
  keptRange,
  MAX_WINDOW,
  PAGE,
  scrollTopKeepingEnd,
  windowRequest,
} from "../../Web/model/itemWindow.js";
import { addWindowPage, createWindowedReplica, receiveEvent, windowOf } from "../../Web/model/replica.js";

const G = "gallery-1";
const key = (position) => `k${String(position).padStart(7, "0")}`;
const item = (position, extra = {}) => ({
  id: `i${position}`,
  galleryId: G,
  orderKey: key(position),
  state: "ready",
  trashed: false,
  changeSequence: 1,
  ...extra,
});
const gallery = (itemCount, sequence = 10) => ({ id: G, name: "Big", imagesPerRow: 4, sequence, itemCount });
/** The page of `total` items from `position`, `count` long, read at `sequence`. */
const page = (position, count, total, sequence = 10) => ({
  gallery: gallery(total, sequence),
  items: Array.from({ length: Math.max(0, Math.min(count, total - position)) }, (_, i) => item(position + i)),
  position,
  count: total,
});
const positions = (replica) => replica.items.map((each) => Number(each.id.slice(1)));

test("galleries over 5,000 items are held as a window", () => {
  assert.equal(isWindowedCount(5000), false);
  assert.equal(isWindowedCount(5001), true);
});

test("what to read: nothing inside the window, the next page near an edge, a jump far from it", () => {
  const window = { offset: 1000, length: 1000, total: 50_000 };
  assert.equal(windowRequest(window, 1300, 1600), null);
  assert.deepEqual(windowRequest(window, 1800, 1900), { after: true });
  assert.deepEqual(windowRequest(window, 1900, 2100), { after: true });
  assert.deepEqual(windowRequest(window, 1100, 1200), { before: true });
  assert.deepEqual(windowRequest(window, 900, 1100), { before: true });
  assert.deepEqual(windowRequest(window, 30_000, 30_050), { position: 30_000 - PAGE / 4 });
  assert.deepEqual(windowRequest(window, 49_990, 50_400), { position: 50_000 - PAGE });
  assert.deepEqual(windowRequest(window, 0, 20), { position: 0 });
  // A window at the start or the end has nothing more to read there.
  assert.equal(windowRequest({ offset: 0, length: 1000, total: 50_000 }, 0, 30), null);
  assert.equal(windowRequest({ offset: 49_000, length: 1000, total: 50_000 }, 49_950, 50_000), null);
  assert.equal(windowRequest({ offset: 0, length: 0, total: 0 }, 0, 10), null);
  assert.deepEqual(windowRequest({ offset: 0, length: 0, total: 9000 }, 0, 10), { position: 0 });
});

test("a window past its size keeps the part around the page just read", () => {
  assert.equal(MAX_WINDOW, 1000);
  assert.deepEqual(keptRange(1000, 500, 500), { start: 0, count: 1000 });
  assert.deepEqual(keptRange(1500, 1000, 500), { start: 500, count: MAX_WINDOW });
  assert.deepEqual(keptRange(1500, 0, 500), { start: 0, count: MAX_WINDOW });
});

test("pages after and before the window join it; the far end is let go past the window's size", () => {
  let replica = createWindowedReplica(page(10_000, 500, 50_000));
  assert.deepEqual(windowOf(replica), { offset: 10_000, length: 500, total: 50_000 });
  replica = addWindowPage(replica, page(10_500, 500, 50_000), { next: true });
  assert.deepEqual(windowOf(replica), { offset: 10_000, length: 1000, total: 50_000 });
  replica = addWindowPage(replica, page(11_000, 500, 50_000), { next: true });
  assert.deepEqual(windowOf(replica), { offset: 10_500, length: 1000, total: 50_000 });
  assert.deepEqual(positions(replica).slice(0, 2), [10_500, 10_501]);
  assert.equal(positions(replica).at(-1), 11_499);
  replica = addWindowPage(replica, page(10_000, 500, 50_000), { next: true });
  assert.deepEqual(windowOf(replica), { offset: 10_000, length: 1000, total: 50_000 });
  assert.equal(positions(replica).at(-1), 10_999);
});

test("a page apart from the window becomes the window (a jump)", () => {
  let replica = createWindowedReplica(page(0, 500, 50_000));
  replica = addWindowPage(replica, page(49_500, 500, 50_000));
  assert.deepEqual(windowOf(replica), { offset: 49_500, length: 500, total: 50_000 });
  assert.deepEqual(positions(replica).slice(0, 1), [49_500]);
});

test("the window's position is taken from the page read (events elsewhere moved it)", () => {
  let replica = createWindowedReplica(page(10_000, 500, 50_000));
  // Three items were added before the window meanwhile: the next page says where it is now.
  const next = page(10_500, 500, 50_003);
  next.position = 10_503;
  replica = addWindowPage(replica, next, { next: true });
  assert.deepEqual(windowOf(replica), { offset: 10_003, length: 1000, total: 50_000 });
});

test("events: items landing outside the window are not held, inside they are; counts come from the gallery", () => {
  let replica = createWindowedReplica(page(10_000, 500, 50_000));
  const moved = { ...item(30_000), orderKey: `${key(10_100)}m`, changeSequence: 11 };
  const outside = { ...item(30_001), orderKey: `${key(40_000)}m`, changeSequence: 11 };
  replica = receiveEvent(replica, { sequence: 11, gallery: gallery(50_000, 11), items: [moved, outside] }).replica;
  assert.equal(replica.items.length, 501);
  assert.ok(replica.items.some((each) => each.id === moved.id));
  assert.ok(!replica.items.some((each) => each.id === outside.id));
  // An item of the window moved before it: the window begins one later.
  const early = { ...item(10_200), orderKey: `${key(5)}m`, changeSequence: 12 };
  replica = receiveEvent(replica, { sequence: 12, gallery: gallery(50_000, 12), items: [early] }).replica;
  assert.deepEqual(windowOf(replica), { offset: 10_001, length: 500, total: 50_000 });
  // A page read before that event does not bring the item back into the window.
  replica = addWindowPage(replica, page(10_000, 500, 50_000, 10));
  assert.ok(!replica.items.some((each) => each.id === early.id));
});

test("events: a window at the end of the gallery keeps its exact position, and takes items added after it", () => {
  let replica = createWindowedReplica(page(49_500, 500, 50_000));
  const first = { ...item(0), orderKey: key(60_000), changeSequence: 11 };
  replica = receiveEvent(replica, { sequence: 11, gallery: gallery(50_000, 11), items: [first] }).replica;
  assert.deepEqual(windowOf(replica), { offset: 49_499, length: 501, total: 50_000 });
  assert.equal(replica.items.at(-1).id, first.id);
  const trashed = { ...item(49_700), trashed: true, changeSequence: 12 };
  replica = receiveEvent(replica, { sequence: 12, gallery: gallery(49_999, 12), items: [trashed] }).replica;
  assert.deepEqual(windowOf(replica), { offset: 49_499, length: 500, total: 49_999 });
});

test("events: a whole gallery trashed and brought back leaves a window of at most its size, at the start", () => {
  let replica = createWindowedReplica(page(0, 500, 6000));
  const all = Array.from({ length: 6000 }, (_, i) => item(i, { changeSequence: 11 }));
  replica = receiveEvent(replica, {
    sequence: 11,
    gallery: gallery(0, 11),
    items: all.map((each) => ({ ...each, trashed: true })),
  }).replica;
  assert.deepEqual(windowOf(replica), { offset: 0, length: 0, total: 0 });
  replica = receiveEvent(replica, { sequence: 12, gallery: gallery(6000, 12), items: all }).replica;
  assert.deepEqual(windowOf(replica), { offset: 0, length: MAX_WINDOW, total: 6000 });
  assert.equal(replica.items[0].id, "i0");
});

test("an item an event moved out of the window shows where a later page finds it", () => {
  let replica = createWindowedReplica(page(0, 500, 50_000));
  const away = { ...item(100), orderKey: `${key(30_000)}m`, changeSequence: 11 };
  replica = receiveEvent(replica, { sequence: 11, gallery: gallery(50_000, 11), items: [away] }).replica;
  assert.ok(!replica.items.some((each) => each.id === away.id));
  // Read after the move: the page there has it at its new place, and it is shown.
  const there = page(30_000, 500, 50_000, 11);
  there.items.splice(1, 0, away);
  replica = addWindowPage(replica, there);
  assert.ok(replica.items.some((each) => each.id === away.id));
});

test("items trashed and brought back by events show in the pages read after, beyond the window", () => {
  let replica = createWindowedReplica(page(0, 500, 6000));
  const all = Array.from({ length: 6000 }, (_, i) => item(i, { changeSequence: 11 }));
  const trashed = all.map((each) => ({ ...each, trashed: true }));
  replica = receiveEvent(replica, { sequence: 11, gallery: gallery(0, 11), items: trashed }).replica;
  replica = receiveEvent(replica, { sequence: 12, gallery: gallery(6000, 12), items: all }).replica;
  assert.deepEqual(windowOf(replica), { offset: 0, length: MAX_WINDOW, total: 6000 });
  replica = addWindowPage(replica, page(MAX_WINDOW, 500, 6000, 12), { next: true });
  assert.deepEqual(windowOf(replica), { offset: 500, length: MAX_WINDOW, total: 6000 });
  assert.equal(positions(replica).at(-1), MAX_WINDOW + 499);
});

test("a run to the trash told by its ends takes every held item between them, and the window is read again", () => {
  let replica = createWindowedReplica(page(10_000, 500, 50_000));
  // Items 9,000 to 10,199 went: 200 of them were held, 1,000 lay before the window.
  const run = { firstKey: key(9_000), lastKey: key(10_199), count: 1_200, left: true };
  const event = { sequence: 11, gallery: gallery(48_800, 11), items: [], removed: [], runs: [run] };
  replica = receiveEvent(replica, event).replica;
  assert.equal(replica.items.length, 300);
  assert.equal(replica.items[0].id, "i10200");
  assert.equal(replica.reread, 11);
  // A page read before the run does not bring its items back; the page read after it sets the position right.
  const stale = page(10_000, 500, 50_000, 10);
  assert.equal(addWindowPage(replica, stale).items[0].id, "i10200");
  const fresh = { ...page(9_000, 300, 48_800, 11), items: Array.from({ length: 300 }, (_, i) => item(10_200 + i)) };
  assert.equal(windowOf(addWindowPage(replica, fresh)).offset, 9_000);
});

test("a run's event keeps the live items it names, and a run out of the trash asks for a read", () => {
  let replica = createWindowedReplica(page(0, 500, 50_000));
  const run = { firstKey: key(10), lastKey: key(19), count: 9, left: true };
  const staying = item(15, { changeSequence: 11 });
  replica = receiveEvent(replica, {
    sequence: 11,
    gallery: gallery(49_991, 11),
    items: [staying],
    removed: [],
    runs: [run],
  }).replica;
  assert.deepEqual(positions(replica).slice(9, 12), [9, 15, 20]);
  const back = { ...run, left: false };
  replica = receiveEvent(replica, {
    sequence: 12,
    gallery: gallery(50_000, 12),
    items: [],
    removed: [],
    runs: [back],
  }).replica;
  assert.equal(replica.reread, 12);
});

test("a run that came between held items splits the window: the page read again becomes the window", () => {
  // Items 0 to 499 held; a run of 5 moved from far away came between items 200 and 201 (keys between theirs).
  let replica = createWindowedReplica(page(0, 500, 50_000));
  const came = { firstKey: `${key(200)}V`, lastKey: `${key(200)}Z`, count: 5, left: false };
  replica = receiveEvent(replica, {
    sequence: 11,
    gallery: gallery(50_000, 11),
    items: [],
    removed: [],
    runs: [came],
  }).replica;
  assert.equal(replica.reread, 11);
  assert.equal(replica.window.split, true);
  // The page read again around item 300 (now at position 305) holds the run and what follows it, not item 200: joined
  // to what the window held, item 200 would be taken for the item before the run.
  const moved = Array.from({ length: 5 }, (_, i) => item(900 + i, { orderKey: `${key(200)}${"VWXYZ"[i]}` }));
  const after = Array.from({ length: 200 }, (_, i) => item(201 + i));
  const fresh = { gallery: gallery(50_000, 11), items: [...moved, ...after], position: 201, count: 50_000 };
  const placed = addWindowPage(replica, fresh);
  assert.equal(windowOf(placed).offset, 201);
  assert.deepEqual(positions(placed).slice(0, 6), [900, 901, 902, 903, 904, 201]);
  assert.equal(placed.items.length, 205);
  assert.equal(placed.window.split, false);
  // A run that came before the window does not split it.
  let before = createWindowedReplica(page(1000, 500, 50_000));
  const earlier = { firstKey: `${key(10)}V`, lastKey: `${key(10)}Z`, count: 5, left: false };
  before = receiveEvent(before, {
    sequence: 11,
    gallery: gallery(50_005, 11),
    items: [],
    removed: [],
    runs: [earlier],
  }).replica;
  assert.equal(Boolean(before.window.split), false);
});

test("a page overlapping the window sets its position by the page's own first item", () => {
  let replica = createWindowedReplica(page(2_874, 500, 4_000));
  replica = addWindowPage(replica, page(3_360, 500, 4_000));
  assert.equal(windowOf(replica).offset, 2_874);
  assert.equal(replica.items[0].id, "i2874");
  assert.equal(replica.items.length, 986);
});

test("a view dragged to the end of a list that then grows is kept at the new end", () => {
  // 6,000 items estimated at 100 px a row of 4, viewed 800 px tall, dragged to the end; the rows read there are taller.
  const view = { scrollTop: 150_000 - 800, clientHeight: 800, scrollHeight: 150_000 };
  assert.equal(isAtEnd(view), true);
  assert.equal(scrollTopKeepingEnd(view, 150_130), 150_130 - 800);
  // Shorter: at the new end (the browser would clamp it there anyway).
  assert.equal(scrollTopKeepingEnd(view, 149_900), 149_900 - 800);
  // A scroll-bar drag stops a fraction of a pixel short of the end: still the end.
  assert.equal(scrollTopKeepingEnd({ ...view, scrollTop: view.scrollTop - 0.5 }, 150_130), 150_130 - 800);
});

test("a view anywhere but at the end stays where it is when the list changes height", () => {
  const view = { scrollTop: 70_000, clientHeight: 800, scrollHeight: 150_000 };
  assert.equal(isAtEnd(view), false);
  assert.equal(scrollTopKeepingEnd(view, 150_130), 70_000);
  assert.equal(scrollTopKeepingEnd({ ...view, scrollTop: 150_000 - 800 - 10 }, 150_130), 150_000 - 810);
});

test("a view at the top is not at the end, even of a list shorter than it: a list growing from nothing stays at its start", () => {
  assert.equal(isAtEnd({ scrollTop: 0, clientHeight: 800, scrollHeight: 800 }), false);
  assert.equal(scrollTopKeepingEnd({ scrollTop: 0, clientHeight: 800, scrollHeight: 0 }, 150_000), 0);
  assert.equal(scrollTopKeepingEnd({ scrollTop: 0, clientHeight: 800, scrollHeight: 900 }, 150_000), 0);
});
