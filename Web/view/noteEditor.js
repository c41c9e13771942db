// Editing a note in place: its text becomes a field (with a label); Escape puts the text back, Ctrl/Cmd+Enter or
// leaving the field keeps it (nothing is sent when it did not change); either way focus returns to the note. A text
// longer than a note holds stays in the field (never cut) while `onSave` says why it is refused.

import { noteTextProblem } from "../model/itemKinds.js";

/**
 * Starts editing the note shown by `element` (its text `text`); `onSave(text)` is called with a changed text (also
 * with one too long, which it refuses: then the field stays, holding it).
 * @param {HTMLElement} element
 * @param {string} text
 * @param {(text: string) => void} onSave
 * @returns {boolean} whether editing started (a view that does not show the text, the list, has nothing to edit)
 */
export function editNote(element, text, onSave) {
  if (element.dataset.editing) return true;
  const shown = element.querySelector(".note-text");
  if (!shown) return false;
  element.dataset.editing = "true";
  const wasDraggable = element.draggable;
  element.draggable = false; // so that the mouse selects text in the field
  const field = document.createElement("textarea");
  field.className = "note-field";
  field.value = text;
  field.setAttribute("aria-label", "Note text (Ctrl+Enter to save, Escape to cancel)");
  shown.replaceWith(field);
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
  let ended = false;
  const end = (/** @type {boolean} */ save) => {
    if (ended) return;
    const value = field.value;
    if (save && value !== text && noteTextProblem(value)) {
      onSave(value); // refused, saying why; the text stays here to be shortened (or Escape puts the old one back)
      return;
    }
    ended = true;
    field.replaceWith(shown);
    delete element.dataset.editing;
    element.draggable = wasDraggable;
    if (save && value !== text) {
      shown.textContent = value; // at once; the answer and the event confirm it
      shown.classList.toggle("note-empty", !value);
      delete element.dataset.signature; // drawn again from the item as it is kept
      onSave(value);
    }
    if (element.isConnected) element.focus({ preventScroll: true });
  };
  field.addEventListener("keydown", (event) => {
    event.stopPropagation(); // the field's keys are not the item's, nor the page's
    if (event.key === "Escape") {
      event.preventDefault();
      end(false);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      end(true);
    }
  });
  field.addEventListener("blur", () => end(true));
  return true;
}
