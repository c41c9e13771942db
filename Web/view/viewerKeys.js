// The viewer's keys, decoded from the DOM event into the viewer machine's inputs (model/viewer.js); the machine never
// sees the event. Escape closes the dialog through its own `cancel`; Space plays and pauses a video (view/viewer.js).

/**
 * The machine input a keydown in the viewer asks for, or null when the key is not the viewer's: arrows
 * (`arrowPressed`), Home and End (`edgeWanted`), + and - (`zoomWanted` in, out), 0 (fit), 1 (100%), P
 * (`slideshowToggled`) and I (`detailsToggled`).
 * @param {KeyboardEvent} event
 * @returns {{type: string, [key: string]: any} | null}
 */
export function decodeViewerKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const direction = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" }[event.key];
  if (direction) return { type: "arrowPressed", direction };
  switch (event.key) {
    case "Home":
      return { type: "edgeWanted", edge: "first" };
    case "End":
      return { type: "edgeWanted", edge: "last" };
    case "+":
    case "=":
      return { type: "zoomWanted", how: "in" };
    case "-":
    case "_":
      return { type: "zoomWanted", how: "out" };
    case "0":
      return { type: "zoomWanted", how: "fit" };
    case "1":
      return { type: "zoomWanted", how: "actual" };
    case "p":
    case "P":
      return { type: "slideshowToggled" };
    case "i":
    case "I":
      return { type: "detailsToggled" };
    default:
      return null;
  }
}
