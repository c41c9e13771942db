// The board's marquee: a press on empty board space (mouse or pen) dragged across the board draws a rectangle, and the
// items it meets are selected as it grows (with Shift or Ctrl/Cmd held, added to the selection there was); a click
// on empty space, without Shift or Ctrl/Cmd, clears the selection. It reports the ids to select through `onSelect`.

import { indicesMeeting, rectBetween } from "../model/board.js";

/**
 * @typedef {import("../model/board.js").Point} Point
 * @typedef {import("../model/board.js").Rect} Rect
 */

export class BoardMarquee {
  /**
   * @param {{boardPointAt: (x: number, y: number) => Point, rects: () => Rect[], idAt: (index: number) => string,
   *   selected: () => Iterable<string>, onSelect: (ids: string[]) => void}} board what the marquee reads of the
   *   board: its board points, the items' rectangles (board units) and ids, the selection; where it reports
   * @param {number} threshold how far (screen pixels) the pointer moves before a press becomes a marquee
   */
  constructor(board, threshold) {
    this.board = board;
    this.threshold = threshold;
    /** @type {{pointerId: number, start: Point, startClient: Point, base: string[], element: HTMLElement | null} | null} */
    this.drawing = null;
  }

  /** A press on empty board space: a marquee may start there (a finger on empty space does nothing). */
  start(/** @type {PointerEvent} */ event, /** @type {HTMLElement} */ surface) {
    if (event.pointerType !== "mouse" && event.pointerType !== "pen") return;
    event.preventDefault(); // no text selection
    surface.setPointerCapture?.(event.pointerId);
    this.drawing = {
      pointerId: event.pointerId,
      start: this.board.boardPointAt(event.clientX, event.clientY),
      startClient: { x: event.clientX, y: event.clientY },
      base: event.shiftKey || event.ctrlKey || event.metaKey ? [...this.board.selected()] : [],
      element: null,
    };
  }

  /** Whether a marquee is being drawn. */
  get active() {
    return this.drawing !== null;
  }

  /** The pointer moved: the marquee follows it, and selects what it meets. False when the pointer is not its. */
  move(/** @type {PointerEvent} */ event) {
    const drawing = this.drawing;
    if (drawing?.pointerId !== event.pointerId) return false;
    const client = rectBetween(drawing.startClient, { x: event.clientX, y: event.clientY });
    if (!drawing.element && client.width < this.threshold && client.height < this.threshold) return true;
    if (!drawing.element) {
      drawing.element = document.createElement("div");
      drawing.element.className = "marquee";
      drawing.element.setAttribute("aria-hidden", "true");
      document.body.append(drawing.element);
    }
    Object.assign(drawing.element.style, {
      left: `${client.x}px`,
      top: `${client.y}px`,
      width: `${client.width}px`,
      height: `${client.height}px`,
    });
    this.board.onSelect(this.idsAt(event));
    return true;
  }

  /** The pointer was released: the marquee's selection stays (a click clears it). False when the pointer is not its. */
  end(/** @type {PointerEvent} */ event) {
    const drawing = this.drawing;
    if (drawing?.pointerId !== event.pointerId) return false;
    this.drawing = null;
    if (drawing.element) {
      drawing.element.remove();
      this.board.onSelect(this.idsAt(event, drawing));
    } else if (!drawing.base.length) {
      this.board.onSelect([]); // a click on empty board space clears the selection
    }
    return true;
  }

  cancel() {
    this.drawing?.element?.remove();
    this.drawing = null;
  }

  /** The ids the marquee from its start to the pointer selects: those it adds to, then the items it meets. */
  idsAt(/** @type {PointerEvent} */ event, drawing = this.drawing) {
    const rect = rectBetween(drawing.start, this.board.boardPointAt(event.clientX, event.clientY));
    const met = indicesMeeting(this.board.rects(), rect).map((index) => this.board.idAt(index));
    return [...new Set([...drawing.base, ...met])];
  }
}
