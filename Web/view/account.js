// Who is signed in and the Sign out button (the gallery page's toolbar, the gallery browser's header). Hidden when the
// server does not ask for sign-in, and in a read-only link's session (nobody is signed in).

export class AccountView {
  /** `root` holds an `.account-name` and a `.sign-out` button. */
  constructor(root) {
    this.root = root;
    this.name = root.querySelector(".account-name");
    this.button = root.querySelector(".sign-out");
    /** @type {Record<string, (...args: any[]) => any>} */
    this.handlers = { onSignOut: () => {} };
    this.button.addEventListener("click", () => this.handlers.onSignOut());
  }

  /** `session` as GET /api/session has it. */
  render(session) {
    const user = session?.authRequired ? session.user : null;
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
