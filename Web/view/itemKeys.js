// The keys on a focused item, decoded from the DOM event into what they ask for; the pane never sees the event.

/**
 * What a keydown on an item asks for, or null when the key is not the item's:
 * {kind: "move", direction} (Alt+arrow), {kind: "focus", direction, extend} (arrow, Shift extends the selection),
 * {kind: "first"} / {kind: "last"} (Home/End), {kind: "lift"} (Space: drag by keyboard, else toggle the selection),
 * {kind: "select", toggle}
 * (Enter selects, Ctrl/Cmd+Space and Ctrl/Cmd+Enter toggle), {kind: "trash"} (Delete/Backspace), {kind: "menu"} (the
 * ContextMenu key or Shift+F10). `direction` is "left", "right", "up" or "down".
 */
export function decodeItemKey(event) {
  const direction = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" }[event.key];
  if (direction)
    return event.altKey ? { kind: "move", direction } : { kind: "focus", direction, extend: event.shiftKey };
  if (event.key === "Home") return { kind: "first" };
  if (event.key === "End") return { kind: "last" };
  if (event.key === " " && !event.ctrlKey && !event.metaKey && !event.altKey) return { kind: "lift" };
  if (event.key === " " || event.key === "Enter") {
    return { kind: "select", toggle: event.ctrlKey || event.metaKey };
  }
  if (event.key === "Delete" || event.key === "Backspace") return { kind: "trash" };
  if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) return { kind: "menu" };
  return null;
}

/**
 * What a keydown asks for while items are lifted by keyboard (everything else is left alone): {kind: "step",
 * direction, fine} (arrows; `fine` with Shift: the board's short step), {kind: "end", last} (Home/End), {kind: "target", back} (Tab, Shift+Tab: the next place to drop
 * on), {kind: "copy"} (C, or Alt: copy rather than move), {kind: "drop"} (Space or Enter), {kind: "cancel"} (Escape).
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
