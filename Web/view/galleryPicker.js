// A dialog that lists galleries as buttons and resolves with the one chosen (or null): used by Open Beside… and by
// the item menu's Move to Gallery….

import { giveFocusBack, showModal } from "./dialogFocus.js";

export class GalleryPicker {
  constructor(dialog) {
    this.dialog = dialog;
    this.title = dialog.querySelector("h2");
    this.message = dialog.querySelector(".picker-message");
    this.list = dialog.querySelector(".picker-galleries");
    this.resolve = null;
    this.returnFocus = null;
    dialog.querySelector(".picker-cancel").addEventListener("click", () => this.dialog.close());
    dialog.addEventListener("close", () => this.finish(null));
  }

  /**
   * Shows `galleries` ([{id, name, itemCount}]) under `title`; `verb` labels each button ("Open", "Move to").
   * Resolves with the chosen gallery, or null when cancelled. Focus returns to `returnFocus` afterwards.
   */
  choose({ title, galleries, verb, empty = "There is no other gallery.", returnFocus = null }) {
    this.finish(null);
    this.title.textContent = title;
    this.returnFocus = returnFocus;
    this.message.hidden = galleries.length > 0;
    this.message.textContent = galleries.length ? "" : empty;
    this.list.replaceChildren(
      ...galleries.map((gallery) => {
        const row = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = gallery.name;
        button.setAttribute("aria-label", `${verb} ${gallery.name}`);
        const count = document.createElement("span");
        count.className = "picker-count";
        const items = gallery.itemCount;
        count.textContent = Number.isInteger(items) ? `${items} item${items === 1 ? "" : "s"}` : "";
        count.setAttribute("aria-hidden", "true");
        button.addEventListener("click", () => this.finish(gallery));
        row.append(button, count);
        return row;
      }),
    );
    return new Promise((resolve) => {
      this.resolve = resolve;
      showModal(this.dialog);
      (this.list.querySelector("button") ?? this.dialog.querySelector(".picker-cancel")).focus();
    });
  }

  finish(gallery) {
    const resolve = this.resolve;
    if (!resolve) return;
    this.resolve = null;
    if (this.dialog.open) this.dialog.close();
    const focus = this.returnFocus;
    this.returnFocus = null;
    giveFocusBack(this.dialog, focus);
    resolve(gallery);
  }
}
