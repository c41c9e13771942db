import { test } from "node:test";
import assert from "node:assert/strict";
import { acceptsTypes, pasteTarget, readPayload } from "../../Web/dnd/externalDrop.js";

/** A DataTransfer as a drop or paste hands it over: these types and their data, these files. */
function transfer(data, files = []) {
  return {
    types: [...Object.keys(data), ...(files.length ? ["Files"] : [])],
    files,
    getData: (type) => data[type] ?? "",
  };
}

test("Firefox's text/x-moz-url alone is a usable drag, read as the drop's mozURL", () => {
  const link = "http://127.0.0.1:9/img/a.png\nA picture";
  assert.equal(acceptsTypes(["text/x-moz-url"]), true);
  assert.equal(acceptsTypes(["application/x-moz-file", "Files"]), true);
  assert.equal(acceptsTypes(["application/x-custom"]), false);
  const { payload, files } = readPayload(transfer({ "text/x-moz-url": link }));
  assert.equal(payload.mozURL, link);
  assert.equal(payload.uriList, null);
  assert.deepEqual(files, []);
});

test("a paste of only a text/x-moz-url link is taken, as its drop would be", () => {
  const listeners = {};
  const target = {
    addEventListener(type, listener) {
      listeners[type] = listener;
    },
    removeEventListener() {},
  };
  const pasted = [];
  pasteTarget(target, (paste) => pasted.push(paste));
  let prevented = false;
  const link = "http://127.0.0.1:9/img/a.png\nA picture";
  listeners.paste({
    target: { closest: () => null },
    clipboardData: transfer({ "text/x-moz-url": link }),
    preventDefault() {
      prevented = true;
    },
  });
  assert.equal(prevented, true);
  assert.equal(pasted.length, 1);
  assert.equal(pasted[0].payload.mozURL, link);
});
