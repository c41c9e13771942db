// The gallery browser's view: the cards (cover, name as a link to the gallery, item count, an actions button), the
// actions menu, the name dialog (New Gallery, Rename), the Trash of galleries (each in its own file), and importing an
// archive (Import…, or a .zip dropped on the page). It owns every DOM event; the page gives it data through
// `render…`/`show…` and receives intents through `bind…` hooks.

import { galleryCountText, neighbourAfterRemoval } from "../model/galleryList.js";
import { createCard, updateCard } from "./galleryCard.js";
import { GalleryMenu } from "./galleryMenu.js";
import { NameDialog } from "./galleryNameDialog.js";
import { GalleryTrashDialog } from "./galleryTrashDialog.js";

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
  /** Opens the trash of galleries, as its button does. */
  openTrash() {
    this.handlers.onOpenTrash();
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
