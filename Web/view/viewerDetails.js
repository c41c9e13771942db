// The viewer's details panel: the item's title and caption (a form that changes them, where the person may change the
// gallery), then its facts (model/viewerFacts.js detailRows): kind, dimensions, file size and type, where it came
// from (a link), when it was added, and what a photo's camera wrote. The fields are left alone while they are edited.

import { detailRows, titleOf } from "../model/viewerFacts.js";

export class ViewerDetails {
  constructor(/** @type {HTMLElement} */ panel) {
    this.panel = panel;
    this.itemId = null;
    this.dirty = false;
    this.shownFacts = "";
    /** @type {(itemId: string, changes: {title?: string, caption?: string}) => Promise<any>} */
    this.onDescribe = async () => {};
    this.form = document.createElement("form");
    this.form.className = "viewer-describe";
    this.title = field("input", "viewer-title-field", "Title");
    this.caption = field("textarea", "viewer-caption-field", "Caption (what it shows, for those who cannot see it)");
    /** @type {HTMLTextAreaElement} */ (this.caption.input).maxLength = 2000;
    /** @type {HTMLInputElement} */ (this.title.input).required = true;
    const save = document.createElement("button");
    save.type = "submit";
    save.textContent = "Save";
    this.said = document.createElement("p");
    this.said.className = "viewer-describe-said";
    this.said.setAttribute("role", "status");
    this.form.append(this.title.label, this.caption.label, save, this.said);
    this.form.addEventListener("input", () => {
      this.dirty = true;
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.heading = document.createElement("h3");
    this.heading.className = "viewer-details-name";
    this.captionText = document.createElement("p");
    this.captionText.className = "viewer-details-caption";
    this.facts = document.createElement("dl");
    this.facts.className = "viewer-facts";
    panel.append(this.form, this.heading, this.captionText, this.facts);
  }

  /** `handler(itemId, changes)` saves a new title or caption; resolves when saved, rejects saying why not. */
  bindDescribe(handler) {
    this.onDescribe = handler;
  }

  /** Shows the details of `item`, with `full` (its own answer, with where a photo was taken) over them. */
  render(/** @type {any} */ item, /** @type {any} */ full, { editable = false } = {}) {
    if (!item) return;
    const known = full?.id === item.id ? { ...item, ...full } : item;
    const fresh = item.id !== this.itemId;
    if (fresh) {
      this.itemId = item.id;
      this.dirty = false;
      this.said.textContent = "";
    }
    this.form.hidden = !editable;
    this.heading.hidden = editable;
    this.heading.textContent = titleOf(known);
    this.captionText.textContent = known.caption ?? "";
    this.captionText.hidden = editable || !known.caption;
    const editing = this.dirty || this.form.contains(document.activeElement);
    if (editable && (fresh || !editing)) {
      this.title.input.value = known.title ?? "";
      this.caption.input.value = known.caption ?? "";
    }
    const rows = detailRows(item, full);
    const shown = JSON.stringify(rows);
    if (shown === this.shownFacts) return;
    this.shownFacts = shown;
    this.facts.replaceChildren(
      ...rows.flatMap((row) => {
        const term = document.createElement("dt");
        term.textContent = row.label;
        const value = document.createElement("dd");
        if (row.href) {
          const link = document.createElement("a");
          link.href = row.href;
          link.target = "_blank";
          link.rel = "noopener noreferrer";
          link.textContent = row.value;
          value.append(link);
        } else value.textContent = row.value;
        return [term, value];
      }),
    );
  }

  async submit() {
    const itemId = this.itemId;
    if (!itemId) return;
    const title = this.title.input.value.trim();
    if (!title) {
      this.said.textContent = "A title cannot be empty.";
      return;
    }
    this.said.textContent = "Saving…";
    try {
      await this.onDescribe(itemId, { title, caption: this.caption.input.value.trim() });
      if (this.itemId === itemId) {
        this.dirty = false;
        this.said.textContent = "Saved.";
      }
    } catch (error) {
      if (this.itemId === itemId) this.said.textContent = `Not saved: ${error.message}`;
    }
  }
}

/** A labelled field: `{label, input}` (the label holds its text and the field). */
function field(/** @type {"input" | "textarea"} */ tag, /** @type {string} */ className, /** @type {string} */ text) {
  const label = document.createElement("label");
  label.className = "viewer-field";
  const name = document.createElement("span");
  name.textContent = text;
  const input = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (document.createElement(tag));
  input.className = className;
  if (input instanceof HTMLInputElement) input.type = "text";
  label.append(name, input);
  return { label, input };
}
