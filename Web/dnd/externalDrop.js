// HTML5 adapter for drags coming from outside the page (other sites, the desktop).
// Data is read only at drop time, because browsers release it only then. Every registration returns a cleanup.

import { dropTarget } from "./dropTarget.js";
import { readLocalPayload } from "./localDrag.js";
import { isTextField } from "./textFields.js";

const USABLE_TYPES = ["files", "text/uri-list", "text/html", "text/plain", "text/x-moz-url"];

/** Whether a drag offering these types carries anything the gallery can take. */
export function acceptsTypes(types) {
  return Array.from(types ?? []).some((type) => USABLE_TYPES.includes(String(type).toLowerCase()));
}

/** A drop of `files` alone, as `readPayload` reads one (the sample pictures are added as such a drop). */
export function filesPayload(files) {
  return {
    payload: {
      uriList: null,
      html: null,
      plainText: null,
      mozURL: null,
      files: files.map((file) => ({ name: file.name, type: file.type, size: file.size })),
    },
    files,
  };
}

/** A drop of one address (`url`), as a dragged link is read (Add → Link…). */
export function linkPayload(url) {
  return { payload: { uriList: url, html: null, plainText: url, mozURL: null, files: [] }, files: [] };
}

/** The raw representations of a DataTransfer, as the server's drop endpoint takes them (files kept apart). */
export function readPayload(dataTransfer) {
  const get = (type) => {
    try {
      return dataTransfer.getData(type) || null;
    } catch {
      return null;
    }
  };
  const files = Array.from(dataTransfer.files ?? []);
  return {
    payload: {
      uriList: get("text/uri-list"),
      html: get("text/html"),
      plainText: get("text/plain"),
      mozURL: get("text/x-moz-url"),
      files: files.map((file) => ({ name: file.name, type: file.type, size: file.size })),
    },
    files,
  };
}

/**
 * Makes `element` a drop target for external drags.
 * Callbacks: onEnter(), onOver({x, y}), onLeave(), onDrop({x, y, payload, files}); `isLocal(event)` tells drags that
 * started inside the app (handled elsewhere) so they are ignored here; while `enabled()` is false (a view-only
 * gallery) it is no drop target at all.
 */
export function dropTargetForExternal(
  element,
  { onEnter, onOver, onLeave, onDrop, isLocal = (/** @type {DragEvent} */ _event) => false, enabled = () => true },
) {
  return dropTarget(element, {
    accepts: (event) => enabled() && !isLocal(event) && acceptsTypes(event.dataTransfer?.types),
    effect: () => "copy",
    onEnter,
    onOver,
    onLeave,
    onDrop: ({ x, y, dataTransfer }) => onDrop?.({ x, y, ...readPayload(dataTransfer) }),
  });
}

/** Paste (Ctrl/Cmd+V) through the same path as a drop; ignored while typing in a field. Items this app copied (its
 * own type on the clipboard) come as `{local: {galleryId, itemIds}}`: they are copied, not fetched again. */
export function pasteTarget(target, onPaste) {
  const paste = (event) => {
    // A paste someone took is theirs (the board drops the one a middle button's release sends after a pan).
    if (event.defaultPrevented || isTextField(event.target) || !event.clipboardData) return;
    const local = readLocalPayload(event.clipboardData);
    if (local) {
      event.preventDefault();
      onPaste({ local });
      return;
    }
    const { payload, files } = readPayload(event.clipboardData);
    if (!files.length && !payload.uriList && !payload.mozURL && !payload.html && !payload.plainText) return;
    event.preventDefault();
    onPaste({ payload, files });
  };
  target.addEventListener("paste", paste);
  return () => target.removeEventListener("paste", paste);
}
