// Who a gallery is shared with, pure: the people by name and the links oldest first, and how a link is named (its
// address is shown only when it is made, so later it is known by when it was made).

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** `{users, links}` as GET /api/galleries/ID/shares has them, in the order the dialog lists them. */
export function sortedShares(shares) {
  const users = [...(shares?.users ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const time = (link) => Date.parse(link.createdAt ?? "") || 0;
  const links = [...(shares?.links ?? [])].sort((a, b) => time(a) - time(b) || (a.id < b.id ? -1 : 1));
  return { users, links };
}

/** "link made 3 May 2025, 14:05:09" (in the page's time zone unless one is given). */
export function linkText(link, timeZone = undefined) {
  const date = new Date(link?.createdAt ?? "");
  if (Number.isNaN(date.getTime())) return "link";
  const made = date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone });
  return `link made ${made}`;
}
