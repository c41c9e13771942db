// Grid layout, pure: each item at its own aspect ratio in a column of equal width, rows as tall as their tallest item
// (the seed's flow layout). A gap slot can be opened at an insertion index.

export const GUTTER = 8;

/** Height over width of an item: its image's ratio once known, square otherwise (placeholders, error tiles). */
export function aspectOf(item) {
  if (item.state === "ready" && item.width > 0 && item.height > 0) return item.height / item.width;
  return 1;
}

/**
 * Positions for `items` at `perRow` per row in a container `width` wide.
 * With `gapIndex` set, an empty slot is opened there and the following items move one place on.
 * Returns { slots: [{x, y, width, height}] (one per item), gap: slot|null, rows: [{top, bottom, first}], height, columnWidth }.
 */
export function computeLayout(items, perRow, width, gapIndex = null) {
  const columns = Math.max(1, perRow);
  const columnWidth = Math.max(10, (width - GUTTER * (columns - 1)) / columns);
  const count = items.length + (gapIndex === null ? 0 : 1);
  const slots = new Array(items.length);
  const rows = [];
  let gap = null;
  let y = 0;
  for (let start = 0; start < count; start += columns) {
    let rowHeight = 0;
    const cells = [];
    for (let position = start; position < Math.min(start + columns, count); position++) {
      const isGap = gapIndex !== null && position === gapIndex;
      const itemIndex = gapIndex !== null && position > gapIndex ? position - 1 : position;
      const height = isGap ? columnWidth : columnWidth * aspectOf(items[itemIndex]);
      rowHeight = Math.max(rowHeight, height);
      cells.push({ isGap, itemIndex, column: position - start, height });
    }
    for (const cell of cells) {
      const slot = { x: cell.column * (columnWidth + GUTTER), y, width: columnWidth, height: cell.isGap ? rowHeight : cell.height };
      if (cell.isGap) gap = slot;
      else slots[cell.itemIndex] = slot;
    }
    rows.push({ top: y, bottom: y + rowHeight, first: start });
    y += rowHeight + GUTTER;
  }
  return { slots, gap, rows, height: Math.max(0, y - GUTTER), columnWidth, perRow: columns };
}

/** The insertion index for a point (in list coordinates) over a layout made without a gap. */
export function insertionIndexAt(layout, count, x, y) {
  if (count === 0 || layout.rows.length === 0) return 0;
  let row = layout.rows.findIndex((r) => y < r.bottom + GUTTER / 2);
  if (row === -1) return count;
  const column = Math.min(layout.perRow - 1, Math.max(0, Math.floor(x / (layout.columnWidth + GUTTER))));
  const cellLeft = column * (layout.columnWidth + GUTTER);
  const after = x > cellLeft + layout.columnWidth / 2 ? 1 : 0;
  return Math.min(count, layout.rows[row].first + column + after);
}

/** Indices of items whose slots meet the band [top, bottom]. */
export function visibleRange(layout, top, bottom) {
  const visible = [];
  layout.slots.forEach((slot, index) => {
    if (slot && slot.y + slot.height >= top && slot.y <= bottom) visible.push(index);
  });
  return visible;
}
