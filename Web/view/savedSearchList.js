// The gallery browser's saved searches (galleries.html `.saved-searches`): each a smart gallery, a link to its live
// results (`/search?…`) saying what it searches, with a button to delete it. Hidden while there are none.

import { searchName, searchOf, searchURL } from "../model/search.js";

export class SavedSearchList {
  constructor(/** @type {HTMLElement} */ section) {
    this.section = section;
    this.list = /** @type {HTMLElement} */ (section.querySelector("ul"));
    this.onDelete = (/** @type {any} */ _search, /** @type {HTMLElement} */ _button) => {};
  }

  /** `handler(search, button)` when Delete is chosen on a saved search. */
  bindDelete(handler) {
    this.onDelete = handler;
  }

  /** Shows `searches` ({id, name, q, kind, tag, gallery}), in the order saved. */
  render(searches) {
    this.section.hidden = searches.length === 0;
    this.list.replaceChildren(...searches.map((saved) => this.card(saved)));
  }

  card(saved) {
    const search = searchOf(saved);
    const item = document.createElement("li");
    item.className = "saved-search";
    item.dataset.searchId = saved.id;
    const link = document.createElement("a");
    link.href = searchURL(search);
    link.className = "saved-search-name";
    link.textContent = saved.name;
    const what = document.createElement("span");
    what.className = "saved-search-what";
    what.textContent = searchName(search);
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "browser-button";
    remove.textContent = "Delete";
    remove.setAttribute("aria-label", `Delete the saved search ${saved.name}`);
    remove.addEventListener("click", () => this.onDelete(saved, remove));
    item.append(link, what, remove);
    return item;
  }

  /** Takes the card of saved search `id` away, focus going to the next card's link (else the one before, else the
   * search field), so that it is never lost. */
  remove(id) {
    const cards = [...this.list.querySelectorAll(".saved-search")];
    const index = cards.findIndex((card) => /** @type {HTMLElement} */ (card).dataset.searchId === id);
    if (index < 0) return;
    const next = cards[index + 1] ?? cards[index - 1];
    cards[index].remove();
    this.section.hidden = cards.length === 1;
    /** @type {HTMLElement | null} */ (next?.querySelector("a") ?? document.getElementById("search-field"))?.focus();
  }
}
