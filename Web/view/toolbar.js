// A pane's toolbar: the gallery's name, the link to all galleries, the "View only" note, the View switch (Grid, List,
// Board), the images-per-row slider (the grid's), the Move/Copy switch for drags, Zoom to Fit and 100% (the board's),
// New Note, Undo and Redo, the More menu (Open Beside…, Share…, Save Search…; in a phone's toolbar also Redo, the Tags
// switch and Move/Copy) and the button that closes this pane. (The trash button is the TrashView's; who is signed in, the
// AccountView's; Save Search…, the PaneView's.)

import { OverflowMenu } from "./overflowMenu.js";

let toolbars = 0;

export class ToolbarView {
  constructor(root, { primary = true } = {}) {
    this.primary = primary;
    this.viewChoices = [...root.querySelectorAll(".view-switch:not(.drag-mode) input[type=radio]")];
    this.dragModeSwitch = root.querySelector(".drag-mode");
    this.dragModeChoices = [...this.dragModeSwitch.querySelectorAll("input[type=radio]")];
    const group = ++toolbars; // each pane's switches are radio groups of their own
    for (const choice of this.viewChoices) choice.name = `view-${group}`;
    for (const choice of this.dragModeChoices) choice.name = `drag-mode-${group}`;
    this.perRowField = root.querySelector(".per-row-field");
    this.name = root.querySelector(".pane-name");
    this.slider = root.querySelector(".per-row");
    this.output = root.querySelector(".per-row-value");
    this.zoomFitButton = root.querySelector(".zoom-fit");
    this.zoomActualButton = root.querySelector(".zoom-actual");
    this.newNoteButton = root.querySelector(".new-note");
    this.undoButton = root.querySelector(".undo");
    this.redoButton = root.querySelector(".redo");
    this.openBesideButton = root.querySelector(".open-beside");
    this.closeButton = root.querySelector(".close-pane");
    this.shareButton = root.querySelector(".share");
    this.showTagsButton = root.querySelector(".show-tags");
    this.viewOnly = root.querySelector(".view-only");
    this.galleriesLink = root.querySelector(".galleries-link");
    this.moreButton = /** @type {HTMLButtonElement} */ (root.querySelector(".more-button"));
    this.more = new OverflowMenu(this.moreButton, /** @type {HTMLElement} */ (root.querySelector(".more-menu")));
    this.showTagsEntry = root.querySelector(".show-tags-entry");
    this.redoEntry = root.querySelector(".redo-entry");
    this.dragModeEntries = root.querySelector(".drag-mode-entries");
    // More is offered only while its menu has something in it, which depends on the toolbar's width (styles.css): it
    // is told again when the pane's size changes (not the toolbar's, whose height follows what is in it).
    new ResizeObserver(() => this.renderMore()).observe(root.parentElement ?? root);
    this.shownView = "";
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = {
      onUndo: () => {},
      onRedo: () => {},
      onOpenBeside: () => {},
      onClose: () => {},
      onShare: () => {},
    };
    // Share… and Open Beside… are in the More menu: the dialogs they open give the focus back to its button.
    this.shareButton.addEventListener("click", () => this.handlers.onShare(this.moreButton));
    this.undoButton.addEventListener("click", () => this.handlers.onUndo());
    this.redoButton.addEventListener("click", () => this.handlers.onRedo());
    this.redoEntry.addEventListener("click", () => {
      if (this.redoEntry.getAttribute("aria-disabled") !== "true") this.handlers.onRedo();
    });
    this.openBesideButton.addEventListener("click", () => this.handlers.onOpenBeside(this.moreButton));
    this.closeButton.addEventListener("click", () => this.handlers.onClose());
  }

  render({ name, perRow, view, dragMode = "move", showTags = false }) {
    // The list shows every row's tags: the switch is the grid's and the board's.
    this.showTagsButton.hidden = view === "list";
    this.showTagsButton.setAttribute("aria-pressed", String(showTags));
    this.showTagsEntry.hidden = view === "list";
    this.showTagsEntry.setAttribute("aria-checked", String(showTags));
    this.name.textContent = name;
    for (const choice of this.viewChoices) choice.checked = choice.value === view;
    for (const choice of this.dragModeChoices) choice.checked = choice.value === dragMode;
    this.dragModeSwitch.hidden = view !== "board";
    this.dragModeEntries.hidden = view !== "board";
    for (const entry of this.dragModeEntries.querySelectorAll("[data-drag-mode]"))
      entry.setAttribute("aria-checked", String(/** @type {HTMLElement} */ (entry).dataset.dragMode === dragMode));
    // Images per row are the grid's.
    this.perRowField.hidden = view !== "grid";
    this.output.hidden = view !== "grid";
    this.zoomFitButton.hidden = view !== "board";
    this.zoomActualButton.hidden = view !== "board";
    if (this.primary) document.title = `${name} — Image Gallery`;
    if (Number(this.slider.value) !== perRow) this.slider.value = String(perRow);
    this.output.textContent = String(perRow);
    this.slider.setAttribute("aria-valuetext", `${perRow} per row`);
    if (view !== this.shownView) {
      this.shownView = view;
      this.renderMore(); // (not on every render: it measures the menu)
    }
  }

  /** Shows the More button only while its menu has an entry to offer. */
  renderMore() {
    const empty = this.more.count() === 0;
    if (this.moreButton.hidden !== empty) this.moreButton.hidden = empty;
  }

  /** Undo and Redo as the server's history has them: `{undo: {name}|null, redo: {name}|null}`. */
  renderHistory(history) {
    show(this.undoButton, "Undo", history?.undo?.name);
    show(this.redoButton, "Redo", history?.redo?.name);
    // A phone's Redo is in the More menu: the same words, not chosen while there is nothing to redo.
    const redo = this.redoEntry.querySelector("span");
    if (redo.textContent !== this.redoButton.title) redo.textContent = this.redoButton.title;
    this.redoEntry.setAttribute("aria-disabled", String(this.redoButton.disabled));
  }

  /** What this person may do here: a view-only pane has no Undo and Redo and says "View only"; only the owner shares;
   * a read-only link's session has no other galleries to go to. */
  renderAccess({ readOnly, canShare, linkSession }) {
    this.viewOnly.hidden = !readOnly;
    this.undoButton.hidden = readOnly;
    this.redoButton.hidden = readOnly;
    this.newNoteButton.hidden = readOnly;
    this.redoEntry.hidden = readOnly;
    this.shareButton.hidden = !canShare;
    this.galleriesLink.hidden = linkSession;
    this.renderMore();
  }

  /** Which of Open Beside… and Close this pane offers. */
  renderPaneButtons({ canOpenBeside, canClose }) {
    this.openBesideButton.hidden = !canOpenBeside;
    this.closeButton.hidden = !canClose;
    this.renderMore();
  }

  /** Labels the Close button with the gallery it closes. */
  setCloseLabel(name) {
    this.closeButton.setAttribute("aria-label", `Close ${name}`);
    this.closeButton.title = `Close ${name}`;
  }

  bindPerRow(handler) {
    this.slider.addEventListener("input", () => handler(Number(this.slider.value)));
  }
  /** `handler(view)` when a view is chosen with the switch. */
  bindView(handler) {
    for (const choice of this.viewChoices)
      choice.addEventListener("change", () => choice.checked && handler(choice.value));
  }
  /** `handler(on)` when the Tags switch (or the More menu's Show Tags) is pressed: whether tiles are to show their
   * tags. */
  bindShowTags(handler) {
    this.showTagsButton.addEventListener("click", () =>
      handler(this.showTagsButton.getAttribute("aria-pressed") !== "true"),
    );
    this.showTagsEntry.addEventListener("click", () =>
      handler(this.showTagsEntry.getAttribute("aria-checked") !== "true"),
    );
  }
  /** `handler(mode)` when "move" or "copy" is chosen with the board's Move/Copy switch (or the More menu's). */
  bindDragMode(handler) {
    for (const choice of this.dragModeChoices)
      choice.addEventListener("change", () => choice.checked && handler(choice.value));
    for (const entry of this.dragModeEntries.querySelectorAll("[data-drag-mode]"))
      entry.addEventListener("click", () => handler(/** @type {HTMLElement} */ (entry).dataset.dragMode));
  }
  /** `handler()` when Zoom to Fit is pressed (the board's). */
  bindZoomFit(handler) {
    this.zoomFitButton.addEventListener("click", () => handler());
  }
  /** `handler()` when 100% is pressed (the board's). */
  bindZoomActual(handler) {
    this.zoomActualButton.addEventListener("click", () => handler());
  }
  /** `handler()` when New Note is pressed. */
  bindNewNote(handler) {
    this.newNoteButton.addEventListener("click", () => handler());
  }
  bindUndo(handler) {
    this.handlers.onUndo = handler;
  }
  bindRedo(handler) {
    this.handlers.onRedo = handler;
  }
  bindOpenBeside(handler) {
    this.handlers.onOpenBeside = handler;
  }
  bindClose(handler) {
    this.handlers.onClose = handler;
  }
  /** `handler(button)` opens the Share dialog (focus goes back to `button`). */
  bindShare(handler) {
    this.handlers.onShare = handler;
  }
}

function show(button, verb, name) {
  const label = name ? `${verb} ${name}` : verb;
  const text = button.querySelector(".tool-label");
  if (text.textContent !== label) text.textContent = label;
  // Its width is fixed (styles.css), so a long name is cut short on screen, and a narrow toolbar shows only its icon:
  // the tooltip says it whole.
  button.title = label;
  button.disabled = !name;
}
