// "Find Similar": a dialog listing the images closest to an item's (model/similar.js makes the rows from the server's
// answer), each a link that opens the image in its gallery; "No similar images." when none. Focus goes back where it
// was when the dialog closes.

import { giveFocusBack, showModal } from "./dialogFocus.js";
import { similarRows } from "../model/similar.js";

export class SimilarDialog {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {(itemId: string) => Promise<any>} load asks the server for the images like an item's
   */
  constructor(dialog, load) {
    this.dialog = dialog;
    this.load = load;
    this.list = /** @type {HTMLElement} */ (dialog.querySelector(".similar-list"));
    this.status = /** @type {HTMLElement} */ (dialog.querySelector(".similar-status"));
    /** @type {HTMLElement | null} */
    this.returnFocus = null;
    this.asked = 0;
    dialog.addEventListener("close", () => {
      this.asked += 1; // an answer still on its way is not drawn
      giveFocusBack(dialog, this.returnFocus);
      this.returnFocus = null;
    });
  }

  /** Opens the dialog for item `itemId`; focus goes back to `returnFocus` when it closes. */
  async open(/** @type {string} */ itemId, /** @type {HTMLElement | null} */ returnFocus) {
    if (this.dialog.open) return;
    this.returnFocus = returnFocus;
    this.list.replaceChildren();
    this.status.textContent = "Looking for similar images…";
    showModal(this.dialog);
    const asked = ++this.asked;
    try {
      const rows = similarRows(await this.load(itemId));
      if (asked !== this.asked) return;
      this.status.textContent = rows.length
        ? `${rows.length} similar ${rows.length === 1 ? "image" : "images"}.`
        : "No similar images.";
      this.list.replaceChildren(...rows.map((row) => this.rowElement(row)));
    } catch (error) {
      if (asked === this.asked) this.status.textContent = `Could not find similar images: ${error.message}`;
    }
  }

  /** One result: a link holding the thumbnail, the title and the gallery's name. */
  rowElement(/** @type {ReturnType<typeof similarRows>[number]} */ row) {
    const entry = document.createElement("li");
    const link = document.createElement("a");
    link.href = row.href;
    link.className = "similar-link";
    if (row.thumbnail) {
      const image = document.createElement("img");
      image.src = row.thumbnail;
      image.alt = "";
      image.loading = "lazy";
      link.append(image);
    }
    const title = document.createElement("span");
    title.className = "similar-title";
    title.textContent = row.title;
    const gallery = document.createElement("span");
    gallery.className = "similar-gallery";
    gallery.textContent = `in ${row.galleryName}`;
    link.append(title, gallery);
    entry.append(link);
    return entry;
  }
}
