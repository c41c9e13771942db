// Which listener owns each pointer pressed on an element (the board's items): the pan and pinch gestures, a tile's
// resize handle, the drag sensor or the marquee. Where the element has a rule (`route`: the board's,
// model/pressOwner.js), each press is given to one owner by that rule, once, by whichever listener asks first
// (`ownerOfPress`, `takes`): the listeners agree whatever order they hear the press in, and none has to hear it
// first. The owner claims the pointer with what to do if it loses it, or lets it go when it cannot use the press. A
// press may take pointers from their owners (a second finger makes the first finger's press part of a pinch): the
// one that had a pointer is told through the `lost` callback it claimed with, instead of events being stopped for
// others to read.

/**
 * @typedef {{owner: string, lost: () => void}} Claim
 * @typedef {{pointerId: number, pointerType: string, owner: string | null}} Held a pointer down on the element
 * @typedef {{pointerId: number, pointerType: string}} Press what the registry reads of a pointerdown event
 * @typedef {(event: any, held: Held[]) => {owner: string | null, takes: number[]}} Rule who owns the press
 *   `event`, given the pointers `held` down on the element already, and which of those it takes
 */

/** Each element's registry. @type {WeakMap<object, ReturnType<typeof makeRegistry>>} */
const registries = new WeakMap();

/** The pointers' owners on `element` (the same for every listener on it). */
export function pointerOwners(/** @type {object} */ element) {
  let registry = registries.get(element);
  if (!registry) {
    registry = makeRegistry();
    registries.set(element, registry);
  }
  return registry;
}

function makeRegistry() {
  /** Who owns each pointer: pointer id → claim. @type {Map<number, Claim>} */
  const claims = new Map();
  /** The pointers pressed on the element while it has a rule, until they end: pointer id → pointer type.
   * @type {Map<number, string>} */
  const down = new Map();
  /** @type {Rule | null} */
  let rule = null;
  /** Each press's owner, as the rule gave it. @type {WeakMap<object, string | null>} */
  const decided = new WeakMap();

  /** Makes `owner` the pointer's owner; one that owned it before loses it (its `lost` is called). */
  const claim = (/** @type {number} */ pointerId, /** @type {string} */ owner, lost = () => {}) => {
    const before = claims.get(pointerId);
    claims.set(pointerId, { owner, lost });
    if (before && before.owner !== owner) before.lost();
  };
  /** The pointer ended: it is no one's, and no longer down. */
  const ended = (/** @type {number} */ pointerId) => {
    down.delete(pointerId);
    claims.delete(pointerId);
  };

  /** Who owns the press `event` (a pointerdown): decided by the rule the first time anyone asks. */
  const ownerOfPress = (/** @type {Press} */ event) => {
    const known = decided.get(event);
    if (known !== undefined || !rule) return known ?? null;
    const { pointerId, pointerType } = event;
    if (down.has(pointerId) || claims.has(pointerId)) {
      // Pressed again: its end was missed. Whoever held it loses it.
      const stale = claims.get(pointerId);
      ended(pointerId);
      stale?.lost();
    }
    const held = [...down].map(([id, type]) => ({
      pointerId: id,
      pointerType: type,
      owner: claims.get(id)?.owner ?? null,
    }));
    const { owner, takes } = rule(event, held);
    down.set(pointerId, pointerType);
    decided.set(event, owner);
    if (owner) {
      claim(pointerId, owner);
      for (const id of takes) claim(id, owner);
    }
    return owner;
  };

  return {
    /** Who owns the pointer `pointerId`, or null. */
    ownerOf: (/** @type {number} */ pointerId) => claims.get(pointerId)?.owner ?? null,
    claim,
    /** The pointer ended, or its press was of no use: `owner` lets it go (a pointer someone else took is theirs). */
    release(/** @type {number} */ pointerId, /** @type {string} */ owner) {
      if (claims.get(pointerId)?.owner === owner) claims.delete(pointerId);
    },
    /** Gives the element's presses to owners by `rule` (until the returned cleanup: then the pointers down on it are
     * forgotten). */
    route(/** @type {Rule} */ next) {
      rule = next;
      return () => {
        if (rule !== next) return;
        rule = null;
        for (const pointerId of [...down.keys()]) ended(pointerId);
      };
    },
    ownerOfPress,
    /** Whether `owner` takes the press `event`: the rule says (once for each press, whoever asks first); without a
     * rule, anyone takes a pointer no one holds. An owner that takes a press it cannot use lets it go (`release`). */
    takes(/** @type {Press} */ event, /** @type {string} */ owner) {
      if (rule || decided.has(event)) return ownerOfPress(event) === owner;
      return !claims.has(event.pointerId);
    },
    /** The pointer `pointerId` went up or was cancelled (told by whoever routes the element's presses). */
    ended,
  };
}
