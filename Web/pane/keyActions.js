// A pane's selection, keys and item menu: what the items view's decoded key intents and the menu's choices do, and the
// page-wide shortcuts (select all, clear, delete, copy) the app routes to the pane in use. Never sees a DOM event.

import { writeItems } from "../dnd/localDrag.js";
import { stepIndex } from "../model/reorder.js";
import { isEmptySelection } from "../model/selection.js";
import { itemsFor, selectedItems, selectionRun, shownWindow } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** The key and menu actions of the pane `pane` (its store, views and announcer); `items`, `board`, `lifted`, `turns`
 * and `tags` are its item, board, drag (pane/dragActions.js), turn and tag actions. */
export function createKeyActions(
  /** @type {import("./paneContext.js").PaneContext} */ pane,
  items,
  board,
  lifted,
  turns,
  tags,
) {
  const { store, announcer } = pane;
  const state = () => store.getState();
  const idsFor = (id) =>
    itemsFor(state(), id)
      .filter((item) => !item.local)
      .map((item) => item.id);
  /** To the trash: the items an action on `id` applies to (null: the selection); all of a big gallery when all of it
   * is selected, read or not (one run from its first item to its last), or the span of it selected (one run). */
  const trash = (id) => {
    const { selection } = state();
    const ofSelection = id === null || selection.ids.has(id);
    if (selection.all && ofSelection) items.trashAll();
    else if (selection.span && ofSelection) items.trashSpan(selection.span);
    else items.trashItems(id === null ? selectedItems(state()).map((item) => item.id) : idsFor(id));
  };

  return {
    /** A key while items are lifted by keyboard (view/itemKeys.js decodeDragKey); true when it was the drag's. */
    dragKey(intent) {
      return lifted.key(intent);
    },

    selectAll() {
      store.dispatch(paneActions.allSelected());
      announcer.announce(`Selected all ${shownWindow(state()).total} items.`);
      return true;
    },

    clearSelection() {
      if (isEmptySelection(state().selection)) return false;
      store.dispatch(paneActions.selectionCleared());
      announcer.announce("Selection cleared.");
      return true;
    },

    deleteSelection() {
      if (isEmptySelection(state().selection)) return false;
      if (pane.refuseChange()) return true;
      trash(null);
      return true;
    },

    /** Writes the selection to the clipboard; false when nothing is selected. */
    copySelection(clipboardData) {
      const chosen = selectedItems(state()).filter((item) => !item.local);
      if (!chosen.length) return false;
      writeItems(clipboardData, pane.galleryId, chosen);
      announcer.announce(chosen.length === 1 ? `Copied '${chosen[0].title}'.` : `Copied ${chosen.length} items.`);
      return true;
    },

    /** A decoded key (view/itemKeys.js) on item `id`, whose element is `tile`; true when it was the pane's. */
    key(intent, id, tile) {
      const shown = state().shown;
      const index = shown.findIndex((item) => item.id === id);
      if (state().view === "board") {
        // On the board the arrows move the item and the items selected with it (1 board unit, Shift: 10); Alt+arrow
        // moves focus to the nearest item that way.
        if (intent.kind === "focus" && !state().access.readOnly) {
          const step = intent.extend ? 10 : 1;
          const [dx, dy] = { left: [-step, 0], right: [step, 0], up: [0, -step], down: [0, step] }[intent.direction];
          board.nudge(idsFor(id), dx, dy);
          return true;
        }
        if (intent.kind === "move" || intent.kind === "focus") {
          const next = shown[pane.itemsView().indexInDirection(index, intent.direction)];
          if (next) pane.itemsView().focusItem(next.id);
          return true;
        }
      }
      switch (intent.kind) {
        case "move": {
          const ids = idsFor(id);
          const step = intent.direction === "left" || intent.direction === "up" ? -1 : 1;
          const run = selectionRun(state(), id);
          if (run) {
            // A span beyond the items read steps as one run: one place past the item before or after it.
            const { span, all } = state().selection;
            const to = span && !all ? span.first.position + step : -1;
            if (to < 0 || to + run.count > shownWindow(state()).total)
              announcer.announce(step < 0 ? "Already at the start." : "Already at the end.");
            else items.moveRunAt(run, { index: to }, to + 1);
            return true;
          }
          const to = stepIndex(shown, ids, step);
          if (to !== null) items.moveItems(ids, to, { focus: id });
          else announcer.announce(step < 0 ? "Already at the start." : "Already at the end.");
          return true;
        }
        case "focus": {
          const to = pane.itemsView().indexInDirection(index, intent.direction);
          const focusOn = (next) => {
            if (!next) return;
            if (intent.extend) store.dispatch(paneActions.itemClicked(next.id, { range: true }));
            pane.itemsView().focusItem(next.id);
          };
          const { offset, total, windowed, unordered } = shownWindow(state());
          if (to === index && windowed && !unordered) {
            // At the edge of a big gallery's window: the item that way is read first.
            const back = intent.direction === "left" || intent.direction === "up";
            const vertical = intent.direction === "up" || intent.direction === "down";
            const step = vertical && state().view === "grid" ? Math.max(1, Math.round(state().perRow)) : 1;
            const target = offset + index + (back ? -step : step);
            if (target >= 0 && target < total) pane.sync.itemAt(target).then(focusOn);
            return true;
          }
          focusOn(shown[to]);
          return true;
        }
        case "first":
        case "last": {
          // In a big gallery the first or last item may not be read yet: it is read, then focused.
          const { total } = shownWindow(state());
          pane.sync.itemAt(intent.kind === "first" ? 0 : total - 1).then((next) => {
            if (next) pane.itemsView().focusItem(next.id);
          });
          return true;
        }
        case "select":
          store.dispatch(paneActions.itemClicked(id, { toggle: intent.toggle }));
          return true;
        case "lift":
          // Where nothing can be lifted (a view-only gallery) Space toggles the selection, as before.
          if (!lifted.start(id, "keys")) store.dispatch(paneActions.itemClicked(id, { toggle: true }));
          return true;
        case "trash":
          trash(id);
          return true;
        case "menu":
          if (state().access.readOnly) return false; // no item menu: the browser's own
          pane.openMenu(id, intent.point, tile);
          return true;
        default:
          return false;
      }
    },

    /** A choice from the item menu for item `id` (and the selection, when it is selected). */
    menuAction(id, action, position, returnFocus) {
      // Finding similar images changes nothing.
      if (action === "similar") return pane.hooks.onFindSimilar(id, returnFocus);
      if (pane.refuseChange()) return;
      // A selection beyond the items read moves as one run, by its ends.
      const run = action === "trash" ? null : selectionRun(state(), id);
      const ids = idsFor(id);
      const shown = state().shown;
      const { windowed, total } = shownWindow(state());
      const moving = run?.count ?? ids.length;
      if ((windowed || run) && (action === "start" || action === "end" || action === "position")) {
        // In a big gallery the place may be outside the items read: it is named by position.
        const target =
          action === "start" ? 1 : action === "end" ? total : Math.min(Math.max(1, Math.round(position) || 1), total);
        const at = action === "start" ? { start: true } : action === "end" ? {} : { index: target - 1 };
        const where = action === "end" ? total - moving + 1 : Math.min(target, total - moving + 1);
        if (run) items.moveRunAt(run, at, where);
        else items.moveItemsAt(ids, at, where);
        return;
      }
      if (action === "start") items.moveItems(ids, 0, { focus: id });
      else if (action === "end") items.moveItems(ids, shown.length, { focus: id });
      else if (action === "trash") trash(id);
      else if (action === "gallery") pane.hooks.onMoveToGallery(ids, returnFocus, run);
      else if (action === "turn-left" || action === "turn-right" || action === "turn-flip")
        turns.turn(ids, /** @type {"left" | "right" | "flip"} */ (action.slice("turn-".length)));
      else if (action === "tags") tags.edit(ids, returnFocus, run);
      else if (action === "position") {
        const target = Math.min(Math.max(1, Math.round(position) || 1), shown.length);
        // Position n of the final order: count the place among the items that do not move.
        const rest = shown.filter((item) => !ids.includes(item.id));
        const anchor = rest[target - 1];
        const index = anchor ? shown.indexOf(anchor) : shown.length;
        items.moveItems(ids, index, { focus: id });
      }
      // The board's own entries, on the board only.
      else if (state().view === "board" && (action === "front" || action === "back")) board.restack(ids, action);
      else if (state().view === "board" && (action === "larger" || action === "smaller"))
        board.scale(ids, action === "larger" ? 1.25 : 0.8);
    },
  };
}
