// A menu button and its menu (the pane toolbar's "More"): the button opens it (a click, Enter, Space, ArrowDown or
// ArrowUp), its keys are model/menuButton.js's, and a press outside closes it. Its entries are buttons with a menu
// role whose own click handlers do what they offer: a click, or Enter or Space on one, first closes the menu and puts
// the focus back on the menu's button, then lets the entry's handler run (so that a dialog it opens returns the focus
// to the menu's button); one that cannot be chosen now (aria-disabled) does nothing. Entries hidden (the `hidden`
// attribute or the toolbar's CSS) are not part of it.

import { buttonKey, buttonPressed, chosen, closedMenu, hovered, menuKey, pressedOutside } from "../model/menuButton.js";

const ENTRY = "[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]";

export class OverflowMenu {
  /** @param {HTMLButtonElement} button @param {HTMLElement} menu */
  constructor(button, menu) {
    this.button = button;
    this.menu = menu;
    /** @type {import("../model/menuButton.js").MenuState} */
    this.state = closedMenu();
    button.addEventListener("click", () => this.apply(buttonPressed(this.state, this.count())));
    button.addEventListener("keydown", (event) => {
      const step = buttonKey(this.state, event.key, this.count());
      if (!step.effect) return;
      event.preventDefault();
      this.apply(step);
    });
    menu.addEventListener("keydown", (event) => {
      const step = menuKey(this.state, event.key, this.entries().length);
      if (!step.effect) return;
      event.stopPropagation(); // the page's keys (view/keyboard.js) are not for the menu's
      if (event.key !== "Tab") event.preventDefault(); // Tab goes on from the menu's button
      const entry = step.effect === "choose" ? this.entries()[step.chosen ?? -1] : null;
      if (entry)
        entry.click(); // closes the menu (below), then does what the entry offers
      else this.apply(step);
    });
    // Capturing: the menu closes before the entry's own handler runs.
    menu.addEventListener(
      "click",
      (event) => {
        const entry = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(ENTRY));
        // An entry that cannot be chosen now (aria-disabled) keeps the menu open and does nothing.
        if (entry?.getAttribute("aria-disabled") === "true") return event.stopImmediatePropagation();
        const index = entry ? this.entries().indexOf(entry) : -1;
        if (index >= 0) this.apply(chosen(index));
      },
      { capture: true },
    );
    menu.addEventListener("pointermove", (event) => {
      const entry = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(ENTRY));
      if (entry) this.apply(hovered(this.state, this.entries().indexOf(entry)));
    });
    document.addEventListener("pointerdown", (event) => {
      const target = /** @type {Node} */ (event.target);
      if (!menu.contains(target) && !button.contains(target)) this.apply(pressedOutside(this.state));
    });
    // The menu closes when the focus leaves it (and not for its own button: that press toggles it).
    menu.addEventListener("focusout", (event) => {
      const next = /** @type {Node | null} */ (event.relatedTarget);
      if (next && !menu.contains(next) && next !== button) this.apply(pressedOutside(this.state));
    });
    window.addEventListener("resize", () => this.apply(pressedOutside(this.state)));
  }

  /** The entries shown in the open menu, in order. @returns {HTMLElement[]} */
  entries() {
    return /** @type {HTMLElement[]} */ ([...this.menu.querySelectorAll(ENTRY)]).filter(
      (entry) => entry.getClientRects().length > 0,
    );
  }

  /** How many entries the menu shows (or would show, closed: what the toolbar's CSS hides is not counted). */
  count() {
    if (!this.menu.hidden) return this.entries().length;
    this.menu.hidden = false;
    const count = this.entries().length;
    this.menu.hidden = true;
    return count;
  }

  /** Carries out a step of the menu's state machine. @param {import("../model/menuButton.js").MenuStep} step */
  apply(step) {
    const wasOpen = this.state.open;
    this.state = step.state;
    if (step.state.open && !wasOpen) this.show();
    if (!step.state.open && wasOpen) this.hide();
    if (step.effect === "focus-entry") this.entries()[step.state.active]?.focus();
    else if (step.effect === "focus-button" || step.effect === "choose") this.button.focus();
  }

  show() {
    this.menu.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
  }

  hide() {
    this.menu.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
  }
}
