// A gallery card of the gallery browser (view/galleryList.js): its cover, its name as a link to the gallery, its item
// count, the person's role and an actions button. Cards keep their elements across renders; only what changed is
// written.

import { coverPicture, itemCountText } from "../model/galleryList.js";
import { roleText } from "../model/roles.js";

export function createCard(id) {
  const card = document.createElement("li");
  card.className = "gallery-card";
  card.dataset.galleryId = id;
  const cover = document.createElement("div");
  cover.className = "gallery-cover";
  const heading = document.createElement("h2");
  heading.className = "gallery-card-name";
  const link = document.createElement("a");
  link.className = "gallery-card-link";
  link.href = `/g/${encodeURIComponent(id)}`;
  heading.append(link);
  const count = document.createElement("p");
  count.className = "gallery-card-count";
  const role = document.createElement("p");
  role.className = "gallery-card-role";
  const actions = document.createElement("button");
  actions.type = "button";
  actions.className = "gallery-card-actions";
  actions.setAttribute("aria-haspopup", "menu");
  actions.setAttribute("aria-expanded", "false");
  actions.innerHTML =
    '<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><circle cx="5" cy="12" r="2" fill="currentColor"/><circle cx="12" cy="12" r="2" fill="currentColor"/><circle cx="19" cy="12" r="2" fill="currentColor"/></svg>';
  card.append(cover, heading, count, role, actions);
  return card;
}

export function updateCard(card, gallery) {
  const link = card.querySelector(".gallery-card-link");
  if (link.textContent !== gallery.name) link.textContent = gallery.name;
  card.querySelector(".gallery-card-count").textContent = itemCountText(gallery.itemCount);
  card.querySelector(".gallery-card-role").textContent = roleText(gallery.role);
  card.querySelector(".gallery-card-actions").setAttribute("aria-label", `Actions for ${gallery.name}`);
  const picture = coverPicture(gallery.cover);
  const cover = card.querySelector(".gallery-cover");
  const signature = picture ? picture.src : "";
  if (cover.dataset.signature === signature && cover.childElementCount) return;
  cover.dataset.signature = signature;
  cover.replaceChildren(picture ? coverImage(cover, picture) : placeholder());
}

function coverImage(cover, picture) {
  const img = document.createElement("img");
  img.alt = ""; // the name beside it says what the card is
  img.decoding = "async";
  img.loading = "lazy";
  img.draggable = false;
  if (picture.width && picture.height) {
    img.width = picture.width;
    img.height = picture.height;
  }
  img.addEventListener("load", () => img.classList.add("loaded"));
  img.addEventListener("error", () => {
    if (cover.contains(img)) cover.replaceChildren(placeholder());
  });
  img.src = picture.src;
  return img;
}

function placeholder() {
  const element = document.createElement("span");
  element.className = "gallery-cover-placeholder";
  element.setAttribute("aria-hidden", "true");
  element.innerHTML =
    '<svg viewBox="0 0 24 24" width="48" height="48"><path fill="currentColor" d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2v9.6l4-4 3 3 4-5 3 3.6V7H5zm4.5 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z"/></svg>';
  return element;
}
