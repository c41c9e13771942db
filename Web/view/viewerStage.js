// What the viewer's stage shows of the item open, by kind: an image at the zoom and pan the machine says (drawn from
// the smallest file that is sharp at that size on this screen, and from a larger one once zoomed past it), a video
// with its controls (it keeps its place when it is left), a note's whole text at a readable width (edited in place
// with view/noteEditor.js), a link's preview, title, description and site with a link that opens the page, and what
// an item still loading or failed says. The content is built again only when what it shows changed.

import { playbackNotice, playbackURL } from "../model/itemKinds.js";
import { swapsSides, turnTransform } from "../model/orientation.js";
import { imageSource, titleOf } from "../model/viewerFacts.js";
import { editNote } from "./noteEditor.js";

/** Where each video was when it was left (item id → seconds): it goes on from there. */
const videoTimes = new Map();

export class ViewerStage {
  constructor(/** @type {HTMLElement} */ content) {
    this.content = content;
    this.signature = "";
    /** @type {HTMLImageElement | null} */
    this.image = null;
    /** @type {HTMLImageElement | null} the next image, loading while the one before is still drawn */
    this.pending = null;
    /** @type {HTMLImageElement | null} the newest, drawn after `pending` (a key held steps past several) */
    this.queued = null;
    /** Whether the image just drawn waits for its frame (nothing is decoded until then). */
    this.settling = false;
    this.sourceWidth = 0;
    /** @type {{item: any, view: any, size: any} | null} where `place` last said the image goes */
    this.placing = null;
    /** @type {HTMLVideoElement | null} */
    this.video = null;
    this.videoId = null;
    /** @type {Record<string, (...args: any[]) => any>} */
    this.intents = { onInput: () => {}, onEditNote: () => {}, onIdle: () => {}, isDecoded: (_url) => false };
  }

  /**
   * Shows `item` (null: nothing): an image at `view` ({scale, x, y}, null: not zoomable) when its size is `size`;
   * `editable`: a note may be edited here; `fade`: the item came in by the slideshow.
   */
  render(/** @type {any} */ item, { view, size, editable, fade }) {
    const signature = item ? signatureOf(item, editable) : "";
    if (signature !== this.signature) {
      if (this.content.querySelector("[data-editing]")) return; // a note being edited keeps its field
      this.leaveVideo();
      this.signature = signature;
      this.image = null;
      this.sourceWidth = 0;
      const built = item ? this.build(item, editable) : [];
      const next = this.image;
      if (next && !fade && this.content.querySelector("img.viewer-image.loaded")) {
        // From one image to the next, the one drawn stays until the next is ready to draw (no blank between). A key
        // held steps faster than images decode: the one being readied is still shown when it is, then the newest
        // (those between stop loading), so the stage keeps up as fast as images can be drawn.
        if (this.pending && !this.pending.dataset.ready) {
          this.drop(this.queued);
          this.queued = next;
        } else {
          this.abandonPending();
          this.pending = next;
        }
      } else {
        this.abandonPending();
        this.content.replaceChildren(...built);
        this.content.classList.toggle("viewer-fade", Boolean(fade));
      }
    }
    if (this.image && item) this.place(item, view, size);
    this.readyPending();
  }

  /** Whether an image waits to be readied or is being readied, or the one just drawn waits for its frame (then
   * nothing else is decoded ahead). */
  get isReadying() {
    return this.settling || Boolean(this.pending && !this.pending.dataset.ready);
  }

  /** Decodes the image waiting to be drawn next, once its file is chosen, and draws it then. Only that one: the
   * browser decodes one image at a time and a decode begun cannot be stopped, so one asked for each image a held key
   * passes (the one queued behind it is only fetched) would delay the image drawn by all of theirs. */
  readyPending() {
    const img = this.pending;
    if (!img || this.settling || img.dataset.readying || !img.getAttribute("src")) return;
    img.dataset.readying = "true";
    const ready = () => {
      img.dataset.ready = "true";
      this.promote();
    };
    // Decoded ahead: drawn now (another decode() would wait for the browser's decodes under way, each in turn).
    if (this.intents.isDecoded(img.src)) return ready();
    // decode() waits for the file; it fails for a file that cannot be shown, tried once more from the image's file
    // itself when it was a copy (the error's listener has changed the source by then).
    const tried = img.getAttribute("src");
    img.decode().then(ready, () => {
      if (img.getAttribute("src") !== tried && img.getAttribute("src")) img.decode().then(ready, ready);
      else ready();
    });
  }

  /** Draws the newest image that is ready of those waiting (the one readied first, then the newest), and once it is
   * drawn (a frame later) readies the next one waiting; with none left, the stage is idle (images are decoded ahead
   * then). Not at once: a decode asked for meanwhile would come before anything else asked of the image drawn. */
  promote() {
    let shown = null;
    while (this.pending?.dataset.ready) {
      shown = this.pending;
      this.pending = this.queued;
      this.queued = null;
    }
    if (!shown) return;
    this.content.replaceChildren(shown);
    this.content.classList.remove("viewer-fade");
    this.settling = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.settling = false;
        this.readyPending();
        if (!this.isReadying) this.intents.onIdle();
      }),
    );
  }

  /** Stops loading the images that were to replace the one drawn (the viewer moved on to something else). */
  abandonPending() {
    this.drop(this.pending);
    this.drop(this.queued);
    this.pending = null;
    this.queued = null;
  }

  /** Stops loading `image` (one passed over before it was drawn). */
  drop(/** @type {HTMLImageElement | null} */ image) {
    if (image && !image.dataset.ready && image !== this.image) image.removeAttribute("src");
  }

  build(item, editable) {
    if (item.state === "failed") return [message(`Could not add ${titleOf(item)}: ${item.failure?.message ?? ""}`)];
    if (item.state !== "ready") return [message(`${titleOf(item)} is still loading.`)];
    if (item.kind === "video") return this.buildVideo(item);
    if (item.kind === "note") return this.buildNote(item, editable);
    if (item.kind === "link") return buildLink(item);
    const img = document.createElement("img");
    img.className = "viewer-image viewer-object";
    img.alt = item.caption || item.title || "Image";
    img.draggable = false;
    img.decoding = "async";
    img.addEventListener("load", () => {
      img.classList.add("loaded");
      if (!(item.width > 0 && item.height > 0))
        this.intents.onInput({
          type: "imageSized",
          itemId: item.id,
          width: img.naturalWidth,
          height: img.naturalHeight,
        });
    });
    img.addEventListener("error", () => {
      // A copy that cannot be shown (missing, damaged): the image's file itself is drawn instead, when browsers show
      // it; else the image says it could not be shown.
      const source = img.getAttribute("src");
      if (source && item.imageURL && source !== item.imageURL && !img.dataset.fellBack) {
        img.dataset.fellBack = "true";
        if (this.image === img) this.sourceWidth = Number.POSITIVE_INFINITY;
        img.src = item.imageURL;
        if (this.placing?.item.id === item.id) this.layOut(img);
        return;
      }
      img.alt = `${titleOf(item)} (could not be shown)`;
    });
    this.image = img;
    return [img];
  }

  /** Draws the image at `view`, from a file sharp enough for it (a larger one replaces the one shown once loaded). */
  place(item, view, size) {
    const img = /** @type {HTMLImageElement} */ (this.image);
    // The thumbnails of a turned image are turned already (the server's): they are told and drawn as it is shown.
    // Before the stage is measured, the image is taken as fitted to it (not as wide as it: a tall one is narrower).
    const { clientWidth, clientHeight } = this.content;
    const fitted =
      item.width > 0 && item.height > 0 && clientHeight > 0
        ? Math.min(clientWidth, (clientHeight * item.width) / item.height)
        : clientWidth;
    const drawn = view && size ? size.width * view.scale : fitted;
    const source = imageSource(item, drawn * (window.devicePixelRatio || 1));
    this.placing = { item, view, size };
    if (source && source.width > this.sourceWidth) {
      const first = !this.sourceWidth;
      this.sourceWidth = source.width;
      if (first) {
        img.src = source.url;
      } else {
        // Zoomed past the file shown: the larger one is loaded aside, then shown in its place (no blank between).
        const larger = new Image();
        larger.src = source.url;
        larger
          .decode()
          .then(() => {
            if (this.image !== img) return;
            img.src = source.url;
            this.layOut(img);
          })
          .catch(() => {});
      }
    }
    this.layOut(img);
  }

  /** Sizes and places `img` as `place` last said, by the file it shows: a thumbnail (turned as the image is shown)
   * drawn as it is; the file itself (or its full-size copy: upright as the file is), drawn as wide as it is and
   * turned about its centre into the shown box, with a CSS transform. That is only needed past the largest thumbnail
   * (2,048 pixels), at 100 % and beyond, or for an image without thumbnails: no copy is turned of the file itself. */
  layOut(/** @type {HTMLImageElement} */ img) {
    const { item, view, size } = this.placing ?? {};
    if (!view || !size) return;
    const drawsFile = Boolean(item.imageURL) && img.getAttribute("src") === item.imageURL;
    const swapped = drawsFile && swapsSides(item.orientation);
    const [width, height] = [size.width * view.scale, size.height * view.scale];
    const [fileWidth, fileHeight] = swapped ? [height, width] : [width, height];
    img.classList.add("placed");
    img.style.width = `${fileWidth}px`;
    img.style.height = `${fileHeight}px`;
    img.style.transformOrigin = "center";
    const x = view.x + (width - fileWidth) / 2;
    const y = view.y + (height - fileHeight) / 2;
    const turn = drawsFile ? turnTransform(item.orientation) : "";
    img.style.transform = `translate(${x}px, ${y}px) ${turn}`.trim();
  }

  buildVideo(item) {
    const source = playbackURL(item);
    if (!source) {
      const notice = message(playbackNotice(item, null) || "This video cannot be played in the browser.");
      const poster = item.posterURL ? [still(item.posterURL, "")] : [];
      return [...poster, notice];
    }
    const video = document.createElement("video");
    video.className = "viewer-video viewer-object";
    video.controls = true;
    video.playsInline = true;
    video.preload = "auto";
    if (item.posterURL) video.poster = item.posterURL;
    video.src = source;
    video.setAttribute("aria-label", titleOf(item));
    const time = videoTimes.get(item.id) ?? tilePlaying(item.id)?.currentTime ?? 0;
    if (time > 0)
      video.addEventListener(
        "loadedmetadata",
        () => {
          video.currentTime = time;
        },
        { once: true },
      );
    video.addEventListener("timeupdate", () => videoTimes.set(item.id, video.currentTime));
    for (const type of ["play", "pause", "seeked", "volumechange"])
      video.addEventListener(type, () => this.intents.onInput({ type: "inputSeen" }));
    this.video = video;
    this.videoId = item.id;
    video.play().catch(() => {}); // a browser that refuses to start it keeps the controls to press Play
    return [video];
  }

  /** Plays or pauses the video shown (Space); false when there is none. */
  toggleVideo() {
    if (!this.video) return false;
    if (this.video.paused) this.video.play().catch(() => {});
    else this.video.pause();
    return true;
  }

  /** Pauses the video shown, if any, keeping its place (for the viewer and for its tile, if it plays there). */
  leaveVideo() {
    if (!this.video || !this.videoId) return;
    this.video.pause();
    videoTimes.set(this.videoId, this.video.currentTime);
    const tile = tilePlaying(this.videoId);
    if (tile) tile.currentTime = this.video.currentTime;
    this.video = null;
    this.videoId = null;
  }

  /** Forgets what is shown (the viewer closed): a video is left where it was. */
  clear() {
    this.leaveVideo();
    this.signature = "";
    this.image = null;
    this.content.replaceChildren();
  }

  buildNote(item, editable) {
    const card = document.createElement("div");
    card.className = "viewer-note viewer-object";
    // A region one can reach and scroll by keyboard (a long note scrolls); focus comes back to it after an edit.
    card.tabIndex = 0;
    card.setAttribute("role", "region");
    card.setAttribute("aria-label", "Note text");
    const text = document.createElement("div");
    text.className = "note-text";
    text.textContent = item.text ?? "";
    if (!item.text) text.dataset.placeholder = "Empty note";
    card.append(text);
    if (!editable) return [card];
    const edit = document.createElement("button");
    edit.type = "button";
    edit.className = "viewer-edit-note";
    edit.textContent = "Edit Note";
    edit.addEventListener("click", () => {
      editNote(card, item.text ?? "", (value) => this.intents.onEditNote(item.id, value));
    });
    return [card, edit];
  }
}

/** What the content is drawn from: when this changes, it is built again. */
function signatureOf(item, editable) {
  const { id, state, kind, imageURL, text, title, caption, description, pageURL, siteName, playbackURL, posterURL } =
    item;
  return JSON.stringify([
    id,
    state,
    kind,
    imageURL,
    text,
    title,
    caption,
    description,
    pageURL,
    siteName,
    playbackURL,
    posterURL,
    editable,
    // Turned, an image is drawn from other files (its turned thumbnails).
    item.orientation,
    Array.isArray(item.thumbnails) ? item.thumbnails.map((/** @type {any} */ each) => each?.url) : [],
  ]);
}

/** A video playing in its tile (the grid's), if any. */
function tilePlaying(/** @type {string} */ id) {
  return /** @type {HTMLVideoElement | null} */ (
    document.querySelector(`.items [data-item-id="${CSS.escape(id)}"] video`)
  );
}

function message(/** @type {string} */ text) {
  const element = document.createElement("p");
  element.className = "viewer-message";
  element.textContent = text;
  return element;
}

function still(/** @type {string} */ url, /** @type {string} */ alt) {
  const img = document.createElement("img");
  img.className = "viewer-still viewer-object";
  img.src = url;
  img.alt = alt;
  img.draggable = false;
  return img;
}

/** A link's preview large, its title, description and site, and a link that opens the page. */
function buildLink(item) {
  const card = document.createElement("div");
  card.className = "viewer-link viewer-object";
  if (item.imageURL) card.append(still(item.imageURL, ""));
  const title = document.createElement("h2");
  title.className = "viewer-link-title";
  title.textContent = titleOf(item);
  card.append(title);
  if (item.description) {
    const description = document.createElement("p");
    description.className = "viewer-link-description";
    description.textContent = item.description;
    card.append(description);
  }
  let host = "";
  try {
    host = new URL(item.pageURL).hostname;
  } catch {}
  const site = document.createElement("p");
  site.className = "viewer-link-site";
  site.textContent =
    item.siteName && host && item.siteName !== host ? `${item.siteName} (${host})` : item.siteName || host;
  const open = document.createElement("a");
  open.className = "viewer-open-page";
  open.href = item.pageURL;
  open.target = "_blank";
  open.rel = "noopener noreferrer";
  open.textContent = "Open the Page";
  card.append(site, open);
  return [card];
}
