// The actions menu of a gallery card in the gallery browser (view/galleryList.js): the entries the person's role
// allows, placed by its button, with arrow keys, Home, End, Escape and Tab.

import { galleryActions, roleOf } from "../model/roles.js";

/** The actions menu of a card: Rename…, Duplicate, Move to Trash (those the person's role allows); arrow keys, Home,
 * End, Escape and Tab. */
export class GalleryMenu {
  constructor(menu, onAction) {
    this.menu = menu;
    this.onAction = onAction;
    this.galleryId = null;
    this.button = null;
    menu.addEventListener("click", (event) => {
      const entry = event.target.closest("[data-action]");
      if (!entry) return;
      const id = this.galleryId;
      this.close(true);
      this.onAction(entry.dataset.action, id);
    });
    menu.addEventListener("keydown", (event) => this.keydown(event));
    document.addEventListener("pointerdown", (event) => {
      if (!menu.hidden && !menu.contains(event.target) && !this.button?.contains(event.target)) this.close(false);
    });
    window.addEventListener("resize", () => this.close(false));
    document.getElementById("gallery-browser")?.addEventListener("scroll", () => this.close(false), { passive: true });
  }

  entries() {
    return [...this.menu.querySelectorAll("[role=menuitem]")].filter((entry) => !entry.hidden);
  }

  toggle(gallery, button) {
    if (!this.menu.hidden && this.galleryId === gallery.id) {
      this.close(true);
      return;
    }
    this.close(false);
    this.galleryId = gallery.id;
    this.button = button;
    const allowed = galleryActions(roleOf(gallery));
    for (const entry of this.menu.querySelectorAll("[role=menuitem]"))
      entry.hidden = !allowed.includes(entry.dataset.action);
    this.menu.setAttribute("aria-label", `Actions for ${gallery.name}`);
    button.setAttribute("aria-expanded", "true");
    this.menu.hidden = false;
    const box = button.getBoundingClientRect();
    const width = this.menu.offsetWidth;
    const height = this.menu.offsetHeight;
    const top = box.bottom + 4 + height > innerHeight - 8 ? box.top - height - 4 : box.bottom + 4;
    this.menu.style.left = `${Math.max(8, Math.min(box.right - width, innerWidth - width - 8))}px`;
    this.menu.style.top = `${Math.max(8, top)}px`;
    this.entries()[0].focus();
  }

  close(returnFocus) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.button?.setAttribute("aria-expanded", "false");
    if (returnFocus && this.button?.isConnected) this.button.focus();
    this.galleryId = null;
  }

  keydown(event) {
    const entries = this.entries();
    const index = entries.indexOf(document.activeElement);
    const moves = {
      ArrowDown: (index + 1) % entries.length,
      ArrowUp: (index - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      entries[moves[event.key]].focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.close(true);
    } else if (event.key === "Tab") {
      this.close(true); // the Tab then moves on from the actions button
    }
  }
}
