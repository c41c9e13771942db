import assert from "node:assert/strict";
import { test } from "node:test";
import {
  backgroundDue,
  backgroundWaiting,
  emptyLiveQueue,
  isWaiting,
  OWN_HOLD_MS,
  ownAnnounced,
} from "../../Web/model/announcements.js";

/**
 * Plays `steps` on a live queue, as the announcer runs it (it looks again when `backgroundDue` says), and returns what
 * the live region said, with when. Steps: ["own", at, text], ["later", at, source, text, due]; then it runs to the end.
 */
function play(steps) {
  let queue = emptyLiveQueue();
  let next = null;
  const said = [];
  const lookUntil = (time) => {
    while (next !== null && next <= time) {
      const at = next;
      const due = backgroundDue(queue, at);
      queue = due.queue;
      if (due.say) said.push([at, due.say]);
      next = due.next;
    }
  };
  for (const [kind, at, ...rest] of steps) {
    lookUntil(at);
    if (kind === "own") {
      const own = ownAnnounced(queue, rest[0], at);
      queue = own.queue;
      said.push([at, own.say]);
    } else queue = backgroundWaiting(queue, rest[0], rest[1], rest[2]);
    next = backgroundDue(queue, at).next;
  }
  lookUntil(Number.POSITIVE_INFINITY);
  return said;
}

test("a background message alone is said when it is due", () => {
  assert.deepEqual(play([["later", 0, "pane", "4 images added.", 400]]), [[400, "4 images added."]]);
});

test("a burst's message replaced by a fuller one is said once, when the fuller one is due", () => {
  const said = play([
    ["later", 0, "pane", "1 image added.", 400],
    ["later", 100, "pane", "2 images added.", 500],
    ["later", 300, "pane", "4 images added.", 700],
  ]);
  assert.deepEqual(said, [[700, "4 images added."]]);
});

test("a message waiting when the person acts is dropped: it never takes the place of theirs", () => {
  // The drop's uploads settled; the person moves an item before the burst is quiet.
  const said = play([
    ["own", 0, "Adding 4 items."],
    ["later", 3000, "pane", "4 images added.", 3400],
    ["own", 3100, "Moved 'a.png' to position 2 of 5."],
  ]);
  assert.deepEqual(said, [
    [0, "Adding 4 items."],
    [3100, "Moved 'a.png' to position 2 of 5."],
  ]);
});

test("the person's announcement is left to be heard before a later background message replaces it", () => {
  // The last upload settles just after the move is said: its message waits until the move's has had its time.
  const said = play([
    ["own", 1000, "Moved 'a.png' to position 2 of 5."],
    ["later", 1100, "pane", "1 image added.", 1500],
  ]);
  assert.deepEqual(said, [
    [1000, "Moved 'a.png' to position 2 of 5."],
    [1000 + OWN_HOLD_MS, "1 image added."],
  ]);
});

test("a message held behind the person's is dropped if they act again meanwhile", () => {
  const said = play([
    ["own", 1000, "Picked up 'a.png'. Position 2 of 5."],
    ["later", 1100, "pane", "1 image added.", 1500],
    ["own", 1800, "Position 3 of 5."],
  ]);
  assert.deepEqual(said, [
    [1000, "Picked up 'a.png'. Position 2 of 5."],
    [1800, "Position 3 of 5."],
  ]);
});

test("messages of two panes are kept apart and said in the order they came", () => {
  const said = play([
    ["later", 0, "left", "Changed elsewhere: moved 1 item.", 400],
    ["later", 100, "right", "2 images added.", 400],
    ["later", 200, "left", "Changed elsewhere: moved 2 items.", 600],
  ]);
  assert.deepEqual(said, [
    [400, "2 images added."],
    [600, "Changed elsewhere: moved 2 items."],
  ]);
  const both = play([
    ["later", 0, "left", "Changed elsewhere: moved 1 item.", 400],
    ["later", 100, "right", "2 images added.", 400],
    ["own", 200, "Selection cleared."],
  ]);
  assert.deepEqual(both, [[200, "Selection cleared."]]);
});

test("a message said or dropped no longer waits; one withdrawn is never said", () => {
  let queue = backgroundWaiting(emptyLiveQueue(), "pane", "4 images added.", 400);
  assert.equal(isWaiting(queue, "pane"), true);
  queue = ownAnnounced(queue, "Selection cleared.", 100).queue;
  assert.equal(isWaiting(queue, "pane"), false);
  queue = backgroundWaiting(queue, "pane", "1 image added.", 3000);
  queue = backgroundWaiting(queue, "pane", "", 3000);
  assert.equal(isWaiting(queue, "pane"), false);
  assert.deepEqual(backgroundDue(queue, 10_000), { queue, say: "", next: null });
});

test("whatever the interleaving, a background message given before the person's last one is never said after it", () => {
  // Every order of three background messages and two own announcements (the lift before the move), at several
  // spacings: the move is said as it is, and what was given before it is not said after it; what came after it is
  // said no sooner than OWN_HOLD_MS after it.
  const events = [
    ["later", "pane", "1 image added."],
    ["later", "pane", "2 images added."],
    ["later", "other", "Changed elsewhere: moved 1 item."],
    ["own", "Picked up 'a.png'."],
    ["own", "Moved 'a.png' to position 2 of 5."],
  ];
  const move = "Moved 'a.png' to position 2 of 5.";
  const orders = permutations(events.map((_, index) => index)).filter((order) => order.indexOf(3) < order.indexOf(4));
  for (const order of orders) {
    for (const spacing of [0, 150, 399, 600, 3000]) {
      const steps = order.map((index, step) => {
        const [kind, ...rest] = events[index];
        const at = step * spacing;
        return kind === "own" ? ["own", at, rest[0]] : ["later", at, rest[0], rest[1], at + 400];
      });
      const said = play(steps);
      const story = `${JSON.stringify(steps)} said ${JSON.stringify(said)}`;
      const moveStep = steps.findIndex((step) => step[2] === move);
      const moveAt = steps[moveStep][1];
      const movedIndex = said.findIndex(([, text]) => text === move);
      assert.ok(movedIndex >= 0, story);
      const before = steps.slice(0, moveStep).filter((step) => step[0] === "later");
      for (const [, text] of said.slice(movedIndex + 1)) {
        for (const given of before) assert.ok(!text.includes(given[3]), story);
      }
      for (const [at] of said.slice(movedIndex + 1)) assert.ok(at >= moveAt + OWN_HOLD_MS, story);
      // What was given after the move is said, once, after the hold.
      const after = steps.slice(moveStep + 1).filter((step) => step[0] === "later");
      const lastBySource = new Map(after.map((step) => [step[2], step[3]]));
      for (const text of lastBySource.values()) {
        assert.equal(said.slice(movedIndex + 1).filter(([, each]) => each.includes(text)).length, 1, story);
      }
    }
  }
});

/** @param {number[]} list */
function permutations(list) {
  if (list.length <= 1) return [list];
  return list.flatMap((first, index) =>
    permutations([...list.slice(0, index), ...list.slice(index + 1)]).map((rest) => [first, ...rest]),
  );
}
