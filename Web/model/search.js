// A search across galleries as the page holds it, pure: what is searched (`q`, and the filters `kind`, `tag` and
// `gallery`), its address (`/search?q=…&kind=…`, so that Back and reload keep it), the API query that reads a page of
// its results, and those results in the shape of a gallery's page of items, so that a pane keeps them as it keeps a
// gallery (net/itemSources.js).

/** Results read per request (the API's most). */
export const RESULTS_PAGE = 200;
/** The kinds of item a search may be narrowed to, with their names. */
export const SEARCH_KINDS = { image: "Images", video: "Videos", link: "Links", note: "Notes" };

/** The id a pane of search results goes by where a gallery's id is asked for (a drag's source, the clipboard): no
 * gallery has it (a gallery's id is a UUID), so that nothing takes the results for a gallery's own items. */
export const SEARCH_PANE_ID = "search";

/**
 * @typedef {{q: string, kind: string | null, tag: string | null, gallery: string | null, from: string | null,
 *   to: string | null}} Search `from` and `to`: the first and last day added (`YYYY-MM-DD`, the person's own days)
 */

/** The fields of a search, as its address names them. */
const SEARCH_FIELDS = /** @type {const} */ (["q", "kind", "tag", "gallery", "from", "to"]);

/** A search with `fields` given (any left out is empty; a day that is not one is left out too). @returns {Search} */
export function searchOf({ q = "", kind = null, tag = null, gallery = null, from = null, to = null } = {}) {
  const text = (value) => (typeof value === "string" && value.trim() ? value.trim() : null);
  const day = (value) => (typeof value === "string" && dayStart(value) ? value : null);
  return {
    q: typeof q === "string" ? q : "",
    kind: Object.hasOwn(SEARCH_KINDS, kind ?? "") ? kind : null,
    tag: text(tag),
    gallery: text(gallery),
    from: day(from),
    to: day(to),
  };
}

/** The start of day `text` (`YYYY-MM-DD`) where the person is, `after` days later; null when it is no day. */
export function dayStart(text, after = 0) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  if (after) date.setDate(day + after);
  return date;
}

/** Whether `search` asks for anything: a word (a letter or digit typed) or a tag. */
export function isAsking(search) {
  return /[\p{L}\p{N}]/u.test(search.q) || Boolean(search.tag);
}

/** The search a page address holds (`/search?…`), or null for any other page. */
export function parseSearchURL({ pathname, search }) {
  if (pathname !== "/search") return null;
  const query = new URLSearchParams(search);
  return searchOf(Object.fromEntries(SEARCH_FIELDS.map((name) => [name, query.get(name) ?? undefined])));
}

/** The address of `search`; `beside`: a gallery pane shown beside the results ({galleryId, view}); `view`: how the
 * results are shown when not as a grid. */
export function searchURL(search, beside = null, view = null) {
  const query = new URLSearchParams();
  for (const name of SEARCH_FIELDS) if (search[name]) query.set(name, search[name]);
  if (view) query.set("view", view);
  if (beside) query.set("beside", beside.galleryId);
  if (beside?.view) query.set("besideView", beside.view);
  return `/search?${query}`;
}

/** The API query (`GET /api/search?…`) of the page of `search`'s results from `cursor` (null: the first). Its days
 * are the person's: `from` is the start of the first, `to` the start of the day after the last (the API's `to` is
 * not included). */
export function searchQuery(search, cursor = null, limit = RESULTS_PAGE) {
  const query = new URLSearchParams({ q: search.q });
  if (search.kind) query.set("kind", search.kind);
  if (search.tag) query.set("tag", search.tag);
  if (search.gallery) query.set("gallery", search.gallery);
  const from = search.from && dayStart(search.from);
  const to = search.to && dayStart(search.to, 1);
  if (from) query.set("from", from.toISOString());
  if (to) query.set("to", to.toISOString());
  if (cursor) query.set("cursor", cursor);
  query.set("limit", String(limit));
  return query.toString();
}

/** What the search is called: its words, and its filters. */
export function searchName(search) {
  const parts = [search.q.trim() ? `“${search.q.trim()}”` : null, search.tag ? `tagged ${search.tag}` : null];
  const kind = search.kind ? ` in ${SEARCH_KINDS[search.kind].toLowerCase()}` : "";
  const days =
    search.from && search.to
      ? `, added ${search.from} to ${search.to}`
      : search.from
        ? `, added from ${search.from}`
        : search.to
          ? `, added until ${search.to}`
          : "";
  return `Search ${parts.filter(Boolean).join(", ")}${kind}${days}`.trim();
}

/** How many were found, said in words: "No results", "1 result", "1,000 results", "More than 1,000 results". */
export function countText(count, more = false, indexing = null) {
  const number = count.toLocaleString("en");
  const found = more
    ? `More than ${number} results`
    : count === 0
      ? "No results"
      : count === 1
        ? "1 result"
        : `${number} results`;
  if (!indexing?.total) return found;
  // The index of items kept before it is still being built (`indexing`: how far, as the server tells it).
  const percent = Math.floor((100 * Math.min(indexing.indexed, indexing.total)) / indexing.total);
  return `${found} — the search index is still being built (${percent}%): older items may be missing yet.`;
}

/** The key that keeps result `rank` (0-based) in its place among the others: the results' order is their rank. */
export function rankKey(rank) {
  return String(rank).padStart(8, "0");
}

/**
 * A page of search results (`GET /api/search`'s answer, read from `cursor`) as a gallery's page of items: a gallery
 * that is the search (no id: its items are of many galleries; view only; no events), its items in rank order, each
 * still saying the gallery it is in (`galleryId`, `galleryName`).
 */
export function resultsPage(answer, search, cursor = null) {
  const position = Number(cursor) || 0;
  const items = (Array.isArray(answer?.items) ? answer.items : []).map((item, index) => ({
    ...item,
    orderKey: rankKey(position + index),
  }));
  const count = Math.max(Number(answer?.count) || 0, position + items.length);
  return {
    gallery: {
      id: null,
      name: searchName(search),
      itemCount: count,
      sequence: 0,
      role: "viewer",
      view: "grid",
      imagesPerRow: 4,
      trashCount: 0,
      more: Boolean(answer?.more),
      indexing: answer?.indexing ?? null,
    },
    items,
    position,
    count,
    nextCursor: answer?.nextCursor ?? null,
  };
}
