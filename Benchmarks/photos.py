"""The viewer benchmarks' pictures and how they see the viewer draw one: photo-like images (smooth colour fields, a
few sharp-edged shapes and camera-like grain, so that a JPEG of 12 megapixels weighs about 5 MB, as a camera's does),
and a script for the page that notes when the viewer's image is drawn sharp (Web/view/viewerStage.js) and when the
arrow keys that step it were pressed."""

import random
import shutil
from functools import cache
from io import BytesIO

from PIL import Image, ImageChops, ImageDraw


@cache
def _grain(width: int, height: int) -> Image.Image:
    """Camera-like grain (Gaussian, centred on 128), made once for each size: it is the slow part."""
    return Image.effect_noise((width, height), 12).convert("RGB")


def photo_like(width: int, height: int, seed: int) -> Image.Image:
    """A picture of its own (`seed`) with a photo's content statistics: every seed's pixels differ."""
    rng = random.Random(seed)
    fields = Image.new("RGB", (16, 12))
    fields.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(16 * 12)])
    image = fields.resize((width, height), Image.Resampling.BICUBIC)
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y, radius = rng.randrange(width), rng.randrange(height), rng.randrange(width // 40, width // 6)
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=tuple(rng.randrange(256) for _ in range(3)))
    grain = ImageChops.offset(_grain(width, height), rng.randrange(width), rng.randrange(height))
    return ImageChops.add(image, grain, 1, -128)


def encoded(image: Image.Image, kind: str, **options) -> bytes:
    """The image as a file of `kind` ("JPEG" at quality 90 unless told, "PNG")."""
    out = BytesIO()
    image.save(out, format=kind, **({"quality": 90} if kind == "JPEG" else {}) | options)
    return out.getvalue()


def launch_chromium(playwright):
    """Debian's Chromium, as the other browser benchmarks use it."""
    return playwright.chromium.launch(executable_path=shutil.which("chromium"))


# Put in the page before it loads (`add_init_script`); `window.__viewer` then holds, in ms since the navigation:
#   presses: each arrow key's keydown (`at`, its event's time), and `drawn`, when the viewer next drew a sharp image
#            other than the one shown when it was pressed (null until then);
#   draws:   each image drawn sharp: `at`, its file's `width`, the device `needed` pixels across, `thumbnail` (a smaller
#            copy, not the file), and the viewer's position line then;
#   longTasks: [start, duration] of every main-thread task over 50 ms (Long Tasks API).
# "Sharp": the `img` has loaded a file at least as wide as it is drawn in device pixels, or the whole file (the
# original or its display copy, whatever its width), and it is decoded (`decode()`); it is drawn in the next frame.
VIEWER_WATCH_JS = """
(() => {
  const marks = { presses: [], draws: [], longTasks: [] };
  window.__viewer = marks;
  performance.setResourceTimingBufferSize(100000); // every file fetched counts (FETCHED_JS), not the first 250
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  const shown = () => document.querySelector("#viewer img.viewer-image");
  addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft")
      marks.presses.push({ at: event.timeStamp, from: shown(), drawn: null });
  }, true);
  let checking = null;
  let drawn = null;
  const look = () => {
    const img = shown();
    if (img && img !== checking && img !== drawn && img.complete && img.naturalWidth > 0) {
      const needed = img.getBoundingClientRect().width * (window.devicePixelRatio || 1);
      const thumbnail = img.currentSrc.includes("/media/thumbnails/");
      if (!thumbnail || img.naturalWidth >= needed - 1) {
        checking = img;
        img.decode().catch(() => {}).then(() => requestAnimationFrame(() => {
          checking = null;
          if (shown() !== img) return; // replaced before it was drawn
          drawn = img;
          const at = performance.now();
          const where = document.querySelector(".viewer-position")?.textContent ?? "";
          marks.draws.push({ at, width: img.naturalWidth, needed, thumbnail, where });
          for (const press of marks.presses) if (press.drawn === null && press.from !== img) press.drawn = at;
        }));
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""

# What the page fetched of the gallery's images since `since` (ms): [count, MB] of thumbnails and of the files
# themselves (originals and display copies), the grid's tiles included.
FETCHED_JS = """
(since) => {
  const files = performance.getEntriesByType("resource")
    .filter((entry) => entry.name.includes("/media/") && entry.startTime >= since);
  const sum = (list) => [list.length, list.reduce((total, entry) => total + entry.encodedBodySize, 0) / 1e6];
  return { thumbnails: sum(files.filter((entry) => entry.name.includes("/media/thumbnails/"))),
           originals: sum(files.filter((entry) => !entry.name.includes("/media/thumbnails/"))) };
}
"""
