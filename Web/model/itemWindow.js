// Which part of a big gallery a pane holds, pure (issue "A million items"). A gallery of more than WINDOWED_ABOVE
// items is held as one window of at most MAX_WINDOW items near what is shown (model/replica.js keeps it up to date);
// the views place it at its position in the whole gallery, and tell which positions are in view. This says what to
// read next for those positions: the page after the window, the page before it, or a page somewhere else (a jump).

/** Items read per request. */
export const PAGE = 500;
/** The most items a window holds: pages further from what is read last are let go. */
export const MAX_WINDOW = 1000;
/** Galleries up to this many items are read whole (in the background, after their first window). */
export const WINDOWED_ABOVE = 5000;

/** Whether a gallery of `count` items is held as a window. */
export function isWindowedCount(count) {
  return count > WINDOWED_ABOVE;
}

/**
 * What to read so that the positions `first` to `last` (in view, estimated) are held, for a window of `length` items
 * from `offset` in a gallery of `total`: null (nothing), `{ after: true }` (the page after the window),
 * `{ before: true }` (the page before it) or `{ position }` (a page from there, in place of the window). Pages next to
 * the window are read while the view is within `margin` positions of its edge; a view further than a page away jumps.
 */
export function windowRequest({ offset, length, total }, first, last, margin = PAGE / 2) {
  if (total <= 0) return null;
  const from = Math.min(Math.max(0, Math.floor(first)), total - 1);
  const to = Math.min(Math.max(from, Math.ceil(last)), total - 1);
  const end = offset + length;
  if (!length || to < offset - PAGE || from >= end + PAGE) {
    return { position: Math.max(0, Math.min(total - PAGE, from - PAGE / 4)) };
  }
  if (from < offset) return { before: true };
  if (to >= end) return { after: true };
  if (offset > 0 && from < offset + margin) return { before: true };
  if (end < total && to >= end - margin) return { after: true };
  return null;
}

/** The part `[start, start + count)` of `length` items a window keeps when it grows past `max`: centred on the page
 * just read (at `pageStart`, `pageLength` items), inside the items. */
export function keptRange(length, pageStart, pageLength, max = MAX_WINDOW) {
  if (length <= max) return { start: 0, count: length };
  const centre = pageStart + Math.floor(pageLength / 2);
  const start = Math.min(length - max, Math.max(0, centre - Math.floor(max / 2)));
  return { start, count: max };
}

/**
 * Whether a view sits at the end of what it scrolls: `scrollTop` + `clientHeight` within `slack` pixels of
 * `scrollHeight`. A view at the top (`scrollTop` 0) is not, so that a list growing from nothing, or shorter than the
 * view, stays at its start.
 * @param {{scrollTop: number, clientHeight: number, scrollHeight: number}} view
 * @param {number} [slack]
 */
export function isAtEnd({ scrollTop, clientHeight, scrollHeight }, slack = 2) {
  return scrollTop > 0 && scrollTop + clientHeight >= scrollHeight - slack;
}

/**
 * Where a view is scrolled once its list changes height (`nextScrollHeight`, the scroller's new scroll height): kept at
 * the end if it sat at the end of the list it showed (`isAtEnd`), else left where it is. A big gallery's rows not read
 * yet are estimated: when the view is dragged to the end and the real rows there turn out taller than estimated, the
 * list grows under the view, and without this the last row would lie below it until the person scrolled again.
 * @param {{scrollTop: number, clientHeight: number, scrollHeight: number}} view
 * @param {number} nextScrollHeight
 * @param {number} [slack]
 * @returns {number} the scroll top to use
 */
export function scrollTopKeepingEnd(view, nextScrollHeight, slack = 2) {
  return isAtEnd(view, slack) ? Math.max(0, nextScrollHeight - view.clientHeight) : view.scrollTop;
}
