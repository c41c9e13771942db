// How a person turned an item's image ({quarterTurns, mirrored}: the server keeps it; the file stays as it is, and
// the server makes its thumbnails turned): shown mirrored left to right first, then turned clockwise. An item's
// width and height, and its thumbnails', are told as it is shown; its file's are the other way round when it is
// turned a quarter. The page turns only the file itself with CSS (turnTransform): in the viewer past the largest
// thumbnail, and for an image without thumbnails (small, animated, or served without libvips).

/** @typedef {{quarterTurns: number, mirrored: boolean}} Orientation */

/** Whether `orientation` shows the file's width as the item's height (a quarter turn either way). */
export function swapsSides(/** @type {Orientation | null | undefined} */ orientation) {
  return (orientation?.quarterTurns ?? 0) % 2 === 1;
}

/** Whether `orientation` shows the file otherwise than it is (turned or mirrored). */
export function isTurned(/** @type {Orientation | null | undefined} */ orientation) {
  return (orientation?.quarterTurns ?? 0) % 4 !== 0 || Boolean(orientation?.mirrored);
}

/** The CSS transform that shows the file's image turned as `orientation` says ("" when it is not turned). */
export function turnTransform(/** @type {Orientation | null | undefined} */ orientation) {
  const turns = (((orientation?.quarterTurns ?? 0) % 4) + 4) % 4;
  const parts = [];
  if (turns) parts.push(`rotate(${turns * 90}deg)`);
  if (orientation?.mirrored) parts.push("scaleX(-1)");
  return parts.join(" ");
}

/** The width and height of an item's file (the item's as shown, swapped back for a quarter turn). */
export function fileSize(/** @type {{width?: number, height?: number, orientation?: Orientation | null}} */ item) {
  return swapsSides(item.orientation)
    ? { width: item.height, height: item.width }
    : { width: item.width, height: item.height };
}
