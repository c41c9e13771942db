// The trash: a toolbar target that accepts only items dragged from inside the app (the seed's GarbageView), its
// count, and the Trash view with Restore and Empty Trash.

import { dropTarget } from "../dnd/dropTarget.js";
import { isLocalDrag, readLocalPayload } from "../dnd/localDrag.js";

export class TrashView {
  constructor(button, dialog) {
    this.button = button;
    this.count = button.querySelector(".trash-count");
    this.dialog = dialog;
    this.list = dialog.querySelector(".trash-items");
    this.emptyButton = dialog.querySelector(".empty-trash");
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = { onDrop: () => {}, onOpen: () => {}, onRestore: () => {}, onEmpty: () => {} };

    button.addEventListener("click", () => this.handlers.onOpen());
    dialog.querySelector(".close-trash").addEventListener("click", () => dialog.close());
    this.emptyButton.addEventListener("click", () => {
      if (confirm("Delete every item in the trash for good?")) this.handlers.onEmpty();
    });

    const show = (state) => {
      if (state) button.dataset.dropState = state;
      else delete button.dataset.dropState;
    };
    dropTarget(button, {
      accepts: isLocalDrag, // a drag from outside is refused: shown as forbidden, and its drop changes nothing
      effect: () => "move",
      onEnter: () => show("accept"),
      onOver: () => show("accept"),
      onRefuse: () => show("forbidden"),
      onLeave: () => show(null),
      onDrop: ({ dataTransfer }) => {
        show(null);
        const payload = readLocalPayload(dataTransfer);
        if (payload) this.handlers.onDrop(payload);
      },
    });
  }

  /** Shows the Trash as where items lifted by keyboard would go (or not any more). */
  showKeyboardTarget(on) {
    if (on) this.button.dataset.dropState = "accept";
    else delete this.button.dataset.dropState;
  }

  bindDrop(handler) {
    this.handlers.onDrop = handler;
  }
  bindOpen(handler) {
    this.handlers.onOpen = handler;
  }
  bindRestore(handler) {
    this.handlers.onRestore = handler;
  }
  bindEmpty(handler) {
    this.handlers.onEmpty = handler;
  }

  renderCount(count) {
    this.count.textContent = count > 0 ? String(count) : "";
    this.button.setAttribute("aria-label", count > 0 ? `Trash, ${count} item${count === 1 ? "" : "s"}` : "Trash");
    this.button.setAttribute("aria-description", "Drop items here, or press Delete, to move them to the trash");
  }

  /** Where the trash icon is, for the shrink-into-the-trash animation. */
  center() {
    const box = this.button.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }

  showItems(items) {
    this.list.replaceChildren(
      ...items.map((item) => {
        const row = document.createElement("li");
        row.dataset.itemId = item.id;
        if (item.imageURL) {
          const img = document.createElement("img");
          img.src = item.imageURL;
          img.alt = "";
          row.append(img);
        }
        const title = document.createElement("span");
        title.textContent = item.title;
        const restore = document.createElement("button");
        restore.type = "button";
        restore.textContent = "Restore";
        restore.setAttribute("aria-label", `Restore ${item.title}`);
        restore.addEventListener("click", () => this.handlers.onRestore([item.id]));
        row.append(title, restore);
        return row;
      }),
    );
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "hint";
      empty.textContent =
        "The trash is empty. Items you delete (drag them onto Trash, or press Delete) wait here until you empty it, " +
        "and Restore puts them back where they were.";
      this.list.append(empty);
    }
    this.emptyButton.disabled = items.length === 0;
    if (!this.dialog.open) this.dialog.showModal();
  }

  isOpen() {
    return this.dialog.open;
  }

  /** A view-only pane has no trash: its button is hidden (nothing can be dropped on it) and its dialog closed. */
  setAvailable(available) {
    this.button.hidden = !available;
    if (!available && this.dialog.open) this.dialog.close();
  }
}
