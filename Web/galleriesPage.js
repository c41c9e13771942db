// The gallery browser (/galleries), wiring only: state from the API, the view from the DOM, intents from the view to
// the API; who is signed in, and Sign out.

import { account, signOut } from "./net/account.js";
import { accountSettings } from "./net/accountSettings.js";
import { galleriesAPI } from "./net/galleries.js";
import { connectGalleryList } from "./net/live.js";
import { applyGallery, createGalleryListState, isArchive, itemCountText } from "./model/galleryList.js";
import { GalleryListView } from "./view/galleryList.js";
import { SavedSearchList } from "./view/savedSearchList.js";
import { api } from "./net/api.js";
import { TEXT_FIELD } from "./dnd/textFields.js";
import { AccountView } from "./view/account.js";
import { bindThemeSwitch } from "./view/themeSwitch.js";
import { createAnnouncer } from "./view/announcer.js";
import { SideBarView } from "./view/sideBar.js";
import { runSideBar } from "./pane/sideBarRunner.js";
import { dropOnGallery } from "./pane/transfers.js";
import { isLinkSession } from "./model/roles.js";

const view = new GalleryListView(document);
const announcer = createAnnouncer(document.getElementById("announcer"), document.getElementById("alert"));
const savedSearches = new SavedSearchList(/** @type {HTMLElement} */ (document.querySelector(".saved-searches")));

let state = createGalleryListState();
// Every change made here counts; a refresh that started before one would show an older list, so it starts again.
let changes = 0;
let refreshes = 0;

function render() {
  view.render(state.galleries);
  view.renderTrashCount(state.trash.length);
  view.renderTrash(state.trash);
}

function apply(gallery) {
  changes += 1;
  state = applyGallery(state, gallery);
  render();
}

async function refresh() {
  const ticket = ++refreshes;
  const started = changes;
  try {
    const [galleries, trash] = await Promise.all([galleriesAPI.list(), galleriesAPI.trashed()]);
    if (ticket !== refreshes) return;
    if (started !== changes) {
      refresh();
      return;
    }
    state = createGalleryListState({ galleries, trash });
    render();
  } catch (error) {
    if (ticket === refreshes) announcer.alert(error.message);
  }
}

/** After a change the server refused, the list may be out of date (another tab deleted or restored the gallery), so
 * it is loaded again; the error goes on to whoever shows it. */
function refreshAfter(error) {
  if (error.status) refresh();
  throw error;
}

view.bindCreate(async (name) => {
  const gallery = await galleriesAPI.create(name);
  apply(gallery);
  announcer.announce(`Made the gallery ${gallery.name}.`);
  return gallery.id;
});

view.bindRename(async (id, name) => {
  const before = state.galleries.find((gallery) => gallery.id === id)?.name;
  const gallery = await galleriesAPI.rename(id, name).catch(refreshAfter);
  apply(gallery);
  if (before !== gallery.name) announcer.announce(`Renamed ${before} to ${gallery.name}.`);
  return gallery.id;
});

view.bindDuplicate(async (id) => {
  try {
    const copy = await galleriesAPI.duplicate(id);
    apply(copy);
    announcer.announce(`Made ${copy.name}.`);
    return copy.id;
  } catch (error) {
    announcer.alert(error.message);
    if (error.status) refresh();
    return null;
  }
});

view.bindDelete(async (id) => {
  try {
    const gallery = await galleriesAPI.trash(id);
    apply({ ...gallery, trashed: true });
    announcer.announce(`Moved ${gallery.name} to the trash.`);
    return true;
  } catch (error) {
    announcer.alert(error.message);
    if (error.status) refresh();
    return false;
  }
});

view.bindRestore(async (id) => {
  const gallery = await galleriesAPI.restore(id).catch(refreshAfter);
  apply({ ...gallery, trashed: false });
  announcer.announce(`Restored ${gallery.name}.`);
});

view.bindExport((id) => {
  const gallery = state.galleries.find((each) => each.id === id);
  announcer.announce(`Exporting ${gallery?.name ?? "the gallery"}: its archive downloads as a .zip.`);
  return galleriesAPI.exportURL(id);
});

view.bindImport(async (file) => {
  if (!isArchive(file)) {
    announcer.alert(`'${file.name}' is no gallery archive: import a .zip exported from a gallery.`);
    return null;
  }
  announcer.announce(`Importing ${file.name}…`);
  try {
    const answer = await galleriesAPI.importArchive(file);
    apply(answer.gallery);
    const left = answer.skipped.length ? ` ${answer.skipped.join(" ")}` : "";
    announcer.announce(`Imported ${answer.gallery.name}: ${itemCountText(answer.items)}.${left}`);
    return answer.gallery.id;
  } catch (error) {
    announcer.alert(`Nothing was imported: ${error.message}`);
    if (error.status) refresh();
    return null;
  }
});

view.bindOpenTrash(async () => {
  try {
    const trash = await galleriesAPI.trashed();
    changes += 1;
    state = createGalleryListState({ galleries: state.galleries, trash });
    render();
    view.showTrash(state.trash);
  } catch (error) {
    announcer.alert(error.message);
  }
});

// The side bar, as on a gallery's page: a gallery or a search opens its page; the trash of galleries opens here.
const sideBarView = SideBarView.insert(document);
/** @type {ReturnType<typeof runSideBar> | null} */
let sideBar = null;
account()
  .then((session) => {
    if (isLinkSession(session)) return sideBarView.remove();
    sideBar = runSideBar({
      view: sideBarView,
      person: session?.user?.id ?? "",
      announcer,
      live: false, // this page's own feed tells it
      open: (galleryId) => location.assign(`/g/${encodeURIComponent(galleryId)}`),
      openAddress: (address) => (address === "/galleries#trash" ? view.openTrash() : location.assign(address)),
      // Items dragged here from a gallery in another window.
      dropItems: ({ payload, galleryId, name, copy }) => dropOnGallery({ payload, galleryId, name, copy, announcer }),
    });
  })
  .catch(() => sideBarView.remove());

// Changes made in other tabs and windows: the server says when any gallery changed, and the list is loaded again.
const live = connectGalleryList({
  onChanged: () => {
    refresh();
    sideBar?.refresh();
  },
});

view.bindShown(() => {
  live.reconnectNow();
  refresh();
  showSavedSearches();
});

// ---- Saved searches: each a smart gallery, its results live on its own page ----

async function showSavedSearches() {
  try {
    savedSearches.render((await api.savedSearches()).searches);
  } catch (error) {
    announcer.alert(`Could not list the saved searches: ${error.message}`);
  }
}

savedSearches.bindDelete(async (saved) => {
  try {
    await api.deleteSavedSearch(saved.id);
  } catch (error) {
    if (error.status !== 404) return announcer.alert(error.message);
  }
  savedSearches.remove(saved.id);
  announcer.announce(`Deleted the saved search ${saved.name}.`);
});
showSavedSearches();

// `/` focuses the search field, as on a gallery's page (not while typing in a field or a dialog).
document.addEventListener("keydown", (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest?.(`${TEXT_FIELD}, dialog, [role=menu]`)) return;
  event.preventDefault();
  document.getElementById("search-field")?.focus();
});

const accountView = new AccountView(
  /** @type {HTMLElement} */ (document.getElementById("account")),
  accountSettings(announcer),
);
accountView.bindSignOut(() => signOut().catch((error) => announcer.alert(`Could not sign out: ${error.message}`)));
account().then((session) => accountView.render(session));
bindThemeSwitch(/** @type {HTMLSelectElement} */ (document.querySelector(".theme-switch")), account());

refresh();
// An address asking for the trash of galleries (the side bar's link from another page) opens it.
if (location.hash === "#trash") view.openTrash();
