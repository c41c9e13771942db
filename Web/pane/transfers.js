// Moving and copying items from one gallery to another (by a drag between panes, or the item menu's Move to
// Gallery…): one request to the target gallery; both panes show the change at once and keep it until their own
// events confirm it (or drop it if the request fails).

import { api } from "../net/api.js";
import { runEnds } from "../net/runEnds.js";
import { highestZ, provisionalPlace, runOrigin } from "../model/board.js";
import { hiding, insertion, nextKey, upsert } from "../model/overlay.js";
import { undoOffer } from "../model/undoToast.js";
import { tooManyToCopyText } from "../store/paneSelectors.js";

/**
 * Moves (or with `copy`, copies) the items `ids` to the gallery `targetGalleryId` before shown position `index` of the
 * target pane (null or no target pane: at the end). `source` and `target` are the panes showing those galleries, when
 * they are open on this page. With `run` (a selection beyond the items read of gallery `sourceGalleryId`, of which
 * `ids` are the items read: store/paneSelectors.js selectionRun) the run moves by its ends, however long, and the target
 * shows it with its event. With `onBoard` (model/board.js boardArrival: a drop on the target's board) the server puts
 * the items new to that board where it says, in the same change; they are shown there meanwhile. Resolves with the
 * server's items (none for a run), or null when it failed (already told to the user). `onUndoable(offer)` is told of
 * the change when no pane shows the target (model/undoToast.js undoOffer).
 */
export async function transferItems({
  ids,
  run = null,
  sourceGalleryId = null,
  source,
  target,
  targetGalleryId,
  targetName,
  index = null,
  copy = false,
  onBoard = null,
  announcer,
  onUndoable = null,
}) {
  if (!ids.length && !run) return null;
  if (run && copy) {
    announcer.alert(tooManyToCopyText(run.count));
    return null;
  }
  const sameGallery = source && source.galleryId === targetGalleryId;
  const known = source ? ids.map((id) => source.itemById(id)).filter((item) => item && !item.local) : [];
  const key = nextKey(copy ? "copy" : "transfer");
  const { at, beforeId } = target && index !== null ? target.insertionAt(index) : { at: undefined, beforeId: null };

  if (target && !run && known.length === ids.length) {
    const z = onBoard ? highestZ(target.state.shown) + 1 : 0;
    const entries = known.map((item, i) => ({
      ...item,
      id: copy ? `${key}-${i}` : item.id,
      local: true,
      ...(onBoard && (copy || !sameGallery) ? { board: provisionalPlace(onBoard, i, z + i) } : {}),
    }));
    target.addOverlay(insertion(key, entries, beforeId));
  }
  if (source && !copy && !sameGallery) source.addOverlay(hiding(key, ids));

  let response;
  try {
    if (run) {
      const range = await runEnds(sourceGalleryId ?? source?.galleryId, run);
      response = await api.moveRange(targetGalleryId, range, at, onBoard && runOrigin(onBoard));
    } else if (copy) response = await api.copy(targetGalleryId, ids, at, onBoard);
    else response = await api.move(targetGalleryId, ids, at, onBoard);
  } catch (error) {
    target?.settleOverlay(key);
    if (source !== target) source?.settleOverlay(key);
    announcer.alert(error.message);
    return null;
  }
  const items = response.items ?? [];
  target?.settleOverlay(key, upsert(key, items, targetGalleryId));
  if (source && !copy && !sameGallery) source.settleOverlay(key, hiding(key, ids, source.basisFor(ids)));
  const count = run ? response.moved : items.length;
  const what = count === 1 && items.length ? `'${items[0].title}'` : `${count} items`;
  announcer.announce(`${copy ? "Copied" : "Moved"} ${what} to ${targetName}.`);
  target?.afterOwnChange(response.history);
  if (source !== target) source?.afterOwnChange();
  // Into a gallery not shown here: no pane takes the answer's history, yet the change is offered to undo.
  const offer = target ? null : undoOffer(targetGalleryId, response.history);
  if (offer) onUndoable?.(offer);
  return items;
}

/** Moves (or copies) the items a drag carried (`payload`: the app's own, dnd/localDrag.js) to the end of gallery
 * `galleryId` (named `name`) that no pane here shows: a drop on it in the side bar. `source`: the pane the items came
 * from, when shown here (a view-only one gives copies). */
export function dropOnGallery({ payload, galleryId, name, copy, source = null, announcer, onUndoable = null }) {
  return transferItems({
    ids: payload.itemIds,
    run: payload.run ?? null,
    sourceGalleryId: payload.galleryId,
    source,
    target: null,
    targetGalleryId: galleryId,
    targetName: name,
    copy: copy || Boolean(source?.readOnly),
    announcer,
    onUndoable,
  });
}
