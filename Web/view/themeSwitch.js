// The theme switch (System / Light / Dark) in the page's header: applies the choice at once, keeps it for the person
// signed in (model/theme.js), and follows a choice made in another tab.

import { PERSON_KEY, readTheme, themeAttribute, themeKey } from "../model/theme.js";
import { readPreference as stored, writePreference as store } from "../net/localPreferences.js";

/** Puts `theme` on the page (theme.js did so already before the first paint, from what was stored). */
export function applyTheme(theme) {
  const attribute = themeAttribute(theme);
  if (attribute) document.documentElement.dataset.theme = attribute;
  else delete document.documentElement.dataset.theme;
}

/**
 * Binds `select` (options "system", "light", "dark") to the theme of the person `sessionPromise` names (a session as
 * GET /api/session answers it: its `user.id`; none without sign-in and in a link's session).
 * @param {HTMLSelectElement} select
 * @param {Promise<{user: {id: string} | null}>} sessionPromise
 */
export function bindThemeSwitch(select, sessionPromise) {
  let key = themeKey(stored(PERSON_KEY) || null);
  let known = false; // whether the session has said who this is
  let chosenEarly = null; // a choice made before it did: kept for the person it names
  select.value = readTheme(stored(key));
  select.addEventListener("change", () => {
    const theme = readTheme(select.value);
    if (!known) chosenEarly = theme;
    store(key, theme);
    applyTheme(theme);
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== key) return;
    select.value = readTheme(event.newValue);
    applyTheme(select.value);
  });
  sessionPromise.then((session) => {
    const person = session?.user?.id ?? "";
    known = true;
    store(PERSON_KEY, person);
    key = themeKey(person || null);
    if (chosenEarly) store(key, chosenEarly);
    select.value = readTheme(stored(key));
    applyTheme(select.value);
  });
}
