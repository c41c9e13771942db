import assert from "node:assert/strict";
import test from "node:test";

import {
  countText,
  dayStart,
  isAsking,
  parseSearchURL,
  rankKey,
  resultsPage,
  searchName,
  searchOf,
  searchQuery,
  searchURL,
} from "../../Web/model/search.js";

test("a search's address holds its words and filters, and reads back the same", () => {
  const search = searchOf({ q: "café “x”", kind: "note", tag: " red ", gallery: "g1", from: "2026-11-01", to: "x" });
  assert.deepEqual(search, { q: "café “x”", kind: "note", tag: "red", gallery: "g1", from: "2026-11-01", to: null });
  const url = new URL(searchURL(search), "http://host");
  assert.equal(url.pathname, "/search");
  assert.deepEqual(parseSearchURL(url), search);
  assert.equal(
    searchURL(searchOf({ q: "a" }), { galleryId: "b", view: "list" }, "list"),
    "/search?q=a&view=list&beside=b&besideView=list",
  );
});

test("an address that is not a search, or filters that are not known, are not taken", () => {
  assert.equal(parseSearchURL({ pathname: "/g/abc", search: "?q=x" }), null);
  assert.deepEqual(parseSearchURL({ pathname: "/search", search: "?kind=plant&tag=%20&q=" }), searchOf());
});

test("days are the person's: from the start of the first to the start of the day after the last", () => {
  const query = new URLSearchParams(searchQuery(searchOf({ q: "a", from: "2026-12-30", to: "2026-12-31" })));
  assert.equal(query.get("from"), new Date(2026, 11, 30).toISOString());
  assert.equal(query.get("to"), new Date(2027, 0, 1).toISOString());
  assert.equal(dayStart("2026-02-29"), null);
  assert.equal(dayStart("2026-1-5"), null);
  assert.equal(
    searchName(searchOf({ q: "a", from: "2026-11-01", to: "2026-11-27" })),
    "Search “a”, added 2026-11-01 to 2026-11-27",
  );
});

test("a search asks for something when it holds a letter or digit, or a tag", () => {
  assert.equal(isAsking(searchOf({ q: '  "* -( ' })), false);
  assert.equal(isAsking(searchOf({ q: "é" })), true);
  assert.equal(isAsking(searchOf({ q: "7" })), true);
  assert.equal(isAsking(searchOf({ tag: "red" })), true);
});

test("the API query names each filter once and the cursor of the page", () => {
  const query = new URLSearchParams(searchQuery(searchOf({ q: "a&b=c", kind: "link", tag: "t" }), "400"));
  assert.deepEqual(Object.fromEntries(query), { q: "a&b=c", kind: "link", tag: "t", cursor: "400", limit: "200" });
});

test("results become a gallery's page: view only, in rank order, each saying its gallery", () => {
  const answer = {
    items: [
      { id: "b", galleryId: "g2", galleryName: "Two", orderKey: "zz" },
      { id: "a", galleryId: "g1", galleryName: "One", orderKey: "aa" },
    ],
    count: 1000,
    more: true,
    nextCursor: "202",
  };
  const page = resultsPage(answer, searchOf({ q: "x" }), "200");
  assert.equal(page.position, 200);
  assert.equal(page.nextCursor, "202");
  assert.deepEqual(
    page.items.map((item) => [item.id, item.orderKey, item.galleryId]),
    [
      ["b", rankKey(200), "g2"],
      ["a", rankKey(201), "g1"],
    ],
  );
  assert.ok(rankKey(9) < rankKey(10), "ranks order as text");
  assert.equal(page.gallery.role, "viewer");
  assert.equal(page.gallery.id, null);
  assert.equal(page.gallery.more, true);
  // A count below what was read grows to it (results found since the count).
  assert.equal(resultsPage({ items: [{ id: "x" }], count: 0 }, searchOf({ q: "x" }), "50").count, 51);
  assert.deepEqual(resultsPage(null, searchOf()).items, []);
});

test("what a search is called and what it found, in words", () => {
  assert.equal(searchName(searchOf({ q: " kern ", kind: "note" })), "Search “kern” in notes");
  assert.equal(searchName(searchOf({ tag: "red" })), "Search tagged red");
  assert.equal(countText(0), "No results");
  assert.equal(countText(1), "1 result");
  assert.equal(countText(1234), "1,234 results");
  assert.equal(countText(1000, true), "More than 1,000 results");
  assert.equal(
    countText(2, false, { indexed: 250, total: 1000 }),
    "2 results — the search index is still being built (25%): older items may be missing yet.",
  );
  assert.equal(countText(2, false, null), "2 results");
});
