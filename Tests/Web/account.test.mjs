import { test } from "node:test";
import assert from "node:assert/strict";
import { passwordProblem, sortedTokens, tokenMade } from "../../Web/model/account.js";

test("a password change needs both fields and a new password", () => {
  assert.deepEqual(passwordProblem("", "new-secret"), { field: "current", message: "Enter your current password." });
  assert.deepEqual(passwordProblem("old-secret", ""), { field: "new", message: "Enter a new password." });
  assert.equal(passwordProblem("same-secret", "same-secret")?.field, "new");
  assert.equal(passwordProblem("old-secret", "new-secret"), null);
  // Short or odd new passwords are the server's to judge (its message is shown).
  assert.equal(passwordProblem("old-secret", "x"), null);
});

test("tokens are listed by name as people read them", () => {
  const names = sortedTokens([{ name: "token 10" }, { name: "Backup" }, { name: "token 2" }, { name: "alpha" }]).map(
    (token) => token.name,
  );
  assert.deepEqual(names, ["alpha", "Backup", "token 2", "token 10"]);
  assert.deepEqual(sortedTokens(null), []);
});

test("a token says when it was made, and nothing for a date it cannot read", () => {
  assert.equal(tokenMade({ createdAt: "2025-05-03T12:05:09Z" }, "UTC"), "made 3 May 2025, 12:05:09");
  assert.equal(tokenMade({ createdAt: "not a date" }), "");
  assert.equal(tokenMade(null), "");
});
