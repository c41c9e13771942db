// The Account dialog (the account menu's Account… and API Tokens…): who is signed in, a change of password, and the
// person's API tokens for scripts (each with Revoke; a new one's secret shown only once, with Copy). Its markup is
// made here, the same on every page that has the menu. It owns the DOM; the page gives it a `settings` object that
// talks to the server (net/accountSettings.js). Focus stays in the dialog while rows come and go, and goes back to
// the menu's button when it closes.

import { giveFocusBack, showModal } from "./dialogFocus.js";
import { passwordProblem, sortedTokens, tokenMade } from "../model/account.js";
import { actionRow } from "./actionRow.js";

// Static markup: no data goes in it.
const MARKUP = `
<dialog id="account-dialog" class="share-dialog account-dialog" aria-labelledby="account-title">
  <h2 id="account-title">Account</h2>
  <p class="account-who">Signed in as <strong class="account-dialog-name"></strong></p>
  <section aria-labelledby="password-title">
    <h3 id="password-title">Password</h3>
    <form class="password-form" novalidate>
      <input type="text" class="account-username" autocomplete="username" hidden>
      <div class="share-fields">
        <label for="current-password">Current password</label>
        <input id="current-password" type="password" autocomplete="current-password" maxlength="1024">
        <label for="new-password">New password</label>
        <input id="new-password" type="password" autocomplete="new-password" maxlength="1024"
          aria-describedby="new-password-hint">
        <button type="submit">Change Password</button>
      </div>
      <p id="new-password-hint" class="hint">At least 8 characters. Changing it signs you out in every other browser;
        your API tokens keep working.</p>
      <p class="dialog-error password-error" role="alert" hidden></p>
    </form>
  </section>
  <section aria-labelledby="tokens-title">
    <h3 id="tokens-title">API tokens</h3>
    <p class="hint">A script sends a token as <code>Authorization: Bearer TOKEN</code> and may then do what you may.
      Revoke one you no longer use.</p>
    <form class="token-form" novalidate>
      <div class="share-fields">
        <label for="token-name">Name</label>
        <input id="token-name" type="text" autocomplete="off" spellcheck="false" maxlength="64"
          placeholder="backup script">
        <button type="submit">Create Token</button>
      </div>
      <p class="dialog-error token-error" role="alert" hidden></p>
    </form>
    <div class="new-link new-token" hidden>
      <label for="new-token-value">New token (shown only now)</label>
      <div class="new-link-row">
        <input id="new-token-value" type="text" readonly spellcheck="false">
        <button type="button" class="copy-token">Copy</button>
      </div>
    </div>
    <ul class="share-links token-list" aria-labelledby="tokens-title"></ul>
  </section>
  <div class="dialog-actions">
    <button type="button" class="close-account">Close</button>
  </div>
</dialog>`;

export class AccountDialog {
  /** Makes the dialog's markup at the end of `page`'s body. */
  static insert(/** @type {Document} */ page, settings) {
    const template = page.createElement("template");
    template.innerHTML = MARKUP;
    const dialog = /** @type {HTMLDialogElement} */ (template.content.querySelector("dialog"));
    page.body.append(dialog);
    return new AccountDialog(dialog, settings);
  }

  constructor(/** @type {HTMLDialogElement} */ dialog, settings) {
    this.dialog = dialog;
    this.settings = settings;
    const find = (/** @type {string} */ selector) => /** @type {any} */ (dialog.querySelector(selector));
    this.name = find(".account-dialog-name");
    this.username = find(".account-username");
    this.passwordForm = find(".password-form");
    this.current = find("#current-password");
    this.next = find("#new-password");
    this.passwordError = find(".password-error");
    this.tokenForm = find(".token-form");
    this.tokenName = find("#token-name");
    this.tokenError = find(".token-error");
    this.newToken = find(".new-token");
    this.newTokenValue = find("#new-token-value");
    this.list = find(".token-list");
    /** @type {HTMLElement | null} */
    this.returnFocus = null;

    this.passwordForm.addEventListener("submit", (/** @type {Event} */ event) => {
      event.preventDefault();
      this.changePassword();
    });
    this.tokenForm.addEventListener("submit", (/** @type {Event} */ event) => {
      event.preventDefault();
      this.createToken();
    });
    find(".copy-token").addEventListener("click", () => this.copy());
    find(".close-account").addEventListener("click", () => dialog.close());
    this.list.addEventListener("click", (/** @type {Event} */ event) => {
      const button = /** @type {HTMLElement} */ (event.target).closest(".revoke-token");
      const row = /** @type {HTMLElement | null} */ (button?.closest("[data-name]") ?? null);
      if (row?.dataset.name !== undefined) this.revoke(row.dataset.name);
    });
    dialog.addEventListener("close", () => {
      // The secret and the passwords do not stay in the page once it is closed.
      this.newTokenValue.value = "";
      this.newToken.hidden = true;
      this.current.value = "";
      this.next.value = "";
      const focus = this.returnFocus;
      this.returnFocus = null;
      giveFocusBack(dialog, focus);
    });
  }

  /** Opens it for `user` ({name}), with the focus on the password's first field or (`part` "tokens") the token's
   * name; the focus goes back to `returnFocus` when it closes. */
  async open(user, part, /** @type {HTMLElement | null} */ returnFocus) {
    this.returnFocus = returnFocus;
    this.name.textContent = user?.name ?? "";
    this.username.value = user?.name ?? ""; // for password managers: whose password this is
    this.showError(this.passwordError, "");
    this.showError(this.tokenError, "");
    this.tokenName.value = "";
    showModal(this.dialog);
    (part === "tokens" ? this.tokenName : this.current).focus();
    await this.reload();
  }

  async reload() {
    this.list.setAttribute("aria-busy", "true");
    try {
      this.render(await this.settings.tokens());
    } catch (error) {
      this.showError(this.tokenError, error.message);
    } finally {
      this.list.removeAttribute("aria-busy");
    }
  }

  render(tokens) {
    const rows = sortedTokens(tokens).map((token) => tokenRow(token));
    this.list.replaceChildren(...rows);
    if (!rows.length) {
      const row = document.createElement("li");
      row.className = "hint";
      row.textContent = "No tokens. Create one for each script, so that each can be revoked alone.";
      this.list.append(row);
    }
  }

  async changePassword() {
    const problem = passwordProblem(this.current.value, this.next.value);
    if (problem) {
      this.showError(this.passwordError, problem.message, problem.field === "current" ? this.current : this.next);
      return;
    }
    this.showError(this.passwordError, "");
    const button = this.passwordForm.querySelector("button");
    button.disabled = true; // one change at a time: the second would be checked against the old password
    try {
      await this.settings.changePassword(this.current.value, this.next.value);
      this.current.value = "";
      this.next.value = "";
      this.current.focus();
    } catch (error) {
      const field = error.status === 403 ? this.current : error.status === 400 ? this.next : null;
      this.showError(this.passwordError, error.message, field);
    } finally {
      button.disabled = false;
    }
  }

  async createToken() {
    const name = this.tokenName.value.trim();
    if (!name) {
      this.showError(this.tokenError, "Enter a name to tell the token by.", this.tokenName);
      return;
    }
    this.showError(this.tokenError, "");
    try {
      const made = await this.settings.createToken(name);
      this.tokenName.value = "";
      this.newTokenValue.value = made.token;
      this.newToken.hidden = false;
      await this.reload();
      this.newTokenValue.focus();
      this.newTokenValue.select();
    } catch (error) {
      this.showError(this.tokenError, error.message, this.tokenName);
    }
  }

  async copy() {
    try {
      await this.settings.copy(this.newTokenValue.value);
    } catch (error) {
      this.showError(this.tokenError, error.message);
    }
  }

  async revoke(/** @type {string} */ name) {
    const rows = /** @type {HTMLElement[]} */ ([...this.list.querySelectorAll("[data-name]")]);
    const index = rows.findIndex((row) => row.dataset.name === name);
    const next = (rows[index + 1] ?? rows[index - 1])?.dataset.name;
    try {
      await this.settings.revokeToken(name);
      this.newToken.hidden = true; // it may have been this one; the list says which are left
      this.newTokenValue.value = "";
      await this.reload();
      const button = next && this.list.querySelector(`[data-name="${CSS.escape(next)}"] button`);
      (button || this.tokenName).focus();
    } catch (error) {
      this.showError(this.tokenError, error.message);
    }
  }

  /** Shows `message` in `where` (or clears it); a field named is marked invalid and focused. */
  showError(/** @type {HTMLElement} */ where, /** @type {string} */ message, field = null) {
    where.textContent = message;
    where.hidden = !message;
    for (const input of where.closest("form")?.querySelectorAll("input") ?? []) input.removeAttribute("aria-invalid");
    if (message && field) {
      field.setAttribute("aria-invalid", "true");
      field.focus();
    }
  }
}

function tokenRow(token) {
  const name = document.createElement("strong");
  name.textContent = token.name;
  const made = tokenMade(token);
  const revoke = { className: "revoke-token", label: "Revoke", name: `Revoke the token ${token.name}` };
  return actionRow({ name: token.name }, made ? [name, ` · ${made}`] : [name], revoke);
}
