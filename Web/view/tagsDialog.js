// The Tags dialog of the item menu (issue "Find anything"): the tags an item or a selection holds, each with how many
// of its items hold it and a button that removes it from them all, and a field that adds a tag to them all, with the
// tags already used as suggestions. Each change is one request and one undoable change, made by the pane (its
// `add` and `remove` resolve with an error message, or null); the dialog shows the items as they are after it.

import { giveFocusBack, showModal } from "./dialogFocus.js";
import { tagSuggestions, tagsHeld, typedTag } from "../model/tags.js";

/**
 * @typedef {{
 *   title: string,
 *   items: () => any[],
 *   total?: number,
 *   known: () => {tag: string, count: number}[],
 *   add: (tag: string) => Promise<string | null>,
 *   remove: (tag: string) => Promise<string | null>,
 *   returnFocus?: HTMLElement | null,
 * }} TagsRequest what the dialog edits: the items (read again after each change; of a run, those read: `total` says
 *   how many it holds), the tags in use, the changes
 */

export class TagsDialog {
  constructor(/** @type {HTMLDialogElement} */ dialog) {
    this.dialog = dialog;
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
    this.title = part("h2");
    this.none = part(".tags-none");
    this.held = part(".tags-held");
    this.form = /** @type {HTMLFormElement} */ (part(".tags-add"));
    this.input = /** @type {HTMLInputElement} */ (part("input"));
    this.suggestions = part("datalist");
    this.status = part(".tags-status");
    /** @type {TagsRequest | null} */
    this.request = null;
    this.busy = false;
    part(".tags-done").addEventListener("click", () => this.dialog.close());
    this.dialog.addEventListener("close", () => this.closed());
    this.input.addEventListener("input", () => this.suggest());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const tag = typedTag(this.input.value);
      if (!tag) this.say("Type a tag first.");
      else
        this.change(
          () => this.request?.add(tag),
          () => {
            this.input.value = "";
          },
        );
    });
  }

  /** Shows the tags of the request's items, the field focused. */
  open(/** @type {TagsRequest} */ request) {
    this.request = request;
    this.title.textContent = request.title;
    this.input.value = "";
    this.say("");
    this.render();
    showModal(this.dialog);
    this.input.focus();
  }

  render() {
    const request = this.request;
    if (!request) return;
    const items = request.items();
    const held = tagsHeld(items);
    this.none.hidden = held.length > 0;
    this.held.replaceChildren(
      ...held.map(({ tag, count }) => {
        const row = document.createElement("li");
        const name = document.createElement("span");
        name.className = "tag";
        name.textContent = tag;
        row.append(name);
        const total = request.total ?? items.length;
        if (total > 1) {
          const some = document.createElement("span");
          some.className = "tags-count";
          some.textContent =
            total > items.length
              ? `on ${count} of the ${items.length} read`
              : count < items.length
                ? `on ${count} of ${items.length}`
                : "on all";
          row.append(some);
        }
        const remove = document.createElement("button");
        remove.type = "button";
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", `Remove the tag ${tag}`);
        remove.addEventListener("click", () => this.change(() => this.request?.remove(tag)));
        row.append(remove);
        return row;
      }),
    );
    this.suggest();
  }

  /** Offers the tags in use that start with what is typed and are not on every item yet. */
  suggest() {
    const request = this.request;
    if (!request) return;
    const items = request.items();
    const options = tagSuggestions(this.input.value, request.known(), tagsHeld(items), items.length);
    this.suggestions.replaceChildren(
      ...options.map((tag) => {
        const option = document.createElement("option");
        option.value = tag;
        return option;
      }),
    );
  }

  /** Makes one change (one at a time); shows the items after it, or says why it was refused. */
  async change(/** @type {() => Promise<string | null> | undefined} */ make, done = () => {}) {
    if (this.busy) return;
    this.busy = true;
    try {
      const error = await make();
      if (error) this.say(error);
      else {
        this.say("");
        done();
      }
    } finally {
      this.busy = false;
    }
    this.render();
    // The button pressed may have gone with its tag: the field keeps the focus in the dialog.
    if (this.dialog.open && !this.dialog.contains(document.activeElement)) this.input.focus();
  }

  say(/** @type {string} */ text) {
    this.status.textContent = text;
  }

  closed() {
    const focus = this.request?.returnFocus;
    this.request = null;
    giveFocusBack(this.dialog, focus);
  }
}
