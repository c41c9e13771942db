// A gallery pane's frame: made from the page's <template>, it holds a toolbar, a status line, a notice (for a gallery
// that went away) and the grid's scroller. The first pane's elements also get the ids the page has always had; a
// second pane's get none. The view tells when the user starts working in the pane (focus or pointer), so keyboard
// shortcuts go to the pane used last.

const PRIMARY_IDS = {
  ".pane-name": "gallery-name",
  ".per-row": "per-row",
  ".per-row-value": "per-row-value",
  ".trash-target": "trash",
  ".trash-dialog": "trash-dialog",
  ".gallery": "gallery",
  ".items": "items",
};

export class PaneView {
  /** Makes a pane from `template` and appends it to `container`. */
  constructor(template, container, { primary }) {
    const root = template.content.firstElementChild.cloneNode(true);
    this.root = root;
    this.primary = primary;
    if (primary) {
      for (const [selector, id] of Object.entries(PRIMARY_IDS)) root.querySelector(selector).id = id;
    } else {
      const heading = document.createElement("h2");
      heading.className = "pane-name";
      root.querySelector(".pane-name").replaceWith(heading);
    }
    this.scroller = root.querySelector(".gallery");
    this.list = root.querySelector(".items");
    this.toolbar = root.querySelector(".toolbar");
    this.trashButton = root.querySelector(".trash-target");
    this.saveSearchButton = /** @type {HTMLButtonElement} */ (root.querySelector(".save-search"));
    this.trashDialog = root.querySelector(".trash-dialog");
    this.status = root.querySelector(".pane-status");
    this.notice = root.querySelector(".pane-notice");
    this.connection = root.querySelector(".connection");
    this.loading = root.querySelector(".pane-loading");
    this.intro = root.querySelector(".intro");
    this.emptyTitle = root.querySelector(".empty-title");
    this.emptySearchTip = root.querySelector(".empty-search-tip");
    this.emptyGalleryMore = root.querySelector(".empty-gallery-more");
    this.addSamplesButton = /** @type {HTMLButtonElement} */ (root.querySelector(".add-samples"));
    this.placeholders = /** @type {HTMLElement} */ (root.querySelector(".placeholder-tiles"));
    this.emptyShown = "";
    this.statusTimer = null;
    this.connectionTimer = null;
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = { onActivate: () => {} };
    const activate = () => this.handlers.onActivate();
    root.addEventListener("focusin", activate);
    root.addEventListener("pointerdown", activate);
    root.addEventListener("dragenter", activate);
    container.append(root);
  }

  bindActivate(handler) {
    this.handlers.onActivate = handler;
  }

  /** Names the pane (a region) after its gallery. */
  setName(name) {
    this.root.setAttribute("aria-label", name);
  }

  /** A view-only pane (a viewer's, or a read-only link's) offers no drop, move, trash or undo. */
  setReadOnly(readOnly) {
    if (readOnly) this.root.dataset.readOnly = "true";
    else delete this.root.dataset.readOnly;
  }

  /** A pane of search results: the gallery's own controls (notes, undo, trash, board, sharing) are not offered. */
  setSearch(search) {
    if (search) this.root.dataset.search = "true";
    else delete this.root.dataset.search;
    this.saveSearchButton.hidden = !search;
  }

  /** `handler(button)` when Save Search… is chosen (a pane of search results) in the toolbar's More menu: `button`,
   * the menu's, gets the focus back when the dialog closes. */
  bindSaveSearch(handler) {
    const more = this.root.querySelector(".more-button");
    this.saveSearchButton.addEventListener("click", () => handler(more));
  }

  /** Tiles show their tags (the Tags switch), or not. */
  setShowTags(on) {
    if (on) this.root.dataset.showTags = "true";
    else delete this.root.dataset.showTags;
  }

  setActive(active) {
    if (active) this.root.dataset.active = "true";
    else delete this.root.dataset.active;
  }

  /** Shows a short message for a few seconds (screen readers hear it through the page's announcer). */
  showStatus(text, milliseconds = 5000) {
    this.status.textContent = text;
    this.status.hidden = false;
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      this.status.hidden = true;
    }, milliseconds);
  }

  /** Says how much of the gallery has been read while the rest loads (`loaded` of `count`), or nothing once done
   * (null); the list is busy meanwhile. */
  setLoading(loaded, count = 0) {
    const busy = loaded !== null && loaded < count;
    this.loading.hidden = !busy;
    if (busy) {
      this.loading.textContent = `Loading items… ${loaded.toLocaleString("en")} of ${count.toLocaleString("en")}`;
      this.list.setAttribute("aria-busy", "true");
    } else {
      this.list.removeAttribute("aria-busy");
    }
  }

  /**
   * What the pane shows in place of items (store/paneSelectors.js `emptiness`): "loading" (grey boxes shaped like the
   * tiles, or like rows when `itemsView` is "list"), "gallery" (an empty gallery: the keys that matter and, for
   * someone who may edit it, `canEdit`, the button that adds the sample pictures), "search" (nothing found), or null.
   */
  setEmpty(kind, { canEdit = false, itemsView = "grid" } = {}) {
    const shown = `${kind}/${canEdit}/${itemsView}`;
    if (shown === this.emptyShown) return;
    this.emptyShown = shown;
    this.placeholders.hidden = kind !== "loading";
    this.placeholders.dataset.view = itemsView;
    const empty = kind === "gallery" || kind === "search";
    if (empty) this.intro.dataset.empty = kind;
    else delete this.intro.dataset.empty;
    this.emptyTitle.hidden = !empty;
    this.emptyTitle.textContent =
      kind === "search" ? "Nothing matches this search" : canEdit ? "Nothing here yet" : "This gallery is empty";
    this.emptySearchTip.hidden = kind !== "search";
    this.emptyGalleryMore.hidden = kind !== "gallery" || !canEdit;
  }

  /** `handler()` adds the sample pictures (Add Sample Pictures, in an empty gallery); it resolves once they are sent.
   * The focus goes to the gallery first, since the button leaves with the emptiness. */
  bindAddSamples(handler) {
    this.addSamplesButton.addEventListener("click", async () => {
      if (this.addSamplesButton.getAttribute("aria-disabled") === "true") return;
      this.addSamplesButton.setAttribute("aria-disabled", "true");
      this.scroller.focus({ preventScroll: true });
      try {
        await handler();
      } finally {
        this.addSamplesButton.removeAttribute("aria-disabled");
      }
    });
  }

  /** Says, above the board, that it shows only some of the items where it is (`text`), or nothing (null). */
  setPartial(text) {
    this.loading.hidden = !text;
    this.loading.textContent = text ?? "";
  }

  /** Shows a lasting notice over the grid, with an optional link (e.g. to the galleries page). */
  showNotice(text, link = null) {
    const message = document.createElement("p");
    message.textContent = text;
    /** @type {HTMLElement[]} */
    const parts = [message];
    if (link) {
      const anchor = document.createElement("a");
      anchor.href = link.href;
      anchor.textContent = link.text;
      parts.push(anchor);
    }
    this.notice.replaceChildren(...parts);
    this.notice.hidden = false;
    this.root.dataset.gone = "true";
    this.scroller.inert = true; // the faded grid can no longer be used: out of the tab order and the accessibility tree
  }

  /** Says so when the live connection has been down for a moment ("open" hides it again). */
  setConnection(state) {
    clearTimeout(this.connectionTimer);
    if (state === "open") {
      this.connection.hidden = true;
      return;
    }
    this.connectionTimer = setTimeout(() => {
      this.connection.hidden = false;
    }, 1500);
  }

  remove() {
    clearTimeout(this.statusTimer);
    clearTimeout(this.connectionTimer);
    this.root.remove();
  }
}
