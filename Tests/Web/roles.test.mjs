import { test } from "node:test";
import assert from "node:assert/strict";
import { canChange, changeableGalleries, galleryActions, isOwner, roleOf, roleText } from "../../Web/model/roles.js";

test("a gallery without a role is one's own (a server without sign-in)", () => {
  assert.equal(roleOf({ id: "g" }), "owner");
  assert.equal(roleOf({ id: "g", role: "something new" }), "owner");
  assert.equal(roleOf({ id: "g", role: "viewer" }), "viewer");
});

test("viewers change nothing; editors and owners change items", () => {
  assert.equal(canChange("viewer"), false);
  assert.equal(canChange("editor"), true);
  assert.equal(canChange("owner"), true);
});

test("only the owner deletes and shares", () => {
  assert.equal(isOwner("owner"), true);
  assert.equal(isOwner("editor"), false);
  assert.equal(isOwner("viewer"), false);
});

test("the gallery browser offers rename to editors, delete to owners, duplicate to everyone", () => {
  assert.deepEqual(galleryActions("owner"), ["rename", "duplicate", "export", "delete"]);
  assert.deepEqual(galleryActions("editor"), ["rename", "duplicate", "export"]);
  assert.deepEqual(galleryActions("viewer"), ["duplicate", "export"]);
});

test("a shared gallery's card says so with the role; one's own says nothing", () => {
  assert.equal(roleText("viewer"), "Shared with you · viewer");
  assert.equal(roleText("editor"), "Shared with you · editor");
  assert.equal(roleText("owner"), "");
  assert.equal(roleText(undefined), "");
});

test("items go only into galleries one may change", () => {
  const galleries = [{ id: "a", role: "owner" }, { id: "b", role: "viewer" }, { id: "c", role: "editor" }, { id: "d" }];
  assert.deepEqual(
    changeableGalleries(galleries).map((gallery) => gallery.id),
    ["a", "c", "d"],
  );
});
