import { test } from "node:test";
import assert from "node:assert/strict";
import {
  isArchive,
  applyGallery,
  coverPicture,
  createGalleryListState,
  galleryCountText,
  itemCountText,
  neighbourAfterRemoval,
  sortedByDeletion,
  sortedByName,
} from "../../Web/model/galleryList.js";

const gallery = (id, name, extra = {}) => ({
  id,
  name,
  itemCount: 0,
  trashed: false,
  trashedAt: null,
  cover: null,
  ...extra,
});

test("a gallery archive is a .zip, by its type or its name", () => {
  assert.equal(isArchive({ name: "Trip.zip", type: "" }), true);
  assert.equal(isArchive({ name: "TRIP.ZIP", type: "" }), true);
  assert.equal(isArchive({ name: "download", type: "application/zip" }), true);
  assert.equal(isArchive({ name: "x", type: "application/x-zip-compressed" }), true);
  assert.equal(isArchive({ name: "photo.png", type: "image/png" }), false);
  assert.equal(isArchive({ name: "zip.png", type: "" }), false);
});

test("item counts read as words: none, one, many", () => {
  assert.equal(itemCountText(0), "No items");
  assert.equal(itemCountText(1), "1 item");
  assert.equal(itemCountText(12), "12 items");
  assert.equal(itemCountText(1234), "1,234 items");
});

test("an unknown item count is not shown at all", () => {
  assert.equal(itemCountText(undefined), "");
  assert.equal(itemCountText(null), "");
  assert.equal(itemCountText(-1), "");
});

test("gallery counts say gallery or galleries", () => {
  assert.equal(galleryCountText(1), "1 gallery");
  assert.equal(galleryCountText(3), "3 galleries");
});

test("a cover is its smallest thumbnail at least 256 wide, whatever order the thumbnails come in", () => {
  const cover = {
    itemId: "i",
    title: "apple.png",
    imageURL: "/media/a.png",
    width: 2000,
    height: 1000,
    thumbnails: [
      { width: 1024, url: "/t/1024.webp" },
      { width: 128, url: "/t/128.webp" },
      { width: 512, url: "/t/512.webp" },
      { width: 256, url: "/t/256.webp" },
    ],
  };
  assert.deepEqual(coverPicture(cover), { src: "/t/256.webp", width: 256, height: 128, title: "apple.png" });
});

test("a cover without a thumbnail wide enough is its original image", () => {
  const cover = {
    itemId: "i",
    title: "small.png",
    imageURL: "/media/s.png",
    width: 200,
    height: 150,
    thumbnails: [{ width: 128, url: "/t/128.webp" }],
  };
  assert.deepEqual(coverPicture(cover), { src: "/media/s.png", width: 200, height: 150, title: "small.png" });
  assert.equal(coverPicture({ ...cover, thumbnails: undefined }).src, "/media/s.png");
});

test("no cover means no picture (the card shows a placeholder)", () => {
  assert.equal(coverPicture(null), null);
  assert.equal(coverPicture(undefined), null);
  assert.equal(coverPicture({ itemId: "i", title: "x", thumbnails: [] }), null);
});

test("galleries sort by name ignoring case, numbers by value, ties by id", () => {
  const sorted = sortedByName([
    gallery("3", "fruit"),
    gallery("1", "Gallery 10"),
    gallery("2", "Gallery 9"),
    gallery("0", "Fruit"),
  ]);
  assert.deepEqual(
    sorted.map((g) => g.id),
    ["0", "3", "2", "1"],
  );
});

test("the trash lists the most recently deleted first", () => {
  const trash = sortedByDeletion([
    gallery("a", "A", { trashed: true, trashedAt: "2025-01-01T10:00:00Z" }),
    gallery("b", "B", { trashed: true, trashedAt: "2025-01-03T10:00:00Z" }),
    gallery("c", "C", { trashed: true, trashedAt: "2025-01-02T10:00:00Z" }),
  ]);
  assert.deepEqual(
    trash.map((g) => g.id),
    ["b", "c", "a"],
  );
});

test("the state keeps live galleries out of the trash and trashed ones out of the list", () => {
  const state = createGalleryListState({
    galleries: [gallery("b", "B"), gallery("a", "A"), gallery("x", "X", { trashed: true })],
    trash: [gallery("t", "T", { trashed: true }), gallery("l", "L")],
  });
  assert.deepEqual(
    state.galleries.map((g) => g.id),
    ["a", "b"],
  );
  assert.deepEqual(
    state.trash.map((g) => g.id),
    ["t"],
  );
});

test("a new or renamed gallery takes its place by name", () => {
  let state = createGalleryListState({ galleries: [gallery("a", "Apple"), gallery("c", "Cherry")] });
  state = applyGallery(state, gallery("b", "Banana"));
  assert.deepEqual(
    state.galleries.map((g) => g.name),
    ["Apple", "Banana", "Cherry"],
  );
  state = applyGallery(state, gallery("a", "Zucchini"));
  assert.deepEqual(
    state.galleries.map((g) => g.name),
    ["Banana", "Cherry", "Zucchini"],
  );
});

test("a deleted gallery moves to the trash and a restored one comes back", () => {
  let state = createGalleryListState({ galleries: [gallery("a", "Apple"), gallery("b", "Banana")] });
  state = applyGallery(state, gallery("a", "Apple", { trashed: true, trashedAt: "2025-01-01T00:00:00Z" }));
  assert.deepEqual(
    state.galleries.map((g) => g.id),
    ["b"],
  );
  assert.deepEqual(
    state.trash.map((g) => g.id),
    ["a"],
  );
  state = applyGallery(state, gallery("a", "Apple"));
  assert.deepEqual(
    state.galleries.map((g) => g.id),
    ["a", "b"],
  );
  assert.deepEqual(state.trash, []);
});

test("focus goes to the next gallery after a removal, else the one before, else nowhere", () => {
  const list = [gallery("a", "A"), gallery("b", "B"), gallery("c", "C")];
  assert.equal(neighbourAfterRemoval(list, "b"), "c");
  assert.equal(neighbourAfterRemoval(list, "c"), "b");
  assert.equal(neighbourAfterRemoval([gallery("a", "A")], "a"), null);
  assert.equal(neighbourAfterRemoval(list, "zz"), null);
  // Only galleries still there count: the next one left too, so focus goes on to the one after it, or back.
  const still = (ids) => (id) => ids.includes(id);
  assert.equal(neighbourAfterRemoval(list, "a", still(["c"])), "c");
  assert.equal(neighbourAfterRemoval(list, "c", still(["a"])), "a");
  assert.equal(neighbourAfterRemoval(list, "b", still([])), null);
});
