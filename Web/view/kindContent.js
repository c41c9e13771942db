// What a ready note, link or video shows in a tile (the grid's and the board's): a note its text (as text, never
// HTML), a link a card with its preview, title and host and a real link to the page, a video its poster (or a neutral
// tile) with its duration and a Play button; playing puts the video itself there, with controls, and it pauses when
// it is scrolled out of view.

import { durationText, pageHost } from "../model/itemKinds.js";

/** A note's text. */
export function noteContent(/** @type {any} */ item) {
  const text = document.createElement("div");
  text.className = "note-text";
  text.textContent = item.text ?? "";
  if (!item.text) {
    text.classList.add("note-empty");
    text.dataset.placeholder = "Empty note";
  }
  return [text];
}

/** A link's card; `picture(item)` draws its preview image. */
export function linkContent(/** @type {any} */ item, /** @type {(item: any) => HTMLElement} */ picture) {
  const card = document.createElement("div");
  card.className = "link-card";
  if (item.imageURL) {
    card.append(decorative(picture(item)));
  } else {
    const mark = document.createElement("span");
    mark.className = "link-mark";
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = (pageHost(item)[0] ?? "#").toUpperCase();
    card.append(mark);
  }
  const anchor = document.createElement("a");
  anchor.className = "link-open";
  anchor.href = item.pageURL;
  anchor.target = "_blank";
  anchor.rel = "noopener noreferrer";
  anchor.draggable = false;
  anchor.tabIndex = -1; // the tile is the tab stop; Enter on it opens the page
  const title = document.createElement("span");
  title.className = "link-title";
  title.textContent = item.title || pageHost(item);
  const host = document.createElement("span");
  host.className = "link-host";
  host.textContent = item.siteName || pageHost(item);
  anchor.append(title, host);
  card.append(anchor);
  return [card];
}

/** A video's poster and duration with a Play button; `picture(item)` draws an image item. */
export function videoContent(/** @type {any} */ item, /** @type {(item: any) => HTMLElement} */ picture) {
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

/** An image the tile's label already says: hidden from screen readers. */
function decorative(/** @type {HTMLElement} */ image) {
  if (image instanceof HTMLImageElement) image.alt = "";
  return image;
}

/** Plays the video of the tile `element` in place (with controls); whether there is one to play (a list row has
 * none). */
export function playVideo(/** @type {HTMLElement} */ element, /** @type {any} */ item) {
  const frame = element.querySelector(".video-frame");
  if (!frame) return false;
  const playing = frame.querySelector("video");
  if (playing) {
    playing.play().catch(() => {});
    return true;
  }
  const video = document.createElement("video");
  video.controls = true;
  video.playsInline = true;
  video.preload = "auto";
  video.src = item.videoURL;
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
