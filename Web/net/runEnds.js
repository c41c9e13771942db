// The ends of a run of a gallery's items, as the API's `range` names it.

import { api } from "./api.js";

/** The run `run` of gallery `galleryId` as the API's `range` (`{firstItemId, lastItemId, count}`): as it is when it
 * names its ends, else (a "Select All", `{count}`: every item) with its first and last item read by position. */
export async function runEnds(galleryId, run) {
  if (run.firstItemId) return run;
  const [first, last] = await Promise.all(
    [0, run.count - 1].map((position) => api.itemsWindow(galleryId, { position }, 1)),
  );
  return { firstItemId: first.items[0]?.id, lastItemId: last.items[0]?.id, count: run.count };
}
