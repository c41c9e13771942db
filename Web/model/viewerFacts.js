// What the viewer says of an item, pure: its position ("Image 5 of 40: sunset.jpg"), which of its files to draw at a
// size, and the rows of its details panel — kind, dimensions, file size and type, where it came from, when it was
// added, and what the camera wrote (date taken, camera and lens, focal length, aperture, shutter time, ISO, where).

import { dimensionsOf, sizeOf } from "./itemFacts.js";
import { durationText, firstLine, pageHost } from "./itemKinds.js";

/** What an item is, as a word for people: "Image", "Video", "Note" or "Link". */
export function kindWord(/** @type {any} */ item) {
  return { video: "Video", note: "Note", link: "Link" }[item?.kind] ?? "Image";
}

/** An item's title as the viewer shows it: its own, a note's first line, else "Untitled". */
export function titleOf(/** @type {any} */ item) {
  return item?.title || firstLine(item?.text) || "Untitled";
}

/**
 * Where the viewer is and what it shows, as shown and announced: "Image 5 of 40: sunset.jpg"; without a known
 * position (the gallery is still being read) "Image: sunset.jpg".
 * @param {any} item
 * @param {number | null} position 0-based
 * @param {number} total
 */
export function positionText(item, position, total) {
  const where = position === null || position === undefined ? "" : ` ${position + 1} of ${total}`;
  return `${kindWord(item)}${where}: ${titleOf(item)}`;
}

/**
 * Which file to draw an image from when `needed` device pixels across are wanted: the smallest of its thumbnails
 * (smaller copies, each narrower than the image) that is at least that wide, else what browsers show of it, its
 * `imageURL` (the original, or the display copy of a TIFF, HEIC or turned image), which is `width` wide.
 * @param {any} item
 * @param {number} needed
 * @returns {{url: string, width: number} | null}
 */
export function imageSource(item, needed) {
  if (!item?.imageURL) return null;
  const full = { url: item.imageURL, width: item.width > 0 ? item.width : Number.POSITIVE_INFINITY };
  const copies = (Array.isArray(item.thumbnails) ? item.thumbnails : [])
    .filter((each) => each && typeof each.url === "string" && each.width > 0 && each.width < full.width)
    .sort((a, b) => a.width - b.width);
  const enough = copies.find((each) => each.width >= needed);
  return enough ? { url: enough.url, width: enough.width } : full;
}

/** "'Moodboard'", "'Moodboard' and 'Travel'": the other galleries holding the same picture (`alsoIn` of the item's own
 * answer), or "" for none. */
export function alsoInText(/** @type {any} */ alsoIn) {
  const names = (Array.isArray(alsoIn) ? alsoIn : []).map((/** @type {any} */ each) => `'${each.galleryName}'`);
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "f/2.8". */
export function apertureText(/** @type {number} */ aperture) {
  return `f/${Number(aperture.toFixed(1))}`;
}

/** A shutter time as cameras say it: "1/250 s" under a second (rounded to the usual fractions), "2 s", "1.5 s". */
export function shutterText(/** @type {number} */ seconds) {
  if (seconds >= 1 || seconds <= 0) return `${Number(seconds.toFixed(1))} s`;
  const denominator = 1 / seconds;
  return `1/${denominator >= 10 ? Math.round(denominator) : Number(denominator.toFixed(1))} s`;
}

/** "50 mm". */
export function focalLengthText(/** @type {number} */ millimetres) {
  return `${Number(millimetres.toFixed(1))} mm`;
}

/** The camera as one name: "Canon EOS R5" (a model that already names its maker is not prefixed twice). */
export function cameraText(/** @type {string | undefined} */ make, /** @type {string | undefined} */ model) {
  const maker = (make ?? "").trim();
  const name = (model ?? "").trim();
  if (!name) return maker;
  if (!maker || name.toLowerCase().startsWith(maker.toLowerCase().split(" ")[0])) return name;
  return `${maker} ${name}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** When a photo was taken, by the camera's clock as it wrote it: "17 May 2024, 14:03:22" (with " UTC+02:00" when it
 * wrote its offset); the text as it is when it is not such a date. */
export function takenText(/** @type {string} */ taken) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}(?::\d{2})?)(Z|[+-]\d{2}:\d{2})?$/.exec(String(taken));
  if (!match) return String(taken);
  const [, year, month, day, time, offset] = match;
  const zone = offset ? ` UTC${offset === "Z" ? "" : offset}` : "";
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}, ${time}${zone}`;
}

/** Coordinates as people read them: "48.858333° N, 2.294500° E". */
export function coordinatesText(/** @type {{latitude: number, longitude: number}} */ { latitude, longitude }) {
  const part = (/** @type {number} */ value, /** @type {string} */ plus, /** @type {string} */ minus) =>
    `${Math.abs(value).toFixed(6)}° ${value < 0 ? minus : plus}`;
  return `${part(latitude, "N", "S")}, ${part(longitude, "E", "W")}`;
}

/** When an item was added: "23 Nov 2026, 14:03" (the browser's time zone), or "". */
export function addedText(/** @type {string} */ createdAt) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return "";
  const day = date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return `${day}, ${time}`;
}

/** Where an item came from: a page or file address as a link (`href`), or how it was added. */
export function sourceOf(/** @type {any} */ item) {
  const address = item.kind === "link" ? item.pageURL : item.sourceURL;
  if (address && /^https?:/i.test(address)) {
    let text = address;
    try {
      text = new URL(address).hostname || address;
    } catch {}
    return { value: text, href: address };
  }
  if (item.kind === "note") return { value: "Written here" };
  if (item.origin === "upload") return { value: "A file added from this device" };
  return { value: "Dropped or pasted here" };
}

/**
 * The rows of the details panel: `{label, value, href?}` for what is known of `item` (as the gallery holds it),
 * with what `GET /api/items/{id}` told (`full`, or null: its photo's location) over it.
 * @param {any} item
 * @param {any} [full]
 * @returns {{label: string, value: string, href?: string}[]}
 */
export function detailRows(item, full = null) {
  const known = full && full.id === item.id ? { ...item, ...full } : item;
  /** @type {{label: string, value: string, href?: string}[]} */
  const rows = [];
  const add = (/** @type {string} */ label, /** @type {any} */ value, /** @type {string | undefined} */ href) => {
    if (value === undefined || value === null || value === "") return;
    rows.push(href ? { label, value: String(value), href } : { label, value: String(value) });
  };
  add("Kind", kindWord(known));
  add("Dimensions", dimensionsOf(known));
  if (known.kind === "video") add("Duration", durationText(known.durationSeconds));
  add("File size", sizeOf(known));
  add("File type", known.mimeType);
  if (known.kind === "link") add("Site", known.siteName || pageHost(known));
  const source = sourceOf(known);
  add("From", source.value, source.href);
  add("Added", addedText(known.createdAt));
  add("Added by", known.addedBy);
  add("Also in", alsoInText(known.alsoIn));
  const photo = known.photo;
  if (photo) {
    if (photo.takenAt) add("Taken", takenText(photo.takenAt));
    add("Camera", cameraText(photo.cameraMake, photo.cameraModel));
    add("Lens", photo.lens);
    if (photo.focalLength > 0) add("Focal length", focalLengthText(photo.focalLength));
    if (photo.aperture > 0) add("Aperture", apertureText(photo.aperture));
    if (photo.exposureTime > 0) add("Shutter", shutterText(photo.exposureTime));
    if (photo.iso > 0) add("ISO", photo.iso);
    if (photo.location) add("Location", coordinatesText(photo.location));
  }
  // Read by the server with Tesseract, when it has it (only the item's own answer tells it).
  add("Text in image", known.imageText);
  return rows;
}
