// The page's address, pure: `/g/{id}` shows one gallery, `/g/{id}?beside={id2}` a second one beside it; `view` (and
// `besideView` for the second pane) says how a pane shows its gallery when it is not the gallery's own choice;
// `/g/{id}/items/{itemId}` is the same page with that item of the first gallery open in the viewer, and
// `/g/{id}?select={itemId}` with that item selected and focused (a search result opened in its gallery).

/** The ways a pane shows its gallery. */
export const VIEWS = ["grid", "list", "board"];

/** `view` when it is one of ``VIEWS``, else null. */
export function knownView(view) {
  return VIEWS.includes(view) ? view : null;
}

/**
 * The galleries a page address shows, in pane order (one or two ids; the same gallery twice counts once), the view
 * asked for each (null: the gallery's own), the item open in the viewer (null: none) and the item to select (null:
 * none).
 */
export function parseGalleryURL({ pathname, search }) {
  const parts = pathname.split("/");
  const first = decodeURIComponent(parts[2] ?? "");
  const itemId = parts[3] === "items" && parts[4] ? decodeURIComponent(parts[4]) : null;
  const query = new URLSearchParams(search);
  const beside = query.get("beside");
  const panes = [{ galleryId: first, view: knownView(query.get("view")) }];
  if (beside && beside !== first) panes.push({ galleryId: beside, view: knownView(query.get("besideView")) });
  const shown = panes.filter((pane) => pane.galleryId);
  return {
    galleryIds: shown.map((pane) => pane.galleryId),
    views: shown.map((pane) => pane.view),
    itemId: first ? itemId : null,
    select: first ? query.get("select") || null : null,
  };
}

/** The page address for these panes ({galleryId, view}: the first is the page's own, a second is beside it); a view
 * is written only when given (null: the gallery's own); `itemId`: an item of the first gallery open in the viewer;
 * `select`: an item of the first gallery to select. */
export function galleryURL([first, beside], itemId = null, select = null) {
  const query = new URLSearchParams();
  if (select) query.set("select", select);
  if (first.view) query.set("view", first.view);
  if (beside) query.set("beside", beside.galleryId);
  if (beside?.view) query.set("besideView", beside.view);
  const search = query.toString();
  const item = itemId ? `/items/${encodeURIComponent(itemId)}` : "";
  return `/g/${encodeURIComponent(first.galleryId)}${item}${search ? `?${search}` : ""}`;
}
