// What a ready note, link or video shows in a tile (the grid's and the board's): a note its text (as text, never
// HTML), a link a card with its preview, title and host and a real link to the page, a video its poster (or a neutral
// tile) with its duration and a Play button; playing puts the video itself there (the copy browsers play when the
// server made one), with controls, and it pauses when it is scrolled out of view. A video the browser cannot play
// (yet) says so and offers its file instead of a player that would not start; one cut short says so.

import { cutShortText, durationText, linkCard, pageHost, playbackNotice, playbackURL } from "../model/itemKinds.js";

/** A note's text; when more lines follow its first, the first (its title) stands out. */
export function noteContent(/** @type {any} */ item) {
  const text = document.createElement("div");
  text.className = "note-text";
  const whole = item.text ?? "";
  const end = whole.indexOf("\n");
  if (end > 0 && whole.slice(end).trim()) {
    // The text stays whole (the title keeps its line end), as the element's text and as it wraps.
    const title = document.createElement("strong");
    title.className = "note-title";
    title.textContent = whole.slice(0, end + 1);
    text.append(title, whole.slice(end + 1));
  } else {
    text.textContent = whole;
  }
  if (!item.text) {
    text.classList.add("note-empty");
    text.dataset.placeholder = "Empty note";
  }
  return [text];
}

/** A link's card; `picture(item)` draws its preview image. Without one, the card says what the page is: its site
 * icon (or a neutral glyph), its title, the start of its description and its host. */
export function linkContent(/** @type {any} */ item, /** @type {(item: any) => HTMLElement} */ picture) {
  const card = document.createElement("div");
  card.className = "link-card";
  const anchor = document.createElement("a");
  anchor.className = "link-open";
  anchor.href = item.pageURL;
  anchor.target = "_blank";
  anchor.rel = "noopener noreferrer";
  anchor.draggable = false;
  anchor.tabIndex = -1; // the tile is the tab stop; Enter on it opens the page
  if (item.imageURL) {
    card.append(decorative(picture(item)));
    const title = document.createElement("span");
    title.className = "link-title";
    title.textContent = item.title || pageHost(item);
    const host = document.createElement("span");
    host.className = "link-host";
    host.textContent = item.siteName || pageHost(item);
    anchor.append(title, host);
    card.append(anchor);
  } else {
    // Only the title is the link to the page: a click elsewhere on the card selects the tile, a double click opens it.
    card.classList.add("link-text-card");
    const text = document.createElement("div");
    text.className = "link-text";
    const [head, title, ...rest] = textCard(linkCard(item));
    anchor.append(title);
    text.append(head, anchor, ...rest);
    card.append(text);
  }
  return [card];
}

/** The parts of a link's card without a preview image: a head of the site icon and host, the title, the description. */
function textCard(/** @type {ReturnType<typeof linkCard>} */ card) {
  const head = document.createElement("span");
  head.className = "link-head";
  head.append(card.iconURL ? siteIcon(card.iconURL) : linkGlyph());
  const host = document.createElement("span");
  host.className = "link-host";
  host.textContent = card.host;
  head.append(host);
  const title = document.createElement("span");
  title.className = "link-title";
  title.textContent = card.title;
  const parts = [head, title];
  if (card.description) {
    const description = document.createElement("span");
    description.className = "link-description";
    description.textContent = card.description;
    parts.push(description);
  }
  return parts;
}

/** A site's icon, decorative (the host beside it says the site); a glyph takes its place if it does not load. */
function siteIcon(/** @type {string} */ url) {
  const icon = document.createElement("img");
  icon.className = "link-icon";
  icon.alt = "";
  icon.decoding = "async";
  icon.draggable = false;
  icon.addEventListener("load", () => icon.classList.add("loaded"), { once: true });
  icon.addEventListener("error", () => icon.replaceWith(linkGlyph()), { once: true });
  icon.src = url;
  return icon;
}

/** The neutral glyph of a link without a site icon: a globe, drawn in the text's colour. */
function linkGlyph() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "link-icon link-glyph");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const d of ["M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z", "M3 12h18", "M12 3c3 3.2 3 14.8 0 18c-3-3.2-3-14.8 0-18z"]) {
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** A video's poster and duration with a Play button (or, when the browser cannot play it, a notice and its file);
 * `picture(item)` draws an image item; `progress` is that of its copy being made. */
export function videoContent(
  /** @type {any} */ item,
  /** @type {(item: any) => HTMLElement} */ picture,
  /** @type {any} */ progress = null,
) {
  const frame = document.createElement("div");
  frame.className = "video-frame";
  if (item.posterURL) {
    frame.append(decorative(picture({ ...item, imageURL: item.posterURL })));
  } else {
    frame.classList.add("video-no-poster");
  }
  const duration = durationText(item.durationSeconds);
  if (duration) {
    const badge = document.createElement("span");
    badge.className = "video-duration";
    badge.setAttribute("aria-hidden", "true"); // said in the tile's label
    badge.textContent = duration;
    frame.append(badge);
  }
  const cutShort = cutShortText(item);
  if (cutShort) {
    const badge = document.createElement("span");
    badge.className = "video-cut-short";
    badge.setAttribute("aria-hidden", "true"); // said in the tile's label
    badge.textContent = cutShort;
    frame.append(badge);
  }
  if (!playbackURL(item)) {
    frame.append(unplayableNotice(item, progress));
    return [frame];
  }
  const play = document.createElement("button");
  play.type = "button";
  play.className = "video-play";
  play.textContent = "▶";
  play.tabIndex = -1;
  play.draggable = false;
  play.setAttribute("aria-label", `Play ${item.title || "video"}`);
  frame.append(play);
  return [frame];
}

/** What a video the browser cannot play (yet) shows instead of a Play button: why, and a link to download its file. */
function unplayableNotice(/** @type {any} */ item, /** @type {any} */ progress) {
  const notice = document.createElement("div");
  notice.className = "video-notice";
  const text = document.createElement("span");
  text.className = "video-notice-text";
  text.textContent = playbackNotice(item, progress);
  const download = document.createElement("a");
  download.className = "video-download";
  download.href = item.videoURL;
  download.download = item.title || "";
  download.draggable = false;
  download.tabIndex = -1; // the tile is the tab stop; Enter on it downloads the file
  download.textContent = "Download the file";
  notice.append(text, download);
  return notice;
}

/** Brings a video tile's notice up to date with its copy's progress (the rest is redrawn when the item changes). */
export function updateVideoNotice(/** @type {HTMLElement} */ element, /** @type {any} */ item, progress) {
  const text = element.querySelector(".video-notice-text");
  if (text) text.textContent = playbackNotice(item, progress);
}

/** An image the tile's label already says: hidden from screen readers. */
function decorative(/** @type {HTMLElement} */ image) {
  if (image instanceof HTMLImageElement) image.alt = "";
  return image;
}

/** Plays the video of the tile `element` in place (with controls), or downloads its file when the browser cannot
 * play it; whether there is one to play (a list row has none). */
export function playVideo(/** @type {HTMLElement} */ element, /** @type {any} */ item) {
  const frame = element.querySelector(".video-frame");
  if (!frame) return false;
  const source = playbackURL(item);
  if (!source) {
    // Nothing the browser plays: its file instead.
    /** @type {HTMLAnchorElement | null} */ (frame.querySelector("a.video-download"))?.click();
    return true;
  }
  const playing = frame.querySelector("video");
  if (playing) {
    playing.play().catch(() => {});
    return true;
  }
  const video = document.createElement("video");
  video.controls = true;
  video.playsInline = true;
  video.preload = "auto";
  video.src = source;
  if (item.posterURL) video.poster = item.posterURL;
  video.setAttribute("aria-label", item.title || "Video");
  video.draggable = false;
  frame.replaceChildren(video);
  element.dataset.playing = "true";
  whenOutOfView(video);
  video.play().catch(() => {}); // a browser that refuses to start it keeps the controls to press Play
  return true;
}

/** @type {IntersectionObserver | null} */
let observer = null;

/** Pauses a playing video once it is scrolled out of view. */
function whenOutOfView(/** @type {HTMLVideoElement} */ video) {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const target = /** @type {HTMLVideoElement} */ (entry.target);
      if (!entry.isIntersecting && !target.paused) target.pause();
      if (!target.isConnected) observer?.unobserve(target);
    }
  });
  observer.observe(video);
}
