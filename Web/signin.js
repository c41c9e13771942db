// The sign-in page (/signin?next=/path): name and password to POST /api/session; signed in, it goes on to `next`
// (a path on this site), else to the galleries. A refusal (wrong name or password, too many tries) shows the server's
// message.

import { nextPath } from "./auth/addresses.js";
import { AuthForm } from "./auth/form.js";
import { postJSON } from "./auth/postJSON.js";

const form = new AuthForm(
  document.getElementById("signin-form"),
  document.getElementById("announcer"),
  async ({ name, password }) => {
    if (!name.trim()) return { message: "Enter your name.", field: "name" };
    if (!password) return { message: "Enter your password.", field: "password" };
    form.announce("Signing in…");
    const answer = await postJSON("/api/session", { name: name.trim(), password });
    if (!answer.ok) {
      form.announce("");
      return { message: answer.message, field: answer.status === 429 ? null : "password" };
    }
    form.announce(`Signed in as ${answer.data?.user?.name ?? name.trim()}.`);
    location.replace(nextPath(location.search));
    return null;
  },
);

form.field("name").focus();
