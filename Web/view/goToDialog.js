// "Go to position…" (the G key): asks for a position of the gallery, 1 to its count, and hands it on; focus goes back
// where it was when the dialog is cancelled.

import { giveFocusBack, showModal } from "./dialogFocus.js";

export class GoToDialog {
  /** @param {HTMLDialogElement} dialog */
  constructor(dialog) {
    this.dialog = dialog;
    this.input = /** @type {HTMLInputElement} */ (dialog.querySelector("input"));
    /** @type {((position: number) => void) | null} */
    this.onGo = null;
    /** @type {HTMLElement | null} */
    this.returnFocus = null;
    dialog.addEventListener("close", () => {
      const go = this.onGo;
      this.onGo = null;
      if (dialog.returnValue === "go" && go) go(Number(this.input.value));
      else giveFocusBack(dialog, this.returnFocus);
    });
  }

  /** Asks for a position of `count` items; `onGo(position)` when one is chosen. */
  open(count, returnFocus, onGo) {
    if (!count || this.dialog.open) return false;
    this.onGo = onGo;
    this.returnFocus = returnFocus;
    this.dialog.returnValue = "";
    this.input.max = String(count);
    this.input.value = "1";
    /** @type {HTMLElement} */ (this.dialog.querySelector(".goto-range")).textContent = `1 to ${count}`;
    showModal(this.dialog);
    this.input.select();
    return true;
  }
}
