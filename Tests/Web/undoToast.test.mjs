import assert from "node:assert/strict";
import { test } from "node:test";
import {
  TOAST_MS,
  dismissed,
  focused,
  hovered,
  noToast,
  offered,
  timedOut,
  undoBegun,
  undoEnded,
  undoOffer,
} from "../../Web/model/undoToast.js";
import { element, integer, seededRandom } from "./random.mjs";

const move = { galleryId: "g", entry: 7, text: "Moved 3 items to 'Sky'" };
const trash = { galleryId: "g", entry: 8, text: "Trashed 2 items" };

test("a change's toast goes after its time, and not a moment before", () => {
  const state = offered(noToast(), move, 1000);
  assert.equal(state.shown.text, "Moved 3 items to 'Sky'");
  assert.equal(state.deadline, 1000 + TOAST_MS);
  assert.equal(timedOut(state, 1000 + TOAST_MS - 1), state);
  assert.equal(timedOut(state, 1000 + TOAST_MS).shown, null);
});

test("a toast hovered or focused stays past its time, and gets its whole time again once left", () => {
  let state = offered(noToast(), move, 0);
  state = hovered(state, true, 100);
  state = focused(state, true, 200);
  assert.equal(state.deadline, null);
  assert.equal(timedOut(state, 60_000).shown?.entry, 7);
  state = hovered(state, false, 60_000);
  assert.equal(timedOut(state, 120_000).shown?.entry, 7, "still focused");
  state = focused(state, false, 120_000);
  assert.equal(state.deadline, 120_000 + TOAST_MS);
  assert.equal(timedOut(state, 120_000 + TOAST_MS).shown, null);
});

test("a newer change replaces the toast, and the same entry offered again changes nothing", () => {
  const first = offered(noToast(), move, 0);
  assert.equal(offered(first, move, 3000), first);
  const second = offered(first, trash, 3000);
  assert.equal(second.shown.text, "Trashed 2 items");
  assert.notEqual(second.shown.id, first.shown.id);
  assert.equal(second.deadline, 3000 + TOAST_MS);
});

test("undoing from the toast is begun once, then tells what the undo did without an Undo", () => {
  let state = offered(noToast(), move, 0);
  const { id } = state.shown;
  state = undoBegun(state, id);
  assert.equal(state.shown.undoing, true);
  assert.equal(undoBegun(state, id), null, "a second press while undoing does nothing");
  state = undoEnded(state, id, "Undid the move of 3 items between galleries.", 500);
  assert.equal(state.shown.text, "Undid the move of 3 items between galleries.");
  assert.equal(state.shown.entry, null);
  assert.equal(undoBegun(state, state.shown.id), null, "no Undo left to press");
  assert.equal(state.deadline, 500 + TOAST_MS);
});

test("an undo that ends after a newer change leaves the newer toast alone", () => {
  let state = offered(noToast(), move, 0);
  const { id } = state.shown;
  state = undoBegun(state, id);
  state = offered(state, trash, 100);
  const after = undoEnded(state, id, "Undid the move of 3 items.", 200);
  assert.equal(after, state);
  assert.equal(undoBegun(after, id), null, "the old toast's Undo is gone");
});

test("dismissing hides the toast at once", () => {
  const state = dismissed(offered(noToast(), move, 0));
  assert.equal(state.shown, null);
  assert.equal(state.deadline, null);
});

// Random interleavings: whatever happens, the toast never goes while held, never outlives its time once let go,
// always shows the newest offer, and an Undo only ever names the entry shown.
test("random interleavings of show, hover, focus, timeout, replace and undo keep the toast's promises", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = seededRandom(seed);
    let state = noToast();
    let now = 0;
    let entries = 0;
    let lastOffer = null;
    let expected = null; // when the toast shown should go: its whole time from when it was shown or let go
    for (let step = 0; step < 80; step++) {
      now += integer(random, 0, 4000);
      const before = state;
      const kind = element(random, [
        "offer",
        "hover",
        "unhover",
        "focus",
        "blur",
        "timeout",
        "undo",
        "ended",
        "dismiss",
      ]);
      const label = `seed ${seed} step ${step} ${kind}`;
      if (kind === "offer") {
        entries += 1;
        lastOffer = { galleryId: element(random, ["g", "h"]), entry: entries, text: `Change ${entries}` };
        state = offered(state, lastOffer, now);
        assert.equal(state.shown.entry, lastOffer.entry, label);
        assert.equal(state.shown.text, lastOffer.text, label);
      } else if (kind === "hover" || kind === "unhover") {
        state = hovered(state, kind === "hover", now);
      } else if (kind === "focus" || kind === "blur") {
        state = focused(state, kind === "focus", now);
      } else if (kind === "timeout") {
        state = timedOut(state, now);
        if (before.hovered || before.focused) assert.equal(state.shown, before.shown, `${label}: held, yet gone`);
      } else if (kind === "undo") {
        const begun = state.shown ? undoBegun(state, state.shown.id) : null;
        if (begun) {
          assert.notEqual(begun.shown.entry, null, label);
          assert.equal(begun.shown.entry, state.shown.entry, `${label}: undoes the entry shown`);
          state = begun;
        }
      } else if (kind === "ended") {
        if (state.shown?.undoing) state = undoEnded(state, state.shown.id, "Undid it.", now);
      } else {
        state = dismissed(state);
      }

      // The promises.
      const held = state.hovered || state.focused;
      if (state.shown && held) assert.equal(state.deadline, null, `${label}: held toasts have no deadline`);
      const wasLetGo = before.shown && !(before.hovered || before.focused);
      if (state.shown && !held && (!wasLetGo || state.shown.id !== before.shown.id)) expected = now + TOAST_MS;
      if (state.shown && !held) assert.equal(state.deadline, expected, `${label}: its whole time from when let go`);
      if (!state.shown) assert.equal(state.deadline, null, label);
      if (state.shown?.entry != null) assert.equal(state.shown.entry, lastOffer.entry, `${label}: only the newest`);
      assert.ok(state.count >= (state.shown?.id ?? 0), label);
    }
  }
});

test("a toast let go stays its whole time: timeouts before the deadline never hide it", () => {
  for (let seed = 1; seed <= 100; seed++) {
    const random = seededRandom(seed);
    let state = offered(noToast(), move, 0);
    let now = 0;
    let letGo = 0;
    while (state.shown) {
      now += integer(random, 1, 2500);
      const kind = element(random, ["hover", "unhover", "focus", "blur", "timeout", "timeout"]);
      const wasHeld = state.hovered || state.focused;
      if (kind === "timeout") {
        const next = timedOut(state, now);
        if (!next.shown) assert.ok(!wasHeld && now - letGo >= TOAST_MS, `seed ${seed}: gone too soon`);
        state = next;
      } else {
        state = kind.endsWith("hover") ? hovered(state, kind === "hover", now) : focused(state, kind === "focus", now);
        if (wasHeld && !(state.hovered || state.focused)) letGo = now;
      }
      if (now > 1_000_000) break;
    }
  }
});

test("a change's answered history offers its entry and words; a history without them offers nothing", () => {
  const history = { undo: { name: "Move", entry: 12, summary: "Moved 3 items to 'Sky'" }, redo: null };
  assert.deepEqual(undoOffer("g", history), { galleryId: "g", entry: 12, text: "Moved 3 items to 'Sky'" });
  assert.equal(undoOffer("g", { undo: { name: "Move" }, redo: null }), null, "an older server's answer");
  assert.equal(undoOffer("g", { undo: null, redo: null }), null);
  assert.equal(undoOffer("g", undefined), null);
});
