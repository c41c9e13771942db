// Where the user is typing: a text field (a textarea, a select, an editable element, or an input that takes text).
// There the page's own keys, copy and paste do not apply; radio buttons, checkboxes, sliders and buttons are not text
// fields, so a paste or a shortcut right after choosing a view still reaches the gallery.

export const TEXT_FIELD =
  "textarea, select, [contenteditable], input:not([type=radio], [type=checkbox], [type=range], [type=button], " +
  "[type=submit], [type=reset], [type=color], [type=file], [type=image])";

/** Whether `target` (an event's target) is in a text field. */
export function isTextField(/** @type {EventTarget | null} */ target) {
  return Boolean(/** @type {HTMLElement} */ (target)?.closest?.(TEXT_FIELD));
}
