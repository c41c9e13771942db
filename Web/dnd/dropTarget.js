// The core of every drop target: enter/over/leave/drop plumbing with nested-element counting. Adapters (external,
// local) say which drags they take, which effect they show, and how they read the data at drop time.

/**
 * Makes `element` a drop target for the drags `accepts(event)` takes. `effect(event)` is the drop effect shown.
 * Callbacks: onEnter(), onOver({x, y, event}), onLeave(), onDrop({x, y, dataTransfer, event}). With `onRefuse(event)`,
 * a drag it does not take is shown as forbidden (no-drop) instead of being ignored, and its leave or drop calls
 * onLeave. Returns a cleanup.
 */
/**
 * @param {HTMLElement | Document} element
 * @param {{accepts: (event: DragEvent) => boolean, effect: (event: DragEvent) => string, onEnter?: () => void,
 *   onOver?: (at: {x: number, y: number, event: DragEvent}) => void, onLeave?: () => void,
 *   onDrop: (at: {x: number, y: number, dataTransfer: DataTransfer, event: DragEvent}) => void,
 *   onRefuse?: (event: DragEvent) => void}} target
 */
export function dropTarget(element, { accepts, effect, onEnter, onOver, onLeave, onDrop, onRefuse }) {
  let depth = 0;
  const tracks = (event) => accepts(event) || Boolean(onRefuse);
  const handlers = {
    dragenter(event) {
      if (!accepts(event)) {
        if (onRefuse && depth++ === 0) onRefuse(event);
        return;
      }
      event.preventDefault();
      if (depth++ === 0) onEnter?.();
    },
    dragover(event) {
      if (!accepts(event)) {
        if (!onRefuse) return;
        event.dataTransfer.dropEffect = "none";
        onRefuse(event);
        return;
      }
      event.preventDefault();
      event.dataTransfer.dropEffect = effect(event);
      onOver?.({ x: event.clientX, y: event.clientY, event });
    },
    dragleave(event) {
      if (!tracks(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) onLeave?.();
    },
    drop(event) {
      if (!accepts(event)) {
        if (onRefuse) {
          depth = 0;
          onLeave?.(); // refused: nothing changes
        }
        return;
      }
      event.preventDefault();
      depth = 0;
      onDrop?.({ x: event.clientX, y: event.clientY, dataTransfer: event.dataTransfer, event });
    },
  };
  for (const [type, handler] of Object.entries(handlers)) element.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of Object.entries(handlers)) element.removeEventListener(type, handler);
  };
}
