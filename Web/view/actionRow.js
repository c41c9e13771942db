// A row of a dialog's list that names something and offers one action on it (the Share dialog's people and links,
// the Account dialog's tokens): its text, then a button whose accessible name says what it does to what.

/** An `<li>` with `data-KEY` = value for each of `data`, `text` (a string or nodes) and a button `{className, label,
 * name}` (`label` shown, `name` its accessible name). */
export function actionRow(data, text, { className, label, name }) {
  const row = document.createElement("li");
  Object.assign(row.dataset, data);
  const who = document.createElement("span");
  who.className = "share-who";
  who.append(...(Array.isArray(text) ? text : [text]));
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = label;
  button.setAttribute("aria-label", name);
  row.append(who, button);
  return row;
}
