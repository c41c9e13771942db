import { test } from "node:test";
import assert from "node:assert/strict";
import { uploadType } from "../../Web/net/api.js";

test("an upload keeps its file's type", () => {
  assert.equal(uploadType("image/png"), "image/png");
  assert.equal(uploadType("image/heic"), "image/heic");
});

test("an upload a form could also send, or without a type, goes as application/octet-stream", () => {
  assert.equal(uploadType("text/plain"), "application/octet-stream");
  assert.equal(uploadType("Text/Plain; charset=utf-8"), "application/octet-stream");
  assert.equal(uploadType("multipart/form-data"), "application/octet-stream");
  assert.equal(uploadType("application/x-www-form-urlencoded"), "application/octet-stream");
  assert.equal(uploadType(""), "application/octet-stream");
  assert.equal(uploadType(undefined), "application/octet-stream");
});
