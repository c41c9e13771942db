// A pane's lifted items: items picked up by keyboard (Space) or by a long press of a finger, carried to a place in the
// gallery, to the Trash or into a gallery open beside, and dropped there (or put back). On the board (by keyboard
// only: a finger moves a board item directly) the arrows move the items themselves, drawn where they would land as a
// mouse drag draws them, and the drop puts them there as a mouse drop does. The drag itself is model/keyboardDrag.js;
// this carries it out through the pane's item actions and shows it in its views.

import {
  boardStep,
  cancelledText,
  lift,
  liftedText,
  moveBy,
  moveTo,
  nextTarget,
  placesOf,
  staysPut,
  whereText,
} from "../model/keyboardDrag.js";
import { itemById, selectionRun, shownWindow } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** How long (ms) the arrows must rest before the board's "At x …, y …" is said: a held arrow key says one place. */
const BOARD_STEP_QUIET = 250;

/** The lifted-items actions of the pane `pane` (its store, views, trash and announcer); `items` its item actions. */
export function createLiftActions(pane, items) {
  const { store, announcer } = pane;
  const state = () => store.getState();
  /** The items lifted (model/keyboardDrag.js), or null. */
  let drag = null;
  /** A board step's place, waiting to be said. */
  let pendingSay = null;
  const titleOf = (id) => itemById(state(), id)?.title ?? "item";
  /** Says `text` now, or with `later` once the arrows rest (what is said meanwhile replaces it). */
  const say = (text, later = false) => {
    clearTimeout(pendingSay);
    pendingSay = later ? setTimeout(() => announcer.announce(text), BOARD_STEP_QUIET) : null;
    if (!later) announcer.announce(text);
  };

  const showTarget = (target, on) => {
    if (target.kind === "trash") pane.trash.showKeyboardTarget(on);
    else pane.hooks.showKeyboardTarget?.(target.galleryId, on);
  };
  /** Shows where the lifted items would land: the gap here (on the board: the items drawn there), or the highlighted
   * Trash or other gallery. */
  const show = (previous) => {
    const view = pane.itemsView();
    if (previous?.target && previous.target !== drag?.target) showTarget(previous.target, false);
    if (!drag || drag.target) {
      view.setGap(null);
      view.showLifted?.(null, null);
      if (drag?.target) showTarget(drag.target, true);
    } else if (drag.board) {
      view.showLifted?.(placesOf(drag), drag.focusId);
    } else {
      view.setGap(drag.index);
    }
  };
  /** Ends the drag (the items are no longer lifted) and returns it. */
  const end = () => {
    const ended = drag;
    drag = null;
    clearTimeout(pendingSay); // the drop or cancel is said instead
    pane.itemsView().keyboardDrag = false;
    store.dispatch(paneActions.dragEnded());
    show(ended);
    return ended;
  };
  /** Takes a changed drag, shows it and says where it would land now (`later`: once the arrows rest). */
  const change = (next, later = false) => {
    const previous = drag;
    drag = next;
    show(previous);
    if (drag !== previous) say(whereText(state().shown, drag, shownWindow(state())), later);
  };

  const actions = {
    /** Lifts the item `id` (and the selection, when it is selected), by `how` ("keys" or "touch"; the board: keys
     * only); false when it cannot be (a view-only gallery, an item still being added). */
    start(id, how) {
      const onBoard = state().view === "board";
      if (drag || state().access.readOnly || (onBoard && how !== "keys")) return false;
      // A selection beyond the items read is lifted as the run it is (its items read show it); not on the board.
      const run = selectionRun(state(), id);
      if (run && onBoard) {
        pane.tell(`${run.count} items are too many to arrange on the board at once: select fewer.`);
        return true;
      }
      const ids = itemById(state(), id)?.local ? [] : idsFor(id);
      if (!ids.length) return false;
      drag = lift(state().shown, ids, id, onBoard ? placesFor(ids) : null);
      if (!drag.ids.length) {
        drag = null;
        return false;
      }
      if (run) drag = { ...drag, run };
      // The board's Move/Copy switch set to Copy: a keyboard drag copies too, as a mouse drag does (C switches).
      if (onBoard && state().dragMode === "copy") drag = { ...drag, copy: true };
      pane.itemsView().keyboardDrag = how === "keys";
      store.dispatch(paneActions.dragStarted(drag.ids));
      show(null);
      announcer.announce(liftedText(state().shown, drag, titleOf, how, shownWindow(state())));
      return true;
    },

    /** A key while items are lifted (view/itemKeys.js decodeDragKey); true when it was the drag's. */
    key(intent) {
      if (!drag) return false;
      const shown = state().shown;
      switch (intent.kind) {
        case "step": {
          if (drag.board) {
            const [dx, dy] = boardStep(intent.direction, intent.fine);
            change(moveBy(drag, dx, dy), true);
            return true;
          }
          const step = intent.direction === "left" || intent.direction === "up" ? -1 : 1;
          let wanted = drag.index + step;
          if (intent.direction === "up" || intent.direction === "down") {
            // The insertion point before the item above or below the one the gap is before.
            const from = Math.min(drag.index, shown.length - 1);
            const to = pane.itemsView().indexInDirection(from, intent.direction);
            wanted = to === from ? drag.index + step * shown.length : to + (drag.index >= shown.length ? 1 : 0);
          }
          change(moveTo(shown, drag, wanted, step));
          return true;
        }
        case "end":
          if (drag.board) return true; // the board has no start or end to go to
          change(moveTo(shown, drag, intent.last ? shown.length : 0, intent.last ? 1 : -1));
          return true;
        case "target":
          change(nextTarget(drag, targets(), intent.back));
          return true;
        case "copy":
          change({ ...drag, copy: !drag.copy });
          return true;
        case "drop":
          actions.drop();
          return true;
        case "cancel":
          actions.cancel();
          return true;
        default:
          return false;
      }
    },

    /** Points the lifted items at the place under the client point (x, y): the Trash, a gallery beside, or a place
     * here. */
    pointAt(x, y) {
      if (!drag) return;
      const under = document.elementFromPoint(x, y);
      const other = pane.hooks.galleryAt?.(under);
      // Only a change of place is drawn and said again.
      if (under?.closest(".trash-target")) {
        if (drag.target?.kind !== "trash") change({ ...drag, target: { kind: "trash" } });
      } else if (other && other.galleryId !== pane.galleryId && !other.readOnly) {
        if (drag.target?.kind !== "gallery" || drag.target.galleryId !== other.galleryId)
          change({ ...drag, target: { kind: "gallery", galleryId: other.galleryId, name: other.name } });
      } else {
        const index = pane.itemsView().indexAt(x, y);
        if (index !== drag.index || drag.target) change({ ...drag, target: null, index });
      }
    },

    /** Adds the item `id` to the lifted ones (a second finger's tap). */
    add(id) {
      if (!drag || drag.ids.includes(id) || !itemById(state(), id) || itemById(state(), id).local) return;
      const ids = new Set([...drag.ids, id]);
      drag = {
        ...drag,
        ids: state()
          .shown.filter((item) => ids.has(item.id))
          .map((item) => item.id),
      };
      store.dispatch(paneActions.dragStarted(drag.ids));
      announcer.announce(`Added '${titleOf(id)}': ${drag.ids.length} items lifted.`);
    },

    /** Drops the lifted items where they are pointed at. */
    drop() {
      if (!drag) return;
      const ended = end();
      const payload = { galleryId: pane.galleryId, itemIds: ended.ids, run: ended.run ?? null };
      if (ended.target?.kind === "trash" && ended.run) items.trashRun(ended.run);
      else if (ended.target?.kind === "trash") items.trashItems(ended.ids);
      else if (ended.target?.kind === "gallery")
        pane.hooks.dropIntoGallery?.({ payload, galleryId: ended.target.galleryId, copy: ended.copy });
      else if (!ended.copy && staysPut(ended))
        announcer.announce(`Dropped where it was. ${whereText(state().shown, ended, shownWindow(state()))}`);
      else if (ended.board) {
        // Where a mouse drop on the board puts them: moved there in one request, or copies put there.
        const places = placesOf(ended);
        const point = { x: places[0].x, y: places[0].y };
        items.addLocal({ payload, copy: ended.copy, index: state().shown.length, point, places });
      } else if (ended.copy || ended.run) items.addLocal({ payload, copy: ended.copy, index: ended.index });
      else items.moveItems(ended.ids, ended.index, { focus: ended.focusId });
      pane.itemsView().focusItem(ended.focusId);
    },

    /** Puts the lifted items back where they were, and says so. */
    cancel() {
      if (!drag) return;
      const ended = end();
      announcer.announce(cancelledText(state().shown, ended, titleOf, shownWindow(state())));
      pane.itemsView().focusItem(ended.focusId);
    },
  };

  /** The items a drag of `id` lifts: the selection when `id` is selected, else `id` alone. */
  function idsFor(id) {
    const selection = state().selection.ids;
    const chosen = selection.has(id) ? state().shown.filter((item) => selection.has(item.id)) : [itemById(state(), id)];
    return chosen.filter((item) => item && !item.local).map((item) => item.id);
  }

  /** Where else the items can go, in Tab order: the Trash, then each gallery open beside. */
  function targets() {
    return [{ kind: "trash" }, ...(pane.hooks.keyboardTargets?.() ?? [])];
  }

  /** Where the items `ids` lie on the board as it draws them ([{itemId, x, y, width, z}]). */
  function placesFor(ids) {
    const view = pane.itemsView();
    return ids.flatMap((id) => {
      const position = view.positionOf?.(id);
      return position ? [{ itemId: id, x: position.x, y: position.y, width: position.width, z: position.z ?? 0 }] : [];
    });
  }

  return actions;
}
