// Tags as a person types them and as items hold them (issue "Find anything"): a typed tag trimmed and composed as the
// server keeps it (the server alone checks the rest: its length and characters, with its own message), the tags a
// selection holds with how many of its items hold each, and the suggestions for what is being typed.

/**
 * A typed tag as it would be kept (`tag`), or null when nothing was typed.
 * @param {string} text
 */
export function typedTag(text) {
  const tag = String(text ?? "")
    .normalize("NFC")
    .trim();
  return tag || null;
}

/** The key two tags are the same tag by. */
export function tagKey(/** @type {string} */ tag) {
  return tag.normalize("NFC").toLocaleLowerCase();
}

/**
 * The tags `items` hold, each once (as the first item holding it spells it), with how many of the items hold it;
 * in the order of their names.
 * @param {any[]} items
 * @returns {{tag: string, count: number}[]}
 */
export function tagsHeld(items) {
  /** @type {Map<string, {tag: string, count: number}>} */
  const held = new Map();
  for (const item of items) {
    const seen = new Set();
    for (const tag of Array.isArray(item?.tags) ? item.tags : []) {
      const key = tagKey(tag);
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = held.get(key);
      if (entry) entry.count += 1;
      else held.set(key, { tag, count: 1 });
    }
  }
  return [...held.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}

/**
 * What to suggest while `typed` is typed: the known tags starting with it (without regard to case), those not held by
 * every item already, most used first, at most `limit`.
 * @param {string} typed
 * @param {{tag: string, count: number}[]} known tags in use, with how many items hold each
 * @param {{tag: string, count: number}[]} held the selection's tags
 * @param {number} total how many items the selection has
 */
export function tagSuggestions(typed, known, held, total, limit = 8) {
  const start = tagKey(String(typed ?? "").trim());
  const everywhere = new Set(held.filter((each) => each.count >= total).map((each) => tagKey(each.tag)));
  return known
    .filter((each) => tagKey(each.tag).startsWith(start) && !everywhere.has(tagKey(each.tag)))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
    .slice(0, limit)
    .map((each) => each.tag);
}

/** The tags in use as the pane's items show them (`local`, `{tag, count}`) and as the server counts them across every
 * gallery (`everywhere`, `{name, count}` of GET /api/tags): one of each, without regard to case, the larger count. */
export function tagsInUse(local, everywhere) {
  const uses = new Map(local.map((each) => [tagKey(each.tag), each]));
  for (const { name, count } of everywhere) {
    const known = uses.get(tagKey(name));
    if (!known || known.count < count) uses.set(tagKey(name), { tag: known?.tag ?? name, count });
  }
  return [...uses.values()];
}
