// The theme: "system" (the default: the system's light or dark), "light" or "dark", remembered per person.
//
// It is kept in this browser's storage, under a key of the person's own (their user id; "" on a server without
// sign-in and in a read-only link's session), beside which person used this browser last: that is what theme.js
// reads before the first paint, when the page does not know yet who is signed in. (The server keeps no such setting
// for a person; the theme would follow them to another browser only if it did.)

/** The themes a person may choose, in the order the switch offers them. */
export const THEMES = Object.freeze(["system", "light", "dark"]);

/** The storage key naming the person who used this browser last. */
export const PERSON_KEY = "image-gallery.theme-person";

/** The storage key of the theme of the person with `userId` (null: nobody signed in). */
export function themeKey(userId) {
  return `image-gallery.theme.${userId ?? ""}`;
}

/** A stored value as a theme: anything but "light" or "dark" is "system". */
export function readTheme(value) {
  return value === "light" || value === "dark" ? value : "system";
}

/** The `data-theme` of <html> for `theme`: none for "system" (the system's colours decide). */
export function themeAttribute(theme) {
  return theme === "system" ? null : theme;
}
