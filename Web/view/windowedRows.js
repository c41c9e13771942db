// A list of equal rows of which only those in sight are in the DOM (model/sideBar.js rowWindow): 5,000 galleries cost
// what 30 cost. The list is as tall as all its rows; each drawn row is placed at its index. One row is in the Tab
// order (the one used last); the arrow keys, Home, End and Page Up/Down go through every row, drawing it first. The
// focused row stays drawn wherever the list scrolls, so focus is never lost.

import { rowAfterKey, rowWindow } from "../model/sideBar.js";

export class WindowedRows {
  /**
   * `scroller`: what scrolls (it may hold more than this list); `list`: the `<ul>`; `makeRow(row, index)` makes the
   * `<li>` of a row (holding one focusable element, `[data-row-focus]`); `keyOf(row)` names a row across changes;
   * `onKey(event, index)` may take a key first (returning true when it did).
   */
  constructor(
    /** @type {HTMLElement} */ scroller,
    /** @type {HTMLElement} */ list,
    { makeRow, keyOf, onKey = (/** @type {KeyboardEvent} */ _event, /** @type {number} */ _index) => false },
  ) {
    this.scroller = scroller;
    this.list = list;
    this.makeRow = makeRow;
    this.keyOf = keyOf;
    this.onKey = onKey;
    /** @type {any[]} */
    this.rows = [];
    /** @type {Map<string, HTMLElement>} */
    this.drawn = new Map();
    this.rowHeight = 0;
    this.current = 0; // the row in the Tab order
    this.scheduled = false;
    const schedule = () => {
      if (this.scheduled) return;
      this.scheduled = true;
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.draw();
      });
    };
    scroller.addEventListener("scroll", schedule, { passive: true });
    new ResizeObserver(() => {
      this.rowHeight = 0; // larger text, larger rows
      schedule();
    }).observe(scroller);
    list.addEventListener("keydown", (event) => this.key(event));
    list.addEventListener("focusin", (event) => {
      const row = /** @type {HTMLElement} */ (event.target).closest("li");
      const index = Number(row?.dataset.index);
      if (Number.isInteger(index)) this.setCurrent(index);
    });
  }

  /** Shows `rows`: a row drawn whose content is the same keeps its element (a drag or a focus on it goes on), one
   * whose content changed is made again. */
  setRows(/** @type {any[]} */ rows) {
    const before = new Map(
      [...this.drawn.keys()].map((key) => [key, this.rows[Number(this.drawn.get(key)?.dataset.index)]]),
    );
    const after = new Map(rows.map((row) => [this.keyOf(row), row]));
    this.rows = rows;
    this.current = Math.min(this.current, Math.max(0, rows.length - 1));
    const focused = this.list.contains(document.activeElement) ? document.activeElement : null;
    for (const [key, element] of this.drawn) {
      if (after.has(key) && JSON.stringify(before.get(key)) === JSON.stringify(after.get(key))) continue;
      element.remove();
      this.drawn.delete(key);
    }
    this.draw();
    // The row that had focus was made again: focus goes to its new self (or to the list's current row).
    if (focused && !this.list.contains(focused)) this.focusRow(this.current);
  }

  /** The height of one row, measured on a row drawn (rows are all alike). */
  measure() {
    if (this.rowHeight > 0 || !this.rows.length) return this.rowHeight;
    const probe = this.makeRow(this.rows[0], 0);
    probe.style.visibility = "hidden";
    this.list.append(probe);
    this.rowHeight = Math.round(probe.getBoundingClientRect().height); // 0 while the list is not shown
    probe.remove();
    return this.rowHeight;
  }

  /** Draws the rows in sight (and the current one), and no other; nothing while the list is not shown (it is drawn
   * when it shows again). */
  draw() {
    const height = this.measure();
    if (!height) return;
    this.list.style.height = `${this.rows.length * height}px`;
    const listTop = this.list.getBoundingClientRect().top - this.scroller.getBoundingClientRect().top;
    const { first, end } = rowWindow({
      count: this.rows.length,
      rowHeight: height,
      top: -listTop,
      height: this.scroller.clientHeight,
    });
    const wanted = new Map();
    for (let index = first; index < end; index += 1) wanted.set(this.keyOf(this.rows[index]), index);
    if (this.rows[this.current]) wanted.set(this.keyOf(this.rows[this.current]), this.current);
    for (const [key, element] of this.drawn) {
      if (!wanted.has(key) || Number(element.dataset.index) !== wanted.get(key)) {
        if (element.contains(document.activeElement) && wanted.has(key)) continue; // moved: placed below
        element.remove();
        this.drawn.delete(key);
      }
    }
    for (const [key, index] of wanted) {
      let element = this.drawn.get(key);
      if (!element) {
        element = this.makeRow(this.rows[index], index);
        this.drawn.set(key, element);
        this.list.append(element);
      }
      this.place(element, index);
    }
    this.keepInOrder();
  }

  /** Puts the drawn rows in the list in their order, so that a screen reader reads them as they are seen; the row
   * holding focus is never moved (a moved element loses focus): the others are put around it. */
  keepInOrder() {
    const rows = [...this.drawn.values()].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    const inOrder = rows.every((row, index) => this.list.children[index] === row);
    if (inOrder) return;
    const fixed = rows.find((row) => row.contains(document.activeElement));
    if (!fixed) {
      this.list.append(...rows);
      return;
    }
    const at = rows.indexOf(fixed);
    for (const row of rows.slice(0, at)) this.list.insertBefore(row, fixed);
    let anchor = fixed;
    for (const row of rows.slice(at + 1)) {
      anchor.after(row);
      anchor = row;
    }
  }

  place(/** @type {HTMLElement} */ element, /** @type {number} */ index) {
    element.dataset.index = String(index);
    element.style.transform = `translateY(${index * this.rowHeight}px)`;
    element.setAttribute("aria-posinset", String(index + 1));
    element.setAttribute("aria-setsize", String(this.rows.length));
    const focusable = element.querySelector("[data-row-focus]");
    focusable?.setAttribute("tabindex", index === this.current ? "0" : "-1");
  }

  setCurrent(/** @type {number} */ index) {
    if (index === this.current) return;
    this.current = index;
    for (const element of this.drawn.values())
      element
        .querySelector("[data-row-focus]")
        ?.setAttribute("tabindex", element.dataset.index === String(index) ? "0" : "-1");
  }

  /** Scrolls row `index` into sight, draws it and focuses it. */
  focusRow(/** @type {number} */ index) {
    if (!this.rows.length) return;
    const height = this.measure();
    const listTop = this.list.getBoundingClientRect().top - this.scroller.getBoundingClientRect().top;
    const rowTop = listTop + index * height;
    if (rowTop < 0) this.scroller.scrollTop += rowTop;
    else if (rowTop + height > this.scroller.clientHeight)
      this.scroller.scrollTop += rowTop + height - this.scroller.clientHeight;
    this.setCurrent(index);
    this.draw();
    const row = this.drawn.get(this.keyOf(this.rows[index]));
    /** @type {HTMLElement | null | undefined} */ (row?.querySelector("[data-row-focus]"))?.focus({
      preventScroll: true,
    });
  }

  /** The row element of `key`, when drawn. */
  rowFor(/** @type {string} */ key) {
    return this.drawn.get(key) ?? null;
  }

  key(/** @type {KeyboardEvent} */ event) {
    const row = /** @type {HTMLElement} */ (event.target).closest("li");
    const index = Number(row?.dataset.index);
    if (!Number.isInteger(index)) return;
    if (this.onKey(event, index)) {
      event.preventDefault();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const page = Math.max(1, Math.floor(this.scroller.clientHeight / (this.rowHeight || 1)) - 1);
    const next = rowAfterKey(event.key, index, this.rows.length, page);
    if (next === null) return;
    event.preventDefault();
    this.focusRow(next);
  }
}
