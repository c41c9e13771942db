// Touch and pen adapter for dragging items in the grid and the list (the seeds' long press): pressing an item for
// about half a second without moving lifts it (a visible lift; moving first, or lifting the finger, is an ordinary
// scroll or tap); then the finger carries it, the view scrolls near its edges, and lifting the finger drops it.
// While it is lifted, tapping other items with a second finger adds them to the drag. Scrolling is never blocked
// before an item is lifted. Returns a cleanup.

/** How long a press lifts an item (ms). */
const LONG_PRESS_MS = 500;
/** How far (px) a finger may move during the press before it is a scroll instead. */
const SLOP = 10;
/** How near an edge (px) the finger scrolls the view while dragging, and by how much per frame at most. */
const EDGE = 60;
const SPEED = 16;

/**
 * @param {HTMLElement} container the items' container
 * @param {HTMLElement} scroller the view that scrolls
 * @param {{enabled: () => boolean, onLift: (id: string) => boolean, onMove: (x: number, y: number) => void,
 *   onAdd: (id: string) => void, onDrop: () => void, onCancel: () => void}} callbacks
 */
export function touchDraggableItems(container, scroller, { enabled, onLift, onMove, onAdd, onDrop, onCancel }) {
  /** @type {{pointerId: number, x: number, y: number, timer: any, element: HTMLElement, lifted: boolean} | null} */
  let press = null;
  let scrolling = 0;

  const stopScrolling = () => {
    if (scrolling) cancelAnimationFrame(scrolling);
    scrolling = 0;
  };
  const autoScroll = () => {
    stopScrolling();
    if (!press?.lifted) return;
    const box = scroller.getBoundingClientRect();
    const delta =
      press.y < box.top + EDGE
        ? -SPEED * (1 - Math.max(0, press.y - box.top) / EDGE)
        : press.y > box.bottom - EDGE
          ? SPEED * (1 - Math.max(0, box.bottom - press.y) / EDGE)
          : 0;
    if (!delta) return;
    scroller.scrollTop += delta;
    onMove(press.x, press.y);
    scrolling = requestAnimationFrame(autoScroll);
  };
  const end = (/** @type {boolean} */ drop) => {
    if (!press) return;
    clearTimeout(press.timer);
    stopScrolling();
    const wasLifted = press.lifted;
    delete press.element.dataset.lifted;
    press = null;
    if (!wasLifted) return;
    if (drop) onDrop();
    else onCancel();
  };

  const down = (/** @type {PointerEvent} */ event) => {
    if (event.pointerType === "mouse" || !enabled()) return;
    const element = /** @type {HTMLElement | null} */ (
      event.target instanceof Element ? event.target.closest("[data-item-id]") : null
    );
    if (
      !element ||
      !container.contains(element) ||
      /** @type {Element} */ (event.target).closest("button, a, video, textarea")
    )
      return;
    if (press?.lifted) {
      // A second finger on another item adds it to the drag.
      if (event.pointerId !== press.pointerId) onAdd(element.dataset.itemId ?? "");
      return;
    }
    end(false);
    const started = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, element, lifted: false };
    press = {
      ...started,
      timer: setTimeout(() => {
        if (!press || press.pointerId !== started.pointerId) return;
        if (!onLift(element.dataset.itemId ?? "")) {
          press = null;
          return;
        }
        press.lifted = true;
        element.dataset.lifted = "true";
        // Focused, it stays drawn however far the view scrolls (a view always draws its focused item): the finger's
        // touch events go to it, and one taken out of the page would leave them to the browser, which cancels.
        element.focus({ preventScroll: true });
        navigator.vibrate?.(10);
      }, LONG_PRESS_MS),
    };
  };
  const move = (/** @type {PointerEvent} */ event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.lifted) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP) end(false); // a scroll
      return;
    }
    press.x = event.clientX;
    press.y = event.clientY;
    onMove(press.x, press.y);
    autoScroll();
  };
  const up = (/** @type {PointerEvent} */ event) => {
    if (press && event.pointerId === press.pointerId) end(true);
  };
  const cancel = (/** @type {PointerEvent} */ event) => {
    if (press && event.pointerId === press.pointerId) end(false);
  };
  // Once an item is lifted, the finger moves it, not the page: its touchmoves are not scrolls (before that, they are).
  const touchMove = (/** @type {TouchEvent} */ event) => {
    if (press?.lifted && event.cancelable) event.preventDefault();
  };
  // A long press on an item is not a context menu (on a phone, it would be the browser's own).
  const contextMenu = (/** @type {Event} */ event) => {
    if (!press) return;
    event.preventDefault();
    event.stopPropagation(); // nor the item menu: the press lifts the item
  };

  container.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
  container.addEventListener("touchmove", touchMove, { passive: false });
  container.addEventListener("contextmenu", contextMenu, { capture: true });
  return () => {
    end(false);
    container.removeEventListener("pointerdown", down);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    container.removeEventListener("touchmove", touchMove);
    container.removeEventListener("contextmenu", contextMenu, { capture: true });
  };
}
