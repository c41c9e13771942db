// The page's undo toast (one for the page, not one per pane): after each change of this tab that made a history
// entry, "Moved 3 items to 'Sky'" with an Undo for exactly that entry, in a polite live region. Its timing is
// model/undoToast.js; this draws it, runs its one timer and reports the pointer and the focus. Its Undo is in the Tab
// order after the panes and never takes the focus by itself; Escape in it closes it. After its Undo, or Escape, the
// focus goes back where it came from (or to the gallery), never lost with the button.

import { dismissed, focused, hovered, noToast, offered, timedOut, undoBegun, undoEnded } from "../model/undoToast.js";

/**
 * Makes the toast in `root` (its text in `.undo-toast-text`, its button `.undo-toast-undo`). `undo(offer)` undoes the
 * offer's entry and resolves with what to say ("": nothing, the toast goes); `fallbackFocus()` is where the focus
 * goes when it cannot go back where it came from.
 * @param {HTMLElement} root
 * @param {{ undo(offer: import("../model/undoToast.js").Offer): Promise<string>, fallbackFocus(): HTMLElement | null }} ports
 */
export function createUndoToast(root, { undo, fallbackFocus }) {
  const text = /** @type {HTMLElement} */ (root.querySelector(".undo-toast-text"));
  const button = /** @type {HTMLButtonElement} */ (root.querySelector(".undo-toast-undo"));
  let state = noToast();
  let timer = null;
  /** The element the focus came into the toast from, to go back to. */
  let cameFrom = null;

  const render = () => {
    const { shown } = state;
    root.dataset.shown = String(Boolean(shown));
    if (text.textContent !== (shown?.text ?? "")) text.textContent = shown?.text ?? "";
    const offersUndo = Boolean(shown && shown.entry !== null);
    // The focus leaves the button before it goes (a hidden button would drop it on the page's body).
    if (!offersUndo && root.contains(document.activeElement)) giveFocusBack();
    button.hidden = !offersUndo;
    button.setAttribute("aria-disabled", String(Boolean(shown?.undoing)));
    clearTimeout(timer);
    timer = state.deadline === null ? null : setTimeout(tick, Math.max(0, state.deadline - performance.now()));
  };
  const update = (next) => {
    if (next === state) return;
    state = next;
    render();
  };
  const tick = () => update(timedOut(state, performance.now()));

  function giveFocusBack() {
    const back = cameFrom?.isConnected && !root.contains(cameFrom) ? cameFrom : fallbackFocus();
    cameFrom = null;
    back?.focus({ preventScroll: true });
    if (root.contains(document.activeElement)) button.blur();
  }

  root.addEventListener("pointerenter", () => update(hovered(state, true, performance.now())));
  root.addEventListener("pointerleave", () => update(hovered(state, false, performance.now())));
  root.addEventListener("focusin", (event) => {
    const from = /** @type {HTMLElement | null} */ (event.relatedTarget);
    if (from && !root.contains(from)) cameFrom = from;
    update(focused(state, true, performance.now()));
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(/** @type {Node | null} */ (event.relatedTarget))) return;
    update(focused(state, false, performance.now()));
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation(); // not the page's Escape (which clears the selection)
    giveFocusBack();
    update(dismissed(state));
  });
  button.addEventListener("click", async () => {
    const { shown } = state;
    if (!shown || shown.galleryId === null || shown.entry === null) return;
    const begun = undoBegun(state, shown.id);
    if (!begun) return;
    update(begun);
    const message = await undo({ galleryId: shown.galleryId, entry: shown.entry, text: shown.text });
    update(message ? undoEnded(state, shown.id, message, performance.now()) : dismissed(state));
  });
  render();

  return {
    /** A change of this tab made history entry `offer`: it is shown (in place of any toast), without the focus. */
    offer(/** @type {import("../model/undoToast.js").Offer} */ offer) {
      update(offered(state, offer, performance.now()));
    },
    /** The toast goes (its change was undone or redone some other way). */
    dismiss() {
      update(dismissed(state));
    },
  };
}
