#!/usr/bin/env python3
"""Opening a big gallery in the browser against opening a small one, in the same run (issue "A million items": the first
image painted within the small gallery's time + 200 ms, and no main-thread task over 50 ms while opening).

Starts the real server binary (`--no-auth`, a temporary data folder) with two galleries, one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Tests/Browser/filler.py; their one shared image
is a real PNG). Opens each in Debian's Chromium `--runs` times and records, in the page:
  - the time from navigation to the first tile whose image has loaded (and been painted, a frame later),
  - the time until the whole gallery has been read (the "Loading items…" line gone),
  - the longest main-thread task (Long Tasks API) before the first image and while the rest loaded,
  - the JS heap and the DOM elements once loaded.
Prints the medians and the ratios large ÷ small.

    python3 Benchmarks/open_big_gallery.py [--bin .build/release/image-gallery] [--small 100] [--large 100000]
                                           [--runs 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import shutil
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, small_and_large  # noqa: E402
from filler import FILLER_HASH  # noqa: E402

from helpers import png  # noqa: E402

WATCH_JS = """
(() => {
  const marks = { longTasks: [] };
  window.__open = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  const look = () => {
    if (marks.firstImage === undefined) {
      const image = document.querySelector('[role="listitem"] img');
      if (image && image.complete && image.naturalWidth > 0) {
        // Painted in the frame after it is found loaded.
        requestAnimationFrame(() => { marks.firstImage = performance.now(); });
      }
    }
    const loading = document.querySelector(".pane-loading");
    if (marks.firstImage !== undefined && (!loading || loading.hidden) && document.querySelector('[role="listitem"]')) {
      marks.loaded ??= performance.now();
    }
    if (marks.loaded === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


def open_once(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH_JS)
    page.goto(url)
    page.wait_for_function("() => window.__open && window.__open.loaded !== undefined", timeout=600_000)
    marks = page.evaluate("() => window.__open")
    heap = page.evaluate("() => performance.memory ? performance.memory.usedJSHeapSize : 0")
    elements = page.evaluate("() => document.getElementsByTagName('*').length")
    context.close()
    first = marks["firstImage"]
    before = [duration for start, duration in marks["longTasks"] if start < first]
    after = [duration for start, duration in marks["longTasks"] if start >= first]
    return {"first": first, "loaded": marks["loaded"], "longest before": max(before, default=0),
            "longest after": max(after, default=0), "heap": heap / 1e6, "elements": elements}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        def put_the_image(data):
            image = data / "images" / FILLER_HASH[:2] / FILLER_HASH
            image.parent.mkdir(parents=True, exist_ok=True)
            image.write_bytes(png(16, 12))

        small, large = small_and_large(server, data, args.small, args.large, before_start=put_the_image)
        results = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
            open_once(browser, f"{server.base_url}/g/{small}")  # warm up
            for size, gallery in ((args.small, small), (args.large, large)):
                results[size] = [open_once(browser, f"{server.base_url}/g/{gallery}") for _ in range(args.runs)]
            browser.close()
    medians = {size: {key: statistics.median(run[key] for run in runs) for key in runs[0]}
               for size, runs in results.items()}
    for size, median in medians.items():
        print(f"{size:>9,} items: first image {median['first']:.0f} ms, all read {median['loaded']:.0f} ms, longest "
              f"task before the first image {median['longest before']:.0f} ms and after it "
              f"{median['longest after']:.0f} ms, JS heap {median['heap']:.1f} MB, {median['elements']:.0f} elements")
    big, little = medians[args.large], medians[args.small]
    print(f"first image: {big['first']:.0f} ms against {little['first']:.0f} ms + 200 ms "
          f"({'met' if big['first'] <= little['first'] + 200 else 'not met'}); JS heap ratio "
          f"{big['heap'] / little['heap']:.2f}, DOM elements ratio {big['elements'] / little['elements']:.2f} "
          f"(goal: within 1.5)")


if __name__ == "__main__":
    main()
