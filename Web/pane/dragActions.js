// A pane's drag runner: it holds the pane's one drag operation (model/dragOperation.js), feeds it what the sensors
// report (dnd/pointerSensor.js for touch and pen, dnd/localDrag.js for the mouse's HTML5 drags, the keyboard through
// keyActions), carries out its effects (the long press's wait, what is said, the drop through the item and board
// actions) and draws it in the pane's views: the gap, the Trash or gallery aimed at, the items drawn where they would
// land on a board. It keeps no state of the drag but the operation itself and its two timers.

import { drawnPlaces, idle, steersByKeys, step } from "../model/dragOperation.js";
import { cancelledText, lift, liftedText, placesOf, staysPut, whereText } from "../model/keyboardDrag.js";
import { itemById, selectionRun, shownWindow } from "../store/paneSelectors.js";
import { paneActions } from "../store/paneState.js";

/** How long (ms) the arrows must rest before the board's "At x …, y …" is said: a held arrow key says one place. */
const BOARD_STEP_QUIET = 250;
/** The keys that steer items lifted by keyboard (view/itemKeys.js decodeDragKey). */
const DRAG_KEYS = new Set(["step", "end", "target", "copy", "drop", "cancel"]);

/**
 * @typedef {import("../model/dragOperation.js").DragOperation} DragOperation
 * @typedef {import("../model/dragOperation.js").Input} Input
 * @typedef {import("../model/dragOperation.js").Effect} Effect
 * @typedef {import("../model/keyboardDrag.js").KeyboardDrag} Drag
 * @typedef {{x: number, y: number}} Point
 */

/** The drag actions of the pane `pane` (its store, views, trash and announcer); `items` and `board` its item and board
 * actions. */
export function createDragActions(pane, items, board) {
  const { store, announcer } = pane;
  const state = () => store.getState();
  const view = () => pane.itemsView();
  /** @type {DragOperation | null} */
  let operation = idle;
  /** The long press's wait, and a board step's place waiting to be said. */
  let pressTimer = null;
  let pendingSay = null;
  const titleOf = (id) => itemById(state(), id)?.title ?? "item";
  const place = () => shownWindow(state());
  /** Says `text` now, or with `later` once the arrows rest (what is said meanwhile replaces it). */
  const say = (text, later = false) => {
    clearTimeout(pendingSay);
    pendingSay = later ? setTimeout(() => announcer.announce(text), BOARD_STEP_QUIET) : null;
    if (!later) announcer.announce(text);
  };

  /** Feeds `input` to the operation: draws what changed, then carries out its effects. */
  function feed(/** @type {Input} */ input) {
    const before = operation;
    const next = step(operation, input);
    operation = next.operation;
    if (operation !== before) draw(before, operation);
    for (const effect of next.effects) carryOut(effect);
    return operation;
  }

  /** Whether a long press or keyboard drag shows where it would land (a gap or a target; a mouse drag's drop target
   * shows its own gap). */
  const aims = (/** @type {DragOperation | null} */ each) =>
    each?.phase === "lifted" && each.sensor !== "mouse" && each.drag ? each.drag : null;
  const showTarget = (target, on) => {
    if (target.kind === "trash") pane.trash.showKeyboardTarget(on);
    else pane.hooks.showKeyboardTarget?.(target.galleryId, on);
  };

  /** Draws the operation in the views: the keyboard's steering, the gap or target aimed at, a board's moved items. */
  function draw(/** @type {DragOperation | null} */ before, /** @type {DragOperation | null} */ after) {
    const shown = view();
    shown.keyboardDrag = steersByKeys(after);
    shown.longPressing = after?.sensor === "pointer" && !after.boardStart;
    const was = aims(before);
    const now = aims(after);
    if (was?.target && was.target !== now?.target) showTarget(was.target, false);
    if (was || now) {
      if (!now || now.target) {
        shown.setGap(null);
        if (now?.target) showTarget(now.target, true);
      } else if (!now.board) shown.setGap(now.index);
    }
    const places = drawnPlaces(after);
    if (places || drawnPlaces(before)) shown.drawDrag?.(places, after?.sensor === "keyboard" ? now?.focusId : null);
  }

  function carryOut(/** @type {Effect} */ effect) {
    switch (effect.type) {
      case "wait":
        clearTimeout(pressTimer);
        pressTimer = setTimeout(() => {
          const drag = operation && liftFor(operation.itemId, "touch");
          feed({ type: "held", drag: typeof drag === "string" ? null : drag });
        }, effect.ms);
        return;
      case "stopWaiting":
        clearTimeout(pressTimer);
        return;
      case "lifted":
        return lifted(effect.operation);
      case "pointAt":
        return pointAt(effect.client);
      case "add":
        return add(effect.itemId);
      case "say":
        if (operation?.drag) say(whereText(state().shown, operation.drag, place()), effect.later);
        return;
      case "drop":
        return drop(effect.operation);
      case "cancel":
        return cancel(effect.operation);
      case "end":
        store.dispatch(paneActions.dragEnded());
        view().setDropActive(false);
        return;
    }
  }

  /** The items are lifted: marked as dragged and, by keyboard or a long press, said (a finger's item rises). */
  function lifted(/** @type {DragOperation} */ lifting) {
    const drag = /** @type {Drag} */ (lifting.drag);
    if (lifting.sensor === "pointer" && lifting.boardStart) return; // a board's item simply follows the pointer
    store.dispatch(paneActions.dragStarted(drag.ids));
    if (lifting.sensor === "mouse") return;
    if (lifting.sensor === "pointer") {
      const element = view().tileFor(lifting.itemId);
      if (element) {
        element.dataset.lifted = "true";
        // Focused, it stays drawn however far the view scrolls (a view always draws its focused item): the finger's
        // touch events go to it, and one taken out of the page would leave them to the browser, which cancels.
        element.focus({ preventScroll: true });
      }
      navigator.vibrate?.(10);
    }
    const how = lifting.sensor === "keyboard" ? "keys" : "touch";
    announcer.announce(liftedText(state().shown, drag, titleOf, how, place()));
  }

  /** The drag is over (dropped or cancelled): the items are no longer marked as dragged. */
  function finish(/** @type {DragOperation} */ ended) {
    clearTimeout(pendingSay); // the drop or cancel is said instead
    delete view().tileFor(ended.itemId)?.dataset.lifted;
    if (!ended.boardStart || ended.sensor !== "pointer") store.dispatch(paneActions.dragEnded());
  }

  /** Drops the lifted items where they are pointed at. */
  function drop(/** @type {DragOperation} */ ended) {
    finish(ended);
    const drag = /** @type {Drag} */ (ended.drag);
    if (ended.sensor === "pointer" && ended.boardStart) {
      // A board's items land where the pointer left them; the click that ends the drag selects nothing.
      const places = placesOf(drag);
      if (!places.length) return;
      view().swallowClick = true;
      board.moveTo(places);
      view().draw();
      return;
    }
    const payload = { galleryId: pane.galleryId, itemIds: drag.ids, run: drag.run ?? null };
    if (drag.target?.kind === "trash" && drag.run) items.trashRun(drag.run);
    else if (drag.target?.kind === "trash") items.trashItems(drag.ids);
    else if (drag.target?.kind === "gallery")
      pane.hooks.dropIntoGallery?.({ payload, galleryId: drag.target.galleryId, copy: drag.copy });
    else if (!drag.copy && staysPut(drag) && ended.sensor === "pointer" && !state().selection.ids.has(ended.itemId)) {
      // A long press let go where it was picks the item (as a phone's photos do): it joins the selection, and taps
      // then add items to it or take them out (view/itemEvents.js).
      store.dispatch(paneActions.itemClicked(ended.itemId, { toggle: true }));
      announcer.announce(`Selected '${titleOf(ended.itemId)}'.`);
    } else if (!drag.copy && staysPut(drag))
      announcer.announce(`Dropped where it was. ${whereText(state().shown, drag, place())}`);
    else if (drag.board) {
      // Where a mouse drop on the board puts them: moved there in one request, or copies put there.
      const places = placesOf(drag);
      const point = { x: places[0].x, y: places[0].y };
      items.addLocal({ payload, copy: drag.copy, index: state().shown.length, point, places });
    } else if (drag.copy || drag.run) items.addLocal({ payload, copy: drag.copy, index: drag.index });
    else items.moveItems(drag.ids, drag.index, { focus: drag.focusId });
    view().focusItem(drag.focusId);
  }

  /** Puts the lifted items back where they were, and says so. */
  function cancel(/** @type {DragOperation} */ ended) {
    finish(ended);
    if (ended.sensor === "pointer" && ended.boardStart) return;
    const drag = /** @type {Drag} */ (ended.drag);
    announcer.announce(cancelledText(state().shown, drag, titleOf, place()));
    view().focusItem(drag.focusId);
  }

  /** Points a long press's items at the place under the client point: the Trash, a gallery beside, or a place here. */
  function pointAt(/** @type {Point} */ client) {
    const under = document.elementFromPoint(client.x, client.y);
    const other = pane.hooks.galleryAt?.(under);
    if (under?.closest(".trash-target")) feed({ type: "over", target: { kind: "trash" }, index: 0 });
    else if (other && other.galleryId !== pane.galleryId && !other.readOnly)
      feed({ type: "over", target: { kind: "gallery", galleryId: other.galleryId, name: other.name }, index: 0 });
    else feed({ type: "over", target: null, index: view().indexAt(client.x, client.y) });
  }

  /** Adds the item `id` to the lifted ones (a second finger's tap). */
  function add(/** @type {string} */ id) {
    const drag = operation?.drag;
    if (!drag || drag.ids.includes(id) || !itemById(state(), id) || itemById(state(), id).local) return;
    const ids = new Set([...drag.ids, id]);
    const next = feed({
      type: "added",
      ids: state()
        .shown.filter((item) => ids.has(item.id))
        .map((item) => item.id),
    });
    const count = next?.drag?.ids.length ?? 0;
    store.dispatch(paneActions.dragStarted(next?.drag?.ids ?? []));
    announcer.announce(`Added '${titleOf(id)}': ${count} items lifted.`);
  }

  /** What lifting `id` by `how` ("keys" or "touch"; on the board: keys only) lifts, null when nothing can be (a
   * view-only gallery, an item still being added), or "told" when the pane said why not. */
  function liftFor(/** @type {string} */ id, /** @type {string} */ how) {
    const onBoard = state().view === "board";
    if (state().access.readOnly || (onBoard && how !== "keys")) return null;
    // A selection beyond the items read is lifted as the run it is (its items read show it); not on the board.
    const run = selectionRun(state(), id);
    if (run && onBoard) {
      pane.tell(`${run.count} items are too many to arrange on the board at once: select fewer.`);
      return "told";
    }
    const ids = itemById(state(), id)?.local ? [] : idsFor(id);
    if (!ids.length) return null;
    let drag = lift(state().shown, ids, id, onBoard ? placesFor(ids) : null);
    if (!drag.ids.length) return null;
    if (run) drag = { ...drag, run };
    // The board's Move/Copy switch set to Copy: a keyboard drag copies too, as a mouse drag does (C switches).
    if (onBoard && state().dragMode === "copy") drag = { ...drag, copy: true };
    return drag;
  }

  /** The items a drag of `id` lifts: the selection when `id` is selected, else `id` alone. */
  function idsFor(id) {
    const selection = state().selection.ids;
    const chosen = selection.has(id) ? state().shown.filter((item) => selection.has(item.id)) : [itemById(state(), id)];
    return chosen.filter((item) => item && !item.local).map((item) => item.id);
  }

  /** Where the items `ids` lie on the board as it draws them ([{itemId, x, y, width, z}]). */
  function placesFor(ids) {
    return ids.flatMap((id) => {
      const position = view().positionOf?.(id);
      return position ? [{ itemId: id, x: position.x, y: position.y, width: position.width, z: position.z ?? 0 }] : [];
    });
  }

  /** A drag of `ids` by a pointer or the mouse, started on the item `id`: on a board, where they lie. */
  function dragOf(/** @type {string[]} */ ids, /** @type {string} */ id, onBoard = false) {
    const board = onBoard ? { origins: placesFor(ids), dx: 0, dy: 0 } : null;
    return { ids, focusId: id, origin: 0, index: 0, target: null, copy: false, board };
  }

  return {
    /** Lifts the item `id` (and the selection, when it is selected) by keyboard; false when it cannot be (a
     * view-only gallery, an item still being added). */
    start(/** @type {string} */ id) {
      if (operation) return false;
      const drag = liftFor(id, "keys");
      if (drag === "told") return true;
      if (!drag) return false;
      return feed({ type: "keyLifted", drag }) !== null;
    },

    /** A key while items are lifted by keyboard (view/itemKeys.js decodeDragKey); true when it was the drag's. */
    key(intent) {
      if (!steersByKeys(operation) || !DRAG_KEYS.has(intent.kind)) return false;
      const neighbour = (from, direction) => view().indexInDirection(from, direction);
      const targets = [{ kind: "trash" }, ...(pane.hooks.keyboardTargets?.() ?? [])];
      feed({ type: "key", intent, shown: state().shown, neighbour, targets });
      return true;
    },

    /** The pointer sensor (dnd/pointerSensor.js): a touch or pen pointer went down on the item `id` at `client`;
     * true when the pointer now presses it (on a board: lifts it once it moves `distance` pixels). */
    pressed(/** @type {number} */ pointerId, /** @type {string} */ id, /** @type {Point} */ client) {
      const shown = view();
      const boardStart = shown.boardPointAt?.(client.x, client.y) ?? null;
      const activation = boardStart ? { distance: 4 } : { delay: 500, tolerance: 10 };
      const ids = boardStart ? (shown.selected.has(id) ? [...shown.selected] : [id]) : [];
      const drag = boardStart ? dragOf(ids, id, true) : null;
      const next = feed({ type: "pressed", pointerId, itemId: id, client, boardStart, activation, drag });
      return next?.pointerId === pointerId && next.phase === "pressed";
    },
    moved(/** @type {number} */ pointerId, /** @type {Point} */ client) {
      feed({ type: "moved", pointerId, client, board: view().boardPointAt?.(client.x, client.y) ?? null });
    },
    released: (/** @type {number} */ pointerId) => feed({ type: "released", pointerId }),
    cancelled: (/** @type {number} */ pointerId) => feed({ type: "cancelled", pointerId }),
    /** Whether the pointer `pointerId` carries lifted items (its touch moves are not scrolls). */
    carries: (/** @type {number} */ pointerId) => operation?.pointerId === pointerId && operation.phase === "lifted",

    /** The mouse sensor (dnd/localDrag.js): an HTML5 drag of `ids` started at the client point `client`. */
    mouseStarted(/** @type {string[]} */ ids, /** @type {Point} */ client) {
      const boardStart = view().boardPointAt?.(client.x, client.y) ?? null;
      feed({
        type: "mouseStarted",
        itemId: ids[0],
        client,
        boardStart,
        drag: dragOf(ids, ids[0], Boolean(boardStart)),
      });
    },
    /** An HTML5 drag is over this pane at the client point (null: it left). */
    mouseOver(/** @type {Point | null} */ client) {
      if (operation?.sensor !== "mouse") return;
      view().notePointer?.(client);
      feed({ type: "mouseOver", board: client && (view().boardPointAt?.(client.x, client.y) ?? null) });
    },
    mouseEnded: () => feed({ type: "mouseEnded" }),
    /** Where this pane's HTML5 drag puts its items on the board when dropped at the client point, or null. */
    placesAt(/** @type {Point} */ client) {
      if (operation?.sensor !== "mouse" || !operation.drag?.board) return null;
      feed({ type: "mouseOver", board: view().boardPointAt?.(client.x, client.y) ?? null });
      return operation?.drag ? placesOf(operation.drag) : null;
    },
  };
}
