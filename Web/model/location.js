// The page's address, pure: `/g/{id}` shows one gallery, `/g/{id}?beside={id2}` a second one beside it; `view` (and
// `besideView` for the second pane) says how a pane shows its gallery when it is not the gallery's own choice.

/** The ways a pane shows its gallery. */
export const VIEWS = ["grid", "list", "board"];

/** `view` when it is one of ``VIEWS``, else null. */
export function knownView(view) {
  return VIEWS.includes(view) ? view : null;
}

/**
 * The galleries a page address shows, in pane order (one or two ids; the same gallery twice counts once), and the
 * view asked for each (null: the gallery's own).
 */
export function parseGalleryURL({ pathname, search }) {
  const first = decodeURIComponent(pathname.split("/")[2] ?? "");
  const query = new URLSearchParams(search);
  const beside = query.get("beside");
  const panes = [{ galleryId: first, view: knownView(query.get("view")) }];
  if (beside && beside !== first) panes.push({ galleryId: beside, view: knownView(query.get("besideView")) });
  const shown = panes.filter((pane) => pane.galleryId);
  return { galleryIds: shown.map((pane) => pane.galleryId), views: shown.map((pane) => pane.view) };
}

/** The page address for these panes ({galleryId, view}: the first is the page's own, a second is beside it); a view
 * is written only when given (null: the gallery's own). */
export function galleryURL([first, beside]) {
  const query = new URLSearchParams();
  if (first.view) query.set("view", first.view);
  if (beside) query.set("beside", beside.galleryId);
  if (beside?.view) query.set("besideView", beside.view);
  const search = query.toString();
  return `/g/${encodeURIComponent(first.galleryId)}${search ? `?${search}` : ""}`;
}
