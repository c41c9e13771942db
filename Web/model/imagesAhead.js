// The images the viewer readies ahead of a step, pure: the files of the items around the one shown are fetched (most
// wanted first: the next the way it steps), a few are kept, and they are decoded one at a time, nearest first, while
// the stage readies nothing of its own. A decode the browser has begun cannot be stopped, and the browser decodes one
// image at a time: decodes asked for every image a held key passes would queue up before the one the stage waits for.

/** How many files fetched ahead are kept (the newest wanted first); the others stop loading. */
export const KEPT_AHEAD = 8;

/**
 * What to hold after `wanted` (URLs, most wanted first) replaces the files held (`held`, in the order held): `kept`,
 * the wanted ones first, then those held before, up to `limit`; `stopped`, the ones let go.
 * @param {string[]} held
 * @param {string[]} wanted
 * @returns {{kept: string[], stopped: string[]}}
 */
export function keptAhead(held, wanted, limit = KEPT_AHEAD) {
  const fresh = [...new Set(wanted)];
  const all = [...fresh, ...held.filter((url) => !fresh.includes(url))];
  return { kept: all.slice(0, limit), stopped: all.slice(limit) };
}

/**
 * The file to decode next (null: none): the first of `wanted` held and neither decoded nor failed, unless one is
 * being decoded (`busy`) or the stage is readying its own image (`paused`).
 * @param {{url: string, decoded?: boolean, failed?: boolean}[]} held
 * @param {string[]} wanted most wanted first
 * @param {{busy: boolean, paused: boolean}} now
 * @returns {string | null}
 */
export function nextToDecode(held, wanted, { busy, paused }) {
  if (busy || paused) return null;
  for (const url of wanted) {
    const entry = held.find((each) => each.url === url);
    if (entry && !entry.decoded && !entry.failed) return url;
  }
  return null;
}
