// What the signed-in person may do with a gallery, by their role in it ("owner", "editor" or "viewer"), pure. A
// gallery without a role (a server without sign-in) is the person's own. The server checks every change anyway; this
// only keeps the page from offering what it would refuse.

const RANK = { viewer: 1, editor: 2, owner: 3 };

/** The role, or "owner" when the server did not say. */
export function roleOf(gallery) {
  return RANK[gallery?.role] ? gallery.role : "owner";
}

/** Whether the items may be changed: dropped, moved, trashed, undone (editors and owners). */
export function canChange(role) {
  return (RANK[role] ?? RANK.owner) >= RANK.editor;
}

/** Whether the gallery may be renamed (editors and owners). */
export const canRename = canChange;

/** Whether the gallery may be deleted, restored and shared (its owner only). */
export function isOwner(role) {
  return (RANK[role] ?? RANK.owner) === RANK.owner;
}

/** The gallery browser's actions on a gallery of this role, in menu order (anyone may duplicate: the copy is theirs). */
export function galleryActions(role) {
  return ["rename", "duplicate", "export", "delete"].filter(
    (action) =>
      (action === "rename" && canRename(role)) ||
      action === "duplicate" ||
      action === "export" ||
      (action === "delete" && isOwner(role)),
  );
}

/** What a card says about a gallery someone else shared ("Shared with you · viewer"); "" for one's own. */
export function roleText(role) {
  return role === "viewer" || role === "editor" ? `Shared with you · ${role}` : "";
}

/** The galleries items may be moved or copied into. */
export function changeableGalleries(galleries) {
  return galleries.filter((gallery) => canChange(roleOf(gallery)));
}

/** Whether this is a read-only link's session (one gallery, nobody signed in). */
export function isLinkSession(session) {
  return Boolean(session?.galleryId) && !session?.user;
}
