// The DOM events every view of items listens to, decoded into intents: a click selects (Ctrl/Cmd toggles, Shift
// extends), the "⋯" button and the context menu open the item menu, keys on a focused item (view/itemKeys.js), and
// which item has focus. What only some kinds do happens here too: Enter or a double click opens an image or a video
// in the viewer, a double click a link (Enter opens its page), and a note where it cannot be edited (Enter or a double
// click edits it where it can); the Play button plays a video in its tile. On a touch screen (model/tap.js) a tap
// does what a double click does, unless items are selected: then, as in a phone's photos, a tap adds the item to the
// selection or takes it out; a press held still selects (in the grid and the list it lifts the item too: let go where
// it was, pane/dragActions.js selects it). `view` holds `intents` ({onSelect, onMenu, onKey, onDragKey, onFocus,
// onEditNote, onOpen}), `menuEnabled`, `editable`, `selected`, `keyboardDrag` (items are lifted by keyboard),
// `longPressing` and `swallowClick` (the drag operation's, pane/dragActions.js), and finds an item with `itemFor(id)`.
// A view whose own gestures end in a click or use a key (the board's pan and corner handles) says so when asked
// (`takesClick(event)`, `takesKey(event)`), and a Space that a board takes for panning is not the item's
// (view/boardGestures.js spaceIsPanning): they are asked before an item acts, instead of stopping the event first.

import { kindOf } from "../model/itemFacts.js";
import { gestureOf, noTouch, tapStep } from "../model/tap.js";
import { decodeDragKey } from "../dnd/keyboardSensor.js";
import { spaceIsPanning } from "./boardGestures.js";
import { decodeItemKey } from "./itemKeys.js";
import { playVideo } from "./kindContent.js";
import { editNote } from "./noteEditor.js";

/** Does what a kind of item does on a key, a click on its control or a double click; true when it did something. */
export function actOnKind(view, element, how) {
  const item = view.itemFor?.(element.dataset.itemId);
  if (!item || item.state !== "ready") return false;
  const open = () => {
    view.intents.onOpen(item.id);
    return true;
  };
  if (item.kind === "note") {
    const editing =
      (how === "enter" || how === "double") &&
      view.editable &&
      editNote(element, item.text ?? "", (text) => view.intents.onEditNote(item.id, text));
    return editing || (how === "double" && open());
  }
  if (item.kind === "video" && how === "play") return playVideo(element, item);
  if (item.kind === "link" && how === "enter") {
    element.querySelector("a.link-open")?.click();
    return true;
  }
  if (item.kind === "link") return how === "double" && open();
  return (how === "enter" || how === "double") && open();
}

/** Listens on `list` (the items' container) for `view`, until `signal` aborts. */
export function listenToItems(list, view, signal) {
  // What each finger does on the items, for the click that follows (heard in the capture phase, before the views'
  // own gestures act on them).
  let touch = noTouch;
  const itemIdOf = (/** @type {Event} */ event) =>
    /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest?.("[data-item-id]"))?.dataset
      .itemId ?? null;
  const pointer = (/** @type {PointerEvent} */ event) => {
    const { pointerId, clientX: x, clientY: y, timeStamp: time } = event;
    if (event.type === "pointerdown") {
      const { pointerType, isPrimary: primary } = event;
      touch = tapStep(touch, { type: "down", pointerId, pointerType, primary, itemId: itemIdOf(event), x, y, time });
    } else if (event.type === "pointermove") touch = tapStep(touch, { type: "move", pointerId, x, y });
    else if (event.type === "pointerup")
      touch = tapStep(touch, { type: "up", pointerId, itemId: itemIdOf(event), x, y, time });
    else touch = tapStep(touch, { type: "cancel", pointerId });
  };
  for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"])
    list.addEventListener(type, pointer, { signal, capture: true });
  list.addEventListener(
    "click",
    (event) => {
      const tapped = /** @type {Element} */ (event.target).closest?.("[data-item-id]");
      const gesture = tapped ? gestureOf(touch, /** @type {HTMLElement} */ (tapped).dataset.itemId ?? "") : null;
      touch = tapStep(touch, { type: "click" });
      if (view.takesClick?.(event)) {
        event.preventDefault(); // the click that ends a pan, or a press on a corner handle, selects nothing
        return;
      }
      if (view.swallowClick) {
        view.swallowClick = false; // the click that ends a drag does not select
        event.preventDefault();
        return;
      }
      const element = event.target.closest("[data-item-id]");
      if (!element) return;
      if (event.target.closest(".item-menu-button")) {
        const box = event.target.getBoundingClientRect();
        view.intents.onMenu(element.dataset.itemId, { x: box.left, y: box.bottom + 4 }, element);
        return;
      }
      if (event.target.closest(".video-play")) {
        actOnKind(view, element, "play");
        return;
      }
      if (event.target.closest("button, a, video, textarea")) return;
      const id = element.dataset.itemId;
      if (gesture && touched(view, element, id, gesture)) return;
      view.intents.onSelect(id, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey });
      element.focus({ preventScroll: true });
    },
    { signal },
  );
  list.addEventListener(
    "dblclick",
    (event) => {
      const element = event.target.closest("[data-item-id]");
      if (element && !event.target.closest("button, a, video, textarea")) actOnKind(view, element, "double");
    },
    { signal },
  );
  list.addEventListener(
    "contextmenu",
    (event) => {
      if (view.longPressing) {
        event.preventDefault(); // a long press lifts the item: neither the browser's menu nor the item menu
        return;
      }
      const element = event.target.closest("[data-item-id]");
      if (!element || !view.menuEnabled) return; // without the item menu, the browser's own (Copy Image…)
      event.preventDefault();
      view.intents.onMenu(element.dataset.itemId, { x: event.clientX, y: event.clientY }, element);
    },
    { signal },
  );
  list.addEventListener(
    "keydown",
    (event) => {
      const element = event.target.closest("[data-item-id]");
      if (!element || event.target !== element) return;
      if (spaceIsPanning(event) || view.takesKey?.(event)) return;
      if (view.keyboardDrag) {
        // Items are lifted: the keys steer the drag, and nothing else on the page sees them.
        const intent = decodeDragKey(event);
        if (intent && view.intents.onDragKey(intent, element.dataset.itemId)) {
          event.preventDefault();
          event.stopPropagation();
        }
        return;
      }
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
      const how = plain && event.key === "Enter" ? "enter" : null;
      if (how && actOnKind(view, element, how)) {
        event.preventDefault();
        return;
      }
      const intent = decodeItemKey(event);
      if (!intent) return;
      if (intent.kind === "menu") {
        const box = element.getBoundingClientRect();
        intent.point = { x: box.left + 8, y: box.top + 8 };
      }
      if (view.intents.onKey(intent, element.dataset.itemId, element)) event.preventDefault();
    },
    { signal },
  );
  list.addEventListener(
    "focusin",
    (event) => {
      const element = event.target.closest("[data-item-id]");
      if (element) {
        view.focusedId = element.dataset.itemId;
        view.intents.onFocus(view.focusedId);
      }
    },
    { signal },
  );
}

/** What a finger's `gesture` ("tap" or "press", model/tap.js) on item `id` does: with no item selected a tap opens it
 * (as a double click does), with some selected (a selection under way) it adds the item or takes it out; a press
 * held still adds it. False when it did nothing (a tap on an item still loading: it is selected as a click selects). */
function touched(view, /** @type {HTMLElement} */ element, /** @type {string} */ id, /** @type {string} */ gesture) {
  const selected = /** @type {Set<string> | undefined} */ (view.selected);
  if (gesture === "tap" && !selected?.size) return actOnKind(view, element, "double");
  if (gesture === "tap" || !selected?.has(id)) view.intents.onSelect(id, { toggle: true, range: false });
  element.focus({ preventScroll: true });
  return true;
}

/** A new element for an item in a view (`className`: "tile" or "row"): a row of the items' grid (the ARIA grid
 * pattern, so that selection is told with `aria-selected`), focusable by script and draggable, carrying the item's id
 * and kind. What it shows goes in its one cell (`cellOf`), which takes no box of its own (`display: contents`). */
export function createItemElement(item, className) {
  const element = document.createElement("div");
  element.className = className;
  element.setAttribute("role", "row");
  element.dataset.itemId = item.id;
  element.dataset.kind = kindOf(item);
  element.tabIndex = -1;
  element.draggable = true;
  const cell = document.createElement("div");
  cell.className = "item-cell";
  cell.setAttribute("role", "gridcell");
  element.append(cell);
  return element;
}

/** The cell of an item's element, which holds what the item shows. */
export function cellOf(/** @type {HTMLElement} */ element) {
  return /** @type {HTMLElement} */ (element.querySelector(":scope > .item-cell") ?? element);
}

/** Marks an item's element as selected (`aria-selected`, which screen readers say) and as being dragged. */
export function markItem(element, { selected, dragging }) {
  if (selected) element.dataset.selected = "true";
  else delete element.dataset.selected;
  element.setAttribute("aria-selected", selected ? "true" : "false");
  if (dragging) element.dataset.dragging = "true";
  else delete element.dataset.dragging;
}

/** Keeps the rendered elements' DOM order equal to gallery order, moving only those out of place (`skip`: an element
 * of the list that is not an item, e.g. the drop gap). */
export function placeInOrder(list, ordered, skip) {
  let cursor = list.firstElementChild;
  for (const element of ordered) {
    while (cursor && cursor === skip) cursor = cursor.nextElementSibling;
    if (cursor === element) cursor = cursor.nextElementSibling;
    else list.insertBefore(element, cursor);
  }
}
