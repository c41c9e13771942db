// Wiring only: reads the URL, makes one pane per gallery shown (`/g/{id}`, and `?beside={id2}` for a second one side
// by side) or a pane of search results (`/search?q=…`, model/search.js) with a gallery beside it if asked, opens the
// viewer on the item it names (`/g/{id}/items/{itemId}`) or selects it (`?select=`), follows Back and Forward (and the
// side bar's links, which go to another address without loading the page), routes page-wide keys, the clipboard and
// the shared menu, dialogs and viewer to the pane in use, runs the header's search and the side bar, and shows who is
// signed in.

import { api } from "./net/api.js";
import { account, signOut } from "./net/account.js";
import { accountSettings } from "./net/accountSettings.js";
import { searchSource } from "./net/itemSources.js";
import { filesPayload, linkPayload, pasteTarget } from "./dnd/externalDrop.js";
import { galleriesAPI } from "./net/galleries.js";
import { isArchive } from "./model/galleryList.js";
import { OverflowMenu } from "./view/overflowMenu.js";
import { GalleryPane } from "./pane/galleryPane.js";
import { dropOnGallery, transferItems } from "./pane/transfers.js";
import { galleryURL, knownView, parseGalleryURL } from "./model/location.js";
import { changeableGalleries, isLinkSession } from "./model/roles.js";
import { countText, isAsking, parseSearchURL, searchOf, searchQuery, searchURL } from "./model/search.js";
import { AccountView } from "./view/account.js";
import { bindThemeSwitch } from "./view/themeSwitch.js";
import { createAnnouncer } from "./view/announcer.js";
import { GalleryPicker } from "./view/galleryPicker.js";
import { TagsDialog } from "./view/tagsDialog.js";
import { GoToDialog } from "./view/goToDialog.js";
import { ItemMenu } from "./view/itemMenu.js";
import { KeyboardView } from "./view/keyboard.js";
import { NameDialog } from "./view/galleryNameDialog.js";
import { PaneView } from "./view/pane.js";
import { SearchBar } from "./view/searchBar.js";
import { ShareDialog } from "./view/shareDialog.js";
import { SimilarDialog } from "./view/similarDialog.js";
import { sharingFor } from "./pane/sharing.js";
import { createViewerRunner } from "./pane/viewerRunner.js";
import { ViewerView } from "./view/viewer.js";
import { createUndoToast } from "./view/undoToast.js";
import { SideBarView } from "./view/sideBar.js";
import { runSideBar } from "./pane/sideBarRunner.js";

const container = document.getElementById("panes");
const template = document.getElementById("pane-template");
const announcer = createAnnouncer(document.getElementById("announcer"), document.getElementById("alert"));
const menu = new ItemMenu(document.getElementById("item-menu"), document.getElementById("position-dialog"));
const goTo = new GoToDialog(/** @type {HTMLDialogElement} */ (document.getElementById("goto-dialog")));
const picker = new GalleryPicker(document.getElementById("gallery-picker"));
const tagsDialog = new TagsDialog(/** @type {HTMLDialogElement} */ (document.getElementById("tags-dialog")));
const shareDialog = new ShareDialog(document.getElementById("share-dialog"));
const keyboard = new KeyboardView(document);
const saveSearchDialog = new NameDialog(document.getElementById("save-search-dialog"));
const searchBar = new SearchBar(/** @type {HTMLElement} */ (document.querySelector(".app-header")));
const similarDialog = new SimilarDialog(
  /** @type {HTMLDialogElement} */ (document.getElementById("similar-dialog")),
  (itemId) => api.similar(itemId),
);
const sideBarView = SideBarView.insert(document);
/** @type {ReturnType<typeof runSideBar> | null} */
let sideBar = null; // once the session has said who this is (a read-only link's session has none)
const viewerView = new ViewerView(/** @type {HTMLDialogElement} */ (document.getElementById("viewer")));
viewerView.bindFindSimilar((itemId, returnFocus) => similarDialog.open(itemId, returnFocus));
const viewer = createViewerRunner({
  view: viewerView,
  announcer,
  addressOf: (pane, itemId) => pageAddress(pane === panes[0] ? itemId : null),
});

// One undo toast for the page: its Undo undoes exactly the entry it tells of, in the pane showing that gallery (its
// buttons follow), or straight away when none does; the focus goes back to the pane in use at worst.
const undoToast = createUndoToast(/** @type {HTMLElement} */ (document.getElementById("undo-toast")), {
  undo: async ({ galleryId, entry }) => {
    const pane = paneFor(galleryId);
    if (pane) return pane.undoEntry(entry);
    try {
      const { message } = await api.undo(galleryId, entry);
      for (const each of panes) if (!each.closed) each.refreshHistory();
      return message;
    } catch (error) {
      return error.message;
    }
  },
  fallbackFocus: () => (active && !active.closed ? active.view.scroller : null),
});

const panes = [];
let active = null;
let session = null; // as GET /api/session says, once it has answered

const hooks = {
  isActive: (pane) => pane === active,
  onActivate: (pane) => activate(pane),
  // Items dragged out of a view-only gallery are copied: they cannot leave it.
  onTransfer: ({ payload, target, index, copy, onBoard = null }) =>
    transferItems({
      ids: payload.itemIds,
      run: payload.run ?? null,
      sourceGalleryId: payload.galleryId,
      source: paneFor(payload.galleryId),
      target,
      targetGalleryId: target.galleryId,
      targetName: target.name,
      index,
      copy: copy || Boolean(paneFor(payload.galleryId)?.readOnly),
      onBoard,
      announcer,
      onUndoable: undoToast.offer,
    }),
  onMoveToGallery: (pane, ids, returnFocus, run) => moveToGallery(pane, ids, returnFocus, run),
  onFindSimilar: (itemId, returnFocus) => similarDialog.open(itemId, returnFocus),
  tagsDialog,
  onTrashElsewhere: ({ galleryId, itemIds, run }) =>
    run ? paneFor(galleryId)?.trashRun(run) : paneFor(galleryId)?.trashItems(itemIds),
  // Dragging by keyboard: the other galleries shown that items can go to, shown as the target, and dropped into.
  keyboardTargets: (pane) =>
    panes
      .filter((each) => each !== pane && !each.closed && !each.readOnly)
      .map((each) => ({ kind: "gallery", galleryId: each.galleryId, name: each.name })),
  showKeyboardTarget: (galleryId, on) => paneFor(galleryId)?.itemsView().setDropActive(on),
  // What a touch drag points at: a pane, or a gallery of the side bar.
  galleryAt: (element) =>
    element
      ? (panes.find((each) => !each.closed && each.view.root.contains(element)) ?? sideBarView.galleryAt(element))
      : null,
  dropIntoGallery: ({ payload, galleryId, copy, name = "" }) => dropIntoGallery({ payload, galleryId, copy, name }),
  onOpenBeside: (_pane, button) => openBeside(button),
  onClose: (pane) => closePane(pane),
  onShare: (pane, button) =>
    shareDialog.open(sharingFor({ galleryId: pane.galleryId, name: pane.name, announcer }), button),
  onViewChanged: () => updateURL(),
  onHistoryStep: (pane, step) => {
    for (const each of panes) if (each !== pane && !each.closed) each.refreshHistory();
    // An undo or redo by the toolbar or the keys: the toast's change was undone, or is no longer the last.
    if (!step?.byToast) undoToast.dismiss();
  },
  onUndoable: (offer) => undoToast.offer(offer),
};

/** Moves (or copies) the items of `payload` to the end of gallery `galleryId` (named `name`), shown here or not. */
function dropIntoGallery({ payload, galleryId, copy, name }) {
  const target = paneFor(galleryId);
  if (target) return hooks.onTransfer({ payload, target, index: target.state.shown.length, copy });
  const source = paneFor(payload.galleryId);
  return dropOnGallery({ payload, galleryId, name, copy, source, announcer, onUndoable: undoToast.offer });
}

function paneFor(galleryId) {
  return panes.find((pane) => pane.galleryId === galleryId && !pane.closed) ?? null;
}

function activate(pane) {
  if (active === pane) return;
  active = pane;
  for (const each of panes) each.view.setActive(panes.length > 1 && each === pane);
}

/** Adds a pane on `galleryId` (`itemsView`: the view the address asks for), opening item `openItem` in the viewer
 * once it has loaded (the address named it), or selecting item `selectItem`. */
function addPane(galleryId, itemsView = null, openItem = null, selectItem = null) {
  const view = new PaneView(template, container, { primary: panes.length === 0 });
  const pane = new GalleryPane({ galleryId, itemsView, view, shared: { announcer, menu, viewer }, hooks });
  panes.push(pane);
  container.dataset.panes = String(panes.length);
  updatePaneButtons();
  if (!active) activate(pane);
  // The side bar's row of this gallery counts what the pane counts.
  pane.store.subscribe((state, previous) => {
    const count = state.gallery?.itemCount;
    if (typeof count === "number" && count !== previous.gallery?.itemCount) sideBar?.counted(galleryId, count);
  });
  pane
    .load()
    .then(() => {
      if (openItem) viewer.open(pane, openItem, "address");
      else if (selectItem) pane.selectItem(selectItem);
      return opened(galleryId);
    })
    .catch((error) => {
      if (error.status === 404) pane.gone(error.message);
      else announcer.alert(`Could not open the gallery: ${error.message}`);
    });
  return pane;
}

/** Adds the pane of `search`'s results, first: view only; opening a result goes to it in its gallery. */
function addSearchPane(search, itemsView = null) {
  const view = new PaneView(template, container, { primary: true });
  const source = searchSource(search, () => searchStillWanted(search));
  const pane = new GalleryPane({
    galleryId: source.galleryId,
    itemsView,
    view,
    shared: { announcer, menu, viewer },
    hooks,
    source,
    open: (item) => location.assign(galleryURL([{ galleryId: item.galleryId }, null], null, item.id)),
  });
  panes.push(pane);
  container.dataset.panes = String(panes.length);
  updatePaneButtons();
  activate(pane);
  pane.store.subscribe((state, previous) => {
    if (state.gallery !== previous.gallery || state.sync.replica !== previous.sync.replica) showFound(pane);
  });
  view.bindSaveSearch((button) => saveSearch(pane.source.search, button));
  pane.load().catch((error) => announcer.alert(`Could not search: ${error.message}`));
  return pane;
}

/** Asks for a name and saves `search`; the gallery browser then lists it. */
function saveSearch(search, button) {
  if (!isAsking(search)) return announcer.alert("Type a word or name a tag before saving the search.");
  saveSearchDialog.open({
    title: "Save Search",
    action: "Save",
    value: search.q.trim() || search.tag || "",
    submit: (name) => api.saveSearch(name, search),
    done: (saved) => {
      announcer.announce(`Saved the search '${saved.name}'. It is listed with your galleries.`);
      button.focus();
    },
  });
}

/** Says how many the search pane found (or how to search, when it asks for nothing). */
function showFound(pane) {
  const { gallery } = pane.state;
  if (!isAsking(pane.source.search)) searchBar.setCount("Type a word to search every gallery, or name a tag.");
  else if (gallery) searchBar.setCount(countText(gallery.itemCount, gallery.more, gallery.indexing));
}

/** Shows the results of `search` in the first pane: a search shown is asked again with these words (its address
 * replaced), else the galleries shown give way to it (a new address: Back returns to them). */
/** Whether `search`'s further pages are still wanted once typing has paused: not when other words were typed. */
async function searchStillWanted(search) {
  await searchBar.whenTypingPaused();
  return searchQuery(searchBar.read()) === searchQuery(search);
}

function showSearch(search) {
  searchBar.render(search);
  const first = panes[0];
  if (first?.source.search) {
    history.replaceState(history.state, "", searchURL(search, panes[1]?.address(), first.address().view));
    first.showSource(searchSource(search, () => searchStillWanted(search))).then((error) => {
      if (error) searchBar.setCount(`Could not search: ${error.message}`);
      else showFound(first);
    });
    return;
  }
  if (!isAsking(search)) return;
  for (const pane of panes.splice(0)) pane.close();
  active = null;
  history.pushState(null, "", searchURL(search));
  addSearchPane(search);
  showFilters(true);
}

/** Builds the panes the address asks for (at the start, and when Back or Forward goes between a search and a
 * gallery). */
function showAddress() {
  for (const pane of panes.splice(0)) pane.close();
  active = null;
  const search = parseSearchURL(location);
  const { galleryIds, views, itemId, select } = parseGalleryURL(location);
  if (search) {
    const view = knownView(new URLSearchParams(location.search).get("view"));
    addSearchPane(search, view === "board" ? null : view);
    if (galleryIds[0]) addPane(galleryIds[0], views[0]);
  } else {
    for (const [index, galleryId] of galleryIds.entries())
      addPane(galleryId, views[index], index === 0 ? itemId : null, index === 0 ? select : null);
  }
  searchBar.render(search ?? searchOf());
  showFilters(Boolean(search));
  if (!search) searchBar.setCount("");
  if (panes[0]) activate(panes[0]);
  sideBar?.showing(search ? "" : (galleryIds[0] ?? ""));
}

/** Goes to `address` (a gallery's or a search's) without loading the page: a new entry, so Back returns. */
function go(address) {
  if (address === `${location.pathname}${location.search}`) return active?.view.scroller.focus();
  history.pushState(null, "", address);
  showAddress();
  panes[0]?.view.scroller.focus();
}

/** Tells the server a gallery was opened (a read-only link's session has no list of galleries to keep it in). */
async function opened(galleryId) {
  if (isLinkSession(await account())) return;
  api.opened(galleryId).catch(() => {}); // only an ordering hint: the gallery is open either way
}

function updatePaneButtons() {
  for (const [index, pane] of panes.entries()) {
    pane.toolbar.renderPaneButtons({
      canOpenBeside: index === 0 && panes.length === 1 && !isLinkSession(session),
      canClose: index > 0,
    });
  }
  for (const pane of panes) pane.view.setActive(panes.length > 1 && pane === active);
}

/** The page's address: its panes, and `itemId` (of the first pane) open in the viewer. */
function pageAddress(itemId = null) {
  const [first, beside] = panes.map((pane) => pane.address());
  if (panes[0]?.source.search) return searchURL(panes[0].source.search, beside, first.view);
  return galleryURL([first, beside], itemId);
}

function updateURL() {
  const shown = viewer.shown;
  history.replaceState(history.state, "", pageAddress(shown?.pane === panes[0] ? shown.itemId : null));
}

async function otherGalleries(exclude) {
  const { galleries } = await api.galleries();
  return galleries.filter((gallery) => !exclude.includes(gallery.id));
}

async function openBeside(button) {
  let galleries;
  try {
    galleries = await otherGalleries(panes.map((pane) => pane.galleryId));
  } catch (error) {
    announcer.alert(error.message);
    return;
  }
  const chosen = await picker.choose({
    title: "Open a gallery beside this one",
    galleries,
    verb: "Open",
    returnFocus: button,
  });
  if (!chosen || panes.length > 1) return;
  const pane = addPane(chosen.id);
  updateURL();
  announcer.announce(`Opened ${chosen.name} beside ${panes[0].name}.`);
  pane.view.scroller.focus();
}

function closePane(pane) {
  const index = panes.indexOf(pane);
  if (index <= 0) return;
  panes.splice(index, 1);
  pane.close();
  container.dataset.panes = String(panes.length);
  if (active === pane) active = null;
  activate(panes[0]);
  updatePaneButtons();
  updateURL();
  announcer.announce(`Closed ${pane.name}.`);
  panes[0].view.scroller.focus();
}

/** Moves the items `ids` of `pane` (or the run `run` they are the items read of) to a gallery the user picks. */
async function moveToGallery(pane, ids, returnFocus, run = null) {
  if (!ids.length && !run) return;
  let galleries;
  try {
    galleries = await otherGalleries([pane.galleryId]);
  } catch (error) {
    announcer.alert(error.message);
    return;
  }
  const count = run
    ? `${run.count} items`
    : ids.length === 1
      ? `'${pane.itemById(ids[0])?.title ?? "item"}'`
      : `${ids.length} items`;
  const chosen = await picker.choose({
    title: `Move ${count} to a gallery`,
    galleries: changeableGalleries(galleries),
    verb: "Move to",
    returnFocus,
  });
  if (!chosen) return;
  await transferItems({
    ids,
    run,
    source: pane,
    target: paneFor(chosen.id),
    targetGalleryId: chosen.id,
    targetName: chosen.name,
    announcer,
    onUndoable: undoToast.offer,
  });
  pane.view.scroller.focus();
}

// ---- Shared menu, keys and clipboard: to the pane that opened the menu, or the one in use ----
menu.bindAction((id, action, position, pane, returnFocus) =>
  action === "open" ? pane?.openViewer(id) : pane?.menuAction(id, action, position, returnFocus),
);
keyboard.bindSelectAll(() => active?.selectAll() ?? false);
keyboard.bindClearSelection(() => active?.clearSelection() ?? false);
keyboard.bindDeleteSelection(() => active?.deleteSelection() ?? false);
keyboard.bindCopy((clipboardData) => active?.copySelection(clipboardData) ?? false);
keyboard.bindNewNote(() => active?.newNote() ?? false);
keyboard.bindGoTo(() => {
  const pane = active;
  if (!pane || pane.closed) return false;
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return goTo.open(pane.itemCount, returnFocus, (position) => pane.goToPosition(position));
});
keyboard.bindUndo(() => active?.undo?.());
keyboard.bindSearch(() => {
  searchBar.focus();
  return true;
});
searchBar.bindChange((search) => showSearch(search));
keyboard.bindRedo(() => active?.redo?.());
// A paste while the viewer is open is not for the gallery behind it.
pasteTarget(document, (data) => (viewer.isOpen ? undefined : active?.paste(data)));

// Back and Forward: an address naming an item (or an entry the viewer added for a pane beside) opens it, any other
// closes the viewer.
window.addEventListener("popstate", () => {
  const search = parseSearchURL(location);
  if (Boolean(search) !== Boolean(panes[0]?.source.search)) return showAddress();
  if (search) return showSearch(search);
  const { itemId, galleryIds } = parseGalleryURL(location);
  // Another gallery (the side bar went from it): its panes again.
  if (galleryIds.join() !== panes.map((pane) => pane.galleryId).join()) return showAddress();
  const entry = history.state;
  const pane = itemId ? panes[0] : entry?.viewer ? paneFor(entry.galleryId) : null;
  viewer.followHistory(pane ? { pane, itemId: itemId ?? entry.viewer } : null);
});

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) for (const pane of panes) pane.refresh();
});

// ---- Who is signed in ----

function showAccount(view) {
  view.bindSignOut(() => signOut().catch((error) => announcer.alert(`Could not sign out: ${error.message}`)));
  account().then((known) => {
    session = known;
    view.render(known);
    updatePaneButtons();
  });
}

/** Shows the search's filters or not; the first time they show, the galleries a search may be narrowed to are listed
 * (not before: a page of a gallery has no use for an option per gallery). */
let galleriesListed = false;
function showFilters(shown) {
  searchBar.showFilters(shown);
  if (!shown || galleriesListed) return;
  galleriesListed = true;
  listGalleriesToSearch().catch(() => {}); // the filter then offers "All galleries" alone
}

/** Lists the galleries a search may be narrowed to (a read-only link's visitor searches its gallery alone). */
async function listGalleriesToSearch() {
  if (isLinkSession(await account())) return;
  const { galleries } = await api.galleries();
  searchBar.setGalleries(galleries);
}

/** Runs the side bar for the person signed in; a read-only link's visitor sees their gallery alone, without one. */
async function startSideBar() {
  const known = await account();
  if (isLinkSession(known)) {
    sideBarView.remove();
    return;
  }
  sideBar = runSideBar({
    view: sideBarView,
    person: known?.user?.id ?? "",
    announcer,
    open: (galleryId) => go(galleryURL([{ galleryId }, null])),
    openAddress: (address) => go(address),
    dropItems: dropIntoGallery,
  });
  sideBar.showing(panes[0]?.source.search ? "" : (panes[0]?.galleryId ?? ""));
}

// ---- The header's Add menu: files, a link or a note into the gallery in use; a gallery's archive as a new gallery ----

const header = /** @type {HTMLElement} */ (document.querySelector(".app-header"));
const addMenu = /** @type {HTMLElement} */ (header.querySelector("#add-menu"));
new OverflowMenu(/** @type {HTMLButtonElement} */ (header.querySelector(".add-button")), addMenu);
const addFiles = /** @type {HTMLInputElement} */ (header.querySelector(".add-files"));
const addArchive = /** @type {HTMLInputElement} */ (header.querySelector(".add-archive"));
const linkDialog = new NameDialog(document.getElementById("add-link-dialog"));

/** The gallery pane things are added to (the one in use, not a search's), or null, said to the person. */
function paneToAddTo() {
  const pane = active && !active.closed && !active.source.search ? active : null;
  if (!pane) announcer.alert("Open a gallery to add to it.");
  else if (pane.readOnly) announcer.alert("This gallery is view only: nothing can be added to it.");
  return pane && !pane.readOnly ? pane : null;
}

const adding = {
  files: () => paneToAddTo() && addFiles.click(),
  link: () => {
    const pane = paneToAddTo();
    if (!pane) return;
    linkDialog.open({
      title: "Add a Link",
      action: "Add",
      value: "",
      submit: async (address) => {
        const url = String(address).trim();
        if (!/^https?:\/\/\S+$/i.test(url)) throw new Error("Type a web address that starts with https:// or http://.");
        return url;
      },
      done: (url) => {
        pane.paste(linkPayload(url));
        pane.view.scroller.focus();
      },
    });
  },
  note: () => {
    const pane = paneToAddTo();
    if (pane && !pane.newNote()) announcer.alert("Notes are written in the grid or on the board: switch the view.");
  },
  import: () => addArchive.click(),
};
addMenu.addEventListener("click", (event) => {
  const entry = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-add]"));
  if (entry) adding[/** @type {keyof typeof adding} */ (entry.dataset.add)]?.();
});
addFiles.addEventListener("change", () => {
  const files = [...(addFiles.files ?? [])];
  addFiles.value = "";
  const pane = paneToAddTo();
  if (pane && files.length) pane.paste(filesPayload(files));
});
addArchive.addEventListener("change", async () => {
  const file = addArchive.files?.[0];
  addArchive.value = "";
  if (!file) return;
  if (!isArchive(file))
    return announcer.alert(`'${file.name}' is no gallery archive: import a .zip exported from a gallery.`);
  announcer.announce(`Importing ${file.name}…`);
  try {
    const answer = await galleriesAPI.importArchive(file);
    go(galleryURL([{ galleryId: answer.gallery.id }, null]));
    announcer.announce(
      `Imported ${answer.gallery.name}.${answer.skipped.length ? ` ${answer.skipped.join(" ")}` : ""}`,
    );
  } catch (error) {
    announcer.alert(`Nothing was imported: ${error.message}`);
  }
});

// ---- Start ----
bindThemeSwitch(/** @type {HTMLSelectElement} */ (document.querySelector(".theme-switch")), account());
showAccount(new AccountView(/** @type {HTMLElement} */ (header.querySelector(".account")), accountSettings(announcer)));
showAddress();
startSideBar().catch(() => sideBarView.remove());
