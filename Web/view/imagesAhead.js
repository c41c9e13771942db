// The viewer's images readied ahead (model/imagesAhead.js decides which): each file wanted is fetched into an Image
// of its own, and decoded (`decode()`, off the main thread) one at a time while the stage readies nothing, so that a
// step finds the next image decoded already: the browser keeps what an image decoded for every image of its file.

import { keptAhead, nextToDecode } from "../model/imagesAhead.js";

export class ImagesAhead {
  /** `paused()`: whether the stage is readying an image of its own (then nothing is decoded ahead). */
  constructor(/** @type {() => boolean} */ paused) {
    this.paused = paused;
    /** @type {{url: string, image: HTMLImageElement, decoded: boolean, failed: boolean}[]} */
    this.held = [];
    /** @type {string[]} */
    this.wanted = [];
    this.busy = false;
  }

  /** Fetches `urls` (most wanted first) and decodes them in turn; the files fetched before and wanted no more are
   * kept a while (a step back finds them), and the oldest stop loading. */
  want(/** @type {string[]} */ urls) {
    const absolute = urls.map((url) => new URL(url, document.baseURI).href);
    const { kept, stopped } = keptAhead(
      this.held.map((each) => each.url),
      absolute,
    );
    for (const entry of this.held)
      if (stopped.includes(entry.url) && !entry.image.complete) entry.image.removeAttribute("src");
    this.held = kept.map((url) => this.held.find((each) => each.url === url) ?? fetched(url));
    this.wanted = absolute;
    this.resume();
  }

  /** Whether the file at `url` (absolute) was decoded ahead: an image of it draws at once. */
  isDecoded(/** @type {string} */ url) {
    return this.held.some((each) => each.url === url && each.decoded);
  }

  /** Decodes the next image wanted, unless one is being decoded or the stage is busy (it says when it is idle). */
  resume() {
    const url = nextToDecode(this.held, this.wanted, { busy: this.busy, paused: this.paused() });
    const entry = url ? this.held.find((each) => each.url === url) : null;
    if (!entry) return;
    this.busy = true;
    const done = (/** @type {boolean} */ decoded) => {
      entry.decoded = decoded;
      entry.failed = !decoded;
      this.busy = false;
      this.resume();
    };
    entry.image.decode().then(
      () => done(true),
      () => done(false),
    );
  }
}

function fetched(/** @type {string} */ url) {
  const image = new Image();
  image.decoding = "async";
  image.src = url;
  return { url, image, decoded: false, failed: false };
}
