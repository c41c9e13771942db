// Page-wide keyboard shortcuts and the clipboard's copy, as intents: the app routes them to the pane that has the
// focus or was used last. Nothing here fires while the user types in a field, a dialog or the menu.

import { TEXT_FIELD, isTextField } from "../dnd/textFields.js";

const TYPING = `${TEXT_FIELD}, dialog, [role=menu]`;

export class KeyboardView {
  constructor(root = document) {
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = {
      onSelectAll: () => false,
      onClearSelection: () => false,
      onDeleteSelection: () => false,
      onUndo: () => {},
      onRedo: () => {},
      onCopy: () => false,
      onNewNote: () => false,
      onGoTo: () => false,
      onSearch: () => false,
    };
    root.addEventListener("keydown", (event) => this.keydown(event));
    root.addEventListener("copy", (event) => {
      if (isTextField(event.target)) return;
      if (this.handlers.onCopy(event.clipboardData)) event.preventDefault();
    });
  }

  keydown(event) {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (mod && !event.altKey && (key === "z" || (key === "y" && !event.shiftKey))) {
      if (event.target.closest?.(TYPING)) return;
      event.preventDefault();
      if (key === "y" || event.shiftKey) this.handlers.onRedo();
      else this.handlers.onUndo();
      return;
    }
    if (event.target.closest?.(TYPING)) return;
    let handled = false;
    if (mod && key === "a") handled = this.handlers.onSelectAll();
    else if (event.key === "Escape") handled = this.handlers.onClearSelection();
    else if (key === "n" && !mod && !event.altKey && !event.shiftKey) handled = this.handlers.onNewNote();
    else if (key === "g" && !mod && !event.altKey && !event.shiftKey) handled = this.handlers.onGoTo();
    else if (event.key === "/" && !mod && !event.altKey) handled = this.handlers.onSearch();
    else if ((event.key === "Delete" || event.key === "Backspace") && !event.target.closest?.("[data-item-id]")) {
      handled = this.handlers.onDeleteSelection();
    }
    if (handled) event.preventDefault();
  }

  bindSelectAll(handler) {
    this.handlers.onSelectAll = handler;
  }
  bindClearSelection(handler) {
    this.handlers.onClearSelection = handler;
  }
  bindDeleteSelection(handler) {
    this.handlers.onDeleteSelection = handler;
  }
  bindUndo(handler) {
    this.handlers.onUndo = handler;
  }
  bindRedo(handler) {
    this.handlers.onRedo = handler;
  }
  /** `handler()` makes a new note (the N key); false when it did not. */
  bindNewNote(handler) {
    this.handlers.onNewNote = handler;
  }
  /** `handler()` asks for a position to go to (the G key); false when there is nothing to go to. */
  bindGoTo(handler) {
    this.handlers.onGoTo = handler;
  }
  /** `handler()` focuses the page's search field (the / key) and returns true. */
  bindSearch(handler) {
    this.handlers.onSearch = handler;
  }
  /** `handler(clipboardData)` writes the selection and returns true, or returns false when nothing is selected. */
  bindCopy(handler) {
    this.handlers.onCopy = handler;
  }
}
