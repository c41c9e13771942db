import assert from "node:assert/strict";
import { test } from "node:test";
import { fileSize, isTurned, swapsSides, turnTransform } from "../../Web/model/orientation.js";

test("an image turned by a person is drawn mirrored first, then turned clockwise", () => {
  assert.equal(turnTransform(null), "");
  assert.equal(turnTransform({ quarterTurns: 0, mirrored: false }), "");
  assert.equal(turnTransform({ quarterTurns: 1, mirrored: false }), "rotate(90deg)");
  // CSS applies the rightmost transform first: the mirror, then the turn.
  assert.equal(turnTransform({ quarterTurns: 3, mirrored: true }), "rotate(270deg) scaleX(-1)");
  assert.equal(turnTransform({ quarterTurns: 0, mirrored: true }), "scaleX(-1)");
});

test("a quarter turn swaps the sides: the item's are told as shown, its file's the other way", () => {
  assert.equal(swapsSides({ quarterTurns: 1, mirrored: false }), true);
  assert.equal(swapsSides({ quarterTurns: 2, mirrored: true }), false);
  assert.equal(swapsSides(undefined), false);
  assert.deepEqual(fileSize({ width: 300, height: 400, orientation: { quarterTurns: 3, mirrored: false } }), {
    width: 400,
    height: 300,
  });
  assert.deepEqual(fileSize({ width: 300, height: 400 }), { width: 300, height: 400 });
});

test("an image is turned when a quarter turn or a mirror shows it otherwise than its file", () => {
  assert.equal(isTurned(null), false);
  assert.equal(isTurned({ quarterTurns: 0, mirrored: false }), false);
  assert.equal(isTurned({ quarterTurns: 4, mirrored: false }), false);
  assert.equal(isTurned({ quarterTurns: 2, mirrored: false }), true);
  assert.equal(isTurned({ quarterTurns: 0, mirrored: true }), true);
});
