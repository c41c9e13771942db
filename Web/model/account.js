// The Account dialog's pure rules: what is wrong with a password change before it is sent (the rules of a good
// password itself are the server's, and its message is shown), and how tokens are listed and named.

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** Why a change from `current` to `next` cannot be sent, with the field to fix; null when it can. */
export function passwordProblem(current, next) {
  if (!current) return { field: "current", message: "Enter your current password." };
  if (!next) return { field: "new", message: "Enter a new password." };
  if (next === current) return { field: "new", message: "The new password is the same as the current one." };
  return null;
}

/** Tokens as GET /api/tokens has them, by name (as people read them: "token 2" before "token 10"). */
export function sortedTokens(tokens) {
  return [...(tokens ?? [])].sort((a, b) => collator.compare(a.name, b.name));
}

/** "made 3 May 2025, 14:05:09" (in the page's time zone unless one is given). */
export function tokenMade(token, timeZone = undefined) {
  const date = new Date(token?.createdAt ?? "");
  if (Number.isNaN(date.getTime())) return "";
  return `made ${date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone })}`;
}
