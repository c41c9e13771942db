import assert from "node:assert/strict";
import { test } from "node:test";
import { inOrder } from "../../Web/net/inOrder.js";
import { seededRandom } from "./random.mjs";

/** A request that records when it starts and ends, and is answered when `answer()` is called. */
function pending(log, name, fails = false) {
  let answer;
  const request = () => {
    log.push(`start ${name}`);
    return new Promise((resolve, reject) => {
      answer = () => {
        log.push(`end ${name}`);
        if (fails) reject(new Error(name));
        else resolve(name);
      };
    });
  };
  return { request, answer: () => answer() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("each request starts once the one before it is answered, and each settles with its own answer", async () => {
  const log = [];
  const send = inOrder();
  const [a, b] = [pending(log, "a"), pending(log, "b")];
  const answers = [send(a.request), send(b.request)];
  await settle();
  assert.deepEqual(log, ["start a"]);
  a.answer();
  await settle();
  assert.deepEqual(log, ["start a", "end a", "start b"]);
  b.answer();
  assert.deepEqual(await Promise.all(answers), ["a", "b"]);
});

test("a request that fails rejects its own sender only, and the next one is still sent", async () => {
  const log = [];
  const send = inOrder();
  const [a, b] = [pending(log, "a", true), pending(log, "b")];
  const first = send(a.request);
  const second = send(b.request);
  await settle();
  a.answer();
  await assert.rejects(first, /a/);
  await settle();
  b.answer();
  assert.equal(await second, "b");
  assert.deepEqual(log, ["start a", "end a", "start b", "end b"]);
});

test("answered in any order the server likes, requests start in the order they were made, one at a time", async () => {
  for (let seed = 1; seed <= 50; seed += 1) {
    const random = seededRandom(seed);
    const log = [];
    const send = inOrder();
    const requests = [];
    let made = 0;
    const answers = [];
    // Requests are made and answered in a random interleaving; only the one under way can be answered.
    while (made < 8 || requests.some((r) => !r.done)) {
      if (made < 8 && random() < 0.5) {
        const request = pending(log, String(made), random() < 0.2);
        requests.push(request);
        answers.push(send(request.request).catch(() => "failed"));
        made += 1;
      } else {
        const started = requests.filter((r) => !r.done && log.includes(`start ${requests.indexOf(r)}`));
        assert.ok(started.length <= 1, "two requests under way at once");
        if (started.length) {
          started[0].done = true;
          started[0].answer();
        }
      }
      await settle();
    }
    await Promise.all(answers);
    const starts = log.filter((line) => line.startsWith("start")).map((line) => Number(line.slice(6)));
    assert.deepEqual(starts, [0, 1, 2, 3, 4, 5, 6, 7], `seed ${seed}`);
  }
});
