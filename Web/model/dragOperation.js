// The one drag operation of a pane, pure (dnd-kit's and pragmatic-drag-and-drop's shape): what is dragged, by which
// sensor, where it is over, whether it copies, and how it ends. Three sensors feed it inputs (dnd/): the mouse (an
// HTML5 drag), a pointer (touch and pen: a long press in the grid and the list, a short move on the board) and the
// keyboard; `step(operation, input)` returns the next operation and the effects a runner carries out
// (pane/dragActions.js), and the views draw from the operation. Where lifted items would land is model/keyboardDrag.js.
// One operation at a time: inputs of another sensor or pointer while one is under way change nothing.

import { boardStep, moveBy, moveTo, nextTarget, placesOf, sameTarget } from "./keyboardDrag.js";

/**
 * @typedef {import("./keyboardDrag.js").KeyboardDrag} Drag where lifted items would land (model/keyboardDrag.js)
 * @typedef {import("./keyboardDrag.js").KeyboardTarget} Target
 * @typedef {{x: number, y: number}} Point
 * @typedef {{delay: number, tolerance: number} | {distance: number}} Activation when a press becomes a drag: held
 *   `delay` ms without moving more than `tolerance` px (a long press), or moved `distance` px (the board)
 * @typedef {"mouse" | "pointer" | "keyboard"} Sensor
 * @typedef {object} DragOperation
 * @property {Sensor} sensor who feeds it
 * @property {"pressed" | "lifted"} phase pressed: a pointer is down on an item, not a drag yet; lifted: dragging
 * @property {number | null} pointerId the pointer that owns it (pointer sensor), else null
 * @property {string} itemId the item the drag started on
 * @property {Point} client where the pointer went down (viewport)
 * @property {Point | null} boardStart the board point it went down on (drags over a board), else null
 * @property {Activation | null} activation how the press becomes a drag (pointer sensor)
 * @property {Drag | null} drag the lifted items and where they would land; null while only pressed
 * @property {boolean} away an HTML5 drag is off this pane (the items are drawn where they lie)
 * @typedef {{type: "wait", ms: number} | {type: "stopWaiting"} | {type: "lift", itemId: string}
 *   | {type: "lifted", operation: DragOperation} | {type: "pointAt", client: Point} | {type: "add", itemId: string}
 *   | {type: "drop", operation: DragOperation} | {type: "cancel", operation: DragOperation}
 *   | {type: "end", operation: DragOperation} | {type: "say", what: "where", later: boolean}} Effect
 * @typedef {{operation: DragOperation | null, effects: Effect[]}} Step
 */

/**
 * The inputs (named like actions):
 * - `pressed` {pointerId, itemId, client, boardStart, activation, drag}: a touch or pen pointer went down on an item
 *   (`drag`: what a board press lifts once it moves; null: asked for with a `lift` effect once held)
 * - `held` {drag}: the long press's delay passed (`drag`: what it lifts, or null when nothing can be)
 * - `moved` {pointerId, client, board}: the owning pointer moved (`board`: its board point on a board, else null)
 * - `released` {pointerId} / `cancelled` {pointerId}: a pointer lifted (a drop) or was taken away (a cancel)
 * - `added` {ids}: the items lifted after a second finger's tap, in gallery order
 * - `keyLifted` {drag}: Space lifted the items; `key` {intent, shown, neighbour, targets}: a key while lifted
 * - `over` {target, index, board}: the pointer is over `target` (null: here, before insertion `index`, or at `board`)
 * - `mouseStarted` {itemId, client, boardStart, drag}: an HTML5 drag started; `mouseOver` {board}: it is over this
 *   pane (board: its board point; null: it left); `mouseEnded`: it ended, here or anywhere
 * @typedef {{type: "pressed", pointerId: number, itemId: string, client: Point, boardStart: Point | null,
 *   activation: Activation, drag: Drag | null}
 *   | {type: "held", drag: Drag | null} | {type: "moved", pointerId: number, client: Point, board: Point | null}
 *   | {type: "released", pointerId: number} | {type: "cancelled", pointerId: number} | {type: "added", ids: string[]}
 *   | {type: "keyLifted", drag: Drag} | {type: "key", intent: any, shown: {id: string}[],
 *     neighbour: (from: number, direction: string) => number, targets: Target[]}
 *   | {type: "over", target: Target | null, index: number}
 *   | {type: "mouseStarted", itemId: string, client: Point, boardStart: Point | null, drag: Drag}
 *   | {type: "mouseOver", board: Point | null} | {type: "mouseEnded"}} Input
 */

/** Nothing is dragged. */
export const idle = null;

/** @returns {Step} */
const stay = (/** @type {DragOperation | null} */ operation) => ({ operation, effects: [] });

/** The operation's drag with the board move to where `board` is, from where it started. */
function movedTo(/** @type {DragOperation} */ operation, /** @type {Point} */ board) {
  const drag = operation.drag;
  if (!drag?.board || !operation.boardStart) return drag;
  const dx = board.x - operation.boardStart.x - drag.board.dx;
  const dy = board.y - operation.boardStart.y - drag.board.dy;
  return moveBy({ ...drag, target: null }, dx, dy);
}

/** The operation ended by `how` ("drop", "cancel" or "end"): nothing is dragged, and the runner finishes it.
 * @returns {Step} */
function ended(/** @type {DragOperation} */ operation, /** @type {"drop" | "cancel" | "end"} */ how) {
  return { operation: idle, effects: [{ type: how, operation }] };
}

/**
 * The next operation after `input`, and what the runner does.
 * @param {DragOperation | null} operation
 * @param {Input} input
 * @returns {Step}
 */
export function step(operation, input) {
  switch (input.type) {
    case "pressed":
      return pressed(operation, input);
    case "held":
      if (operation?.phase !== "pressed" || !("delay" in (operation.activation ?? {}))) return stay(operation);
      if (!input.drag?.ids.length) return { operation: idle, effects: [] };
      return lifted({ ...operation, drag: input.drag });
    case "moved":
      return moved(operation, input);
    case "released":
      if (operation?.sensor !== "pointer" || operation.pointerId !== input.pointerId) return stay(operation);
      if (operation.phase === "pressed") return { operation: idle, effects: waiting(operation) }; // a tap
      return ended(operation, "drop");
    case "cancelled":
      if (operation?.sensor !== "pointer" || operation.pointerId !== input.pointerId) return stay(operation);
      if (operation.phase === "pressed") return { operation: idle, effects: waiting(operation) };
      return ended(operation, "cancel");
    case "added":
      if (operation?.phase !== "lifted" || operation.sensor !== "pointer" || !operation.drag) return stay(operation);
      return stay({ ...operation, drag: { ...operation.drag, ids: input.ids } });
    case "keyLifted":
      if (operation) return stay(operation);
      return lifted({
        sensor: "keyboard",
        phase: "lifted",
        pointerId: null,
        itemId: input.drag.focusId,
        client: { x: 0, y: 0 },
        boardStart: null,
        activation: null,
        drag: input.drag,
        away: false,
      });
    case "key":
      return key(operation, input);
    case "over": {
      const drag = operation?.drag;
      if (operation?.phase !== "lifted" || operation.sensor !== "pointer" || !drag) return stay(operation);
      // Only a change of place is drawn and said again.
      if (input.target)
        return sameTarget(drag.target, input.target)
          ? stay(operation)
          : changed(operation, { ...drag, target: input.target });
      if (!drag.target && drag.index === input.index) return stay(operation);
      return changed(operation, { ...drag, target: null, index: input.index });
    }
    case "mouseStarted": {
      if (operation?.phase === "lifted") return stay(operation);
      // A mouse drag takes over from a press that has not lifted anything.
      const started = lifted({
        sensor: "mouse",
        phase: "lifted",
        pointerId: null,
        itemId: input.itemId,
        client: input.client,
        boardStart: input.boardStart,
        activation: null,
        drag: input.drag,
        away: true, // drawn where the items lie until the drag is over this pane
      });
      return operation ? { ...started, effects: [...waiting(operation), ...started.effects] } : started;
    }
    case "mouseOver":
      if (operation?.sensor !== "mouse") return stay(operation);
      if (!input.board) return stay(operation.away ? operation : { ...operation, away: true });
      return stay({ ...operation, away: false, drag: movedTo(operation, input.board) });
    case "mouseEnded":
      return operation?.sensor === "mouse" ? ended(operation, "end") : stay(operation);
    default:
      return stay(operation);
  }
}

/** Stops the long press's wait, if the press had one. */
function waiting(/** @type {DragOperation} */ operation) {
  return operation.activation && "delay" in operation.activation
    ? [/** @type {Effect} */ ({ type: "stopWaiting" })]
    : [];
}

/** The operation lifted: the runner shows it and says so.
 * @returns {Step} */
function lifted(/** @type {DragOperation} */ operation) {
  const next = { ...operation, phase: /** @type {const} */ ("lifted") };
  return { operation: next, effects: [{ type: "lifted", operation: next }] };
}

/** The operation with its drag changed to `drag`; where it would land is said when it changed.
 * @returns {Step} */
function changed(/** @type {DragOperation} */ operation, /** @type {Drag} */ drag, later = false) {
  if (drag === operation.drag) return stay(operation);
  return { operation: { ...operation, drag }, effects: [{ type: "say", what: "where", later }] };
}

/** @returns {Step} */
function pressed(
  /** @type {DragOperation | null} */ operation,
  /** @type {Extract<Input, {type: "pressed"}>} */ input,
) {
  if (operation?.phase === "lifted") {
    // A second finger's tap on another item adds it to a long-press drag (the board's second finger is a pinch).
    const adds = operation.sensor === "pointer" && operation.pointerId !== input.pointerId;
    return { operation, effects: adds && !operation.boardStart ? [{ type: "add", itemId: input.itemId }] : [] };
  }
  const next = {
    sensor: /** @type {const} */ ("pointer"),
    phase: /** @type {const} */ ("pressed"),
    pointerId: input.pointerId,
    itemId: input.itemId,
    client: input.client,
    boardStart: input.boardStart,
    activation: input.activation,
    drag: input.drag,
    away: false,
  };
  /** @type {Effect[]} */
  const effects = operation?.phase === "pressed" ? waiting(operation) : [];
  if ("delay" in input.activation) effects.push({ type: "wait", ms: input.activation.delay });
  return { operation: next, effects };
}

/** @returns {Step} */
function moved(/** @type {DragOperation | null} */ operation, /** @type {Extract<Input, {type: "moved"}>} */ input) {
  if (operation?.sensor !== "pointer" || operation.pointerId !== input.pointerId) return stay(operation);
  const distance = Math.hypot(input.client.x - operation.client.x, input.client.y - operation.client.y);
  const activation = operation.activation ?? { distance: 0 };
  if (operation.phase === "pressed") {
    if ("delay" in activation) {
      // Moving before the press is long enough is a scroll, not a drag.
      return distance > activation.tolerance ? { operation: idle, effects: waiting(operation) } : stay(operation);
    }
    if (distance < activation.distance || !operation.drag) return stay(operation);
    return lifted({ ...operation, drag: input.board ? movedTo(operation, input.board) : operation.drag });
  }
  if (operation.boardStart && input.board) return stay({ ...operation, drag: movedTo(operation, input.board) });
  return { operation, effects: [{ type: "pointAt", client: input.client }] };
}

/** @returns {Step} */
function key(/** @type {DragOperation | null} */ operation, /** @type {Extract<Input, {type: "key"}>} */ input) {
  const drag = operation?.drag;
  if (operation?.sensor !== "keyboard" || !drag) return stay(operation);
  const { intent, shown } = input;
  switch (intent.kind) {
    case "step": {
      if (drag.board) {
        const [dx, dy] = boardStep(intent.direction, intent.fine);
        return changed(operation, moveBy(drag, dx, dy), true);
      }
      const direction = intent.direction === "left" || intent.direction === "up" ? -1 : 1;
      let wanted = drag.index + direction;
      if (intent.direction === "up" || intent.direction === "down") {
        // The insertion point before the item above or below the one the gap is before.
        const from = Math.min(drag.index, shown.length - 1);
        const to = input.neighbour(from, intent.direction);
        wanted = to === from ? drag.index + direction * shown.length : to + (drag.index >= shown.length ? 1 : 0);
      }
      return changed(operation, moveTo(shown, drag, wanted, direction));
    }
    case "end":
      if (drag.board) return stay(operation); // the board has no start or end to go to
      return changed(operation, moveTo(shown, drag, intent.last ? shown.length : 0, intent.last ? 1 : -1));
    case "target":
      return changed(operation, nextTarget(drag, input.targets, intent.back));
    case "copy":
      return changed(operation, { ...drag, copy: !drag.copy });
    case "drop":
      return ended(operation, "drop");
    case "cancel":
      return ended(operation, "cancel");
    default:
      return stay(operation);
  }
}

/** Where the items of `operation` are drawn on a board ([{itemId, x, y, width, z}]), or null: where they lie. */
export function drawnPlaces(/** @type {DragOperation | null} */ operation) {
  const drag = operation?.drag;
  if (operation?.phase !== "lifted" || !drag?.board || drag.target || operation.away) return null;
  return placesOf(drag);
}

/** Whether keys steer the operation (items lifted by keyboard). */
export function steersByKeys(/** @type {DragOperation | null} */ operation) {
  return operation?.sensor === "keyboard";
}
