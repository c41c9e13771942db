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
