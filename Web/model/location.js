// The page's address, pure: `/g/{id}` shows one gallery, `/g/{id}?beside={id2}` a second one beside it.

/** The galleries a page address shows, in pane order (one or two ids; the same gallery twice counts once). */
export function parseGalleryURL({ pathname, search }) {
  const first = decodeURIComponent(pathname.split("/")[2] ?? "");
  const beside = new URLSearchParams(search).get("beside");
  const galleryIds = [first];
  if (beside && beside !== first) galleryIds.push(beside);
  return { galleryIds: galleryIds.filter(Boolean) };
}

/** The page address for these galleries (the first is the page's own, a second is beside it). */
export function galleryURL([first, beside]) {
  const path = `/g/${encodeURIComponent(first)}`;
  return beside ? `${path}?beside=${encodeURIComponent(beside)}` : path;
}
