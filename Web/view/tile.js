// One item's cell: a placeholder while pending, the image when ready, an error tile when failed.
// A cell belongs to one item for its whole life, and an image answer is shown only if it is still the one the cell
// asked for (the seed's `url == self.imageURL` check).

import { itemLabel } from "../model/itemKinds.js";
import { fileSize, isTurned, swapsSides, turnTransform } from "../model/orientation.js";
import { cellOf, createItemElement } from "./itemEvents.js";
import { linkContent, noteContent, updateVideoNotice, videoContent } from "./kindContent.js";

export function createTile(item) {
  return createItemElement(item, "tile");
}

/**
 * Brings the cell up to date with the item; rebuilds its content only when the state or image changed. `drawnWidth`
 * (the cell's width in CSS pixels) tells the browser how wide the image is drawn, so it picks the smallest thumbnail
 * that is enough.
 */
/**
 * @param {HTMLElement} element
 * @param {any} item
 * @param {any} progress
 * @param {{onRetry?: (item: any) => any, onRemove?: (item: any) => any, drawnWidth?: number}} options
 */
export function updateTile(element, item, progress, { onRetry, onRemove, drawnWidth = 320 }) {
  const signature = [
    item.state,
    item.kind,
    item.imageURL,
    item.failure?.message,
    item.retryable,
    item.title,
    item.caption,
    item.text,
    item.pageURL,
    item.siteName,
    item.videoURL,
    item.posterURL,
    item.durationSeconds,
    item.playback,
    item.playbackURL,
    item.videoCodec,
    item.playableSeconds,
    turnTransform(item.orientation),
    ...(Array.isArray(item.thumbnails) ? item.thumbnails.map((thumbnail) => thumbnail?.url) : []),
    item.galleryName,
    ...(Array.isArray(item.tags) ? item.tags : []),
  ].join("|");
  element.dataset.state = item.state;
  element.dataset.kind = item.kind ?? "image";
  // A note being edited keeps its field until the edit ends.
  if (element.dataset.editing) return;
  if (item.state === "pending") element.setAttribute("aria-busy", "true");
  else element.removeAttribute("aria-busy");
  if (element.dataset.signature !== signature) {
    element.dataset.signature = signature;
    cellOf(element).replaceChildren(...content(item, { onRetry, onRemove, drawnWidth, progress }));
  } else if (item.state === "ready") {
    const img = /** @type {HTMLImageElement | null} */ (element.querySelector("img[srcset]"));
    const sizes = imageSizes(drawnWidth);
    if (img && img.sizes !== sizes) img.sizes = sizes;
  }
  // A pending item's bytes, or a ready video's copy being made.
  const converting = item.state === "ready" && item.playback === "converting";
  if (item.state === "pending" || converting) showProgress(element, item, progress);
  if (converting) updateVideoNotice(element, item, progress);
}

export function menuButton(item) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "item-menu-button";
  element.textContent = "⋯";
  element.tabIndex = -1;
  element.setAttribute("aria-label", `Actions for ${item.title || "item"}`);
  element.setAttribute("aria-haspopup", "menu");
  element.draggable = false;
  return element;
}

function content(item, options) {
  const parts = itemContent(item, options);
  const tags = item.state === "ready" && Array.isArray(item.tags) && item.tags.length ? [tagChips(item.tags)] : [];
  return [...parts, ...tags, ...(item.galleryName ? [foundIn(item)] : [])];
}

/** An item's tags on its tile: shown while the pane's Tags switch is on (styles.css); Tags… says them to everyone. */
function tagChips(tags) {
  const list = document.createElement("span");
  list.className = "tile-tags";
  list.setAttribute("aria-hidden", "true");
  list.append(
    ...tags.map((tag) => {
      const chip = document.createElement("span");
      chip.className = "tag";
      chip.textContent = tag;
      return chip;
    }),
  );
  return list;
}

/** Which gallery a search result is in, shown on it (its accessible name says so already). */
export function foundIn(item) {
  const label = document.createElement("span");
  label.className = "found-in";
  label.textContent = item.galleryName;
  label.title = `In ${item.galleryName}`;
  label.setAttribute("aria-hidden", "true");
  return label;
}

function itemContent(item, { onRetry, onRemove, drawnWidth, progress }) {
  if (item.state === "ready") {
    const picture = (/** @type {any} */ shown) => image(shown, drawnWidth);
    if (item.kind === "note") return [kindLabel(item), ...noteContent(item), menuButton(item)];
    if (item.kind === "link") return [kindLabel(item), ...linkContent(item, picture), menuButton(item)];
    if (item.kind === "video") return [kindLabel(item), ...videoContent(item, picture, progress), menuButton(item)];
    return [image(item, drawnWidth), menuButton(item)];
  }
  if (item.state === "failed") return failure(item, { onRetry, onRemove });
  const spinner = document.createElement("div");
  spinner.className = "spinner";
  spinner.setAttribute("aria-hidden", "true");
  const title = document.createElement("span");
  title.className = "tile-title";
  title.textContent = `Loading ${item.title ?? ""}`.trim();
  return [spinner, title, menuButton(item)];
}

/** What a screen reader hears first of a note, link or video ("Note: Shopping"); hidden from sight. */
export function kindLabel(item) {
  const label = document.createElement("span");
  label.className = "visually-hidden kind-label";
  label.textContent = itemLabel(item);
  return label;
}

/** How wide an image is drawn: the cell's width, rounded up to whole pixels (never less than the cell). */
function imageSizes(drawnWidth) {
  return `${Math.max(1, Math.ceil(Number(drawnWidth) || 1))}px`;
}

/** An item's image, drawn `drawnWidth` wide. One the person turned is drawn from its thumbnails, which the server
 * turns (model/orientation.js); only one without any (small, animated, or no libvips) is its file's image turned in a
 * frame as large as the tile. */
function image(item, drawnWidth) {
  const img = document.createElement("img");
  img.alt = item.caption || item.title || "Image";
  img.decoding = "async";
  img.draggable = false;
  // Thumbnails (smaller WebP copies, told as the item is shown) and the original, each with its width: the browser
  // loads the smallest that covers the drawn width at the screen's pixel density, so a full row of large photos does
  // not load the originals.
  const thumbnails = (Array.isArray(item.thumbnails) ? item.thumbnails : []).filter(
    (thumbnail) =>
      thumbnail && typeof thumbnail.url === "string" && thumbnail.width > 0 && thumbnail.width < item.width,
  );
  const turned = isTurned(item.orientation);
  // Turned, the file (upright as it is) is not offered: the largest turned thumbnail is the sharpest it is drawn.
  const drawsFile = !turned || thumbnails.length === 0;
  const file = drawsFile ? fileSize(item) : { width: item.width, height: item.height };
  if (file.width && file.height) {
    img.width = file.width;
    img.height = file.height;
  }
  const requested = item.imageURL;
  img.dataset.requested = requested;
  img.addEventListener("load", () => {
    if (img.dataset.requested === requested) img.classList.add("loaded");
  });
  img.addEventListener("error", () => {
    if (img.dataset.requested === requested) img.alt = `${item.caption || item.title || "Image"} (could not be shown)`;
  });
  if (thumbnails.length > 0 && item.width > 0) {
    img.sizes = imageSizes(drawnWidth);
    img.srcset = [
      ...thumbnails.map((thumbnail) => `${thumbnail.url} ${thumbnail.width}w`),
      ...(drawsFile ? [`${requested} ${item.width}w`] : []),
    ].join(", ");
  }
  img.src = drawsFile ? requested : thumbnails[thumbnails.length - 1].url;
  const turn = drawsFile ? turnTransform(item.orientation) : "";
  if (!turn) return img;
  const frame = document.createElement("span");
  frame.className = "turned";
  if (swapsSides(item.orientation)) frame.dataset.swaps = "true";
  frame.style.setProperty("--turn", turn);
  frame.append(img);
  return frame;
}

/** A failed item's tile: its reason on one line (cut short with "…": whole in its tooltip and to screen readers), its
 * name, and Retry (if it may succeed another time) and Remove; a smaller tile shows the buttons as icons, and the
 * smallest only them (styles.css). */
function failure(item, { onRetry, onRemove }) {
  const reason = document.createElement("p");
  reason.className = "reason";
  reason.textContent = item.failure?.message ?? "Could not load";
  reason.title = reason.textContent;
  const title = document.createElement("span");
  title.className = "tile-title";
  title.textContent = item.title ?? "";
  title.title = item.sourceURL ?? item.title ?? "";
  const actions = document.createElement("div");
  actions.className = "actions";
  const retry = () => button("Retry", `Retry ${item.title}`, () => onRetry(item));
  const remove = button("Remove", `Remove ${item.title}`, () => onRemove(item));
  if (item.retryable) actions.append(withIcon(retry(), RETRY_ICON));
  actions.append(withIcon(remove, REMOVE_ICON));
  return [reason, title, actions, menuButton(item)];
}

const RETRY_ICON = "M19 12a7 7 0 1 1-2.05-4.95M19 4v4h-4";
const REMOVE_ICON = "M6 6l12 12M18 6L6 18";

/** `element` (a button of text) with an icon drawn by `path` before its text, which a small tile hides. */
function withIcon(element, path) {
  const label = document.createElement("span");
  label.className = "action-label";
  label.textContent = element.textContent;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("action-icon");
  const line = document.createElementNS("http://www.w3.org/2000/svg", "path");
  line.setAttribute("d", path);
  svg.append(line);
  element.replaceChildren(svg, label);
  return element;
}

export function button(label, description, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.title = description;
  element.addEventListener("click", (event) => {
    event.stopPropagation();
    element.disabled = true;
    Promise.resolve(action()).finally(() => {
      element.disabled = false;
    });
  });
  return element;
}

export function showProgress(element, item, progress) {
  let bar = element.querySelector("progress");
  if (!progress || !progress.total) {
    bar?.remove();
    return;
  }
  if (!bar) {
    bar = document.createElement("progress");
    const doing = item.state === "ready" ? "Making a copy that plays of" : "Loading";
    bar.setAttribute("aria-label", `${doing} ${item.title}`);
    cellOf(element).append(bar);
  }
  bar.max = progress.total;
  bar.value = Math.min(progress.received, progress.total);
}
