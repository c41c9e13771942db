// The gallery browser's name dialog (New Gallery, Rename): it stays open with the server's message when the server
// says no.

/** The name dialog: New Gallery and Rename. It stays open with the server's message when the server says no. */
export class NameDialog {
  constructor(dialog) {
    this.dialog = dialog;
    this.form = dialog.querySelector("form");
    this.title = dialog.querySelector("h2");
    this.input = dialog.querySelector("input");
    this.error = dialog.querySelector(".dialog-error");
    this.save = dialog.querySelector(".dialog-save");
    this.request = null;
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    dialog.querySelector(".dialog-cancel").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      this.request = null;
      this.showError("");
    });
  }

  open(request) {
    this.request = request;
    this.title.textContent = request.title;
    this.save.textContent = request.action;
    this.input.value = request.value;
    this.save.disabled = false;
    this.showError("");
    this.dialog.showModal();
    this.input.focus();
    this.input.select();
  }

  async submit() {
    const request = this.request;
    if (!request || this.save.disabled) return;
    this.save.disabled = true;
    this.showError("");
    try {
      const result = await request.submit(this.input.value);
      if (this.request !== request) return;
      this.dialog.close();
      request.done(result);
    } catch (error) {
      if (this.request !== request) return;
      this.showError(error.message);
      this.input.focus();
    } finally {
      this.save.disabled = false;
    }
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
    if (message) this.input.setAttribute("aria-invalid", "true");
    else this.input.removeAttribute("aria-invalid");
  }
}
