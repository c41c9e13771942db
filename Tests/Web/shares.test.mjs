import { test } from "node:test";
import assert from "node:assert/strict";
import { linkText, sortedShares } from "../../Web/model/shares.js";

test("people are listed by name and links oldest first", () => {
  const { users, links } = sortedShares({
    users: [
      { name: "zoe", role: "viewer" },
      { name: "Bob", role: "editor" },
      { name: "amy", role: "viewer" },
    ],
    links: [
      { id: "b", createdAt: "2025-05-03T12:00:00Z" },
      { id: "a", createdAt: "2025-05-01T12:00:00Z" },
    ],
  });
  assert.deepEqual(
    users.map((user) => user.name),
    ["amy", "Bob", "zoe"],
  );
  assert.deepEqual(
    links.map((link) => link.id),
    ["a", "b"],
  );
});

test("nothing shared is two empty lists", () => {
  assert.deepEqual(sortedShares(null), { users: [], links: [] });
  assert.deepEqual(sortedShares({}), { users: [], links: [] });
});

test("a link is named by when it was made, to the second", () => {
  assert.equal(linkText({ id: "a", createdAt: "2025-05-03T14:05:09Z" }, "UTC"), "link made 3 May 2025, 14:05:09");
  assert.equal(linkText({ id: "a" }), "link");
});
