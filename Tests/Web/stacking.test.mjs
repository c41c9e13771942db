import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_Z, MIN_Z, restack } from "../../Web/model/stacking.js";
import { integer, seededRandom } from "./random.mjs";

/** The ids from bottom to top after `changes` (gallery order breaks ties, as the page draws them). */
function drawn(stack, changes) {
  const z = new Map(stack.map((layer) => [layer.id, layer.z]));
  for (const change of changes) z.set(change.id, change.z);
  return stack
    .map((layer, index) => ({ id: layer.id, z: z.get(layer.id), index }))
    .sort((a, b) => a.z - b.z || a.index - b.index)
    .map((layer) => layer.id);
}

const stack = [
  { id: "a", z: 3 },
  { id: "b", z: 1 },
  { id: "c", z: 7 },
  { id: "d", z: 1 },
];

test("bringing items to the front puts them above every other, their order kept", () => {
  const changes = restack(stack, ["d", "a"], "front");
  assert.deepEqual(changes, [
    { id: "d", z: 8 },
    { id: "a", z: 9 },
  ]);
  assert.deepEqual(drawn(stack, changes), ["b", "c", "d", "a"]);
});

test("sending items to the back puts them below every other, their order kept", () => {
  const changes = restack(stack, ["c", "a"], "back");
  assert.deepEqual(changes, [
    { id: "a", z: -1 },
    { id: "c", z: 0 },
  ]);
  assert.deepEqual(drawn(stack, changes), ["a", "c", "b", "d"]);
});

test("items already at the front or the back change nothing", () => {
  assert.deepEqual(restack(stack, ["c"], "front"), []);
  assert.deepEqual(restack(stack, ["b"], "back"), []);
  assert.deepEqual(restack(stack, ["b", "d"], "back"), []);
  assert.deepEqual(restack(stack, ["nobody"], "front"), []);
  // Of two with one z, the later in gallery order lies on top: "b" is not in front of "d".
  assert.deepEqual(restack(stack, ["b"], "front"), [{ id: "b", z: 8 }]);
});

test("at the edge of the range the stack is numbered again from 0", () => {
  const full = [
    { id: "a", z: MAX_Z },
    { id: "b", z: 5 },
    { id: "c", z: MIN_Z },
  ];
  const front = restack(full, ["c"], "front");
  assert.deepEqual(drawn(full, front), ["b", "a", "c"]);
  for (const change of front) assert.ok(change.z >= MIN_Z && change.z <= MAX_Z);
  const back = restack(full, ["a"], "back");
  assert.deepEqual(drawn(full, back), ["a", "c", "b"]);
  for (const change of back) assert.ok(change.z >= MIN_Z && change.z <= MAX_Z);
});

test("any front or back keeps the others' order and stays in range", () => {
  const random = seededRandom(5);
  for (let run = 0; run < 200; run++) {
    const count = integer(random, 1, 12);
    const layers = Array.from({ length: count }, (_, i) => ({
      id: `i${i}`,
      z: random() < 0.1 ? (random() < 0.5 ? MAX_Z : MIN_Z) : integer(random, -5, 5),
    }));
    const ids = layers.filter(() => random() < 0.4).map((layer) => layer.id);
    const where = random() < 0.5 ? "front" : "back";
    const changes = restack(layers, ids, where);
    const before = drawn(layers, []);
    const after = drawn(layers, changes);
    const chosen = before.filter((id) => ids.includes(id));
    const others = before.filter((id) => !ids.includes(id));
    assert.deepEqual(after, where === "front" ? [...others, ...chosen] : [...chosen, ...others], `run ${run}`);
    for (const change of changes) assert.ok(Number.isInteger(change.z) && change.z >= MIN_Z && change.z <= MAX_Z);
  }
});
