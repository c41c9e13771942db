// The account menu (the header of the gallery page and of the gallery browser): who is signed in, Account… and API
// Tokens… (the Account dialog, view/accountDialog.js) and Sign out. Hidden when the server does not ask for sign-in,
// and in a read-only link's session (nobody is signed in).

import { AccountDialog } from "./accountDialog.js";
import { OverflowMenu } from "./overflowMenu.js";

export class AccountView {
  /** `root` holds the menu's `.account-button` (with an `.account-name`) and its `.menu`, whose entries are
   * `[data-account=settings]`, `[data-account=tokens]` and `.sign-out`; `settings` is net/accountSettings.js's. */
  constructor(/** @type {HTMLElement} */ root, settings) {
    this.root = root;
    const button = /** @type {HTMLButtonElement} */ (root.querySelector(".account-button"));
    this.name = /** @type {HTMLElement} */ (root.querySelector(".account-name"));
    new OverflowMenu(button, /** @type {HTMLElement} */ (root.querySelector(".menu")));
    this.dialog = AccountDialog.insert(document, settings);
    this.user = null;
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = { onSignOut: () => {} };
    root.querySelector(".sign-out")?.addEventListener("click", () => this.handlers.onSignOut());
    // The menu has put the focus back on its button when an entry's own click runs.
    for (const entry of root.querySelectorAll("[data-account]")) {
      const part = /** @type {HTMLElement} */ (entry).dataset.account;
      entry.addEventListener("click", () => this.dialog.open(this.user, part, button));
    }
  }

  /** `session` as GET /api/session has it. */
  render(session) {
    const user = session?.authRequired ? session.user : null;
    this.user = user;
    this.root.hidden = !user;
    if (!user) return;
    const prefix = document.createElement("span");
    prefix.className = "visually-hidden";
    prefix.textContent = "Signed in as ";
    this.name.replaceChildren(prefix, user.name);
  }

  /** `handler()` signs out; it rejects with the message to show. */
  bindSignOut(handler) {
    this.handlers.onSignOut = handler;
  }
}
