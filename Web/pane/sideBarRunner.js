// Runs the side bar (view/sideBar.js): reads the person's galleries, saved searches and tags, keeps them up to date
// (the gallery list's live feed, and the counts of the galleries shown), remembers the person's order of galleries and
// whether the side bar is collapsed (in this browser, per person), and carries out what it asks: open a gallery or an
// address in the page, move or copy dropped items, arrange the list.

import { api } from "../net/api.js";
import { connectGalleryList } from "../net/live.js";
import { readPreference, writePreference } from "../net/localPreferences.js";
import { movedTo, sideBarOrder, splitByRole } from "../model/sideBar.js";

const keyOf = (/** @type {string} */ person) => `image-gallery.side-bar.${person}`;

/** The side bar's stored preferences (`{collapsed, arranged}`), or none when unreadable. */
function readStored(/** @type {string} */ key) {
  try {
    return JSON.parse(readPreference(key) ?? "{}") ?? {};
  } catch {
    return {}; // spoilt: the defaults
  }
}

const writeStored = (/** @type {string} */ key, /** @type {any} */ value) =>
  writePreference(key, JSON.stringify(value));

/**
 * `view`: the SideBarView; `person`: the signed-in person's id ("" without sign-in); `announcer`; `open(galleryId)` and
 * `openAddress(address)` show a gallery or a search in the page; `dropItems({payload, galleryId, name, copy})` moves or
 * copies items there; `live`: whether it listens to the gallery list's live feed itself. Returns `{showing(galleryId), counted(galleryId, itemCount), refresh()}`.
 */
export function runSideBar({ view, person, announcer, open, openAddress, dropItems, live = true }) {
  const key = keyOf(person);
  let stored = readStored(key);
  /** @type {any[]} */
  let galleries = [];
  let ordered = /** @type {any[]} */ ([]);
  let shared = /** @type {any[]} */ ([]);
  let currentId = "";
  let reads = 0;

  function render() {
    const split = splitByRole(galleries);
    ordered = sideBarOrder(split.own, stored.arranged ?? null);
    shared = sideBarOrder(split.shared);
    view.renderGalleries(ordered, shared, currentId);
  }

  async function refresh() {
    const ticket = ++reads;
    try {
      const [list, saved, tags] = await Promise.all([api.galleries(), api.savedSearches(), api.tags()]);
      if (ticket !== reads) return; // a newer read is on its way
      galleries = list.galleries;
      render();
      view.renderSearches(saved.searches);
      view.renderTags(tags.tags);
    } catch (error) {
      if (ticket === reads) announcer.alert(`Could not list your galleries: ${error.message}`);
    }
  }

  view.restore(Boolean(stored.collapsed));
  view.bindCollapse((collapsed) => {
    stored = { ...readStored(key), collapsed };
    writeStored(key, stored);
  });
  view.bindOpen(open);
  view.bindOpenAddress(openAddress);
  view.bindDropItems(dropItems);
  view.bindArrange((galleryId, to) => {
    const arranged = movedTo(ordered, galleryId, to);
    stored = { ...readStored(key), arranged };
    writeStored(key, stored);
    render();
    view.focusGallery(galleryId);
    const name = ordered.find((gallery) => gallery.id === galleryId)?.name ?? "";
    announcer.announce(`Moved ${name} to place ${to + 1} of ${ordered.length}.`);
  });

  // Another tab or person made, renamed, shared or deleted a gallery: read the list again (once for a burst); with
  // `live` false, the page's own feed of the gallery list calls `refresh`.
  let pending = 0;
  if (live)
    connectGalleryList({
      onChanged: () => {
        clearTimeout(pending);
        pending = setTimeout(refresh, 200);
      },
    });
  refresh();

  return {
    /** The gallery shown in the page now ("" for none). */
    showing(/** @type {string} */ galleryId) {
      currentId = galleryId ?? "";
      view.markCurrent(currentId);
    },
    /** A pane read gallery `galleryId`'s count anew: its row says it. */
    counted(/** @type {string} */ galleryId, /** @type {number} */ itemCount) {
      const gallery = galleries.find((each) => each.id === galleryId);
      if (!gallery || gallery.itemCount === itemCount) return;
      galleries = galleries.map((each) => (each.id === galleryId ? { ...each, itemCount } : each));
      render();
    },
    refresh,
  };
}
