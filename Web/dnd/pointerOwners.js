// Which listener owns each pointer pressed on an element (the board's items): the pan and pinch gestures, a tile's
// resize handle, the drag sensor or the marquee. A listener claims the pointer whose press it takes; the others leave
// a pointer that is not theirs alone; and one that takes a pointer from another (a second finger makes the first
// finger's press part of a pinch) tells it through the `lost` callback it claimed with, instead of sending events
// for others to read.

/** @typedef {{owner: string, lost: () => void}} Claim */

/** Each element's claims: pointer id → who owns it. @type {WeakMap<Element, Map<number, Claim>>} */
const claimsOf = new WeakMap();

/** The pointers' owners on `element` (the same for every listener on it). */
export function pointerOwners(/** @type {Element} */ element) {
  let claims = claimsOf.get(element);
  if (!claims) {
    claims = new Map();
    claimsOf.set(element, claims);
  }
  const held = claims;
  return {
    /** Who owns the pointer `pointerId`, or null. */
    ownerOf: (/** @type {number} */ pointerId) => held.get(pointerId)?.owner ?? null,
    /** Makes `owner` the pointer's owner; one that owned it before loses it (its `lost` is called). */
    claim(/** @type {number} */ pointerId, /** @type {string} */ owner, lost = () => {}) {
      const before = held.get(pointerId);
      held.set(pointerId, { owner, lost });
      if (before && before.owner !== owner) before.lost();
    },
    /** The pointer ended: `owner` lets it go (a pointer someone else took is theirs). */
    release(/** @type {number} */ pointerId, /** @type {string} */ owner) {
      if (held.get(pointerId)?.owner === owner) held.delete(pointerId);
    },
  };
}
