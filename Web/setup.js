// The setup page (/setup#token=…, the one-time link the server prints at its first start): the owner's name and
// password to POST /api/setup, which also signs in; then the galleries. The token is read from the fragment and taken
// out of the address bar at once, so it is not left in the history.

import { setupToken } from "./auth/addresses.js";
import { AuthForm } from "./auth/form.js";
import { postJSON } from "./auth/postJSON.js";

const token = setupToken(location.hash);
if (token) history.replaceState(null, "", location.pathname);

const form = new AuthForm(
  document.getElementById("setup-form"),
  document.getElementById("announcer"),
  async ({ name, password, confirm }) => {
    if (!name.trim()) return { message: "Enter a name.", field: "name" };
    if (!password) return { message: "Enter a password.", field: "password" };
    if (password !== confirm) return { message: "The two passwords are not the same.", field: "confirm" };
    form.announce("Setting up…");
    const answer = await postJSON("/api/setup", { token, name: name.trim(), password });
    if (!answer.ok) {
      form.announce("");
      return { message: answer.message, field: answer.status === 400 ? "password" : null };
    }
    form.announce(`Signed in as ${answer.data?.user?.name ?? name.trim()}.`);
    location.replace("/");
    return null;
  },
);

if (token) {
  form.field("password").focus();
} else {
  form.showError("This setup link is incomplete: open the whole link the server printed when it started.");
  form.disable();
}
