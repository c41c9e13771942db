import { test } from "node:test";
import assert from "node:assert/strict";
import { pointerOwners } from "../../Web/dnd/pointerOwners.js";

test("a pointer taken by another listener is lost by its owner, once, and a late release leaves the new owner", () => {
  const surface = {};
  const owners = pointerOwners(surface);
  const lost = [];
  owners.claim(1, "drag", () => lost.push("drag"));
  assert.equal(owners.ownerOf(1), "drag");
  pointerOwners(surface).claim(1, "gesture"); // the same element's owners, whoever asks
  assert.deepEqual(lost, ["drag"]);
  assert.equal(owners.ownerOf(1), "gesture");
  owners.release(1, "drag");
  assert.equal(owners.ownerOf(1), "gesture");
  owners.release(1, "gesture");
  assert.equal(owners.ownerOf(1), null);
});

test("claiming a pointer one owns already loses nothing, and other elements' pointers are their own", () => {
  const owners = pointerOwners({});
  let lost = 0;
  owners.claim(7, "resize", () => lost++);
  owners.claim(7, "resize", () => lost++);
  assert.equal(lost, 0);
  assert.equal(pointerOwners({}).ownerOf(7), null);
});
