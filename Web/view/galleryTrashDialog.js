// The Trash of galleries in the gallery browser: each deleted gallery with a Restore button; focus stays on its row,
// or goes to a neighbour when the row leaves.

import { itemCountText } from "../model/galleryList.js";

/** The Trash of galleries: each deleted gallery with a Restore button. */
export class GalleryTrashDialog {
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
      empty.textContent =
        "The trash is empty. A gallery moved to the trash waits here, its items kept, until restored.";
      this.list.append(empty);
    }
    if (!focusedRow) return;
    const target = candidates
      .map((id) => id && this.list.querySelector(`[data-gallery-id="${CSS.escape(id)}"] button`))
      .find(Boolean);
    (target ?? this.closeButton).focus();
  }
}
