import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DROP_MAX_ITEMS,
  dropFailedText,
  dropParts,
  dropStartedText,
  emptyUploadQueue,
  uploadEnded,
  uploadsQueued,
} from "../../Web/model/dropParts.js";
import { integer, seededRandom } from "./random.mjs";

function drop(fileCount, extra = {}) {
  const files = Array.from({ length: fileCount }, (_, n) => `file${n}`);
  const payload = {
    uriList: null,
    html: null,
    plainText: null,
    mozURL: null,
    files: files.map((name) => ({ name, type: "image/png", size: 1 })),
    ...extra,
  };
  return { payload, files };
}

test("a drop of at most the limit goes as it is, in one request", () => {
  const { payload, files } = drop(DROP_MAX_ITEMS, { uriList: "https://example.com/a.png" });
  assert.deepEqual(dropParts(payload, files), [{ payload, files, offset: 0 }]);
  const empty = drop(0, { plainText: "a note" });
  assert.equal(dropParts(empty.payload, empty.files).length, 1);
});

test("a drop of more files goes in parts of the limit, in order, every file once", () => {
  const { payload, files } = drop(1201, {
    uriList: "https://example.com/a.png",
    plainText: "x",
    html: "<b>",
    mozURL: "m",
  });
  const parts = dropParts(payload, files);
  assert.deepEqual(
    parts.map((part) => [part.offset, part.files.length, part.payload.files.length]),
    [
      [0, 500, 500],
      [500, 500, 500],
      [1000, 201, 201],
    ],
  );
  assert.deepEqual(
    parts.flatMap((part) => part.files),
    files,
  );
  assert.deepEqual(
    parts.flatMap((part) => part.payload.files.map((file) => file.name)),
    files,
  );
  // What the drop carried besides its files goes once, with the last part.
  for (const part of parts.slice(0, -1))
    assert.deepEqual(
      [part.payload.uriList, part.payload.html, part.payload.plainText, part.payload.mozURL],
      [null, null, null, null],
    );
  const last = parts.at(-1).payload;
  assert.deepEqual(
    [last.uriList, last.html, last.plainText, last.mozURL],
    ["https://example.com/a.png", "<b>", "x", "m"],
  );
});

test("what the person is told of a drop in parts", () => {
  assert.equal(dropStartedText(1, 1, 1), "Adding 1 item.");
  assert.equal(dropStartedText(3, 1, 2), "Adding 3 items.");
  assert.equal(dropStartedText(500, 10, 5000), "Adding 5,000 files, 500 at a time.");
  assert.equal(dropFailedText("Gallery not found.", 0, 0, 5000), "Gallery not found.");
  assert.equal(
    dropFailedText("The server is busy.", 2, 1000, 5000),
    "1,000 of 5,000 files were added; the rest were not: The server is busy.",
  );
});

test("uploads start a few at a time, in the order they were queued", () => {
  let { queue, start } = uploadsQueued(emptyUploadQueue(2), ["a", "b", "c"]);
  assert.deepEqual(start, ["a", "b"]);
  ({ queue, start } = uploadsQueued(queue, ["d"]));
  assert.deepEqual(start, []);
  ({ queue, start } = uploadEnded(queue));
  assert.deepEqual(start, ["c"]);
  ({ queue, start } = uploadEnded(queue));
  assert.deepEqual(start, ["d"]);
  ({ queue, start } = uploadEnded(queue));
  ({ queue, start } = uploadEnded(queue));
  assert.deepEqual(start, []);
  assert.deepEqual(queue, emptyUploadQueue(2));
});

test("random interleavings: never more than the limit at once, each upload started once, in order, none left", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const random = seededRandom(seed);
    const limit = integer(random, 1, 6);
    let queue = emptyUploadQueue(limit);
    let queued = 0;
    let running = 0;
    const started = [];
    const take = ({ queue: next, start }) => {
      queue = next;
      started.push(...start);
      running += start.length;
      assert.ok(running <= limit, `seed ${seed}: ${running} running of ${limit}`);
    };
    for (let step = 0; step < 60; step++) {
      if (running && random() < 0.55) {
        running--;
        take(uploadEnded(queue));
      } else {
        const count = integer(random, 0, 5);
        const batch = Array.from({ length: count }, (_, n) => queued + n);
        queued += count;
        take(uploadsQueued(queue, batch));
      }
      // Room is never left unused while something waits.
      if (started.length < queued) assert.equal(running, limit, `seed ${seed}`);
    }
    while (running) {
      running--;
      take(uploadEnded(queue));
    }
    assert.deepEqual(
      started,
      Array.from({ length: queued }, (_, n) => n),
      `seed ${seed}`,
    );
    assert.deepEqual(queue, emptyUploadQueue(limit), `seed ${seed}`);
  }
});
