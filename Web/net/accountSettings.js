// What the Account dialog does, as requests (net/http.js sends them), each told to the person through the page's
// announcer: their password, and their API tokens for scripts.

import { adoptSession } from "./account.js";
import { copyShown } from "./clipboard.js";
import { request } from "./http.js";

/** The `settings` object view/accountDialog.js works with; each call rejects with the message to show. */
export function accountSettings(announcer) {
  const quiet = { changesNothingShown: true }; // no gallery changes: no event comes back for them
  return {
    /** `[{name, createdAt}]` */
    tokens: async () => (await request("GET", "/api/tokens"))?.tokens ?? [],
    /** `{name, createdAt, token}`: the secret is in this answer only. */
    async createToken(name) {
      const made = await request("POST", "/api/tokens", { name }, quiet);
      announcer.announce(`Made the token ${made?.name ?? name}. Copy it now: it is shown only once.`);
      return made;
    },
    async revokeToken(name) {
      await request("DELETE", `/api/tokens/${encodeURIComponent(name)}`, undefined, quiet);
      announcer.announce(`Revoked the token ${name}: scripts using it are refused from now on.`);
    },
    async changePassword(currentPassword, newPassword) {
      adoptSession(await request("POST", "/api/session/password", { currentPassword, newPassword }, quiet));
      announcer.announce("Changed your password. Every other browser signed in as you is signed out.");
    },
    copy: (text) => copyShown(text, "token", announcer),
  };
}
