// Tags as typed and held (Web/model/tags.js): trimmed and composed, counted once per item without regard to case, and
// suggested by prefix, most used first, leaving out those every item already holds.

import assert from "node:assert/strict";
import { test } from "node:test";
import { tagKey, tagSuggestions, tagsHeld, typedTag } from "../../Web/model/tags.js";

test("a typed tag is trimmed and composed; nothing typed is no tag", () => {
  assert.equal(typedTag("  Cafe\u0301 "), "Café");
  assert.equal(typedTag("   "), null);
  assert.equal(typedTag(undefined), null);
  assert.equal(tagKey("CAFÉ"), tagKey("cafe\u0301"));
});

test("the tags of a selection are counted once per item, as first spelled, in order", () => {
  const items = [{ tags: ["Red", "red", "blue"] }, { tags: ["RED"] }, { tags: [] }, {}];
  assert.deepEqual(tagsHeld(items), [
    { tag: "blue", count: 1 },
    { tag: "Red", count: 2 },
  ]);
});

test("suggestions start with what is typed, most used first, without the tags every item holds", () => {
  const known = [
    { tag: "red", count: 2 },
    { tag: "Red wine", count: 5 },
    { tag: "blue", count: 9 },
    { tag: "rust", count: 1 },
  ];
  assert.deepEqual(tagSuggestions("R", known, [], 3), ["Red wine", "red", "rust"]);
  assert.deepEqual(tagSuggestions("re", known, [{ tag: "RED", count: 3 }], 3), ["Red wine"]);
  // A tag only some of the selection holds is still offered, to put it on all.
  assert.deepEqual(tagSuggestions("re", known, [{ tag: "red", count: 1 }], 3), ["Red wine", "red"]);
  assert.equal(tagSuggestions("", known, [], 1, 2).length, 2);
});
