// What each kind of item (image, video, note, link) shows and carries, pure: its accessible name, a video's duration
// as text, a note's first line, a link's host, and what a drag out or a copy of items offers other apps.

import { isTurned } from "./orientation.js";

/** The most characters (code points, as the server counts them) a note holds. */
export const NOTE_MAX_LENGTH = 20_000;

/** A note text's length in code points. */
export function noteLength(/** @type {string} */ text) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Why a note text cannot be kept, or null: "A note holds at most 20,000 characters; this text has 20,001." */
export function noteTextProblem(/** @type {string} */ text) {
  const length = noteLength(text);
  if (length <= NOTE_MAX_LENGTH) return null;
  return `A note holds at most ${NOTE_MAX_LENGTH.toLocaleString("en")} characters; this text has ${length.toLocaleString("en")}. Nothing was added or changed.`;
}

/** A note's first non-empty line ("" for an empty note). */
export function firstLine(/** @type {string | null | undefined} */ text) {
  for (const line of String(text ?? "").split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed) return trimmed;
  }
  return "";
}

/** A duration as a clock: "0:07", "1:05", "1:02:03"; "" when not known. */
export function durationText(/** @type {number | null | undefined} */ seconds) {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return "";
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** What people call the video codecs the server names (`videoCodec`). */
const CODEC_NAMES = /** @type {Record<string, string>} */ ({
  h264: "H.264",
  hevc: "HEVC",
  vp8: "VP8",
  vp9: "VP9",
  av1: "AV1",
  prores: "ProRes",
  mjpeg: "Motion JPEG",
  mpeg4: "MPEG-4 Part 2",
  mpeg2: "MPEG-2",
  mpeg1: "MPEG-1",
  h263: "H.263",
  theora: "Theora",
  dv: "DV",
});

/** A video codec as people call it ("HEVC"); "" when not known. */
export function codecName(/** @type {string | null | undefined} */ codec) {
  if (!codec || codec === "unknown") return "";
  return CODEC_NAMES[codec] ?? codec.toUpperCase();
}

/** The file the page plays of a ready video: the server's `playbackURL` (its original, or the copy browsers play);
 * null while a video browsers do not play has no copy. A server that does not say plays the original. */
export function playbackURL(/** @type {any} */ item) {
  if (item.kind !== "video") return null;
  if (item.playbackURL) return item.playbackURL;
  return item.playback ? null : (item.videoURL ?? null);
}

/**
 * What a video that cannot be played in the browser says on its tile: "This HEVC video cannot be played in the
 * browser yet. A copy that plays is being made: 40%." while its copy is made, "This HEVC video cannot be played in
 * the browser." when none will be; "" for one that plays.
 * @param {any} item
 * @param {{received: number, total: number} | null | undefined} progress the copy's so far
 */
export function playbackNotice(item, progress) {
  if (item.kind !== "video" || (item.playback !== "converting" && item.playback !== "unplayable")) return "";
  const video = ["This", codecName(item.videoCodec), "video"].filter(Boolean).join(" ");
  if (item.playback === "unplayable") return `${video} cannot be played in the browser.`;
  const total = Number(progress?.total) || 0;
  const percent = total > 0 ? `: ${Math.floor((Math.min(Number(progress?.received) || 0, total) * 100) / total)}%` : "";
  return `${video} cannot be played in the browser yet. A copy that plays is being made${percent}.`;
}

/** What a video whose file is cut short says: "Cut short: plays 0.4 s of 1.5 s", "Cut short: plays 1:05 of 3:20"
 * (tenths of a second under a minute, where a clock would say 0:00); "" for a whole one. */
export function cutShortText(/** @type {any} */ item) {
  if (item.kind !== "video" || typeof item.playableSeconds !== "number") return "";
  const length = (/** @type {number} */ seconds) =>
    seconds < 59.95 ? `${seconds.toFixed(1)} s` : durationText(seconds);
  const whole = typeof item.durationSeconds === "number" ? ` of ${length(item.durationSeconds)}` : "";
  return `Cut short: plays ${length(item.playableSeconds)}${whole}`;
}

/** The shape (width over height) a ready item is laid out at when it has no size of its own: a note square, a link
 * without a preview 4:3, a video whose size is not known 16:9; null for an image (its size is its own, once known). */
export function kindAspect(/** @type {{state?: string, kind?: string}} */ item) {
  if (item.state !== "ready") return null;
  if (item.kind === "note") return 1;
  if (item.kind === "link") return 4 / 3;
  if (item.kind === "video") return 16 / 9;
  return null;
}

/** A link's host ("example.com"), or "". */
export function pageHost(/** @type {{pageURL?: string | null}} */ item) {
  try {
    const url = new URL(item.pageURL ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url.hostname : "";
  } catch {
    return "";
  }
}

/** The most characters of a link's description its card holds: more than three lines of the widest tile show. */
export const cardDescriptionLength = 300;

/** What the card of a link without a preview image says: its title (else its host), the start of its description,
 * its host and its site icon's URL (null: a neutral glyph stands for it). */
export function linkCard(
  /** @type {{title?: string, description?: string | null, pageURL?: string | null, siteIconURL?: string | null}} */ item,
) {
  const host = pageHost(item);
  const description = (item.description ?? "").trim();
  return {
    title: item.title || host,
    description:
      description.length > cardDescriptionLength
        ? `${description.slice(0, cardDescriptionLength - 1).trimEnd()}…`
        : description,
    host,
    iconURL: item.siteIconURL || null,
  };
}

/** What a screen reader calls an item: "Note: Shopping", "Link: Café, example.com", "Video: clip.mp4, 1:05"; an
 * image by its title. */
export function itemLabel(/** @type {any} */ item) {
  const title = item.title || "Untitled";
  if (item.state !== "ready") return title;
  switch (item.kind) {
    case "note":
      return `Note: ${firstLine(item.text) || "empty"}`;
    case "link":
      return [`Link: ${title}`, pageHost(item)].filter(Boolean).join(", ");
    case "video":
      return [`Video: ${title}`, durationText(item.durationSeconds), videoCondition(item)].filter(Boolean).join(", ");
    default:
      return title;
  }
}

/** What a screen reader hears of a video that does not simply play: "cannot be played in the browser yet", "cut
 * short". */
function videoCondition(/** @type {any} */ item) {
  const parts = [];
  if (item.playback === "converting") parts.push("cannot be played in the browser yet");
  if (item.playback === "unplayable") parts.push("cannot be played in the browser");
  if (typeof item.playableSeconds === "number") parts.push("cut short");
  return parts.join(", ");
}

/**
 * An item's accessible name: what it is, its state and where it is ("Image: sunset.jpg, 3 of 40", "Note: Shopping,
 * 5 of 40", "Loading sunset.jpg, 45%, 2 of 40", "Failed: Not an image, notes.txt, 4 of 40").
 * @param {any} item
 * @param {number | null} position 1-based; null: not known (a region of a big gallery's board), not said
 * @param {number} count the items in the gallery
 * @param {{received: number, total: number} | null | undefined} progress an upload's bytes so far
 */
export function itemName(item, position, count, progress) {
  const where = position === null ? "" : `, ${position} of ${count}`;
  if (item.state === "pending") {
    const total = Number(progress?.total) || 0;
    const percent =
      total > 0 ? `, ${Math.floor((Math.min(Number(progress?.received) || 0, total) * 100) / total)}%` : "";
    return `Loading ${item.title || "item"}${percent}${where}`;
  }
  if (item.state === "failed")
    return `Failed: ${item.failure?.message || "could not load"}, ${item.title || "Untitled"}${where}`;
  // An image's caption is its alternative text: said after its title.
  const caption = item.caption ? ` — ${item.caption}` : "";
  const label = (item.kind ?? "image") === "image" ? `Image: ${item.title || "Untitled"}${caption}` : itemLabel(item);
  // A search result says which gallery it is in.
  const gallery = item.galleryName ? `, in ${item.galleryName}` : "";
  return `${label}${gallery}${where}`;
}

function escapeHTML(/** @type {string} */ text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** Other spellings of the extensions files are stored with. */
const SAME_EXTENSIONS = /** @type {Record<string, string[]>} */ ({
  jpg: ["jpeg", "jpe", "jfif"],
  tiff: ["tif"],
  heic: ["heif"],
  mp4: ["m4v"],
});

/** A file name for a download: the title, made safe, with the file's extension (unless it has it already); for an
 * image the person turned, "(original)" before it: the file comes as it was added, not turned. */
function downloadName(/** @type {any} */ item, /** @type {string} */ url) {
  const extension = url.split(".").pop() ?? "";
  const base = (item.title || item.kind || "file").replace(/[\\/:*?"<>|]+/g, "_");
  const known = [extension, ...(SAME_EXTENSIONS[extension] ?? [])];
  const ending = known.find((each) => base.toLowerCase().endsWith(`.${each}`));
  const stem = ending ? base.slice(0, base.length - ending.length - 1) : base;
  const marked = isTurned(item.orientation) ? `${stem} (original)` : stem;
  return ending ? `${marked}${base.slice(stem.length)}` : `${marked}.${extension}`;
}

/**
 * What items offer other apps when dragged out or copied, by kind: an image its link, an `<img>` and (Chromium) its
 * file; a video its file's link and its file; a link its page (uri-list, text and an `<a>`); a note its text (and the
 * text as escaped HTML). URLs are made absolute against `origin`.
 * @param {any[]} items
 * @param {string} origin
 * @returns {{uriList: string, plainText: string, html: string, download: string | null}}
 */
export function representations(items, origin) {
  const absolute = (/** @type {string} */ url) => new URL(url, origin).href;
  const urls = [];
  const texts = [];
  const html = [];
  let download = null;
  for (const item of items) {
    if (item.kind === "note") {
      const text = String(item.text ?? "");
      texts.push(text);
      html.push(`<p>${escapeHTML(text).replace(/\r\n|\r|\n/g, "<br>")}</p>`);
      continue;
    }
    if (item.kind === "link" && item.pageURL) {
      urls.push(item.pageURL);
      texts.push(item.pageURL);
      html.push(`<a href="${escapeHTML(item.pageURL)}">${escapeHTML(item.title || item.pageURL)}</a>`);
      continue;
    }
    if (item.kind === "video" && item.videoURL) {
      const url = absolute(item.videoURL);
      urls.push(url);
      texts.push(url);
      html.push(`<a href="${escapeHTML(url)}">${escapeHTML(item.title || url)}</a>`);
      download ??= `${item.mimeType || "video/mp4"}:${downloadName(item, url)}:${url}`;
      continue;
    }
    const original = item.originalURL ?? item.imageURL;
    const url = item.sourceURL ?? (original ? absolute(original) : null);
    if (url) {
      urls.push(url);
      texts.push(url);
    }
    if (item.imageURL)
      html.push(`<img src="${escapeHTML(absolute(item.imageURL))}" alt="${escapeHTML(item.title ?? "")}">`);
    if (original && item.mimeType)
      download ??= `${item.mimeType}:${downloadName(item, original)}:${absolute(original)}`;
  }
  return { uriList: urls.join("\r\n"), plainText: texts.join("\n"), html: html.join("\n"), download };
}

/** "1 image", "3 notes": a count of one kind. */
function countOf(/** @type {number} */ count, /** @type {string} */ kind) {
  return `${count} ${kind}${count === 1 ? "" : "s"}`;
}

/**
 * One message for items that finished loading together (a burst of events, from this tab or others): "3 images and
 * 1 video added.", then the failures: "Could not add a.png: Not an image." or "2 items could not be added."; "" when
 * there is nothing to say.
 * @param {{ready: any[], failed: any[]}} settled
 */
export function settledText({ ready, failed }) {
  const parts = [];
  if (ready.length) {
    const kinds = ["image", "video", "note", "link"]
      .map((kind) => [kind, ready.filter((item) => (item.kind ?? "image") === kind).length])
      .filter(([, count]) => Number(count) > 0)
      .map(([kind, count]) => countOf(Number(count), String(kind)));
    const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}` : kinds[0];
    parts.push(`${list} added.`);
  }
  if (failed.length === 1) parts.push(`Could not add ${failed[0].title}: ${failed[0].failure?.message ?? ""}.`);
  else if (failed.length > 1) parts.push(`${failed.length} items could not be added.`);
  return parts.join(" ");
}
