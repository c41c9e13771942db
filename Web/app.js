// Wiring only: state from the API, views from the DOM, intents from the views to the API.

import { api } from "./net/api.js";
import { anchorBefore, createGalleryState, hasPending, insertLocalPlaceholders, mergeItems, removeItems } from "./model/gallery.js";
import { clampPerRow } from "./model/zoom.js";
import { dropTargetForExternal, pasteTarget } from "./dnd/externalDrop.js";
import { autoScrollOnDrag, draggableItems, dropTargetForLocal, isLocalDrag, writeItems } from "./dnd/localDrag.js";
import { changesOrder, insertionPointFor, reorder, stepIndex } from "./model/reorder.js";
import { clickSelect, emptySelection, pruneSelection, selectAll, selectedInOrder } from "./model/selection.js";
import { ItemMenu } from "./view/itemMenu.js";
import { TrashView } from "./view/trash.js";
import { zoomGestures } from "./dnd/zoomGestures.js";
import { GridView } from "./view/grid.js";
import { ToolbarView } from "./view/toolbar.js";
import { createAnnouncer } from "./view/announcer.js";

const galleryId = location.pathname.split("/")[2];
const scroller = document.getElementById("gallery");
const grid = new GridView(scroller, document.getElementById("items"));
const toolbar = new ToolbarView(document.querySelector(".toolbar"));
const announcer = createAnnouncer(document.getElementById("announcer"), document.getElementById("alert"));

const trash = new TrashView(document.getElementById("trash"), document.getElementById("trash-dialog"));
const menu = new ItemMenu(document.getElementById("item-menu"), document.getElementById("position-dialog"));

let state = createGalleryState();
let selection = emptySelection();
let dragging = new Set();
let perRow = 4;
let localCounter = 0;
const uploadProgress = new Map();

function render() {
  const progress = new Map(state.progress);
  for (const [id, entry] of uploadProgress) progress.set(id, entry);
  selection = pruneSelection(selection, state.items.map((item) => item.id));
  grid.render({ items: state.items, perRow, progress, selected: selection.ids, dragging });
  toolbar.render({ name: state.gallery?.name ?? "Image Gallery", perRow });
  trash.renderCount(state.gallery?.trashCount ?? 0);
}

function applyGallery(gallery) {
  state = { ...state, gallery, sequence: Math.max(state.sequence, gallery.sequence) };
  grid.setName(gallery.name);
}

function applyItems(items) {
  state = mergeItems(state, items);
  for (const item of items) {
    if (item.state !== "pending") uploadProgress.delete(item.id);
    if (item.progress) state.progress.set(item.id, item.progress);
    else state.progress.delete(item.id);
  }
}

async function load() {
  const { gallery, items } = await api.allItems(galleryId);
  applyGallery(gallery);
  perRow = gallery.imagesPerRow;
  applyItems(items);
  render();
  schedulePoll();
}

// ---- Live updates by polling the change feed (a socket replaces this later) ----
let pollTimer = null;
let polling = false;
function schedulePoll() {
  clearTimeout(pollTimer);
  // While something loads, progress is refreshed at least every 250 ms.
  pollTimer = setTimeout(poll, hasPending(state) ? 200 : 4000);
}
async function poll() {
  if (polling) return;
  polling = true;
  try {
    const since = state.sequence;
    const changes = await api.changes(galleryId, since);
    for (const [id, entry] of Object.entries(changes.progress ?? {})) state.progress.set(id, entry);
    applyItems(changes.items);
    announceSettled(changes.items);
    applyGallery(changes.gallery);
    if (changes.gallery.imagesPerRow !== perRow && !perRowSaveTimer) perRow = changes.gallery.imagesPerRow;
    render();
  } catch (error) {
    console.warn("poll failed", error);
  } finally {
    polling = false;
    schedulePoll();
  }
}

function announceSettled(items) {
  const ready = items.filter((item) => item.state === "ready" && !item.trashed).length;
  const failed = items.filter((item) => item.state === "failed" && !item.trashed);
  if (ready) announcer.announce(`${ready} image${ready === 1 ? "" : "s"} added.`);
  if (failed.length) announcer.announce(`Could not add ${failed[0].title}: ${failed[0].failure?.message ?? ""}.`);
}

// ---- Drops and pastes: one path ----
async function addFromOutside({ payload, files }, index) {
  const localId = `local-${++localCounter}`;
  const anchor = anchorBefore(state.items, index);
  const at = anchor ? { after: anchor.id } : { start: true };
  state = insertLocalPlaceholders(state, index, [{ id: localId, state: "pending", title: "dropped items" }]);
  render();
  let response;
  try {
    response = await api.drop(galleryId, payload, at);
  } catch (error) {
    state = removeItems(state, [localId]);
    render();
    announcer.alert(error.message);
    return;
  }
  state = removeItems(state, [localId]);
  applyItems(response.items);
  render();
  const count = response.items.length;
  announcer.announce(`Adding ${count} item${count === 1 ? "" : "s"}.`);
  schedulePoll();
  await Promise.all(response.uploads.map((upload) => uploadFile(upload, files[upload.fileIndex])));
}

async function uploadFile(upload, file) {
  if (!file) return;
  uploadProgress.set(upload.itemId, { received: 0, total: file.size });
  try {
    const item = await api.upload(upload.uploadURL, file, (received, total) => {
      uploadProgress.set(upload.itemId, { received, total: total ?? file.size });
      render();
    });
    uploadProgress.delete(upload.itemId);
    applyItems([item]);
    announceSettled([item]);
  } catch (error) {
    uploadProgress.delete(upload.itemId);
    announcer.alert(error.message);
  }
  render();
}

dropTargetForExternal(scroller, {
  isLocal: isLocalDrag,
  onEnter: () => grid.setDropActive(true),
  onOver: ({ x, y }) => {
    grid.setDropActive(true);
    grid.setGap(grid.indexAt(x, y));
  },
  onLeave: () => grid.setDropActive(false),
  onDrop: ({ x, y, payload, files }) => {
    const index = grid.indexAt(x, y);
    grid.setDropActive(false);
    addFromOutside({ payload, files }, index);
  },
});

pasteTarget(document, (data) => addFromOutside(data, pasteIndex()));

/** Pastes go after the last selected item, or at the end. */
function pasteIndex() {
  const ids = selectedInOrder(selection, state.items.map((item) => item.id));
  if (!ids.length) return state.items.length;
  return state.items.findIndex((item) => item.id === ids[ids.length - 1]) + 1;
}

// ---- Selection ----
const order = () => state.items.map((item) => item.id);
const itemById = (id) => state.items.find((item) => item.id === id);
grid.bindSelect((id, modifiers) => {
  selection = clickSelect(selection, order(), id, modifiers);
  render();
});

/** The items an action on `id` applies to: the selection when `id` is in it, else `id` alone. */
function itemsFor(id) {
  if (selection.ids.has(id)) return selectedInOrder(selection, order()).map(itemById).filter(Boolean);
  const item = itemById(id);
  return item ? [item] : [];
}

// ---- Moving: by dragging, by keys, by the menu; one request, one update ----
async function moveItems(ids, index, { focus = null } = {}) {
  const before = state.items;
  if (!changesOrder(before, ids, index)) return;
  const at = insertionPointFor(before, ids, index);
  // Optimistic: the order changes at once; the server's answer (new keys) confirms it.
  const next = reorder(before, ids, index);
  state = { ...state, items: next };
  render();
  if (focus) grid.focusItem(focus);
  try {
    const response = await api.move(galleryId, ids, at);
    applyItems(response.items);
    render();
    const first = itemById(ids[0]);
    const position = state.items.findIndex((item) => item.id === ids[0]) + 1;
    const what = ids.length === 1 ? `'${first?.title ?? "item"}'` : `${ids.length} items`;
    announcer.announce(`Moved ${what} to position ${position} of ${state.items.length}.`);
    if (focus) grid.focusItem(focus);
  } catch (error) {
    state = { ...state, items: before };
    render();
    announcer.alert(error.message);
    poll();
  }
}

async function trashItems(ids) {
  if (!ids.length) return;
  const titles = ids.map((id) => itemById(id)?.title ?? "item");
  await shrinkIntoTrash(ids);
  try {
    const response = await api.trash(galleryId, ids);
    applyItems(response.items);
    selection = emptySelection();
    await refreshGallery();
    render();
    announcer.announce(ids.length === 1 ? `Moved '${titles[0]}' to the trash.` : `Moved ${ids.length} items to the trash.`);
  } catch (error) {
    render();
    announcer.alert(error.message);
  }
}

/** The seed's previewForDropping: items shrink into the trash icon. */
function shrinkIntoTrash(ids) {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
  const target = trash.center();
  const animations = ids
    .map((id) => grid.tileFor(id))
    .filter(Boolean)
    .map((tile) => {
      const box = tile.getBoundingClientRect();
      const dx = target.x - (box.left + box.width / 2);
      const dy = target.y - (box.top + box.height / 2);
      const base = tile.style.transform;
      return tile.animate(
        [{ transform: base, opacity: 1 }, { transform: `${base} translate(${dx}px, ${dy}px) scale(0.05)`, opacity: 0.2 }],
        { duration: 200, easing: "ease-in", fill: "forwards" },
      ).finished.catch(() => {});
    });
  return Promise.all(animations);
}

async function refreshGallery() {
  applyGallery(await api.gallery(galleryId));
}

draggableItems(document.getElementById("items"), {
  galleryId: () => galleryId,
  itemsFor: (tile) => {
    const id = tile.dataset.itemId;
    if (!selection.ids.has(id)) selection = clickSelect(emptySelection(), order(), id);
    return itemsFor(id).filter((item) => !item.local);
  },
  onStart: (items) => {
    dragging = new Set(items.map((item) => item.id));
    render();
  },
  onEnd: () => {
    dragging = new Set();
    grid.setDropActive(false);
    render();
  },
});

dropTargetForLocal(scroller, {
  accepts: () => true,
  onOver: ({ x, y }) => grid.setGap(grid.indexAt(x, y)),
  onLeave: () => grid.setGap(null),
  onDrop: ({ x, y, payload }) => {
    const index = grid.indexAt(x, y);
    grid.setGap(null);
    if (payload.galleryId !== galleryId) return; // between galleries: a later issue
    const ids = payload.itemIds.filter((id) => itemById(id));
    moveItems(ids, index);
  },
});
autoScrollOnDrag(scroller);

// ---- Trash ----
trash.bindDrop((payload) => {
  if (payload.galleryId === galleryId) trashItems(payload.itemIds.filter((id) => itemById(id)));
});
trash.bindOpen(async () => {
  try {
    trash.showItems((await api.trashList(galleryId)).items);
  } catch (error) {
    announcer.alert(error.message);
  }
});
trash.bindRestore(async (ids) => {
  try {
    const response = await api.restore(galleryId, ids);
    applyItems(response.items);
    await refreshGallery();
    render();
    announcer.announce(ids.length === 1 ? "Restored 1 item." : `Restored ${ids.length} items.`);
    trash.showItems((await api.trashList(galleryId)).items);
  } catch (error) {
    announcer.alert(error.message);
  }
});
trash.bindEmpty(async () => {
  try {
    const { deleted } = await api.emptyTrash(galleryId);
    await refreshGallery();
    render();
    announcer.announce(`Deleted ${deleted} item${deleted === 1 ? "" : "s"} for good.`);
    trash.showItems([]);
  } catch (error) {
    announcer.alert(error.message);
  }
});

// ---- The item menu ----
grid.bindMenu((id, point, returnFocus) => menu.open(id, point, returnFocus, state.items.length));
menu.bindAction((id, action, position) => {
  const ids = itemsFor(id).map((item) => item.id);
  if (action === "start") moveItems(ids, 0, { focus: id });
  else if (action === "end") moveItems(ids, state.items.length, { focus: id });
  else if (action === "trash") trashItems(ids);
  else if (action === "position") {
    const target = Math.min(Math.max(1, Math.round(position) || 1), state.items.length);
    // Position n of the final order: count the place among the items that do not move.
    const rest = state.items.filter((item) => !ids.includes(item.id));
    const anchor = rest[target - 1];
    const index = anchor ? state.items.indexOf(anchor) : state.items.length;
    moveItems(ids, index, { focus: id });
  }
});

// ---- Keyboard ----
grid.bindKey((event, id) => {
  const index = state.items.findIndex((item) => item.id === id);
  const mod = event.ctrlKey || event.metaKey;
  const horizontal = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  const vertical = { ArrowUp: -perRow, ArrowDown: perRow }[event.key];
  if (event.altKey && (horizontal || vertical)) {
    const ids = itemsFor(id).map((item) => item.id);
    const step = (horizontal ?? vertical) < 0 ? -1 : 1;
    const to = stepIndex(state.items, ids, step);
    if (to !== null) moveItems(ids, to, { focus: id });
    else announcer.announce(step < 0 ? "Already at the start." : "Already at the end.");
  } else if (horizontal || vertical) {
    const next = state.items[Math.min(state.items.length - 1, Math.max(0, index + (horizontal ?? vertical)))];
    if (next) {
      if (event.shiftKey) selection = clickSelect(selection, order(), next.id, { range: true });
      grid.focusItem(next.id);
      render();
    }
  } else if (event.key === "Home" || event.key === "End") {
    const next = event.key === "Home" ? state.items[0] : state.items[state.items.length - 1];
    if (next) grid.focusItem(next.id);
  } else if (event.key === " " || event.key === "Enter") {
    selection = clickSelect(selection, order(), id, { toggle: mod || event.key === " " });
    render();
  } else if (event.key === "Delete" || event.key === "Backspace") {
    trashItems(itemsFor(id).map((item) => item.id));
  } else if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
    const box = event.target.getBoundingClientRect();
    menu.open(id, { x: box.left + 8, y: box.top + 8 }, event.target, state.items.length);
  } else {
    return;
  }
  event.preventDefault();
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, textarea, select, dialog, [contenteditable], [role=menu]")) return;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === "a") {
    selection = selectAll(order());
    render();
    announcer.announce(`Selected all ${state.items.length} items.`);
  } else if (event.key === "Escape" && selection.ids.size) {
    selection = emptySelection();
    render();
    announcer.announce("Selection cleared.");
  } else if ((event.key === "Delete" || event.key === "Backspace") && selection.ids.size && !event.target.closest?.("[data-item-id]")) {
    trashItems(selectedInOrder(selection, order()));
  } else {
    return;
  }
  event.preventDefault();
});

// ---- Copy: the selection as URLs and HTML, like a drag out ----
document.addEventListener("copy", (event) => {
  if (event.target.closest?.("input, textarea, [contenteditable]")) return;
  const items = selectedInOrder(selection, order()).map(itemById).filter((item) => item && !item.local);
  if (!items.length) return;
  writeItems(event.clipboardData, galleryId, items);
  event.preventDefault();
  announcer.announce(items.length === 1 ? `Copied '${items[0].title}'.` : `Copied ${items.length} items.`);
});

// ---- Error tiles ----
grid.bindRetry(async (item) => {
  try {
    applyItems([await api.retry(item.id)]);
    render();
    schedulePoll();
  } catch (error) {
    announcer.alert(error.message);
  }
});
grid.bindRemove(async (item) => {
  try {
    applyItems([await api.remove(item.id)]);
    announcer.announce(`Removed ${item.title}.`);
    render();
  } catch (error) {
    announcer.alert(error.message);
  }
});

// ---- Images per row ----
let perRowSaveTimer = null;
function setPerRow(value) {
  const next = clampPerRow(value);
  if (next === perRow) return;
  perRow = next;
  render();
  announcer.announce(`${perRow} images per row.`);
  clearTimeout(perRowSaveTimer);
  perRowSaveTimer = setTimeout(async () => {
    try {
      applyGallery(await api.updateGallery(galleryId, { imagesPerRow: perRow }));
    } catch (error) {
      announcer.alert(error.message);
    } finally {
      perRowSaveTimer = null;
    }
  }, 250);
}
toolbar.bindPerRow(setPerRow);
zoomGestures(scroller, { getPerRow: () => perRow, setPerRow });

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) poll();
});

load().catch((error) => announcer.alert(`Could not open the gallery: ${error.message}`));
