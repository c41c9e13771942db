// "Find Similar" rows and "Also in" (Web/model/similar.js, Web/model/viewerFacts.js): what the page says of the
// images the server found.

import assert from "node:assert/strict";
import { test } from "node:test";

import { canFindSimilar, similarRows } from "../../Web/model/similar.js";
import { alsoInText, detailRows } from "../../Web/model/viewerFacts.js";

const found = (id, galleryId, galleryName, extra = {}) => ({
  id,
  galleryId,
  galleryName,
  kind: "image",
  state: "ready",
  title: `${id}.jpg`,
  imageURL: `/media/${id}`,
  width: 2000,
  thumbnails: [
    { url: `/thumbnails/${id}-512.webp`, width: 512 },
    { url: `/thumbnails/${id}-256.webp`, width: 256 },
  ],
  distance: 3,
  ...extra,
});

test("each image found is a link into its gallery with its title, gallery and smallest thumbnail wide enough", () => {
  const rows = similarRows({
    items: [found("a1", "g1", "Moodboard"), found("b 2", "g2", "Travel", { thumbnails: [] })],
  });
  assert.deepEqual(rows, [
    {
      id: "a1",
      title: "a1.jpg",
      galleryName: "Moodboard",
      thumbnail: "/thumbnails/a1-256.webp",
      href: "/g/g1/items/a1",
    },
    { id: "b 2", title: "b 2.jpg", galleryName: "Travel", thumbnail: "/media/b 2", href: "/g/g2/items/b%202" },
  ]);
  assert.deepEqual(similarRows({ items: [] }), []);
  assert.deepEqual(similarRows(null), []);
});

test("only a loaded image is offered Find Similar", () => {
  assert.equal(canFindSimilar({ kind: "image", state: "ready" }), true);
  assert.equal(canFindSimilar({ kind: "image", state: "pending" }), false);
  assert.equal(canFindSimilar({ kind: "note", state: "ready" }), false);
  assert.equal(canFindSimilar({ kind: "video", state: "ready" }), false);
  assert.equal(canFindSimilar(null), false);
});

test("the details say which other galleries hold the same picture", () => {
  assert.equal(alsoInText([]), "");
  assert.equal(alsoInText(undefined), "");
  assert.equal(alsoInText([{ galleryId: "g1", galleryName: "Moodboard" }]), "'Moodboard'");
  assert.equal(
    alsoInText([
      { galleryId: "g1", galleryName: "A" },
      { galleryId: "g2", galleryName: "B" },
      { galleryId: "g3", galleryName: "C" },
    ]),
    "'A', 'B' and 'C'",
  );
  const item = { id: "i1", kind: "image", state: "ready", title: "photo.jpg", createdAt: "2026-01-02T03:04:05Z" };
  const full = { ...item, alsoIn: [{ galleryId: "g1", galleryName: "Moodboard" }] };
  assert.deepEqual(
    detailRows(item, full).find((row) => row.label === "Also in"),
    { label: "Also in", value: "'Moodboard'" },
  );
  assert.equal(
    detailRows(item, { ...item, alsoIn: [] }).find((row) => row.label === "Also in"),
    undefined,
  );
});
