// Justified rows, pure: every row but the last is exactly as wide as the pane and as tall as makes its items fit at
// their own aspect ratios (as Flickr and Google Photos lay out photos), so no row leaves a hole under a shorter image.
// The images-per-row setting is a target: it sets the row height rows are broken around. A drop gap can be opened at
// an insertion index as one more square slot.
//
// The layout is kept in typed arrays (no object per item) so that 100,000 items lay out in a few milliseconds; the
// rows a viewport band meets are found by binary search over the row tops.

import { kindAspect } from "./itemKinds.js";

/** Space between items in a row and between rows, in pixels (matches --gutter in styles.css). */
export const GUTTER = 8;

/** The narrowest and widest an item is laid out (width over height): a 1×100 strip is drawn as 1×4, cropped. */
export const MIN_ASPECT = 1 / 4;
export const MAX_ASPECT = 4;

/**
 * @typedef {object} LayoutItem
 * @property {string} [state] "ready", "pending", "failed", …
 * @property {string} [kind] "image", "video", "note" or "link" (image when not said)
 * @property {number} [width] the image's width in pixels, once known
 * @property {number} [height] the image's height in pixels, once known
 */

/**
 * @typedef {object} Rect
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * A laid-out gallery. Slots are the items in order with, when `gapIndex` is not -1, one more slot (the gap) at that
 * position; the items from `gapIndex` on are one slot further. Row `r` holds slots `rowStart[r]` up to (not including)
 * `rowStart[r + 1]`, from `rowTop[r]`, `rowHeight[r]` tall.
 * @typedef {object} JustifiedLayout
 * @property {number} paneWidth the width rows fill
 * @property {number} targetHeight the height rows are broken around (the last row keeps it)
 * @property {number} perRow the target number of items per row the layout was made for
 * @property {number} itemCount
 * @property {number} gapIndex the gap's slot, or -1
 * @property {number} slotCount items, plus one with a gap
 * @property {Float64Array} x left of each slot
 * @property {Float64Array} width width of each slot
 * @property {number} rowCount
 * @property {Int32Array} rowStart first slot of each row; `rowStart[rowCount]` is `slotCount`
 * @property {Float64Array} rowTop
 * @property {Float64Array} rowHeight
 * @property {number} height the whole layout's height
 */

/**
 * Width over height of an item as it is laid out: its image's ratio once known (clamped to MIN_ASPECT…MAX_ASPECT),
 * else the shape of its kind (a note square, a link without preview 4:3, a video 16:9: model/itemKinds.js), square
 * otherwise (placeholders, error tiles).
 * @param {LayoutItem} item
 * @returns {number}
 */
export function aspectOf(item) {
  if (item.state === "ready" && item.width > 0 && item.height > 0) {
    const aspect = item.width / item.height;
    return aspect < MIN_ASPECT ? MIN_ASPECT : aspect > MAX_ASPECT ? MAX_ASPECT : aspect;
  }
  return kindAspect(item) ?? 1;
}

/**
 * Whether an item is drawn at another ratio than its image's (an extreme one, clamped), so the image is cropped.
 * @param {LayoutItem} item
 * @returns {boolean}
 */
export function isCropped(item) {
  return item.state === "ready" && item.width > 0 && item.height > 0 && aspectOf(item) !== item.width / item.height;
}

/**
 * The height rows are broken around for `perRow` items per row in a pane `paneWidth` wide: the side of a square item
 * when `perRow` squares fill a row.
 * @param {number} perRow
 * @param {number} paneWidth
 * @returns {number}
 */
export function targetRowHeight(perRow, paneWidth) {
  const columns = Math.max(1, Math.round(perRow) || 1);
  return Math.max(10, (paneWidth - GUTTER * (columns - 1)) / columns);
}

/**
 * Lays `items` out in justified rows `paneWidth` wide around `perRow` per row. Items are added to a row while it is
 * narrower than the pane at the target height; the item that would make it as wide or wider either joins the row or
 * starts the next one, whichever gives a row height closer to the target (by ratio). Full rows are then scaled to the
 * pane's width exactly; the last row, narrower, keeps the target height and stays left-aligned.
 * @param {LayoutItem[]} items
 * @param {number} perRow target items per row
 * @param {number} paneWidth
 * @param {number|null} [gapIndex] an insertion index at which to open a square gap slot
 * @returns {JustifiedLayout}
 */
export function computeLayout(items, perRow, paneWidth, gapIndex = null) {
  const itemCount = items.length;
  const gap = gapIndex === null || gapIndex === undefined ? -1 : Math.min(Math.max(0, gapIndex), itemCount);
  const slotCount = itemCount + (gap === -1 ? 0 : 1);
  const width = Math.max(10, paneWidth);
  const target = targetRowHeight(perRow, width);

  const aspects = new Float64Array(slotCount);
  for (let slot = 0, index = 0; slot < slotCount; slot++) {
    aspects[slot] = slot === gap ? 1 : aspectOf(items[index++]);
  }

  const x = new Float64Array(slotCount);
  const widths = new Float64Array(slotCount);
  const rowStart = new Int32Array(slotCount + 1);
  const rowTop = new Float64Array(slotCount);
  const rowHeight = new Float64Array(slotCount);
  // state[0] is the row count, state[1] the next row's top: kept in an array, so closeRow is a plain function (a
  // closure over changing variables made the whole layout about half again slower).
  const state = new Float64Array(2);
  const arrays = { aspects, x, widths, rowStart, rowTop, rowHeight, width, state };

  let start = 0;
  let sum = 0; // of the aspects in the row so far
  for (let slot = 0; slot < slotCount; slot++) {
    const count = slot - start; // items in the row before this one
    const withIt = sum + aspects[slot];
    if (withIt * target + count * GUTTER < width) {
      sum = withIt;
      continue;
    }
    const heightWith = (width - count * GUTTER) / withIt;
    const heightWithout = count > 0 ? (width - (count - 1) * GUTTER) / sum : Infinity;
    // Closer by ratio: with it the row is at most target tall, without it at least target tall.
    if (target * target <= heightWith * heightWithout) {
      closeRow(arrays, start, slot + 1, heightWith, true);
      start = slot + 1;
      sum = 0;
    } else {
      closeRow(arrays, start, slot, heightWithout, true);
      start = slot;
      sum = aspects[slot];
      if (sum * target >= width) {
        // alone and still too wide: a row of its own, as wide as the pane
        closeRow(arrays, start, slot + 1, width / sum, true);
        start = slot + 1;
        sum = 0;
      }
    }
  }
  if (start < slotCount) closeRow(arrays, start, slotCount, target, false);
  const rowCount = state[0];
  const top = state[1];
  rowStart[rowCount] = slotCount;

  return {
    paneWidth: width,
    targetHeight: target,
    perRow: Math.max(1, Math.round(perRow) || 1),
    itemCount,
    gapIndex: gap,
    slotCount,
    x,
    width: widths,
    rowCount,
    rowStart: rowStart.subarray(0, rowCount + 1),
    rowTop: rowTop.subarray(0, rowCount),
    rowHeight: rowHeight.subarray(0, rowCount),
    height: Math.max(0, top - GUTTER),
  };
}

/** Places slots start…end-1 as one row `height` tall at the next row's top; `stretch` ends it at the pane's edge. */
function closeRow({ aspects, x, widths, rowStart, rowTop, rowHeight, width, state }, start, end, height, stretch) {
  let left = 0;
  for (let slot = start; slot < end; slot++) {
    const w = aspects[slot] * height;
    x[slot] = left;
    widths[slot] = w;
    left += w + GUTTER;
  }
  if (stretch) widths[end - 1] = width - x[end - 1]; // exact to the pane's edge, whatever the rounding
  const row = state[0];
  rowStart[row] = start;
  rowTop[row] = state[1];
  rowHeight[row] = height;
  state[0] = row + 1;
  state[1] += height + GUTTER;
}

/**
 * The slot an item is in (one further from the gap on).
 * @param {JustifiedLayout} layout
 * @param {number} itemIndex
 * @returns {number}
 */
export function slotOfItem(layout, itemIndex) {
  return layout.gapIndex !== -1 && itemIndex >= layout.gapIndex ? itemIndex + 1 : itemIndex;
}

/**
 * The item in a slot, or -1 for the gap.
 * @param {JustifiedLayout} layout
 * @param {number} slot
 * @returns {number}
 */
export function itemOfSlot(layout, slot) {
  if (layout.gapIndex === -1 || slot < layout.gapIndex) return slot;
  return slot === layout.gapIndex ? -1 : slot - 1;
}

/**
 * The row holding a slot (binary search over the rows' first slots).
 * @param {JustifiedLayout} layout
 * @param {number} slot
 * @returns {number}
 */
export function rowOfSlot(layout, slot) {
  let low = 0;
  let high = layout.rowCount - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (layout.rowStart[middle] <= slot) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The rectangle of a slot.
 * @param {JustifiedLayout} layout
 * @param {number} slot
 * @returns {Rect}
 */
export function slotRect(layout, slot) {
  const row = rowOfSlot(layout, slot);
  return { x: layout.x[slot], y: layout.rowTop[row], width: layout.width[slot], height: layout.rowHeight[row] };
}

/**
 * The rectangle of an item.
 * @param {JustifiedLayout} layout
 * @param {number} itemIndex
 * @returns {Rect}
 */
export function itemRect(layout, itemIndex) {
  return slotRect(layout, slotOfItem(layout, itemIndex));
}

/**
 * The gap's rectangle, or null without a gap.
 * @param {JustifiedLayout} layout
 * @returns {Rect|null}
 */
export function gapRect(layout) {
  return layout.gapIndex === -1 ? null : slotRect(layout, layout.gapIndex);
}

/**
 * The first row whose bottom is at or below `y` (rowCount when none is): binary search over the row tops.
 * @param {JustifiedLayout} layout
 * @param {number} y
 * @returns {number}
 */
export function firstRowEndingAtOrBelow(layout, y) {
  let low = 0;
  let high = layout.rowCount;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (layout.rowTop[middle] + layout.rowHeight[middle] < y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The items whose rows meet the band [top, bottom]: a range of item indices, `start` up to (not including) `end`
 * (empty when start === end). Found by binary search, so it costs the same for ten items or a hundred thousand.
 * @param {JustifiedLayout} layout
 * @param {number} top
 * @param {number} bottom
 * @returns {{start: number, end: number}}
 */
export function visibleRange(layout, top, bottom) {
  const first = firstRowEndingAtOrBelow(layout, top);
  if (first >= layout.rowCount || layout.rowTop[first] > bottom) return { start: 0, end: 0 };
  let low = first;
  let high = layout.rowCount - 1;
  while (low < high) {
    // the last row starting at or above `bottom`
    const middle = (low + high + 1) >> 1;
    if (layout.rowTop[middle] <= bottom) low = middle;
    else high = middle - 1;
  }
  const firstSlot = layout.rowStart[first];
  const endSlot = layout.rowStart[low + 1];
  const start = firstSlot === layout.gapIndex ? firstSlot : itemOfSlot(layout, firstSlot);
  const end = layout.gapIndex !== -1 && endSlot > layout.gapIndex ? endSlot - 1 : endSlot;
  return { start, end: Math.max(start, end) };
}

/**
 * The insertion index for a point (in layout coordinates) over a layout made without a gap: in the row under the
 * point (a row reaches down to half the gutter below it), before the item under it when on that item's left half,
 * after it on its right half; after the row's last item right of it; at the end below every row.
 * @param {JustifiedLayout} layout
 * @param {number} x
 * @param {number} y
 * @returns {number}
 */
export function insertionIndexAt(layout, x, y) {
  if (layout.itemCount === 0 || layout.rowCount === 0) return 0;
  const row = firstRowEndingAtOrBelow(layout, y - GUTTER / 2);
  if (row >= layout.rowCount) return layout.itemCount;
  const start = layout.rowStart[row];
  const end = layout.rowStart[row + 1];
  let low = start;
  let high = end - 1;
  while (low < high) {
    // the last slot starting left of x (or the first)
    const middle = (low + high + 1) >> 1;
    if (layout.x[middle] <= x) low = middle;
    else high = middle - 1;
  }
  const after = x > layout.x[low] + layout.width[low] / 2 ? 1 : 0;
  return Math.min(layout.itemCount, low + after);
}

/**
 * For the arrow keys Up and Down: the item in the row above (`step` -1) or below (`step` 1) whose centre is nearest
 * horizontally to the item's centre; the first item from the first row going up, the last from the last row going
 * down. Over a layout made without a gap.
 * @param {JustifiedLayout} layout
 * @param {number} itemIndex
 * @param {number} step -1 or 1
 * @returns {number}
 */
export function verticalNeighbour(layout, itemIndex, step) {
  if (layout.itemCount === 0) return -1;
  const row = rowOfSlot(layout, itemIndex) + (step < 0 ? -1 : 1);
  if (row < 0) return 0;
  if (row >= layout.rowCount) return layout.itemCount - 1;
  const centre = layout.x[itemIndex] + layout.width[itemIndex] / 2;
  let best = layout.rowStart[row];
  let distance = Infinity;
  for (let slot = layout.rowStart[row]; slot < layout.rowStart[row + 1]; slot++) {
    const d = Math.abs(layout.x[slot] + layout.width[slot] / 2 - centre);
    if (d < distance) {
      distance = d;
      best = slot;
    }
  }
  return best;
}
