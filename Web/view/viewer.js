// The viewer's dialog: a modal `<dialog>` over the page, dark, named by the item it shows, with its toolbar (zoom,
// slideshow, find similar, details, download, close), the stage (view/viewerStage.js) with the previous and next buttons, the details
// panel (view/viewerDetails.js) and a status that says where it is. It draws what the viewer machine's state says and
// reports every key, click and gesture as the machine's inputs (`bindInput`) or as the wish to close (`bindClose`);
// focus stays inside while it is open (Tab wraps around).

import { isTextField } from "../dnd/textFields.js";
import { isTurned } from "../model/orientation.js";
import { canFindSimilar } from "../model/similar.js";
import { ImagesAhead } from "./imagesAhead.js";
import { decodeViewerKey } from "./viewerKeys.js";
import { ViewerDetails } from "./viewerDetails.js";
import { viewerGestures } from "./viewerGestures.js";
import { ViewerStage } from "./viewerStage.js";

const FOCUSABLE = "button, a[href], input, textarea, select, video[controls], [tabindex]:not([tabindex='-1'])";
/** Keys that are no input of the person's (they do not pause the slideshow). */
const NOT_INPUT = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"]);

export class ViewerView {
  constructor(/** @type {HTMLDialogElement} */ dialog) {
    this.dialog = dialog;
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
    this.position = part(".viewer-position");
    this.zoomLevel = part(".viewer-zoom-level");
    this.notice = part(".viewer-notice");
    this.stageElement = part(".viewer-stage");
    this.said = part(".viewer-said");
    this.download = /** @type {HTMLAnchorElement} */ (part(".viewer-download"));
    this.slideshowButton = part(".viewer-slideshow");
    this.detailsButton = part(".viewer-details-button");
    this.similarButton = part(".viewer-similar");
    /** @type {(itemId: string, returnFocus: HTMLElement) => void} */
    this.onFindSimilar = () => {};
    this.similarButton.addEventListener("click", () => {
      this.onInput({ type: "inputSeen" });
      if (this.shownId) this.onFindSimilar(this.shownId, this.similarButton);
    });
    /** @type {HTMLElement[]} */
    this.zoomButtons = [...dialog.querySelectorAll(".viewer-zoom")].map((each) => /** @type {HTMLElement} */ (each));
    /** @type {HTMLElement[]} */
    this.stepButtons = [...dialog.querySelectorAll(".viewer-step")].map((each) => /** @type {HTMLElement} */ (each));
    /** @type {HTMLElement[]} */
    this.turnButtons = [...dialog.querySelectorAll(".viewer-turn")].map((each) => /** @type {HTMLElement} */ (each));
    this.panel = part(".viewer-details");
    this.stage = new ViewerStage(part(".viewer-content"));
    this.details = new ViewerDetails(this.panel);
    this.shownId = null;
    /** @type {(input: {type: string, [key: string]: any}) => void} */
    this.onInput = () => {};
    /** @type {(by: string) => void} */
    this.onClose = () => {};
    /** @type {(itemId: string, turn: string) => void} */
    this.onTurn = () => {};
    this.stage.intents.onInput = (input) => this.onInput(input);
    this.ahead = new ImagesAhead(() => this.stage.isReadying);
    this.stage.intents.onIdle = () => this.ahead.resume();
    this.stage.intents.isDecoded = (url) => this.ahead.isDecoded(url);

    const buttons = {
      ".viewer-zoom-out": { type: "zoomWanted", how: "out" },
      ".viewer-fit": { type: "zoomWanted", how: "fit" },
      ".viewer-actual": { type: "zoomWanted", how: "actual" },
      ".viewer-zoom-in": { type: "zoomWanted", how: "in" },
      ".viewer-slideshow": { type: "slideshowToggled" },
      ".viewer-details-button": { type: "detailsToggled" },
      ".viewer-previous": { type: "stepWanted", by: -1 },
      ".viewer-next": { type: "stepWanted", by: 1 },
    };
    for (const [selector, input] of Object.entries(buttons))
      part(selector).addEventListener("click", () => this.onInput({ ...input }));
    part(".viewer-close").addEventListener("click", () => this.onClose("button"));
    for (const button of dialog.querySelectorAll(".viewer-turn"))
      button.addEventListener("click", () => this.turnShown(/** @type {HTMLElement} */ (button).dataset.turn));
    this.download.addEventListener("click", () => this.onInput({ type: "inputSeen" }));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.onClose("key");
    });
    // Closed by the browser itself (a second Escape): the machine is told.
    dialog.addEventListener("close", () => {
      if (this.shownOpen) this.onClose("key");
    });
    dialog.addEventListener("keydown", (event) => this.keydown(event));
    this.openedAt = Number.NEGATIVE_INFINITY;
    viewerGestures(this.stageElement, {
      input: (input) => this.onInput(input),
      close: () => this.onClose("backdrop"),
      openedAt: () => this.openedAt,
    });
    new ResizeObserver(() => {
      const { clientWidth: width, clientHeight: height } = this.stageElement;
      if (width > 0 && height > 0) this.onInput({ type: "stageResized", width, height });
    }).observe(this.stageElement);
    this.shownOpen = false;
  }

  /** `handler(input)` for every input of the viewer machine the dialog reads from the person. */
  bindInput(handler) {
    this.onInput = handler;
  }
  /** `handler(by)` when the person closes the viewer: "key" (Escape), "button" or "backdrop". */
  bindClose(handler) {
    this.onClose = handler;
  }
  /** `handler(itemId, returnFocus)` opens "Find Similar" for the image shown. */
  bindFindSimilar(handler) {
    this.onFindSimilar = handler;
  }
  /** `handler(itemId, turn)` turns the image shown ("left", "right" or "flip"; R, Shift+R and the buttons). */
  bindTurn(handler) {
    this.onTurn = handler;
  }
  /** Turns the image shown, if one is. */
  turnShown(/** @type {string | undefined} */ turn) {
    this.onInput({ type: "inputSeen" });
    if (this.shownId && turn && !this.turnButtons[0]?.hidden) this.onTurn(this.shownId, turn);
  }
  bindEditNote(handler) {
    this.stage.intents.onEditNote = handler;
  }
  /** `handler(itemId, {title, caption})` saves the title and caption edited in the details panel (a promise). */
  bindDescribe(handler) {
    this.details.bindDescribe(handler);
  }

  get isOpen() {
    return this.shownOpen;
  }

  /** Fetches the files of the items around the one shown (`urls`, most wanted first) and decodes them in turn while
   * the stage is idle, so that a step draws the next at once. */
  fetchAhead(/** @type {string[]} */ urls) {
    this.ahead.want(urls);
  }

  /** Says `text` to screen readers (the dialog's own status: the page's live region is outside the dialog). */
  say(/** @type {string} */ text) {
    this.said.textContent = "";
    requestAnimationFrame(() => {
      this.said.textContent = text;
    });
  }

  /**
   * Draws the viewer's state: `shown` holds what the runner derived of it — `name` (the item's accessible name, the
   * dialog's), `where` (its position as text), `view` and `size` (an image's zoom, or null), `zoomed`, `percent`,
   * `editable` (a note may be edited, a title changed), `fade` (the slideshow brought it).
   */
  render(/** @type {any} */ state, /** @type {any} */ shown) {
    if (!state.open) {
      if (this.shownOpen) {
        this.shownOpen = false;
        this.stage.clear();
        this.shownId = null;
        if (this.dialog.open) this.dialog.close();
      }
      return;
    }
    const opening = !this.shownOpen;
    if (opening) this.openedAt = performance.now();
    this.shownOpen = true;
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.setAttribute("aria-label", shown.name);
    this.position.textContent = shown.where;
    this.notice.textContent = state.notice ?? "";
    this.notice.hidden = !state.notice;
    const item = state.item;
    this.stage.render(item, {
      view: shown.view,
      size: shown.size,
      editable: shown.editable,
      fade: state.slideshow && this.shownId !== null && this.shownId !== state.itemId,
    });
    this.shownId = state.itemId;
    this.stageElement.dataset.zoom = shown.view ? (shown.zoomed ? "in" : "fit") : "none";
    for (const button of this.zoomButtons) button.hidden = !shown.view;
    this.zoomLevel.hidden = !shown.view;
    this.zoomLevel.textContent = shown.percent;
    for (const button of this.stepButtons) button.hidden = shown.single;
    // Only a loaded image turns, and only for someone who may change the gallery.
    const turns = shown.editable && item?.state === "ready" && (item.kind ?? "image") === "image";
    for (const button of this.turnButtons) button.hidden = !turns;
    this.similarButton.hidden = !canFindSimilar(item);
    this.slideshowButton.setAttribute("aria-pressed", String(state.slideshow));
    this.slideshowButton.textContent = state.slideshow ? "Pause Slideshow" : "Slideshow";
    this.detailsButton.setAttribute("aria-pressed", String(state.details));
    this.download.hidden = !item?.downloadURL;
    if (item?.downloadURL) this.download.href = item.downloadURL;
    // The download is the file as it was added: a turned image says it comes unturned.
    const turned = isTurned(item?.orientation);
    this.download.textContent = turned ? "Download Original" : "Download";
    this.download.title = turned ? "The file as it was added, not rotated or flipped" : "Download the file";
    this.panel.hidden = !state.details;
    if (state.details) this.details.render(item, state.full, { editable: shown.editable });
    if (opening) this.stageElement.focus({ preventScroll: true });
  }

  keydown(/** @type {KeyboardEvent} */ event) {
    event.stopPropagation(); // the page's own keys (images per row, select all…) are not for the dialog
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.key === "Tab") return this.wrapFocus(event);
    if (event.key === "Escape" || isTextField(target)) return;
    if (event.key === " " && !target.closest("button, a, video") && this.stage.toggleVideo()) {
      event.preventDefault();
      return;
    }
    if ((event.key === "r" || event.key === "R") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.turnShown(event.shiftKey ? "left" : "right");
      return;
    }
    const input = decodeViewerKey(event);
    if (input) {
      event.preventDefault();
      this.onInput(input);
    } else if (!NOT_INPUT.has(event.key)) this.onInput({ type: "inputSeen" });
  }

  /** Tab past the last control comes back to the first, and Shift+Tab before the first to the last. */
  wrapFocus(/** @type {KeyboardEvent} */ event) {
    const controls = [...this.dialog.querySelectorAll(FOCUSABLE)].filter(
      (element) =>
        element instanceof HTMLElement && element.getClientRects().length > 0 && !element.closest("[hidden]"),
    );
    if (!controls.length) return;
    const first = /** @type {HTMLElement} */ (controls[0]);
    const last = /** @type {HTMLElement} */ (controls[controls.length - 1]);
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !this.dialog.contains(active) || active === this.stageElement)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !this.dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }
}
