// The Share dialog (the owner's): add a person by name as viewer or editor, the people it is shared with (each with
// Remove), a new read-only link (its whole address with Copy, shown only once) and the links made before (each with
// Revoke). It owns the DOM; the page gives it a `sharing` object that talks to the server (pane/sharing.js). Focus
// stays in the dialog while rows come and go, and goes back to the Share… button when it closes.

import { giveFocusBack, showModal } from "./dialogFocus.js";
import { linkText, sortedShares } from "../model/shares.js";
import { actionRow } from "./actionRow.js";

export class ShareDialog {
  constructor(dialog) {
    this.dialog = dialog;
    this.title = dialog.querySelector("h2");
    this.form = dialog.querySelector(".share-add");
    this.nameInput = dialog.querySelector("#share-name");
    this.roleSelect = dialog.querySelector("#share-role");
    this.error = dialog.querySelector(".dialog-error");
    this.users = dialog.querySelector(".share-users");
    this.links = dialog.querySelector(".share-links");
    this.createButton = dialog.querySelector(".create-link");
    this.newLink = dialog.querySelector(".new-link");
    this.newLinkInput = dialog.querySelector("#share-link-url");
    this.copyButton = dialog.querySelector(".copy-link");
    this.sharing = null;
    this.returnFocus = null;

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.add();
    });
    this.createButton.addEventListener("click", () => this.createLink());
    this.copyButton.addEventListener("click", () => this.copyLink());
    dialog.querySelector(".close-share").addEventListener("click", () => dialog.close());
    this.users.addEventListener("click", (event) => {
      const button = event.target.closest(".remove-share");
      if (button) this.remove(button.closest("[data-name]").dataset.name);
    });
    this.links.addEventListener("click", (event) => {
      const button = event.target.closest(".revoke-link");
      if (button) this.revoke(button.closest("[data-link-id]").dataset.linkId);
    });
    dialog.addEventListener("close", () => {
      this.sharing = null;
      const focus = this.returnFocus;
      this.returnFocus = null;
      giveFocusBack(dialog, focus);
    });
  }

  /** Opens the dialog for one gallery. `sharing`: { name, list(), add(name, role), remove(name), createLink(),
   * revoke(id), copy(text) }, each a promise that rejects with the message to show. */
  async open(sharing, returnFocus) {
    this.sharing = sharing;
    this.returnFocus = returnFocus;
    this.title.textContent = `Share ${sharing.name}`;
    this.nameInput.value = "";
    this.roleSelect.value = "viewer";
    this.newLink.hidden = true;
    this.newLinkInput.value = "";
    this.showError("");
    this.render({ users: [], links: [] });
    this.users.setAttribute("aria-busy", "true");
    showModal(this.dialog);
    this.nameInput.focus();
    await this.reload();
  }

  async reload() {
    const sharing = this.sharing;
    try {
      const shares = await sharing.list();
      if (this.sharing === sharing) this.render(shares);
    } catch (error) {
      if (this.sharing === sharing) this.showError(error.message);
    } finally {
      this.users.removeAttribute("aria-busy");
    }
  }

  render(shares) {
    const { users, links } = sortedShares(shares);
    this.users.replaceChildren(...users.map((user) => userRow(user)));
    if (!users.length)
      this.users.append(
        emptyRow(
          "Nobody yet. Add someone by the name they sign in with: a viewer looks, an editor adds and changes items.",
        ),
      );
    this.links.replaceChildren(...links.map((link) => linkRow(link)));
    if (!links.length)
      this.links.append(
        emptyRow(
          "No links. Create Link makes an address that shows this gallery to anyone who has it, without signing in.",
        ),
      );
  }

  async add() {
    const sharing = this.sharing;
    const name = this.nameInput.value.trim();
    if (!name) {
      this.showError("Enter the name of the person to share with.", this.nameInput);
      return;
    }
    this.showError("");
    try {
      await sharing.add(name, this.roleSelect.value);
      if (this.sharing !== sharing) return;
      this.nameInput.value = "";
      await this.reload();
      this.nameInput.focus();
    } catch (error) {
      if (this.sharing === sharing) this.showError(error.message, this.nameInput);
    }
  }

  async remove(name) {
    const sharing = this.sharing;
    const next = neighbourName(this.users, `[data-name="${CSS.escape(name)}"]`);
    try {
      await sharing.remove(name);
      if (this.sharing !== sharing) return;
      await this.reload();
      const row = next && this.users.querySelector(`[data-name="${CSS.escape(next)}"] button`);
      (row ?? this.nameInput).focus();
    } catch (error) {
      if (this.sharing === sharing) this.showError(error.message);
    }
  }

  async createLink() {
    const sharing = this.sharing;
    this.showError("");
    try {
      const link = await sharing.createLink();
      if (this.sharing !== sharing) return;
      this.newLinkInput.value = new URL(link.url, location.origin).href;
      this.newLink.hidden = false;
      await this.reload();
      this.newLinkInput.focus();
      this.newLinkInput.select();
    } catch (error) {
      if (this.sharing === sharing) this.showError(error.message);
    }
  }

  async copyLink() {
    try {
      await this.sharing.copy(this.newLinkInput.value);
    } catch (error) {
      this.showError(error.message);
    }
  }

  async revoke(id) {
    const sharing = this.sharing;
    const rows = [...this.links.querySelectorAll("[data-link-id]")];
    const index = rows.findIndex((row) => row.dataset.linkId === id);
    const next = (rows[index + 1] ?? rows[index - 1])?.dataset.linkId;
    try {
      await sharing.revoke(id);
      if (this.sharing !== sharing) return;
      this.newLink.hidden = true; // it may have been this one; the list says which are left
      await this.reload();
      const button = next && this.links.querySelector(`[data-link-id="${CSS.escape(next)}"] button`);
      (button ?? this.createButton).focus();
    } catch (error) {
      if (this.sharing === sharing) this.showError(error.message);
    }
  }

  showError(message, field = null) {
    this.error.textContent = message;
    this.error.hidden = !message;
    if (message && field) {
      field.setAttribute("aria-invalid", "true");
      field.focus();
    } else {
      this.nameInput.removeAttribute("aria-invalid");
    }
  }
}

function userRow(user) {
  const remove = { className: "remove-share", label: "Remove", name: `Stop sharing with ${user.name}` };
  return actionRow({ name: user.name }, `${user.name} · ${user.role}`, remove);
}

function linkRow(link) {
  const revoke = { className: "revoke-link", label: "Revoke", name: `Revoke the ${linkText(link)}` };
  return actionRow({ linkId: link.id }, linkText(link), revoke);
}

function emptyRow(text) {
  const row = document.createElement("li");
  row.className = "hint";
  row.textContent = text;
  return row;
}

/** The name of the row after (else before) the one `selector` finds, for focus once it is gone. */
function neighbourName(list, selector) {
  const row = list.querySelector(selector);
  return (row?.nextElementSibling ?? row?.previousElementSibling)?.dataset.name ?? null;
}
