// List layout, pure: one row per item, all as tall, in gallery order; an insertion line between two rows while
// something is dragged over the list.

/** The height of a row, gutter included, in CSS pixels. */
export const ROW_HEIGHT = 56;

/** The height of a list of `count` rows. */
export function listHeight(count) {
  return count * ROW_HEIGHT;
}

/** The top of row `index`. */
export function rowTop(index) {
  return index * ROW_HEIGHT;
}

/** The rows that meet the band [top, bottom]: indices `start` (included) to `end` (excluded). */
export function visibleRows(count, top, bottom) {
  const start = Math.min(count, Math.max(0, Math.floor(top / ROW_HEIGHT)));
  const end = Math.min(count, Math.max(start, Math.ceil(bottom / ROW_HEIGHT)));
  return { start, end };
}

/** Where something dropped at `y` (list coordinates) goes: before the row whose middle is below `y`. */
export function listInsertionIndex(count, y) {
  return Math.min(count, Math.max(0, Math.round(y / ROW_HEIGHT)));
}

/** The index one step from `index` by the arrow keys: Up/Left the row before, Down/Right the one after. */
export function listStep(count, index, direction) {
  const step = direction === "up" || direction === "left" ? -1 : 1;
  return Math.min(count - 1, Math.max(0, index + step));
}
