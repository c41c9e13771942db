import { test } from "node:test";
import assert from "node:assert/strict";
import {
  boardStep,
  cancelledText,
  lift,
  liftedText,
  moveBy,
  nextTarget,
  placesOf,
  staysPut,
  whereText,
} from "../../Web/model/keyboardDrag.js";
import { integer, seededRandom } from "./random.mjs";

const shown = ["a", "b", "c", "d"].map((id) => ({ id }));
const place = (itemId, x, y, z = 0) => ({ itemId, x, y, width: 240, z });
const places = [place("d", 500, 40, 2), place("b", 120, -30, 5), place("a", 0, 0, 1)];
const titleOf = (id) => `${id}.png`;
const trash = { kind: "trash" };
const fruit = { kind: "gallery", galleryId: "g2", name: "Fruit" };

test("lifting on the board keeps where each lifted item lies, in gallery order, and leaves out those with no place", () => {
  const drag = lift(shown, ["d", "b", "c"], "b", places);
  assert.deepEqual(drag.ids, ["b", "d"]);
  assert.deepEqual(drag.board, { origins: [place("b", 120, -30, 5), place("d", 500, 40, 2)], dx: 0, dy: 0 });
  assert.equal(drag.focusId, "b");
  assert.equal(drag.target, null);
  assert.equal(drag.copy, false);
});

test("in the grid and the list a lift has no board part, and says positions as before", () => {
  const drag = lift(shown, ["b"], "b");
  assert.equal(drag.board, null);
  assert.equal(whereText(shown, drag), "Position 2 of 4.");
  assert.deepEqual(moveBy(drag, 10, 0), drag);
  assert.deepEqual(placesOf(drag), []);
});

test("an arrow moves by 10 board units, with Shift by 1, in its direction", () => {
  assert.deepEqual(boardStep("right", false), [10, 0]);
  assert.deepEqual(boardStep("left", false), [-10, 0]);
  assert.deepEqual(boardStep("down", true), [0, 1]);
  assert.deepEqual(boardStep("up", true), [0, -1]);
});

test("the arrows' steps add up, and every lifted item lands moved by their sum, its width and stacking kept", () => {
  const random = seededRandom(7);
  for (let run = 0; run < 100; run++) {
    let drag = lift(shown, ["a", "b", "d"], "a", places);
    let dx = 0;
    let dy = 0;
    for (let press = integer(random, 0, 30); press > 0; press--) {
      const direction = ["left", "right", "up", "down"][integer(random, 0, 3)];
      const [x, y] = boardStep(direction, random() < 0.5);
      dx += x;
      dy += y;
      drag = moveBy(drag, x, y);
    }
    const landed = placesOf(drag);
    assert.deepEqual(
      landed,
      drag.board.origins.map((origin) => ({ ...origin, x: origin.x + dx, y: origin.y + dy })),
    );
    assert.equal(staysPut(drag), dx === 0 && dy === 0);
  }
});

test("while pointed at the Trash the arrows do nothing, and coming back keeps where they had moved the items", () => {
  let drag = moveBy(lift(shown, ["a"], "a", places), 0, 20);
  drag = nextTarget(drag, [trash, fruit], false);
  assert.equal(whereText(shown, drag), "Over Trash.");
  assert.equal(moveBy(drag, 10, 0), drag);
  drag = nextTarget(drag, [trash, fruit], false);
  assert.equal(whereText(shown, drag), "Into gallery Fruit.");
  drag = nextTarget(drag, [trash, fruit], false);
  assert.equal(drag.target, null);
  assert.equal(whereText(shown, drag), "At x 0, y 20.");
});

test("what is said on the board: where the focused item is, in board units rounded, copies, and the cancel", () => {
  const one = lift(shown, ["b"], "b", places);
  assert.equal(
    liftedText(shown, one, titleOf),
    "Picked up 'b.png'. At x 120, y -30. Arrow keys move by 10 pixels, Shift+arrow by 1 pixel, Tab goes to the " +
      "Trash or another gallery, C copies, Space or Enter drops, Escape cancels.",
  );
  const two = moveBy(lift(shown, ["a", "d"], "d", places), -10, 1);
  assert.match(
    liftedText(shown, lift(shown, ["a", "d"], "d", places), titleOf),
    /^Picked up 2 items\. At x 500, y 40\./,
  );
  assert.equal(whereText(shown, two), "At x 490, y 41.");
  assert.equal(whereText(shown, { ...two, copy: true }), "At x 490, y 41, as copies.");
  assert.equal(cancelledText(shown, two, titleOf), "Cancelled. 2 items are back at x 500, y 40.");
  assert.equal(cancelledText(shown, moveBy(one, 0.4, 3), titleOf), "Cancelled. 'b.png' is back at x 120, y -30.");
  const fractional = lift(shown, ["a"], "a", [place("a", 10.6, -0.4)]);
  assert.equal(whereText(shown, fractional), "At x 11, y 0.");
});
