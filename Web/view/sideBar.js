// The side bar (index.html `#side-bar`): the person's galleries with their counts (windowed: view/windowedRows.js),
// those shared with them, their saved searches and tags, and the trash of galleries. A gallery opens in the page
// without loading it again; items dropped on a gallery move there (Alt copies); a gallery dragged in the list, or
// moved with Alt+Up and Alt+Down, takes its place in the person's own order. It collapses (remembered), and on a
// narrow screen it is a drawer over the page.

import { dropTarget } from "../dnd/dropTarget.js";
import { isCopyDrag, isLocalDrag, readLocalPayload } from "../dnd/localDrag.js";
import { canChange, roleOf } from "../model/roles.js";
import { countWords } from "../model/sideBar.js";
import { searchOf, searchURL } from "../model/search.js";
import { WindowedRows } from "./windowedRows.js";

const ROW_TYPE = "application/x-image-gallery-side-bar";

// The side bar and its toggle, the same on every page that has them (static markup: no data goes in it).
const MARKUP = `
<nav id="side-bar" class="side-bar" aria-label="Library" data-collapsed="false" data-drawer="closed">
  <div class="side-scroll">
    <section class="side-section side-galleries" aria-labelledby="side-galleries-title">
      <div class="side-heading-row">
        <h2 id="side-galleries-title" class="side-heading">Galleries</h2>
        <a class="side-all" href="/galleries">All</a>
      </div>
      <ul class="side-list"></ul>
      <p class="side-empty" hidden>No galleries of your own yet.</p>
    </section>
    <section class="side-section side-shared" aria-labelledby="side-shared-title" hidden>
      <h2 id="side-shared-title" class="side-heading">Shared with Me</h2>
      <ul class="side-list"></ul>
    </section>
    <section class="side-section side-searches" aria-labelledby="side-searches-title" hidden>
      <h2 id="side-searches-title" class="side-heading">Saved Searches</h2>
      <ul class="side-links"></ul>
    </section>
    <section class="side-section side-tags" aria-labelledby="side-tags-title" hidden>
      <h2 id="side-tags-title" class="side-heading">Tags</h2>
      <ul class="side-links"></ul>
    </section>
    <a class="side-trash side-link" href="/galleries#trash">Trash of Galleries</a>
  </div>
</nav>
<button type="button" class="side-toggle" aria-controls="side-bar" aria-expanded="true" aria-label="Side Bar"
  title="Hide the side bar"><svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path
  fill="currentColor" d="M3 5h18v2H3zm0 6h18v2H3zm0 6h18v2H3z"/></svg></button>`;
const NARROW = "(max-width: 52rem)";

/** Whether a click should be left to the browser (a new tab or window, a download). */
const opensElsewhere = (/** @type {MouseEvent} */ event) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

/** A row's name (cut with an ellipsis when long) and its count, shown as a number (said in words by the row's label). */
function nameAndCount(/** @type {string} */ text, /** @type {number} */ number) {
  const name = document.createElement("span");
  name.className = "side-name";
  name.textContent = text;
  const count = document.createElement("span");
  count.className = "side-count";
  count.setAttribute("aria-hidden", "true");
  count.textContent = Number(number ?? 0).toLocaleString("en");
  return [name, count];
}

export class SideBarView {
  /** Puts the side bar first in the page's `.frame`, and its toggle first in its `.app-header`. */
  static insert(/** @type {Document} */ page) {
    const template = page.createElement("template");
    template.innerHTML = MARKUP;
    const root = /** @type {HTMLElement} */ (template.content.querySelector("nav"));
    const toggle = /** @type {HTMLButtonElement} */ (template.content.querySelector("button"));
    page.querySelector(".frame")?.prepend(root);
    page.querySelector(".app-header")?.prepend(toggle);
    return new SideBarView(root, toggle);
  }

  constructor(/** @type {HTMLElement} */ root, /** @type {HTMLButtonElement} */ toggle) {
    this.root = root;
    this.toggle = toggle;
    this.scroller = /** @type {HTMLElement} */ (root.querySelector(".side-scroll"));
    this.narrow = window.matchMedia(NARROW);
    this.currentId = "";
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = {
      onOpen: (/** @type {string} */ _galleryId) => {},
      onOpenAddress: (/** @type {string} */ _address) => {},
      onDropItems: (/** @type {any} */ _drop) => {},
      onArrange: (/** @type {string} */ _galleryId, /** @type {number} */ _to) => {},
      onCollapse: (/** @type {boolean} */ _collapsed) => {},
    };
    this.galleries = this.listOf(".side-galleries", { arrangeable: true });
    this.shared = this.listOf(".side-shared", { arrangeable: false });
    this.searches = /** @type {HTMLElement} */ (root.querySelector(".side-searches ul"));
    this.tags = /** @type {HTMLElement} */ (root.querySelector(".side-tags ul"));
    toggle.addEventListener("click", () => this.setOpen(!this.isOpen(), { focus: true }));
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.narrow.matches && this.isOpen()) {
        event.stopPropagation();
        this.setOpen(false, { focus: true });
      }
    });
    // A link of the side bar (a saved search, a tag) opens in the page.
    root.addEventListener("click", (event) => {
      const link = /** @type {HTMLElement} */ (event.target).closest?.("a[data-in-page]");
      if (!link || opensElsewhere(event)) return;
      event.preventDefault();
      const galleryId = /** @type {HTMLElement} */ (link).dataset.galleryId;
      if (galleryId) this.handlers.onOpen(galleryId);
      else this.handlers.onOpenAddress(link.getAttribute("href"));
      if (this.narrow.matches) this.setOpen(false);
    });
    this.narrow.addEventListener("change", () => this.showOpen());
  }

  /** The windowed list of a section, its rows links to galleries that take dropped items. */
  listOf(/** @type {string} */ selector, { arrangeable }) {
    const section = /** @type {HTMLElement} */ (this.root.querySelector(selector));
    const list = /** @type {HTMLElement} */ (section.querySelector("ul"));
    const rows = new WindowedRows(this.scroller, list, {
      makeRow: (gallery) => this.galleryRow(gallery, arrangeable),
      keyOf: (gallery) => gallery.id,
      onKey: (event, index) => {
        if (!arrangeable || !event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return false;
        const to = index + (event.key === "ArrowUp" ? -1 : 1);
        if (to < 0 || to >= rows.rows.length) return true;
        this.handlers.onArrange(rows.rows[index].id, to);
        return true;
      },
    });
    this.acceptDrops(list, rows, arrangeable);
    return { section, list, rows };
  }

  galleryRow(/** @type {any} */ gallery, /** @type {boolean} */ arrangeable) {
    const row = document.createElement("li");
    row.className = "side-row";
    row.dataset.galleryId = gallery.id;
    const link = document.createElement("a");
    link.className = "side-gallery";
    link.href = `/g/${encodeURIComponent(gallery.id)}`;
    link.dataset.inPage = "";
    link.dataset.galleryId = gallery.id;
    link.dataset.rowFocus = "";
    link.title = gallery.name;
    if (gallery.id === this.currentId) link.setAttribute("aria-current", "page");
    if (arrangeable) link.draggable = true;
    const [name, count] = nameAndCount(gallery.name, gallery.itemCount);
    // Its name to a screen reader: the whole name and the count in words.
    link.setAttribute(
      "aria-label",
      `${gallery.name}, ${countWords(gallery.itemCount)}${canChange(roleOf(gallery)) ? "" : ", view only"}`,
    );
    link.append(name, count);
    row.append(link);
    if (arrangeable)
      link.addEventListener("dragstart", (event) => {
        event.dataTransfer?.setData(ROW_TYPE, gallery.id);
        event.dataTransfer?.setData("text/uri-list", link.href);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
      });
    return row;
  }

  /** Items dragged from a gallery onto a row go to that gallery; a row dragged onto another takes its place. */
  acceptDrops(/** @type {HTMLElement} */ list, /** @type {WindowedRows} */ rows, /** @type {boolean} */ arrangeable) {
    const rowAt = (/** @type {DragEvent} */ event) =>
      /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest?.("li.side-row"));
    const isRow = (/** @type {DragEvent} */ event) =>
      arrangeable && Array.from(event.dataTransfer?.types ?? []).includes(ROW_TYPE);
    const mark = (/** @type {HTMLElement | null} */ row, /** @type {string | null} */ state) => {
      for (const each of list.querySelectorAll("[data-drop-state]"))
        delete (/** @type {HTMLElement} */ (each).dataset.dropState);
      if (row && state) row.dataset.dropState = state;
    };
    dropTarget(list, {
      accepts: (event) => isLocalDrag(event) || isRow(event),
      effect: (event) => (isRow(event) ? "move" : isCopyDrag(event) ? "copy" : "move"),
      onOver: ({ event }) => {
        const row = rowAt(event);
        const gallery = row && rows.rows[Number(row.dataset.index)];
        const refuses = !isRow(event) && Boolean(gallery) && !canChange(roleOf(gallery));
        if (refuses && event.dataTransfer) event.dataTransfer.dropEffect = "none";
        mark(row, refuses ? "forbidden" : isRow(event) ? "before" : "accept");
      },
      onLeave: () => mark(null, null),
      onDrop: ({ dataTransfer, event }) => {
        const row = rowAt(event);
        mark(null, null);
        const index = Number(row?.dataset.index);
        const gallery = Number.isInteger(index) ? rows.rows[index] : null;
        if (!gallery) return;
        const moving = isRow(event) ? dataTransfer.getData(ROW_TYPE) : "";
        if (moving) {
          const from = rows.rows.findIndex((each) => each.id === moving);
          if (from >= 0 && from !== index) this.handlers.onArrange(moving, from < index ? index - 1 : index);
          return;
        }
        const payload = readLocalPayload(dataTransfer);
        if (payload && canChange(roleOf(gallery)))
          this.handlers.onDropItems({ payload, galleryId: gallery.id, name: gallery.name, copy: isCopyDrag(event) });
      },
    });
  }

  /** Lists `own` and `shared` galleries (in the side bar's order), marking `currentId` as the one shown. */
  renderGalleries(/** @type {any[]} */ own, /** @type {any[]} */ shared, /** @type {string} */ currentId) {
    this.currentId = currentId;
    // Shown first: a list is measured as it is drawn.
    this.galleries.section.querySelector(".side-empty")?.toggleAttribute("hidden", own.length > 0);
    this.shared.section.hidden = shared.length === 0;
    this.galleries.rows.setRows(own);
    this.shared.rows.setRows(shared);
  }

  /** Marks gallery `galleryId` as the one shown (an `aria-current` link). */
  markCurrent(/** @type {string} */ galleryId) {
    this.currentId = galleryId;
    for (const link of this.root.querySelectorAll(".side-gallery")) {
      if (/** @type {HTMLElement} */ (link).dataset.galleryId === galleryId) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }

  /** Focuses the row of gallery `galleryId` (after it moved in the list). */
  focusGallery(/** @type {string} */ galleryId) {
    const index = this.galleries.rows.rows.findIndex((gallery) => gallery.id === galleryId);
    if (index >= 0) this.galleries.rows.focusRow(index);
  }

  /** Lists the saved searches, each a link to its live results. */
  renderSearches(/** @type {any[]} */ searches) {
    this.searches.closest("section")?.toggleAttribute("hidden", searches.length === 0);
    this.searches.replaceChildren(
      ...searches.map((saved) => {
        const link = document.createElement("a");
        link.href = searchURL(searchOf(saved));
        link.dataset.inPage = "";
        link.className = "side-link";
        link.textContent = saved.name;
        link.title = saved.name;
        const row = document.createElement("li");
        row.append(link);
        return row;
      }),
    );
  }

  /** Lists the tags most used (`{name, count}`), each a link to the items that carry it. */
  renderTags(/** @type {{name: string, count: number}[]} */ tags) {
    this.tags.closest("section")?.toggleAttribute("hidden", tags.length === 0);
    this.tags.replaceChildren(
      ...tags.map((tag) => {
        const link = document.createElement("a");
        link.href = searchURL(searchOf({ tag: tag.name }));
        link.dataset.inPage = "";
        link.className = "side-link side-tag";
        link.title = tag.name;
        const [name, count] = nameAndCount(tag.name, tag.count);
        link.setAttribute("aria-label", `${tag.name}, ${countWords(tag.count)}`);
        link.append(name, count);
        const row = document.createElement("li");
        row.append(link);
        return row;
      }),
    );
  }

  /** The gallery of the row holding `element` (a touch drag points at it): `{galleryId, name, readOnly}`, or null. */
  galleryAt(/** @type {Element} */ element) {
    const row = /** @type {HTMLElement | null} */ (element.closest?.("#side-bar li.side-row"));
    const index = Number(row?.dataset.index);
    const list = row?.closest("section") === this.shared.section ? this.shared.rows : this.galleries.rows;
    const gallery = Number.isInteger(index) ? list.rows[index] : null;
    return gallery ? { galleryId: gallery.id, name: gallery.name, readOnly: !canChange(roleOf(gallery)) } : null;
  }

  /** Takes the side bar and its toggle away (a read-only link's page shows its gallery alone). */
  remove() {
    this.root.remove();
    this.toggle.remove();
  }

  /** Whether the side bar shows (on a narrow screen: whether the drawer is open). */
  isOpen() {
    return this.narrow.matches ? this.root.dataset.drawer === "open" : this.root.dataset.collapsed !== "true";
  }

  /** Opens or closes it: on a wide screen it collapses (and the person's choice is remembered), on a narrow one the
   * drawer opens over the page, its first link focused, and closes back to the toggle. */
  setOpen(/** @type {boolean} */ open, { focus = false } = {}) {
    if (this.narrow.matches) this.root.dataset.drawer = open ? "open" : "closed";
    else {
      this.root.dataset.collapsed = String(!open);
      this.handlers.onCollapse(!open);
    }
    this.showOpen();
    // The drawer opens on the gallery shown (else the list's row in the Tab order).
    const first = () =>
      this.root.querySelector('.side-gallery[aria-current="page"]') ??
      this.root.querySelector(".side-list [tabindex='0']") ??
      this.root.querySelector("a");
    if (this.narrow.matches && open && focus) /** @type {HTMLElement | null} */ (first())?.focus();
    else if (this.narrow.matches && !open && focus) this.toggle.focus();
  }

  /** Restores the remembered state: collapsed or not (a drawer always starts closed). */
  restore(/** @type {boolean} */ collapsed) {
    this.root.dataset.collapsed = String(collapsed);
    this.root.dataset.drawer = "closed";
    this.showOpen();
  }

  showOpen() {
    const open = this.isOpen();
    this.toggle.setAttribute("aria-expanded", String(open));
    this.toggle.title = open ? "Hide the side bar" : "Show the side bar";
    // Closed, its links are out of the Tab order and hidden from screen readers.
    this.root.inert = !open;
    if (open) {
      this.galleries.rows.draw();
      this.shared.rows.draw();
    }
  }

  bindOpen(handler) {
    this.handlers.onOpen = handler;
  }
  bindOpenAddress(handler) {
    this.handlers.onOpenAddress = handler;
  }
  bindDropItems(handler) {
    this.handlers.onDropItems = handler;
  }
  bindArrange(handler) {
    this.handlers.onArrange = handler;
  }
  bindCollapse(handler) {
    this.handlers.onCollapse = handler;
  }
}
