// The gallery browser's view: the cards (cover, name as a link to the gallery, item count, an actions button), the
// actions menu, the name dialog (New Gallery, Rename), the Trash of galleries, and importing an archive (Import…, or a
// .zip dropped on the page). It owns every DOM event; the page
// gives it data through `render…`/`show…` and receives intents through `bind…` hooks.

import { coverPicture, galleryCountText, itemCountText, neighbourAfterRemoval } from "../model/galleryList.js";
import { galleryActions, roleOf, roleText } from "../model/roles.js";

export class GalleryListView {
  constructor(doc = document) {
    this.doc = doc;
    this.list = doc.getElementById("gallery-cards");
    this.empty = doc.getElementById("gallery-cards-empty");
    this.newButton = doc.getElementById("new-gallery");
    this.trashButton = doc.getElementById("gallery-trash");
    this.cards = new Map();
    this.galleries = [];
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = {
      onCreate: async () => null,
      onRename: async () => null,
      onDuplicate: async () => null,
      onDelete: async () => false,
      onRestore: async () => {},
      onOpenTrash: () => {},
      onShown: () => {},
      onExport: () => {},
      onImport: async () => null,
    };
    this.menu = new GalleryMenu(doc.getElementById("gallery-menu"), (action, id) => this.act(action, id));
    this.nameDialog = new NameDialog(doc.getElementById("gallery-name-dialog"));
    this.trash = new GalleryTrashDialog(doc.getElementById("gallery-trash-dialog"), (id) =>
      this.handlers.onRestore(id),
    );

    this.newButton.addEventListener("click", () => {
      this.nameDialog.open({
        title: "New Gallery",
        action: "Create",
        value: "",
        submit: (name) => this.handlers.onCreate(name),
        done: (id) => this.focusGallery(id),
      });
    });
    this.trashButton.addEventListener("click", () => this.handlers.onOpenTrash());
    this.listenForImports(doc);
    this.list.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement} */ (event.target).closest(".gallery-card-actions");
      if (!button) return;
      const id = /** @type {HTMLElement} */ (button.closest("[data-gallery-id]")).dataset.galleryId;
      const gallery = this.galleries.find((other) => other.id === id);
      if (gallery) this.menu.toggle(gallery, button);
    });
    doc.addEventListener("visibilitychange", () => {
      if (doc.visibilityState === "visible") this.handlers.onShown();
    });
    doc.defaultView?.addEventListener("pageshow", (event) => {
      if (event.persisted) this.handlers.onShown();
    });
  }

  /** `handler(name)` → the new gallery's id (focused once the dialog closes); throws an Error with the message to show. */
  bindCreate(handler) {
    this.handlers.onCreate = handler;
  }
  /** `handler(id, name)` → the gallery's id; throws an Error with the message to show. */
  bindRename(handler) {
    this.handlers.onRename = handler;
  }
  /** `handler(id)` → the copy's id, or null when it failed (the page says why). */
  bindDuplicate(handler) {
    this.handlers.onDuplicate = handler;
  }
  /** `handler(id)` → true once the gallery is in the trash. */
  bindDelete(handler) {
    this.handlers.onDelete = handler;
  }
  /** `handler(id)` resolves once the gallery is back; throws an Error with the message to show. */
  bindRestore(handler) {
    this.handlers.onRestore = handler;
  }
  bindOpenTrash(handler) {
    this.handlers.onOpenTrash = handler;
  }
  /** `handler(id, href)` when a gallery is exported (its archive is being downloaded from `href`). */
  bindExport(handler) {
    this.handlers.onExport = handler;
  }
  /** `handler(file)` → the new gallery's id (focused), or null when the import failed (the page says why). */
  bindImport(handler) {
    this.handlers.onImport = handler;
  }

  /** Import… opens a file chooser; a file dropped anywhere on the page is imported too. */
  listenForImports(doc) {
    const button = doc.getElementById("import-gallery");
    const chooser = /** @type {HTMLInputElement | null} */ (doc.getElementById("import-file"));
    const main = doc.getElementById("gallery-browser");
    if (!button || !chooser || !main) return;
    const importFile = async (/** @type {File | undefined} */ file, /** @type {HTMLElement} */ returnTo) => {
      if (!file) return;
      const id = await this.handlers.onImport(file);
      if (id) this.focusGallery(id);
      else returnTo.focus();
    };
    button.addEventListener("click", () => chooser.click());
    chooser.addEventListener("change", () => {
      const file = chooser.files?.[0];
      chooser.value = "";
      importFile(file, button);
    });
    const carriesFiles = (/** @type {DragEvent} */ event) => event.dataTransfer?.types.includes("Files") ?? false;
    doc.addEventListener("dragover", (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
      main.dataset.dropActive = "true";
    });
    doc.addEventListener("dragleave", (event) => {
      if (!event.relatedTarget) delete main.dataset.dropActive;
    });
    doc.addEventListener("drop", (event) => {
      delete main.dataset.dropActive;
      if (!carriesFiles(event)) return;
      event.preventDefault();
      importFile(event.dataTransfer?.files[0], button);
    });
  }

  /** Called when the page becomes visible again (another tab may have changed the galleries). */
  bindShown(handler) {
    this.handlers.onShown = handler;
  }

  /** Shows these galleries, in this order; cards keep their elements (and focus) across renders. */
  render(galleries) {
    const previous = this.galleries;
    this.galleries = galleries;
    const focused = /** @type {HTMLElement | null} */ (this.doc.activeElement);
    const focusedCard = /** @type {HTMLElement | null} */ (
      focused && this.list.contains(focused) ? focused.closest("[data-gallery-id]") : null
    );
    const seen = new Set();
    galleries.forEach((gallery, index) => {
      seen.add(gallery.id);
      let card = this.cards.get(gallery.id);
      if (!card) {
        card = createCard(gallery.id);
        this.cards.set(gallery.id, card);
      }
      updateCard(card, gallery);
      if (this.list.children[index] !== card) this.list.insertBefore(card, this.list.children[index] ?? null);
    });
    for (const [id, card] of this.cards) {
      if (seen.has(id)) continue;
      card.remove();
      this.cards.delete(id);
    }
    if (focused?.isConnected && this.doc.activeElement !== focused) focused.focus({ preventScroll: true });
    // The focused card left (deleted in another window): focus goes to its nearest neighbour still here.
    if (focusedCard && !focusedCard.isConnected) {
      this.focusGallery(neighbourAfterRemoval(previous, focusedCard.dataset.galleryId, (id) => seen.has(id)));
    }
    this.list.removeAttribute("aria-busy");
    this.empty.hidden = galleries.length > 0;
    if (this.menu.galleryId && !seen.has(this.menu.galleryId)) this.menu.close(false);
  }

  renderTrashCount(count) {
    this.trashButton.querySelector(".trash-count").textContent = count > 0 ? ` (${count})` : "";
    if (count > 0) this.trashButton.setAttribute("aria-label", `Trash, ${galleryCountText(count)}`);
    else this.trashButton.removeAttribute("aria-label");
  }

  /** Opens the Trash dialog (if it is not open) with these trashed galleries. */
  showTrash(trashed) {
    this.trash.show(trashed);
  }
  /** Updates the Trash dialog if it is open. */
  renderTrash(trashed) {
    if (this.trash.isOpen()) this.trash.render(trashed);
  }

  focusGallery(id) {
    const link = this.cards.get(id)?.querySelector(".gallery-card-link");
    if (link) {
      link.focus();
      link.scrollIntoView({ block: "nearest" });
    } else {
      this.newButton.focus();
    }
  }

  async act(action, id) {
    const gallery = this.galleries.find((other) => other.id === id);
    if (!gallery) return;
    if (action === "rename") {
      this.nameDialog.open({
        title: "Rename Gallery",
        action: "Rename",
        value: gallery.name,
        submit: (name) => this.handlers.onRename(id, name),
        done: (renamed) => this.focusGallery(renamed ?? id),
      });
    } else if (action === "duplicate") {
      const copy = await this.handlers.onDuplicate(id);
      if (copy) this.focusGallery(copy);
    } else if (action === "export") {
      const href = this.handlers.onExport(id);
      if (!href) return;
      const link = this.doc.createElement("a");
      link.href = href;
      link.download = "";
      link.hidden = true;
      this.doc.body.append(link);
      link.click();
      link.remove();
    } else if (action === "delete") {
      const neighbour = neighbourAfterRemoval(this.galleries, id);
      if (await this.handlers.onDelete(id)) this.focusGallery(neighbour);
    }
  }
}

function createCard(id) {
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

function updateCard(card, gallery) {
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

/** The actions menu of a card: Rename…, Duplicate, Move to Trash (those the person's role allows); arrow keys, Home,
 * End, Escape and Tab. */
class GalleryMenu {
  constructor(menu, onAction) {
    this.menu = menu;
    this.onAction = onAction;
    this.galleryId = null;
    this.button = null;
    menu.addEventListener("click", (event) => {
      const entry = event.target.closest("[data-action]");
      if (!entry) return;
      const id = this.galleryId;
      this.close(true);
      this.onAction(entry.dataset.action, id);
    });
    menu.addEventListener("keydown", (event) => this.keydown(event));
    document.addEventListener("pointerdown", (event) => {
      if (!menu.hidden && !menu.contains(event.target) && !this.button?.contains(event.target)) this.close(false);
    });
    window.addEventListener("resize", () => this.close(false));
    document.getElementById("gallery-browser")?.addEventListener("scroll", () => this.close(false), { passive: true });
  }

  entries() {
    return [...this.menu.querySelectorAll("[role=menuitem]")].filter((entry) => !entry.hidden);
  }

  toggle(gallery, button) {
    if (!this.menu.hidden && this.galleryId === gallery.id) {
      this.close(true);
      return;
    }
    this.close(false);
    this.galleryId = gallery.id;
    this.button = button;
    const allowed = galleryActions(roleOf(gallery));
    for (const entry of this.menu.querySelectorAll("[role=menuitem]"))
      entry.hidden = !allowed.includes(entry.dataset.action);
    this.menu.setAttribute("aria-label", `Actions for ${gallery.name}`);
    button.setAttribute("aria-expanded", "true");
    this.menu.hidden = false;
    const box = button.getBoundingClientRect();
    const width = this.menu.offsetWidth;
    const height = this.menu.offsetHeight;
    const top = box.bottom + 4 + height > innerHeight - 8 ? box.top - height - 4 : box.bottom + 4;
    this.menu.style.left = `${Math.max(8, Math.min(box.right - width, innerWidth - width - 8))}px`;
    this.menu.style.top = `${Math.max(8, top)}px`;
    this.entries()[0].focus();
  }

  close(returnFocus) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.button?.setAttribute("aria-expanded", "false");
    if (returnFocus && this.button?.isConnected) this.button.focus();
    this.galleryId = null;
  }

  keydown(event) {
    const entries = this.entries();
    const index = entries.indexOf(document.activeElement);
    const moves = {
      ArrowDown: (index + 1) % entries.length,
      ArrowUp: (index - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      entries[moves[event.key]].focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.close(true);
    } else if (event.key === "Tab") {
      this.close(true); // the Tab then moves on from the actions button
    }
  }
}

/** The name dialog: New Gallery and Rename. It stays open with the server's message when the server says no. */
class NameDialog {
  constructor(dialog) {
    this.dialog = dialog;
    this.form = dialog.querySelector("form");
    this.title = dialog.querySelector("h2");
    this.input = dialog.querySelector("input");
    this.error = dialog.querySelector(".dialog-error");
    this.save = dialog.querySelector(".dialog-save");
    this.request = null;
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    dialog.querySelector(".dialog-cancel").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      this.request = null;
      this.showError("");
    });
  }

  open(request) {
    this.request = request;
    this.title.textContent = request.title;
    this.save.textContent = request.action;
    this.input.value = request.value;
    this.save.disabled = false;
    this.showError("");
    this.dialog.showModal();
    this.input.focus();
    this.input.select();
  }

  async submit() {
    const request = this.request;
    if (!request || this.save.disabled) return;
    this.save.disabled = true;
    this.showError("");
    try {
      const result = await request.submit(this.input.value);
      if (this.request !== request) return;
      this.dialog.close();
      request.done(result);
    } catch (error) {
      if (this.request !== request) return;
      this.showError(error.message);
      this.input.focus();
    } finally {
      this.save.disabled = false;
    }
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
    if (message) this.input.setAttribute("aria-invalid", "true");
    else this.input.removeAttribute("aria-invalid");
  }
}

/** The Trash of galleries: each deleted gallery with a Restore button. */
class GalleryTrashDialog {
  constructor(dialog, onRestore) {
    this.dialog = dialog;
    this.list = dialog.querySelector(".gallery-trash-items");
    this.closeButton = dialog.querySelector(".close-trash");
    this.onRestore = onRestore;
    this.error = dialog.querySelector(".dialog-error");
    this.closeButton.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => this.showError(""));
    this.list.addEventListener("click", async (event) => {
      const button = event.target.closest(".restore-gallery");
      if (!button || button.getAttribute("aria-disabled") === "true") return;
      const row = button.closest("[data-gallery-id]");
      button.setAttribute("aria-disabled", "true"); // not `disabled`: that would take focus away from it
      this.showError("");
      try {
        await this.onRestore(row.dataset.galleryId);
      } catch (error) {
        this.showError(error.message);
      } finally {
        button.removeAttribute("aria-disabled");
      }
    });
  }

  isOpen() {
    return this.dialog.open;
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
  }

  show(trashed) {
    this.render(trashed);
    if (!this.dialog.open) this.dialog.showModal();
  }

  render(trashed) {
    this.list.removeAttribute("aria-busy");
    // Focus stays on its row; when that row leaves (restored here or in another tab) it goes to the row that was
    // next to it, else to Close.
    const focusedRow = this.list.contains(document.activeElement)
      ? /** @type {HTMLElement | null} */ (document.activeElement.closest("[data-gallery-id]"))
      : null;
    const candidates = focusedRow
      ? [focusedRow, focusedRow.nextElementSibling, focusedRow.previousElementSibling].map(
          (row) => /** @type {HTMLElement | null} */ (row)?.dataset.galleryId,
        )
      : [];
    this.list.replaceChildren(
      ...trashed.map((gallery) => {
        const row = document.createElement("li");
        row.dataset.galleryId = gallery.id;
        const name = document.createElement("span");
        name.className = "gallery-trash-name";
        name.textContent = gallery.name;
        const count = document.createElement("span");
        count.className = "gallery-trash-count";
        count.textContent = itemCountText(gallery.itemCount);
        const restore = document.createElement("button");
        restore.type = "button";
        restore.className = "restore-gallery";
        restore.textContent = "Restore";
        restore.setAttribute("aria-label", `Restore ${gallery.name}`);
        row.append(name, count, restore);
        return row;
      }),
    );
    if (!trashed.length) {
      const empty = document.createElement("li");
      empty.className = "hint";
      empty.textContent = "The trash is empty.";
      this.list.append(empty);
    }
    if (!focusedRow) return;
    const target = candidates
      .map((id) => id && this.list.querySelector(`[data-gallery-id="${CSS.escape(id)}"] button`))
      .find(Boolean);
    (target ?? this.closeButton).focus();
  }
}
