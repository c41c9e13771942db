// The keyboard sensor (dnd-kit's, done fully): while items are lifted by keyboard, the keys on the focused item are
// decoded into the drag operation's key intents (model/dragOperation.js), which the items view hands on
// (view/itemEvents.js `onDragKey`) to the pane's drag runner (pane/dragActions.js). Space lifts the items first
// (view/itemKeys.js `lift`).

/**
 * What a keydown asks for while items are lifted by keyboard (everything else is left alone): {kind: "step",
 * direction, fine} (arrows; `fine` with Shift: the board's short step), {kind: "end", last} (Home/End), {kind:
 * "target", back} (Tab, Shift+Tab: the next place to drop on), {kind: "copy"} (C, or Alt: copy rather than move),
 * {kind: "drop"} (Space or Enter), {kind: "cancel"} (Escape).
 */
export function decodeDragKey(event) {
  const direction = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" }[event.key];
  if (direction) return { kind: "step", direction, fine: event.shiftKey };
  if (event.key === "Home" || event.key === "End") return { kind: "end", last: event.key === "End" };
  if (event.key === "Tab") return { kind: "target", back: event.shiftKey };
  if (event.key.toLowerCase() === "c" && !event.ctrlKey && !event.metaKey) return { kind: "copy" };
  if (event.key === "Alt") return { kind: "copy" };
  if (event.key === " " || event.key === "Enter") return { kind: "drop" };
  if (event.key === "Escape") return { kind: "cancel" };
  return null;
}
