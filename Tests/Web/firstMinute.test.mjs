import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../Web/store/store.js";
import { initialPaneState, paneActions, paneReducer } from "../../Web/store/paneState.js";
import { emptiness } from "../../Web/store/paneSelectors.js";
import { createReplica } from "../../Web/model/replica.js";
import { PERSON_KEY, readTheme, THEMES, themeAttribute, themeKey } from "../../Web/model/theme.js";
import { placeholders } from "../../Web/model/overlay.js";
import { G, gallery, item } from "./fixtures.mjs";

test("a pane shows grey boxes until its gallery is read, then what an empty gallery or search says", () => {
  const store = createStore(paneReducer, initialPaneState(G));
  assert.equal(emptiness(store.getState()), "loading");
  store.dispatch(paneActions.replicaChanged(createReplica(gallery(1), [])));
  assert.equal(emptiness(store.getState()), "gallery");
  assert.equal(emptiness(store.getState(), { search: true }), "search");
});

test("a gallery with items, or with a drop on its way, is not empty; a gone one says so itself", () => {
  const store = createStore(paneReducer, initialPaneState(G));
  store.dispatch(paneActions.replicaChanged(createReplica(gallery(1), [])));
  store.dispatch(paneActions.overlayAdded(placeholders("drop-1", null, [{ id: "drop-1", state: "pending" }])));
  assert.equal(emptiness(store.getState()), null);
  const full = createStore(paneReducer, initialPaneState(G));
  full.dispatch(paneActions.replicaChanged(createReplica(gallery(1), [item("a", "a0")])));
  assert.equal(emptiness(full.getState()), null);
  assert.equal(emptiness({ ...store.getState(), gone: "deleted" }), null);
});

test("the theme is the system's unless light or dark was chosen, kept under the person's own key", () => {
  assert.deepEqual(THEMES, ["system", "light", "dark"]);
  assert.equal(readTheme("dark"), "dark");
  assert.equal(readTheme("light"), "light");
  for (const other of [null, "", "system", "DARK", "sepia"]) assert.equal(readTheme(other), "system");
  assert.equal(themeAttribute("system"), null);
  assert.equal(themeAttribute("dark"), "dark");
  assert.notEqual(themeKey("u1"), themeKey("u2"));
  assert.equal(themeKey(null), "image-gallery.theme.");
  assert.notEqual(PERSON_KEY, themeKey(null));
});

test("theme.js, which runs before any module, reads the keys model/theme.js writes", async () => {
  const { readFile } = await import("node:fs/promises");
  const script = await readFile(new URL("../../Web/theme.js", import.meta.url), "utf8");
  assert.ok(script.includes(`localStorage.getItem("${PERSON_KEY}")`));
  assert.ok(script.includes(`\`${themeKey(null)}\${person}\``));
});
