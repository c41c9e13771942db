import assert from "node:assert/strict";
import test from "node:test";

import { searchSource } from "../../Web/net/itemSources.js";
import { searchOf } from "../../Web/model/search.js";

/** Answers every search with an empty page and notes the addresses asked for. */
function recordSearches() {
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    const answer = { items: [], count: 0, more: false, nextCursor: null };
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  };
  return asked;
}

test("a search's further pages are read once still wanted, and never when other words were typed", async () => {
  const asked = recordSearches();
  let answer;
  const wanted = new Promise((resolve) => {
    answer = resolve;
  });
  const source = searchSource(searchOf({ q: "kerning" }), () => wanted);
  await source.first();
  assert.equal(asked.length, 1, "the first page at once");
  const rest = source.rest("200");
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(asked.length, 1, "the next page waits");
  answer(true);
  await rest;
  assert.equal(asked.length, 2);
  assert.match(asked[1], /cursor=200/);

  const superseded = searchSource(searchOf({ q: "kern" }), () => Promise.resolve(false));
  let settled = false;
  superseded.rest("200").then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(asked.length, 2, "not asked");
  assert.equal(settled, false, "never answered: the pane has moved on to the new words");
});
