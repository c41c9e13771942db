// The page header's search (index.html `.search-form`): the field searches as the person types (after a pause), the
// filters at once; `render` shows a search without disturbing what is being typed. It says what it found in its
// status line (announced politely).

import { searchOf } from "../model/search.js";

/** How long (ms) typing pauses before the words are searched. */
export const TYPING_PAUSE_MS = 150;

export class SearchBar {
  constructor(/** @type {HTMLElement} */ header) {
    this.form = /** @type {HTMLFormElement} */ (header.querySelector(".search-form"));
    this.field = /** @type {HTMLInputElement} */ (header.querySelector(".search-field"));
    this.kind = /** @type {HTMLSelectElement} */ (header.querySelector(".search-kind"));
    this.tag = /** @type {HTMLInputElement} */ (header.querySelector(".search-tag"));
    this.gallery = /** @type {HTMLSelectElement} */ (header.querySelector(".search-gallery"));
    this.from = /** @type {HTMLInputElement} */ (header.querySelector(".search-from"));
    this.to = /** @type {HTMLInputElement} */ (header.querySelector(".search-to"));
    this.count = /** @type {HTMLElement} */ (header.querySelector(".search-count"));
    this.filters = /** @type {HTMLElement} */ (header.querySelector(".search-filters"));
    this.timer = null;
    /** When (performance.now()) the words or the tag were last typed. */
    this.typedAt = Number.NEGATIVE_INFINITY;
  }

  /** Resolves once typing has paused (at once when it has): a search's further pages wait for it, so that reading
   * and laying out those of words typed halfway never delays the search of the words typed next. */
  whenTypingPaused() {
    return new Promise((resolve) => {
      const check = () => {
        const left = this.typedAt + TYPING_PAUSE_MS - performance.now();
        if (left <= 0) resolve(undefined);
        else setTimeout(check, left);
      };
      check();
    });
  }

  /** The search the fields hold. */
  read() {
    return searchOf({
      q: this.field.value,
      kind: this.kind.value,
      tag: this.tag.value,
      gallery: this.gallery.value,
      from: this.from.value,
      to: this.to.value,
    });
  }

  /** `handler(search, {typed})` when the search changes: after a pause in typing (`typed`), at once for a filter or
   * Enter. Nothing is asked for a search without a word or a tag unless the person asks with Enter. */
  bindChange(handler) {
    const now = (typed = false) => {
      clearTimeout(this.timer);
      handler(this.read(), { typed });
    };
    const later = () => {
      this.typedAt = performance.now();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => now(true), TYPING_PAUSE_MS);
    };
    this.field.addEventListener("input", later);
    this.tag.addEventListener("input", later);
    this.kind.addEventListener("change", () => now());
    this.gallery.addEventListener("change", () => now());
    this.from.addEventListener("change", () => now());
    this.to.addEventListener("change", () => now());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      now();
    });
  }

  /** Shows `search` in the fields (a field being typed in keeps its text). */
  render(search) {
    if (document.activeElement !== this.field && this.field.value !== search.q) this.field.value = search.q;
    if (document.activeElement !== this.tag && this.tag.value !== (search.tag ?? "")) this.tag.value = search.tag ?? "";
    this.kind.value = search.kind ?? "";
    this.from.value = search.from ?? "";
    this.to.value = search.to ?? "";
    this.setGalleryChoice(search.gallery);
  }

  /** The galleries a search may be narrowed to ({id, name}), `current` chosen (null: all). */
  setGalleries(galleries, current = this.gallery.value || null) {
    const options = galleries.map(({ id, name }) => new Option(name, id));
    this.gallery.replaceChildren(new Option("All galleries", ""), ...options);
    this.setGalleryChoice(current);
  }

  setGalleryChoice(id) {
    // A gallery not listed (yet) is kept as an option, so that the search the address holds stays as it is.
    if (id && ![...this.gallery.options].some((option) => option.value === id)) {
      this.gallery.append(new Option("This gallery", id));
    }
    this.gallery.value = id ?? "";
  }

  /** Shows the filters (with a search's results) or not (a gallery's page: the field alone). */
  showFilters(shown) {
    this.filters.hidden = !shown;
  }

  /** Says what was found (`text`), or how to search when nothing is asked. */
  setCount(text) {
    if (this.count.textContent !== text) this.count.textContent = text;
  }

  focus() {
    this.field.focus();
    this.field.select();
  }
}
