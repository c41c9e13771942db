// Wiring only: state from the API, views from the DOM, intents from the views to the API.

import { api } from "./net/api.js";
import { anchorBefore, createGalleryState, hasPending, insertLocalPlaceholders, mergeItems, removeItems } from "./model/gallery.js";
import { clampPerRow } from "./model/zoom.js";
import { dropTargetForExternal, pasteTarget } from "./dnd/externalDrop.js";
import { zoomGestures } from "./dnd/zoomGestures.js";
import { GridView } from "./view/grid.js";
import { ToolbarView } from "./view/toolbar.js";
import { createAnnouncer } from "./view/announcer.js";

const galleryId = location.pathname.split("/")[2];
const scroller = document.getElementById("gallery");
const grid = new GridView(scroller, document.getElementById("items"));
const toolbar = new ToolbarView(document.querySelector(".toolbar"));
const announcer = createAnnouncer(document.getElementById("announcer"), document.getElementById("alert"));

let state = createGalleryState();
let perRow = 4;
let localCounter = 0;
const uploadProgress = new Map();

function render() {
  const progress = new Map(state.progress);
  for (const [id, entry] of uploadProgress) progress.set(id, entry);
  grid.render({ items: state.items, perRow, progress });
  toolbar.render({ name: state.gallery?.name ?? "Image Gallery", perRow });
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
  pollTimer = setTimeout(poll, hasPending(state) ? 400 : 4000);
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

pasteTarget(document, (data) => addFromOutside(data, state.items.length));

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
