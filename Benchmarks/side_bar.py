#!/usr/bin/env python3
"""The side bar (issue 31): switching galleries from it against loading the gallery's page afresh, and its DOM with
5,000 galleries against 50, in the same run (goals: the first image after a switch <= 0.5x the fresh load's; the page
with 5,000 galleries <= 1.2x the DOM elements of the page with 50).

Starts the real server binary (`--no-auth`, a temporary data folder). Two galleries, "One" and "Two", of `--items`
items each (written straight into the stopped server's SQLite file, as the big-gallery benchmarks do; their one shared
image is a real PNG). In Debian's Chromium, `--runs` times each:
  - fresh: the page of "Two" loaded by its address, from the navigation to its first tile whose image has loaded
    (and been painted, a frame later);
  - switch: on the page of "One", a click on "Two" in the side bar, from the click to the same.
Then 50, and then 5,000, more galleries are made through the API, and the page's elements are counted once its side bar
lists them (and how long that took from the navigation).

    python3 Benchmarks/side_bar.py [--bin .build/release/image-gallery] [--items 200] [--runs 5]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import shutil
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, fill_directly, put_filler_image  # noqa: E402

# The first tile whose image has loaded, painted a frame later: its time since the navigation (or since `start`).
FIRST_IMAGE_JS = """
(start) => new Promise((done) => {
  const look = () => {
    const image = document.querySelector('#gallery [role="row"] img');
    if (image && image.complete && image.naturalWidth > 0 && document.querySelector('#gallery').closest('.pane')
        ?.querySelector('.pane-name')?.textContent === 'Two')
      requestAnimationFrame(() => done(performance.now() - start));
    else requestAnimationFrame(look);
  };
  look();
})
"""

# Clicks "Two" in the side bar; resolves with the time from the click to its first image painted.
SWITCH_JS = """
() => {
  const link = [...document.querySelectorAll('#side-bar a.side-gallery')].find((a) => a.title === 'Two');
  const start = performance.now();
  link.click();
  return new Promise((done) => {
    const look = () => {
      const name = document.querySelector('#gallery')?.closest('.pane')?.querySelector('.pane-name')?.textContent;
      const image = document.querySelector('#gallery [role="row"] img');
      if (name === 'Two' && image && image.complete && image.naturalWidth > 0)
        requestAnimationFrame(() => done(performance.now() - start));
      else requestAnimationFrame(look);
    };
    look();
  });
}
"""

# The page's elements once its side bar lists `count` galleries, and the time since the navigation.
SIDE_BAR_READY_JS = """
(count) => new Promise((done) => {
  const look = () => {
    const row = document.querySelector('#side-bar .side-galleries li.side-row');
    if (row && row.getAttribute('aria-setsize') === String(count))
      requestAnimationFrame(() => done({elements: document.getElementsByTagName('*').length,
                                        sideBar: document.querySelectorAll('#side-bar *').length,
                                        listed: performance.now()}));
    else requestAnimationFrame(look);
  };
  look();
})
"""


def make_galleries(server, count: int, start: int) -> None:
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda index: server.api("POST", "/api/galleries", {"name": f"Gallery {index:05d}"}),
                      range(start, start + count)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()

    with benchmark_server(Path(options.bin)) as (server, data):
        one, two = (server.api("POST", "/api/galleries", {"name": name})["id"] for name in ("One", "Two"))
        server.stop()
        for gallery in (one, two):
            fill_directly(data / "gallery.sqlite", gallery, options.items)
        put_filler_image(data)
        server.start(server.port)

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            fresh, switch = [], []
            for _ in range(options.runs):
                page.goto(f"{server.base_url}/g/{two}")
                fresh.append(page.evaluate(FIRST_IMAGE_JS, 0))
                page.goto(f"{server.base_url}/g/{one}")
                page.wait_for_selector('#side-bar a.side-gallery[title="Two"]')
                page.wait_for_selector('#gallery [role="row"] img')
                switch.append(page.evaluate(SWITCH_JS))
            print(f"first image, fresh page load: median {statistics.median(fresh):.0f} ms "
                  f"({', '.join(f'{value:.0f}' for value in fresh)})")
            print(f"first image, side bar switch: median {statistics.median(switch):.0f} ms "
                  f"({', '.join(f'{value:.0f}' for value in switch)})")
            print(f"switch / fresh: {statistics.median(switch) / statistics.median(fresh):.2f} (goal <= 0.5)")

            counted = {}
            made = 3  # My Gallery, One, Two
            for total in (50, 5_000):
                make_galleries(server, total - made, made)
                made = total
                page.goto(f"{server.base_url}/g/{one}")
                counted[total] = page.evaluate(SIDE_BAR_READY_JS, total)
                time.sleep(0.2)
            for total, seen in counted.items():
                print(f"{total:,} galleries: {seen['elements']:,} elements ({seen['sideBar']:,} in the side bar), "
                      f"listed {seen['listed']:.0f} ms after the navigation")
            ratio = counted[5_000]["elements"] / counted[50]["elements"]
            print(f"elements, 5,000 galleries / 50: {ratio:.2f} (goal <= 1.2)")
            browser.close()


if __name__ == "__main__":
    main()
