// The core of every drop target: enter/over/leave/drop plumbing with nested-element counting. Adapters (external,
// local) say which drags they take, which effect they show, and how they read the data at drop time.

/**
 * Makes `element` a drop target for the drags `accepts(event)` takes. `effect(event)` is the drop effect shown.
 * Callbacks: onEnter(), onOver({x, y, event}), onLeave(), onDrop({x, y, dataTransfer, event}). Returns a cleanup.
 */
export function dropTarget(element, { accepts, effect, onEnter, onOver, onLeave, onDrop }) {
  let depth = 0;
  const handlers = {
    dragenter(event) {
      if (!accepts(event)) return;
      event.preventDefault();
      if (depth++ === 0) onEnter?.();
    },
    dragover(event) {
      if (!accepts(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = effect(event);
      onOver?.({ x: event.clientX, y: event.clientY, event });
    },
    dragleave(event) {
      if (!accepts(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) onLeave?.();
    },
    drop(event) {
      if (!accepts(event)) return;
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
