// A drop or paste of more files than one request may add, taken whole in parts (issue "Faithful with what people
// really drop": nothing cut silently), and the page's uploads, a few at a time in drop order. Pure: the I/O is in
// pane/itemActions.js.

/** The most items one drop request adds: the server's `DropPayloadReader.maximumItems`, in openapi.yaml. */
export const DROP_MAX_ITEMS = 500;

/** How many of a pane's uploads run at once: a browser opens at most six connections to a server, and the page's
 * thumbnails and item pages need the rest. */
export const UPLOADS_AT_ONCE = 4;

/**
 * The requests a drop of `files` (its `payload`, as externalDrop.js reads it) is sent as: one, or parts of at most
 * `limit` files each, in order, each `{payload, files, offset}` (`offset`: its first file's index in the drop). The
 * links, page and text the drop also carried go with its last part, so a drop's files come first as they do in one.
 */
export function dropParts(payload, files, limit = DROP_MAX_ITEMS) {
  if (files.length <= limit) return [{ payload, files, offset: 0 }];
  const parts = [];
  for (let offset = 0; offset < files.length; offset += limit) {
    const last = offset + limit >= files.length;
    const described = payload.files.slice(offset, offset + limit);
    parts.push({
      payload: last
        ? { ...payload, files: described }
        : { ...payload, uriList: null, html: null, plainText: null, mozURL: null, files: described },
      files: files.slice(offset, offset + limit),
      offset,
    });
  }
  return parts;
}

/** What the person hears once a drop's first part is in: `count` items of its first answer, of `parts` parts holding
 * `fileCount` files. */
export function dropStartedText(count, parts, fileCount) {
  if (parts === 1) return `Adding ${count} item${count === 1 ? "" : "s"}.`;
  return `Adding ${fileCount.toLocaleString("en")} files, ${DROP_MAX_ITEMS} at a time.`;
}

/** What the person is told when part `failedPart` (0-based) of a drop failed with `message`, `added` items in. */
export function dropFailedText(message, failedPart, added, fileCount) {
  if (failedPart === 0) return message;
  return `${added.toLocaleString("en")} of ${fileCount.toLocaleString("en")} files were added; the rest were not: ${message}`;
}

/** An upload queue: nothing waiting or running, at most `limit` at once. */
export function emptyUploadQueue(limit = UPLOADS_AT_ONCE) {
  return { limit: Math.max(1, limit), waiting: [], next: 0, running: 0 };
}

/** Takes the queue's next uploads while there is room: the new queue and the uploads to start now. */
function startWhatFits(queue) {
  const start = [];
  let { next, running } = queue;
  while (running < queue.limit && next < queue.waiting.length) {
    start.push(queue.waiting[next]);
    next++;
    running++;
  }
  // What has started is let go of once the queue is drained, so a long session does not hold every upload.
  const drained = next === queue.waiting.length;
  return { queue: { ...queue, waiting: drained ? [] : queue.waiting, next: drained ? 0 : next, running }, start };
}

/** `uploads` join the end of the queue: the new queue and the uploads to start now. */
export function uploadsQueued(queue, uploads) {
  return startWhatFits({ ...queue, waiting: queue.waiting.slice(queue.next).concat(uploads), next: 0 });
}

/** One running upload ended (done or failed): the new queue and the uploads to start now. */
export function uploadEnded(queue) {
  return startWhatFits({ ...queue, running: Math.max(0, queue.running - 1) });
}
