// The live sockets (docs/live-undo-api.md): one gallery's (`/api/galleries/{id}/live?since=N`: events, progress and
// resets as callbacks) and the gallery browser's (`/api/galleries/live`: "changed"). When a socket drops it reconnects
// by itself with a growing delay, asking for everything after the sequence the caller knows by then; a reset or a
// gallery that is gone stops it until `restart`. One closed because its session ended reconnects if the page is still
// signed in (its cookie renewed by a change of password), and otherwise takes the page to the sign-in page.

import { signInAgain, stillSignedIn } from "./account.js";

export const GALLERY_GONE = 4404;
export const SIGNED_OUT = 4401;
const FIRST_DELAY = 250;
const LONGEST_DELAY = 5000;

/** The delay before reconnection attempt `attempt` (0, 1, 2…): doubling from 250 ms up to 5 s, with some jitter. */
export function reconnectDelay(attempt, random = Math.random) {
  const base = Math.min(LONGEST_DELAY, FIRST_DELAY * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** The WebSocket address of a path on this server. */
function socketURL(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/**
 * A socket to the server that reconnects by itself with a growing delay when it drops. `path()` is read at every
 * (re)connection. Callbacks: onMessage(data) with each JSON message, onGone(reason) when the server closes it with
 * GALLERY_GONE (it then waits for `restart`), onState("open" | "down").
 * Returns { restart(), reconnectNow(), wait(), close(), socket() }.
 */
export function connectFeed(
  path,
  { onMessage, onGone = (/** @type {string} */ _reason) => {}, onState = (/** @type {string} */ _state) => {} },
) {
  let socket = null;
  let attempt = 0;
  let timer = null;
  let stopped = false; // closed for good by the caller
  let waiting = false; // after wait() or a gone gallery: until restart()

  function open() {
    clearTimeout(timer);
    timer = null;
    if (stopped || waiting) return;
    const current = new WebSocket(socketURL(path()));
    socket = current;
    current.addEventListener("open", () => {
      if (socket !== current) return;
      attempt = 0;
      onState("open");
    });
    current.addEventListener("message", (message) => {
      if (socket !== current) return;
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      onMessage(data);
    });
    current.addEventListener("close", (event) => {
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      if (event.code === GALLERY_GONE) {
        waiting = true;
        onGone(event.reason);
        return;
      }
      if (event.code === SIGNED_OUT) {
        onState("down");
        stillSignedIn().then((signedIn) => (signedIn ? schedule() : signInAgain()));
        return;
      }
      onState("down");
      if (!waiting) schedule();
    });
  }

  function schedule() {
    if (timer !== null || stopped || waiting) return;
    timer = setTimeout(open, reconnectDelay(attempt++));
  }

  function drop() {
    const current = socket;
    socket = null;
    // A socket still connecting is closed once open: closed before, the browser warns of it in the console.
    if (current?.readyState === WebSocket.CONNECTING)
      current.addEventListener("open", () => current.close(1000, "done"));
    else if (current?.readyState === WebSocket.OPEN) current.close(1000, "done");
  }

  open();
  return {
    /** Connects again after wait() (once the caller has reloaded) or after the gallery came back. */
    restart() {
      waiting = false;
      attempt = 0;
      drop();
      open();
    },
    /** Reconnects at once if the socket is down (e.g. the page became visible again). */
    reconnectNow() {
      if (socket || stopped || waiting) return;
      attempt = 0;
      open();
    },
    /** Does not reconnect when the socket closes, until restart(). */
    wait() {
      waiting = true;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      drop();
    },
    /** The socket now, or null while reconnecting. */
    socket: () => socket,
  };
}

/**
 * Connects to the live feed of `galleryId`. `since()` is read at every (re)connection.
 * Callbacks: onEvent(event), onProgress(progress), onReset(gallery), onGone(reason), onState("open" | "down").
 * Returns { restart(), reconnectNow(), close(), socket() }.
 */
export function connectLive(galleryId, { since, onEvent, onProgress, onReset, onGone, onState = () => {} }) {
  const feed = connectFeed(() => `/api/galleries/${encodeURIComponent(galleryId)}/live?since=${since()}`, {
    onMessage(data) {
      if (data.type === "event") onEvent(data.event);
      else if (data.type === "progress") onProgress(data.progress ?? {});
      else if (data.type === "reset") {
        feed.wait(); // the caller reloads, then restarts
        onReset(data.gallery);
      }
    },
    onGone,
    onState,
  });
  return feed;
}

/**
 * Connects to the gallery browser's feed (`/api/galleries/live`): `onChanged()` once at once and after any gallery
 * changed (at most a few times a second). Returns the feed's controls, as connectFeed.
 */
export function connectGalleryList({ onChanged, onState = () => {} }) {
  return connectFeed(() => "/api/galleries/live", {
    onMessage(data) {
      if (data.type === "changed") onChanged();
    },
    onState,
  });
}
