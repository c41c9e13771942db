import { test } from "node:test";
import assert from "node:assert/strict";
import { linkItem, linkToken, nextPath, setupToken, signInURL } from "../../Web/auth/addresses.js";

test("signing in returns to the page it came from, with its query", () => {
  assert.equal(nextPath("?next=%2Fg%2Fabc%3Fbeside%3Ddef"), "/g/abc?beside=def");
  assert.equal(nextPath("?next=/galleries"), "/galleries");
});

test("signing in never returns to another site, nor to the sign-in or setup page", () => {
  assert.equal(nextPath(""), "/");
  assert.equal(nextPath("?next=https://evil.example/"), "/");
  assert.equal(nextPath("?next=//evil.example/"), "/");
  assert.equal(nextPath("?next=/\\evil.example/"), "/");
  assert.equal(nextPath("?next=/%0A/evil"), "/");
  assert.equal(nextPath("?next=/signin?next=/x"), "/");
  assert.equal(nextPath("?next=/setup"), "/");
});

test("the sign-in address carries the page to come back to", () => {
  assert.equal(signInURL("/g/abc?beside=def"), "/signin?next=%2Fg%2Fabc%3Fbeside%3Ddef");
  assert.equal(signInURL("/"), "/signin");
  assert.equal(nextPath(new URL(signInURL("/g/a?beside=b"), "http://x").search), "/g/a?beside=b");
});

test("the setup token is read from the fragment", () => {
  assert.equal(setupToken("#token=abc-123"), "abc-123");
  assert.equal(setupToken("#other=1&token=xyz"), "xyz");
  assert.equal(setupToken(""), null);
  assert.equal(setupToken("#token="), null);
});

test("a link's token is read from its path", () => {
  assert.equal(linkToken("/s/AbC_-12"), "AbC_-12");
  assert.equal(linkToken("/s/AbC/"), "AbC");
  assert.equal(linkToken("/s/"), null);
  assert.equal(linkToken("/g/abc"), null);
  assert.equal(linkToken("/s/a/b"), null);
});

test("a link's address may name an item to open in the viewer", () => {
  assert.equal(linkToken("/s/AbC/items/4f1c"), "AbC");
  assert.equal(linkItem("/s/AbC/items/4f1c"), "4f1c");
  assert.equal(linkItem("/s/AbC"), null);
  assert.equal(linkItem("/s/AbC/items/"), null);
  assert.equal(linkToken("/s/AbC/other/4f1c"), null);
  assert.equal(linkItem("/s/AbC/items/%E0%A4%A"), null, "a broken escape names nothing");
});
