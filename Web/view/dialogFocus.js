// A modal dialog gives the focus back to what it names when it closes, unless the person has already moved it on.
// Closing it (Escape, close()) puts the focus back at once on what had it when the dialog opened; the "close" event,
// where a dialog moves it to its own choice, comes a task later, and a key pressed in between (ArrowDown on the More
// button opening its menu) has moved the focus somewhere else: it is not taken back from there.

/** @type {WeakMap<HTMLDialogElement, Element | null>} what had the focus when each dialog opened */
const openers = new WeakMap();

/** Opens `dialog` as a modal (if it is not open), remembering what had the focus. @param {HTMLDialogElement} dialog */
export function showModal(dialog) {
  if (dialog.open) return;
  openers.set(dialog, document.activeElement);
  dialog.showModal();
}

/** From the dialog's "close": the focus goes to `element` if it is still where closing left it (on what had it
 * before, nowhere, or in the dialog). @param {HTMLDialogElement} dialog @param {HTMLElement | null | undefined} element */
export function giveFocusBack(dialog, element) {
  const opener = openers.get(dialog);
  openers.delete(dialog);
  if (!element?.isConnected) return;
  const active = document.activeElement;
  if (!active || active === document.body || active === opener || dialog.contains(active)) element.focus();
}
