// The images the viewer readies ahead of a step (Web/model/imagesAhead.js): which files are kept, which stop loading,
// and which one is decoded next.

import { test } from "node:test";
import assert from "node:assert/strict";
import { KEPT_AHEAD, keptAhead, nextToDecode } from "../../Web/model/imagesAhead.js";

test("the files wanted are held first, then those held before, and the oldest past the limit stop loading", () => {
  assert.deepEqual(keptAhead([], ["b", "a", "c"]), { kept: ["b", "a", "c"], stopped: [] });
  assert.deepEqual(keptAhead(["b", "a", "c", "d"], ["c", "b", "d", "e"], 5), {
    kept: ["c", "b", "d", "e", "a"],
    stopped: [],
  });
  const held = "abcdefgh".split("");
  const { kept, stopped } = keptAhead(held, ["x", "y", "a"]);
  assert.equal(kept.length, KEPT_AHEAD);
  assert.deepEqual(kept.slice(0, 3), ["x", "y", "a"]);
  assert.deepEqual(stopped, ["g", "h"], "the ones held longest are let go");
  assert.deepEqual(keptAhead(["a"], ["b", "b"]).kept, ["b", "a"], "a file wanted twice is held once");
});

test("the most wanted file not decoded yet is decoded next, one at a time, and none while the stage readies its own", () => {
  const held = [
    { url: "next", decoded: true },
    { url: "behind", decoded: false },
    { url: "further", failed: true },
    { url: "furthest" },
  ];
  const idle = { busy: false, paused: false };
  assert.equal(nextToDecode(held, ["next", "behind", "further", "furthest"], idle), "behind");
  assert.equal(nextToDecode(held, ["further", "furthest"], idle), "furthest", "a file that failed is not tried again");
  assert.equal(nextToDecode(held, ["behind"], { busy: true, paused: false }), null, "one decode at a time");
  assert.equal(nextToDecode(held, ["behind"], { busy: false, paused: true }), null, "the stage's image goes first");
  assert.equal(nextToDecode(held, ["next"], idle), null, "all decoded: nothing to do");
  assert.equal(nextToDecode(held, ["unheld"], idle), null, "only files held are decoded");
});
