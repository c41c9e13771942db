// The item menu (a visible button on each item and the context menu): Find Similar (images), Move to Start, Move to End, Move to
// Position…, Move to Gallery…, Move to Trash, and on the board Bring to Front, Send to Back, Make Larger and Make
// Smaller — every drag action, without dragging (WCAG 2.2, 2.5.7). One menu serves every pane: `open` takes a context
// (the pane) that is handed back with the chosen action, and whose view says whether the board's entries show.

import { canFindSimilar } from "../model/similar.js";

export class ItemMenu {
  constructor(menu, positionDialog) {
    this.menu = menu;
    this.positionDialog = positionDialog;
    this.positionInput = positionDialog.querySelector("input");
    this.target = null;
    this.returnFocus = null;
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = { onAction: () => {} };
    menu.addEventListener("click", (event) => {
      const entry = event.target.closest("[data-action]");
      if (entry) this.choose(entry.dataset.action);
    });
    menu.addEventListener("keydown", (event) => this.keydown(event));
    document.addEventListener("pointerdown", (event) => {
      if (!this.menu.hidden && !this.menu.contains(event.target)) this.close(false);
    });
    positionDialog.addEventListener("close", () => {
      if (positionDialog.returnValue === "move" && this.positionTarget) {
        const position = Number(this.positionInput.value);
        this.handlers.onAction(this.positionTarget, "position", position, this.positionContext);
      }
      this.positionTarget = null;
      this.positionContext = null;
    });
  }

  bindAction(handler) {
    this.handlers.onAction = handler;
  }

  /** Opens the menu for an item next to `anchor` (a button or a point). */
  open(itemId, { x, y }, returnFocus, count, context = null) {
    this.target = itemId;
    this.context = context;
    this.returnFocus = returnFocus;
    this.count = count;
    const onBoard = context?.state?.view === "board";
    for (const entry of this.menu.querySelectorAll("[data-board-only]")) entry.toggleAttribute("hidden", !onBoard);
    // "Find Similar" is for a loaded image (an item not read here is offered it: the server answers for it).
    const item = context?.state?.shown?.find((/** @type {any} */ each) => each.id === itemId);
    const image = !item || canFindSimilar(item);
    for (const entry of this.menu.querySelectorAll("[data-image-only]")) entry.toggleAttribute("hidden", !image);
    this.menu.hidden = false;
    const width = this.menu.offsetWidth;
    const height = this.menu.offsetHeight;
    this.menu.style.left = `${Math.min(x, innerWidth - width - 8)}px`;
    this.menu.style.top = `${Math.min(y, innerHeight - height - 8)}px`;
    this.entries()[0]?.focus();
  }

  entries() {
    return [...this.menu.querySelectorAll("[role=menuitem]:not([hidden])")];
  }

  keydown(event) {
    const entries = this.entries();
    const index = entries.indexOf(document.activeElement);
    if (event.key === "ArrowDown") entries[(index + 1) % entries.length].focus();
    else if (event.key === "ArrowUp") entries[(index - 1 + entries.length) % entries.length].focus();
    else if (event.key === "Home") entries[0].focus();
    else if (event.key === "End") entries[entries.length - 1].focus();
    else if (event.key === "Escape" || event.key === "Tab") this.close(true);
    else if ((event.key === "Enter" || event.key === " ") && entries[index]) this.choose(entries[index].dataset.action);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  choose(action) {
    const target = this.target;
    const context = this.context;
    this.close(action !== "position" && action !== "gallery");
    if (action === "position") {
      this.positionTarget = target;
      this.positionContext = context;
      this.positionInput.max = String(this.count);
      this.positionInput.value = "1";
      this.positionDialog.querySelector(".position-range").textContent = `1 to ${this.count}`;
      this.positionDialog.showModal();
      this.positionInput.select();
      return;
    }
    this.handlers.onAction(target, action, undefined, context, this.returnFocus);
  }

  close(restoreFocus) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    if (restoreFocus) this.returnFocus?.focus();
    this.target = null;
  }
}
