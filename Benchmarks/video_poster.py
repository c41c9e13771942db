#!/usr/bin/env python3
"""How long a dropped video takes to show its poster, for a 100 MB file against a 1 MB one in the same run.

Makes two MP4 files with ffmpeg (a 1280 × 720 test pattern, lossless H.264, its `moov` box at the end as ffmpeg
writes it by default): about 1 MB (the baseline) and about 100 MB. Starts the real server binary on a temporary data
folder, opens the gallery in Chromium, and drops each file on it as a user would (a DataTransfer holding the File,
dispatched as dragenter, dragover and drop on the gallery). It measures, in the page, the time from the drop until the
video's tile shows its poster image (loaded), that is: the drop request, the upload of the file, the server's hashing,
header reading and storing, ffmpeg's poster frame and its thumbnails, the event, and the image's load. Prints each
run's time, the medians and the ratio 100 MB / 1 MB.

    python3 Benchmarks/video_poster.py [--bin .build/release/image-gallery] [--runs 3] [--megabytes 100]

Needs ffmpeg, Debian's chromium and Python Playwright. Traffic goes to 127.0.0.1 only; the server is stopped by its
own PID.
"""

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "Browser"))

from big_gallery import benchmark_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

_DROP_AND_WAIT_JS = """
async () => {
  const input = document.querySelector('#benchmark-file');
  const file = input.files[0];
  const gallery = document.querySelector('#gallery');
  const before = new Set([...gallery.querySelectorAll('[data-item-id]')].map(e => e.dataset.itemId));
  const dt = new DataTransfer();
  dt.items.add(file);
  const r = gallery.getBoundingClientRect();
  const point = {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true};
  const started = performance.now();
  for (const type of ['dragenter', 'dragover', 'drop']) {
    gallery.dispatchEvent(new DragEvent(type, {...point, dataTransfer: dt}));
  }
  return await new Promise((resolve, reject) => {
    const check = () => {
      const tile = [...gallery.querySelectorAll('[data-item-id]')].find(e => !before.has(e.dataset.itemId));
      if (tile && tile.dataset.state === 'failed') return reject(new Error(tile.textContent));
      const poster = tile && tile.dataset.kind === 'video' ? tile.querySelector('.video-frame img') : null;
      if (poster && poster.complete && poster.naturalWidth > 0) return resolve(performance.now() - started);
      if (performance.now() - started > 600000) return reject(new Error('no poster after 10 minutes'));
      requestAnimationFrame(check);
    };
    check();
  });
}
"""


def make_video(path: Path, megabytes: float, run: int) -> Path:
    """An MP4 of about `megabytes` MB (lossless test pattern: about 2 MB per second of 720p), its bytes different in
    each run (a file dropped again is stored once, and its poster is not made again)."""
    seconds = max(0.5, megabytes / 2.0)
    for _ in range(4):
        subprocess.run(
            ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
             "testsrc2=size=1280x720:rate=30", "-t", f"{seconds:.2f}", "-c:v", "libx264", "-preset", "ultrafast",
             "-qp", "0", "-pix_fmt", "yuv420p", "-metadata", f"title=run {run}", str(path)], check=True)
        size = path.stat().st_size / 1e6
        if abs(size - megabytes) / megabytes < 0.1:
            break
        seconds *= megabytes / size
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--megabytes", type=float, default=100)
    arguments = parser.parse_args()
    if not shutil.which("ffmpeg"):
        sys.exit("ffmpeg is not installed (apt install ffmpeg): it makes the videos and the server's posters")

    with tempfile.TemporaryDirectory() as folder:
        times: dict[str, list[float]] = {"small": [], "large": []}
        with benchmark_server(Path(arguments.bin)) as (server, _data), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server.base_url}/")
            page.wait_for_selector("#gallery")
            page.evaluate("""() => {
              const input = document.createElement('input');
              input.type = 'file'; input.id = 'benchmark-file'; input.hidden = true; document.body.append(input);
            }""")
            for run in range(arguments.runs):
                small = make_video(Path(folder) / f"small-{run}.mp4", 1, run)
                large = make_video(Path(folder) / f"large-{run}.mp4", arguments.megabytes, run)
                for name, path in (("small", small), ("large", large)):
                    page.set_input_files("#benchmark-file", str(path))
                    elapsed = page.evaluate(_DROP_AND_WAIT_JS)
                    times[name].append(elapsed)
                    print(f"run {run + 1}: {name} ({path.stat().st_size / 1e6:.0f} MB): poster on screen after "
                          f"{elapsed / 1000:.2f} s")
            browser.close()
        small_median = statistics.median(times["small"])
        large_median = statistics.median(times["large"])
        print(f"median: 1 MB {small_median / 1000:.2f} s, {arguments.megabytes:.0f} MB {large_median / 1000:.2f} s, "
              f"ratio {large_median / small_median:.1f}")


if __name__ == "__main__":
    main()
