// Seeded randomness for the property tests (not a test file itself): the same seed gives the same run, so a failure
// names its seed and can be replayed alone.

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [low, high]. */
export function integer(random, low, high) {
  return low + Math.floor(random() * (high - low + 1));
}

/** A random element of a non-empty list (undefined for an empty one). */
export function element(random, list) {
  return list.length ? list[Math.floor(random() * list.length)] : undefined;
}

/** A shuffled copy of a list (Fisher–Yates). */
export function shuffle(list, random) {
  const copy = list.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A value frozen all the way down, so that a test notices if the code under test changes what it was given. */
export function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const each of Object.values(value)) deepFreeze(each);
  }
  return value;
}
