// The undo toast's timing, as a pure state machine: after each change of this tab that made a history entry, a short
// message of what happened with an Undo for exactly that entry ("Moved 3 items to 'Sky'" — Undo). It goes after
// TOAST_MS, but never while the pointer is over it or the focus is in it (WCAG 2.2.1: the time runs again, whole,
// once both have left). A newer change replaces it; undoing from it shows what the undo did, without the button.
// Times are numbers the caller gives (performance.now()); view/undoToast.js sets one timer at `deadline`.

/** How long (ms) a toast stays once neither hovered nor focused. */
export const TOAST_MS = 6000;

/**
 * @typedef {{ galleryId: string, entry: number, text: string }} Offer what a change answered: the gallery whose
 *   history holds it, its entry's number and what it did
 * @typedef {{ id: number, galleryId: string | null, entry: number | null, text: string, undoing: boolean }} Shown
 *   a toast: `entry` null once it no longer offers an Undo (it tells what an undo did)
 * @typedef {{ shown: Shown | null, hovered: boolean, focused: boolean, deadline: number | null, count: number }}
 *   ToastState `deadline`: when it goes (null: not shown, or held by the pointer or the focus); `count`: toasts
 *   shown so far (each one's id)
 */

/** @returns {ToastState} no toast */
export function noToast() {
  return { shown: null, hovered: false, focused: false, deadline: null, count: 0 };
}

/** @param {ToastState} state @param {number} now */
function timed(state, now) {
  const held = state.hovered || state.focused;
  return { ...state, deadline: state.shown && !held ? now + TOAST_MS : null };
}

/** A change answered `offer`: it is shown in place of any toast (the same entry offered again changes nothing).
 * @param {ToastState} state @param {Offer} offer @param {number} now @returns {ToastState} */
export function offered(state, offer, now) {
  const { shown } = state;
  if (shown && shown.entry === offer.entry && shown.galleryId === offer.galleryId && shown.text === offer.text) {
    return state;
  }
  const id = state.count + 1;
  const next = { galleryId: offer.galleryId, entry: offer.entry, text: offer.text, undoing: false, id };
  return timed({ ...state, shown: next, count: id }, now);
}

/** The pointer came over the toast (`on`) or left it. @param {ToastState} state @param {boolean} on
 * @param {number} now @returns {ToastState} */
export function hovered(state, on, now) {
  return state.hovered === on ? state : timed({ ...state, hovered: on }, now);
}

/** The focus came into the toast (`on`) or left it. @param {ToastState} state @param {boolean} on
 * @param {number} now @returns {ToastState} */
export function focused(state, on, now) {
  return state.focused === on ? state : timed({ ...state, focused: on }, now);
}

/** The timer went off: the toast goes if its time is up (a timer of an earlier deadline changes nothing).
 * @param {ToastState} state @param {number} now @returns {ToastState} */
export function timedOut(state, now) {
  if (!state.shown || state.deadline === null || now < state.deadline) return state;
  return { ...state, shown: null, deadline: null };
}

/** Its Undo was chosen: the undo of toast `id` begins, unless that toast is gone or already undoing (then null: do
 * nothing). @param {ToastState} state @param {number} id @returns {ToastState | null} */
export function undoBegun(state, id) {
  const { shown } = state;
  if (!shown || shown.id !== id || shown.entry === null || shown.undoing) return null;
  return { ...state, shown: { ...shown, undoing: true } };
}

/** The undo of toast `id` was done (or refused): the toast tells `message`, with no Undo, for its own time; a toast
 * that replaced it meanwhile stays. @param {ToastState} state @param {number} id @param {string} message
 * @param {number} now @returns {ToastState} */
export function undoEnded(state, id, message, now) {
  if (!state.shown || state.shown.id !== id) return state;
  const next = state.count + 1;
  const shown = { galleryId: null, entry: null, text: message, undoing: false, id: next };
  return timed({ ...state, shown, count: next }, now);
}

/** The toast goes now (Escape, or its change was undone or redone some other way). @param {ToastState} state
 * @returns {ToastState} */
export function dismissed(state) {
  return state.shown ? { ...state, shown: null, deadline: null } : state;
}

/** What a change's answered `history` (the server's, for gallery `galleryId`) offers to undo: null when it names no
 * entry (an older server, or nothing to undo). @param {string} galleryId @param {any} history
 * @returns {Offer | null} */
export function undoOffer(galleryId, history) {
  const undo = history?.undo;
  if (!undo || !Number.isFinite(undo.entry) || !undo.summary) return null;
  return { galleryId, entry: undo.entry, text: undo.summary };
}
