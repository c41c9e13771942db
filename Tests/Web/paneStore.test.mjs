import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../Web/store/store.js";
import { initialPaneState, paneActions, paneReducer } from "../../Web/store/paneState.js";
import {
  selectionBeyondWindow,
  selectionRun,
  basisFor,
  insertionAt,
  itemsFor,
  pasteIndex,
  selectedItems,
  shownProgress,
} from "../../Web/store/paneSelectors.js";
import { createReplica, createWindowedReplica, receiveEvent } from "../../Web/model/replica.js";
import { hiding, placeholders, reordering, upsert } from "../../Web/model/overlay.js";
import { G, gallery, ids, item } from "./fixtures.mjs";
import { syncStep } from "../../Web/model/gallerySync.js";

function loadedStore(items = [item("a", "a0"), item("b", "a1"), item("c", "a2")]) {
  const store = createStore(paneReducer, initialPaneState(G));
  store.dispatch(paneActions.replicaChanged(createReplica(gallery(1), items)));
  return store;
}

test("subscribers are told of each change with the state before it, and not of actions that change nothing", () => {
  const store = loadedStore();
  const seen = [];
  const stop = store.subscribe((state, previous, action) =>
    seen.push([action.type, previous.selection.ids.size, state.selection.ids.size]),
  );
  store.dispatch(paneActions.itemClicked("a"));
  store.dispatch(paneActions.dragEnded()); // nothing was being dragged
  store.dispatch(paneActions.selectionCleared());
  store.dispatch(paneActions.selectionCleared()); // already empty
  stop();
  store.dispatch(paneActions.itemClicked("b"));
  assert.deepEqual(seen, [
    ["itemClicked", 0, 1],
    ["selectionCleared", 1, 0],
  ]);
});

test("an unknown action is an error, not silently ignored", () => {
  assert.throws(() => paneReducer(initialPaneState(G), { type: "nope" }), /Unknown pane action nope/);
});

test("the items shown are the replica's with the optimistic changes on top, and follow every change", () => {
  const store = loadedStore();
  assert.equal(ids(store.getState().shown), "a,b,c");
  store.dispatch(paneActions.overlayAdded(reordering("move-1", ["c"], "a")));
  assert.equal(ids(store.getState().shown), "c,a,b");
  store.dispatch(paneActions.overlayAdded(placeholders("drop-1", "b", [{ id: "drop-1", state: "pending" }])));
  assert.equal(ids(store.getState().shown), "c,a,b,drop-1");
  store.dispatch(paneActions.overlaySettled("drop-1"));
  store.dispatch(paneActions.overlaySettled("move-1", upsert("move-1", [item("c", "Zz", 2)], G)));
  assert.equal(ids(store.getState().shown), "c,a,b");
  // The event that makes the move real settles the answer's overlay: it is pruned.
  const { replica } = receiveEvent(store.getState().replica, {
    sequence: 2,
    gallery: gallery(2),
    items: [item("c", "Zz", 2)],
    removed: [],
  });
  store.dispatch(paneActions.replicaChanged(replica));
  assert.equal(ids(store.getState().shown), "c,a,b");
  assert.equal(store.getState().overlays.length, 0);
});

test("the selection follows clicks, Shift ranges and select all, and loses items that are no longer shown", () => {
  const store = loadedStore();
  store.dispatch(paneActions.itemClicked("a"));
  store.dispatch(paneActions.itemClicked("c", { range: true }));
  assert.deepEqual([...store.getState().selection.ids].sort(), ["a", "b", "c"]);
  store.dispatch(paneActions.itemClicked("b", { toggle: true }));
  assert.equal(ids(selectedItems(store.getState())), "a,c");
  store.dispatch(paneActions.overlayAdded(hiding("trash-1", ["c"])));
  assert.equal(ids(selectedItems(store.getState())), "a");
  store.dispatch(paneActions.allSelected());
  assert.equal(ids(selectedItems(store.getState())), "a,b");
});

test("an action on a selected item applies to the whole selection; on another item to that item alone", () => {
  const store = loadedStore();
  store.dispatch(paneActions.itemClicked("a"));
  store.dispatch(paneActions.itemClicked("c", { toggle: true }));
  assert.equal(ids(itemsFor(store.getState(), "c")), "a,c");
  assert.equal(ids(itemsFor(store.getState(), "b")), "b");
  assert.equal(pasteIndex(store.getState()), 3);
  store.dispatch(paneActions.itemClicked("a"));
  assert.equal(pasteIndex(store.getState()), 1);
  store.dispatch(paneActions.selectionCleared());
  assert.equal(pasteIndex(store.getState()), 3);
});

test("the images per row: the gallery's default as first seen, until chosen here; nobody else's change follows", () => {
  const store = loadedStore();
  assert.equal(store.getState().perRow, 4, "the gallery's default");
  store.dispatch(paneActions.galleryReceived(gallery(2, { imagesPerRow: 3 })));
  assert.equal(store.getState().perRow, 4, "a change made elsewhere does not follow into an open pane");
  store.dispatch(paneActions.perRowChanged(6));
  assert.equal(store.getState().perRow, 6);
  store.dispatch(paneActions.galleryReceived(gallery(3, { imagesPerRow: 2 })));
  assert.equal(store.getState().perRow, 6, "the choice made here holds");
  store.dispatch(paneActions.perRowChanged(99));
  assert.equal(store.getState().perRow, 12, "clamped");

  const remembered = createStore(paneReducer, initialPaneState(G, null, { perRow: 7, view: "list" }));
  remembered.dispatch(paneActions.replicaChanged(createReplica(gallery(1, { imagesPerRow: 3, view: "board" }), [])));
  assert.equal(remembered.getState().perRow, 7, "this browser's preference wins over the gallery's default");
  assert.equal(remembered.getState().view, "list");
  const asked = createStore(paneReducer, initialPaneState(G, "board", { view: "list" }));
  assert.equal(asked.getState().view, "board", "the address wins over the preference");
});

test("an older gallery document never replaces a newer one", () => {
  const store = loadedStore();
  store.dispatch(paneActions.galleryReceived(gallery(5, { name: "New" })));
  store.dispatch(paneActions.galleryReceived(gallery(4, { name: "Old" })));
  assert.equal(store.getState().gallery.name, "New");
});

test("access: viewers and read-only links are view only; only an owner who signed in may share", () => {
  const store = loadedStore();
  const signedIn = { user: { name: "ann" }, galleryId: null, authRequired: true };
  store.dispatch(paneActions.accessChanged("owner", signedIn));
  assert.deepEqual(store.getState().access, {
    role: "owner",
    session: signedIn,
    readOnly: false,
    canShare: true,
    linkSession: false,
  });
  store.dispatch(paneActions.accessChanged("viewer"));
  assert.equal(store.getState().access.readOnly, true);
  assert.equal(store.getState().access.session, signedIn, "the session is kept when only the role is new");
  store.dispatch(paneActions.accessChanged("owner", { user: null, galleryId: G, authRequired: true }));
  assert.equal(store.getState().access.readOnly, true);
  assert.equal(store.getState().access.linkSession, true);
  store.dispatch(paneActions.accessChanged("owner", { user: null, galleryId: null, authRequired: false }));
  assert.equal(store.getState().access.canShare, false, "no sharing where nobody signs in");
});

test("progress: this page's uploads show over the server's, and end", () => {
  const store = loadedStore();
  store.dispatch(paneActions.progressReceived({ a: { received: 1, total: 10 }, b: { received: 2, total: 10 } }));
  store.dispatch(paneActions.uploadProgressed("b", { received: 5, total: 10 }));
  assert.deepEqual(shownProgress(store.getState()).get("b"), { received: 5, total: 10 });
  assert.deepEqual(shownProgress(store.getState()).get("a"), { received: 1, total: 10 });
  store.dispatch(paneActions.uploadProgressed("b", null));
  assert.deepEqual(shownProgress(store.getState()).get("b"), { received: 2, total: 10 });
});

test("history, drags, gone and closed are state like the rest", () => {
  const store = loadedStore();
  store.dispatch(paneActions.historyReceived({ canUndo: true, canRedo: false }));
  assert.equal(store.getState().history.canUndo, true);
  store.dispatch(paneActions.dragStarted(["a", "b"]));
  assert.deepEqual([...store.getState().dragging], ["a", "b"]);
  store.dispatch(paneActions.dragEnded());
  assert.equal(store.getState().dragging.size, 0);
  store.dispatch(paneActions.galleryGone("Deleted."));
  store.dispatch(paneActions.galleryGone("Later."));
  assert.equal(store.getState().gone, "Deleted.");
  store.dispatch(paneActions.paneClosed());
  assert.equal(store.getState().closed, true);
});

test("insertion points and the basis of overlays are read from the state", () => {
  const store = loadedStore([item("a", "a0", 3), item("b", "a1", 4), item("c", "a2", 5)]);
  assert.deepEqual(insertionAt(store.getState(), 1), { at: { before: "b" }, beforeId: "b" });
  assert.deepEqual(insertionAt(store.getState(), 3).beforeId, null);
  assert.deepEqual(basisFor(store.getState(), ["a", "c"]), { a: 3, c: 5 });
});

test("the view: the address's choice holds for the pane; else the gallery's own as first seen, until chosen here", () => {
  const asked = createStore(paneReducer, initialPaneState(G, "list"));
  asked.dispatch(paneActions.replicaChanged(createReplica(gallery(1, { view: "grid" }), [])));
  assert.equal(asked.getState().view, "list");

  const store = loadedStore();
  assert.equal(store.getState().view, "grid", "a gallery that never chose shows the grid");
  store.dispatch(paneActions.galleryReceived(gallery(2, { view: "list" })));
  assert.equal(store.getState().view, "grid", "another person's choice is not followed into an open pane");
  store.dispatch(paneActions.viewChosen("board"));
  store.dispatch(paneActions.galleryReceived(gallery(3, { view: "list" })));
  assert.equal(store.getState().view, "board", "the choice made here holds");
  store.dispatch(paneActions.viewChosen("nonsense"));
  assert.equal(store.getState().view, "board", "unknown views are ignored");

  const firstSeen = createStore(paneReducer, initialPaneState(G));
  firstSeen.dispatch(paneActions.replicaChanged(createReplica(gallery(1, { view: "list" }), [])));
  assert.equal(firstSeen.getState().view, "list", "the gallery's default, for whoever has not chosen");
});

test("a marquee selects exactly its items; the Move/Copy switch is the pane's drag mode", () => {
  const store = loadedStore();
  store.dispatch(paneActions.itemClicked("a"));
  store.dispatch(paneActions.idsSelected(["b", "c"]));
  assert.deepEqual([...store.getState().selection.ids], ["b", "c"]);
  assert.equal(store.getState().selection.anchor, "b");
  store.dispatch(paneActions.idsSelected([]));
  assert.equal(store.getState().selection.ids.size, 0);
  assert.equal(store.getState().dragMode, "move");
  store.dispatch(paneActions.dragModeChosen("copy"));
  assert.equal(store.getState().dragMode, "copy");
  store.dispatch(paneActions.dragModeChosen("anything else"));
  assert.equal(store.getState().dragMode, "move");
});

test("a selection of all of a big gallery, or a span beyond its window, is the run it is: by its count or its ends", () => {
  const store = createStore(paneReducer, initialPaneState(G));
  const held = [item("a", "a0", 1), item("b", "a1", 1)];
  store.dispatch(
    paneActions.replicaChanged(
      createWindowedReplica({ gallery: gallery(1, { itemCount: 6000 }), items: held, position: 0 }),
    ),
  );
  assert.equal(selectionBeyondWindow(store.getState(), "a"), 0);
  assert.equal(selectionRun(store.getState(), "a"), null);
  store.dispatch(paneActions.allSelected());
  assert.equal(selectionBeyondWindow(store.getState(), "a"), 6000);
  assert.deepEqual(selectionRun(store.getState(), "a"), { count: 6000 });
  store.dispatch(paneActions.itemClicked("b"));
  assert.equal(selectionBeyondWindow(store.getState(), "b"), 0);
  assert.equal(selectionRun(store.getState(), "b"), null);
});

test("the sync machine's state lives in the store: a step that changes its replica shows its items, one that does not keeps them", () => {
  const store = createStore(paneReducer, initialPaneState(G));
  const page = {
    gallery: gallery(1),
    items: [item("a", "a0"), item("b", "a1")],
    position: 0,
    count: 2,
    nextCursor: null,
  };
  const opened = syncStep(store.getState().sync, { type: "opened", page }).state;
  store.dispatch(paneActions.syncStepped(opened));
  assert.equal(ids(store.getState().shown), "a,b");
  assert.equal(store.getState().replica, opened.replica);
  const shown = store.getState().shown;
  store.dispatch(paneActions.syncStepped(syncStep(opened, { type: "socketOpened" }).state));
  assert.equal(store.getState().shown, shown, "the same items, not derived again");
  assert.equal(store.getState().sync.connected, true);
});
