// Requests that must reach the server in the order they were made: a pane's changes. Two quick nudges or moves of one
// item, sent at once on two connections, may arrive the other way round, and the older one is then what the gallery
// keeps. Through a queue, each is sent once the one made before it has been answered (or has failed).

/** A queue of requests: `send(request)` calls `request()` once every request sent through it before has settled, and
 * settles as it does. */
export function inOrder() {
  /** @type {Promise<unknown>} */
  let last = Promise.resolve();
  /** @template T @param {() => Promise<T>} request @returns {Promise<T>} */
  const send = (request) => {
    const sent = last.then(request);
    last = sent.catch(() => {});
    return sent;
  };
  return send;
}
