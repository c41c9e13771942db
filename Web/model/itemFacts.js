// What the list view shows of an item, pure: its kind, dimensions, size, source host and date, as text.

/** The item's kind, as `data-kind` says it: "image", "video", "note" or "link". */
export function kindOf(item) {
  return item.kind ?? "image";
}

/** "1,024 × 768", or "" when not known. */
export function dimensionsOf(item) {
  return item.width > 0 && item.height > 0
    ? `${item.width.toLocaleString("en")} × ${item.height.toLocaleString("en")}`
    : "";
}

/** "12 KB", "3.4 MB" (1,000 bytes to a KB, as files are shown by most systems), or "" when not known. */
export function sizeOf(item) {
  const bytes = item.byteCount;
  if (!(bytes >= 0)) return "";
  if (bytes < 1000) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** The host of the page, image or video the item came from ("example.com"), or "" for files, inline images and
 * notes. */
export function hostOf(item) {
  if (!item.sourceURL) return "";
  try {
    const url = new URL(item.sourceURL);
    return url.protocol === "http:" || url.protocol === "https:" ? url.hostname : "";
  } catch {
    return "";
  }
}

/** The date the item was added, as a short date ("23 Nov 2026"), or "". */
export function dateAddedOf(item) {
  const date = new Date(item.createdAt);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}
