// Where a window of a big gallery is drawn in an items view (view/itemsView.js): the items are the window, drawn
// `view.shift` pixels down (where its first item lies in the whole gallery, estimated at `itemPitch()` per item before
// it), with the space of the items after it below; which positions of the whole gallery are in view; and the item at
// the top of the view kept where it was when the window moves. Functions of the view, which holds the state.

import { isAtEnd, scrollTopKeepingEnd } from "../model/itemWindow.js";

/** The tallest the list of a big gallery's window is made (browsers cap an element's height, Firefox near 17.9
 * million pixels): past it, the items outside the window take less space each than they would drawn. */
const MOST_HEIGHT = 8_000_000;

/** The items that keep the view in place when the window changes, first the one that counts most, each with where
 * it is (`{id, top}` in the list's coordinates): the focused item if it is in view, then the item drawn at the top
 * of the view. */
export function anchors(view) {
  const viewTop = view.scroller.scrollTop - view.list.offsetTop;
  const viewBottom = viewTop + view.scroller.clientHeight;
  const found = [];
  const focusIndex = view.focusedId === null ? -1 : view.indexOfId(view.focusedId);
  if (focusIndex >= 0) {
    const top = view.shift + view.topOf(focusIndex);
    if (top >= viewTop && top < viewBottom) found.push({ id: view.focusedId, top });
  }
  const top = topItem(view);
  if (top) found.push(top);
  return found;
}

/** The item drawn at the top of the view, and where it is: `{id, top}` in the list's coordinates (or null). */
export function topItem(view) {
  const viewTop = view.scroller.scrollTop - view.list.offsetTop;
  let best = null;
  for (const id of view.elements.keys()) {
    const index = view.indexOfId(id);
    if (index < 0) continue;
    const top = view.shift + view.topOf(index);
    if (top >= viewTop && (!best || top < best.top)) best = { id, top };
  }
  return best;
}

/** Scrolls so that the first of the `anchors` still held is where it was before the window changed (a page read
 * elsewhere, in place of the window, may hold the focused item and not the one at the top). */
export function keepInPlace(view, kept) {
  const anchor = kept.find((each) => view.indexOfId(each.id) >= 0);
  if (!anchor) return;
  const index = view.indexOfId(anchor.id);
  view.shift = spaceBefore(view);
  const moved = view.shift + view.topOf(index) - anchor.top;
  if (Math.abs(moved) < 0.5) return;
  // A view at the end of the gallery stays there (see `sizeList`) rather than with the item.
  if (sizeList(view)) return;
  view.scroller.scrollTop += moved;
}

/** The space above the items: that of the gallery's items before the window. */
export function spaceBefore(view) {
  return view.windowed ? view.offset * spacePitch(view) : 0;
}

/** Makes the list as tall as the items need (with the gallery's before and after a window), before a scroll; true
 * when the view is kept at the end (see `setListHeight`). */
export function sizeList(view) {
  return setListHeight(view, fullHeight(view, view.frame(0, 0).height));
}

/** Makes the list `height` tall. In a window of a big gallery, whose rows not read yet are estimated, a view that
 * sat at the end of the list is kept at its end (model/itemWindow.js `scrollTopKeepingEnd`): when the real rows
 * read there are taller than estimated, the last row is still shown whole. True when the view is kept at the end. */
export function setListHeight(view, height) {
  const { scroller } = view;
  if (!view.windowed) {
    view.list.style.height = `${height}px`;
    return false;
  }
  const before = {
    scrollTop: scroller.scrollTop,
    clientHeight: scroller.clientHeight,
    scrollHeight: scroller.scrollHeight,
  };
  view.list.style.height = `${height}px`;
  if (!isAtEnd(before)) return false;
  const top = scrollTopKeepingEnd(before, scroller.scrollHeight);
  if (Math.abs(top - before.scrollTop) >= 0.5) scroller.scrollTop = top;
  return true;
}

/** The list's height for items `height` tall: with the space of the gallery's items before and after a window. */
export function fullHeight(view, height) {
  if (!view.windowed) return height;
  const after = Math.max(0, (view.setSize ?? 0) - view.offset - view.items.length);
  return view.shift + height + after * spacePitch(view);
}

/** Scrolls item `index` into the middle of the view unless it is in view already. */
export function scrollNear(view, index) {
  view.shift = spaceBefore(view);
  const top = view.list.offsetTop + view.shift + view.topOf(index);
  const { scroller } = view;
  if (top >= scroller.scrollTop && top <= scroller.scrollTop + scroller.clientHeight - 60) return;
  sizeList(view);
  scroller.scrollTop = Math.max(0, top - scroller.clientHeight / 2);
}

/** Tells which positions of the gallery the band [top, bottom] (list coordinates) shows: those of the window's
 * items in it, and beyond the window's ends estimated at `itemPitch()` per item. */
export function tellRange(view, top, bottom, height, start, end) {
  const pitch = spacePitch(view);
  const windowBottom = view.shift + height;
  const first =
    top < view.shift || end <= start
      ? Math.floor(Math.max(0, top) / pitch)
      : top > windowBottom
        ? view.offset + view.items.length + Math.floor((top - windowBottom) / pitch)
        : view.offset + start;
  const last =
    bottom > windowBottom
      ? view.offset + view.items.length + Math.floor((bottom - windowBottom) / pitch)
      : end > start
        ? view.offset + end - 1
        : Math.floor(bottom / pitch);
  view.intents.onRange(first, Math.max(first, last));
}

/** The space of each of the gallery's items outside a window: as drawn, or less in a gallery so big that the list
 * would be taller than MOST_HEIGHT. */
export function spacePitch(view) {
  return Math.min(view.itemPitch(), MOST_HEIGHT / Math.max(1, view.setSize ?? view.items.length));
}
