// A form of the public pages (sign in, set up): it sends once at a time (the button says so while busy), shows a
// refusal in its alert next to the button and puts the focus back on the field to correct, and tells progress in the
// page's polite live region.

export class AuthForm {
  /**
   * `form` holds the fields, a submit button and a `.form-error` alert; `status` is a polite live region.
   * `submit(values)` resolves with an error `{ message, field }` to show (field: the name of the input to focus), or
   * nothing when done (the page then leaves).
   */
  constructor(form, status, submit) {
    this.form = form;
    this.status = status;
    this.error = form.querySelector(".form-error");
    this.button = form.querySelector("button[type=submit]");
    this.label = this.button.textContent;
    this.busy = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (this.busy) return;
      this.setBusy(true);
      this.showError(null);
      let problem;
      try {
        problem = await submit(this.values());
      } catch (error) {
        problem = { message: error.message };
      }
      this.setBusy(false);
      if (problem) this.showError(problem.message, problem.field);
    });
  }

  values() {
    return Object.fromEntries(new FormData(this.form).entries());
  }

  field(name) {
    return this.form.elements.namedItem(name);
  }

  setBusy(busy) {
    this.busy = busy;
    this.button.setAttribute("aria-disabled", String(busy)); // not `disabled`: that would take focus away from it
    this.form.setAttribute("aria-busy", String(busy));
  }

  /** Says something politely (progress, success). */
  announce(text) {
    this.status.textContent = text;
  }

  /** Shows `message` (null: none) and focuses the field `name`, marking it invalid; else the first field. */
  showError(message, name = null) {
    for (const input of this.form.querySelectorAll("input")) input.removeAttribute("aria-invalid");
    this.error.textContent = message ?? "";
    this.error.hidden = !message;
    if (!message) return;
    const input = (name && this.field(name)) || this.form.querySelector("input");
    if (name && input) input.setAttribute("aria-invalid", "true");
    input?.focus();
    input?.select?.();
  }

  /** Turns the form off for good (e.g. a setup link without its token). */
  disable() {
    for (const element of this.form.elements) element.disabled = true;
  }
}
