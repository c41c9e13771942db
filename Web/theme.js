// The theme the person chose (System, Light or Dark), put on <html> before the page is first drawn, so that a dark
// page never flashes white: a plain script in each page's <head>, before its styles (the pages' policy forbids inline
// script). The choice is kept in this browser per person (model/theme.js says how; view/themeSwitch.js changes it).
(() => {
  try {
    const person = localStorage.getItem("image-gallery.theme-person") ?? "";
    const theme = localStorage.getItem(`image-gallery.theme.${person}`);
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  } catch {
    // Storage refused (a private window that allows none): the system's theme.
  }
})();
