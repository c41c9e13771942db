// One item's row in the list view: a small image (or the loading or failed state), the title, and the item's kind,
// dimensions, size, source host and date added. Like a grid cell, a row belongs to one item for its whole life.

import { dateAddedOf, dimensionsOf, hostOf, kindOf, sizeOf } from "../model/itemFacts.js";
import { turnTransform } from "../model/orientation.js";
import { cellOf, createItemElement } from "./itemEvents.js";
import { button, foundIn, kindLabel, menuButton, showProgress } from "./tile.js";

export function createRow(item) {
  return createItemElement(item, "row");
}

/** Brings the row up to date with the item; rebuilds its content only when what it shows changed. */
/**
 * @param {HTMLElement} element
 * @param {any} item
 * @param {any} progress
 * @param {{onRetry?: (item: any) => any, onRemove?: (item: any) => any}} options
 */
export function updateRow(element, item, progress, { onRetry, onRemove }) {
  const facts = [kindOf(item), dimensionsOf(item), sizeOf(item), hostOf(item), dateAddedOf(item)];
  const signature = [
    item.state,
    item.imageURL,
    item.posterURL,
    item.failure?.message,
    item.retryable,
    item.title,
    ...(Array.isArray(item.tags) ? item.tags : []),
    ...facts,
    turnTransform(item.orientation),
    ...(Array.isArray(item.thumbnails) ? item.thumbnails.map((thumbnail) => thumbnail?.url) : []),
    item.galleryName,
  ].join("|");
  element.dataset.state = item.state;
  if (item.state === "pending") element.setAttribute("aria-busy", "true");
  else element.removeAttribute("aria-busy");
  if (element.dataset.signature !== signature) {
    element.dataset.signature = signature;
    // A ready note, link or video is named by its kind first ("Note: Shopping"), as in the grid; the title it holds
    // is not said twice.
    const named = item.state === "ready" && kindOf(item) !== "image";
    const shownTitle = title(item);
    if (named) shownTitle.setAttribute("aria-hidden", "true");
    cellOf(element).replaceChildren(
      preview(item),
      ...(named ? [kindLabel(item)] : []),
      shownTitle,
      ...columns(item, facts, { onRetry, onRemove }),
      menuButton(item),
    );
  }
  if (item.state === "pending") showProgress(element, item, progress);
}

function preview(item) {
  const box = document.createElement("span");
  box.className = "row-preview";
  const picture = item.imageURL ?? item.posterURL;
  if (item.state === "ready" && picture) {
    const img = document.createElement("img");
    img.alt = "";
    img.decoding = "async";
    img.loading = "lazy";
    img.draggable = false;
    const smallest = (Array.isArray(item.thumbnails) ? item.thumbnails : [])
      .filter((thumbnail) => thumbnail && typeof thumbnail.url === "string" && thumbnail.width > 0)
      .sort((a, b) => a.width - b.width)[0];
    img.src = smallest?.url ?? picture;
    // A turned image's thumbnails are turned already (the server's); without one, its file is turned in place (the
    // box is a square).
    if (!smallest) img.style.transform = turnTransform(item.orientation);
    box.append(img);
  } else if (item.state === "ready") {
    box.classList.add("row-kind-mark");
    box.dataset.kind = item.kind ?? "image";
    box.setAttribute("aria-hidden", "true");
  } else {
    box.classList.add(item.state === "failed" ? "row-failed-mark" : "spinner");
    box.setAttribute("aria-hidden", "true");
  }
  return box;
}

function title(item) {
  const element = document.createElement("span");
  element.className = "row-title";
  element.textContent = item.state === "pending" ? `Loading ${item.title ?? ""}`.trim() : item.title || "Untitled";
  element.title = item.sourceURL ?? item.title ?? "";
  if (item.galleryName) element.append(foundIn(item));
  const tags = Array.isArray(item.tags) ? item.tags : [];
  if (tags.length) {
    const list = document.createElement("span");
    list.className = "row-tags";
    list.append(
      ...tags.map((tag) => {
        const chip = document.createElement("span");
        chip.className = "tag";
        chip.textContent = tag;
        return chip;
      }),
    );
    element.append(list);
  }
  return element;
}

/** @param {string[]} facts kind, dimensions, size, host and date */
function columns(item, facts, { onRetry, onRemove }) {
  const [kind, dimensions, size, host, date] = facts;
  if (item.state === "failed") {
    const reason = document.createElement("span");
    reason.className = "row-reason";
    reason.textContent = item.failure?.message ?? "Could not load";
    const actions = document.createElement("span");
    actions.className = "actions";
    if (item.retryable) actions.append(button("Retry", `Retry ${item.title}`, () => onRetry(item)));
    actions.append(button("Remove", `Remove ${item.title}`, () => onRemove(item)));
    // One cell over the facts' columns: the reason gives way to the buttons, which keep their width (styles.css).
    const failure = document.createElement("span");
    failure.className = "row-failure";
    failure.append(reason, actions);
    return [failure];
  }
  const cells = [
    ["row-kind", kind[0].toUpperCase() + kind.slice(1)],
    ["row-dimensions", dimensions],
    ["row-size", size],
    ["row-host", host],
    ["row-date", date],
  ];
  return cells.map(([name, text]) => {
    const cell = document.createElement("span");
    cell.className = name;
    cell.textContent = text;
    return cell;
  });
}
