#!/usr/bin/env python3
"""Opening, jumping through and scrolling a big gallery in the browser against a small one, in the same run (issue "A
million items": the first image painted within the small gallery's time + 200 ms; no main-thread task over 50 ms while
opening, jumping to the middle and to the end; DOM elements and JS heap within 1.5x of the small gallery's; a fast
scroll from top to end keeps the median frame at 16.7 ms; a live event costs the tab <= 5 ms).

Starts the real server binary (`--no-auth`, a temporary data folder) with two galleries, one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Tests/Browser/filler.py; their one shared image
is a real PNG). Opens each in Debian's Chromium `--runs` times and records, in the page:
  - the time from navigation to the first tile whose image has loaded (and been painted, a frame later),
  - the longest main-thread task (Long Tasks API) while opening, then while jumping to the middle (the scroll bar) and
    to the end (the End key), each until the item there is drawn,
  - the JS heap (after a garbage collection) and the DOM elements once there,
  - a fast scroll from the top to the end in 2 s (the scroll position set every frame): the median and longest frame,
  - a live move of the first item to the end (made through the API): the time the tab's socket handler takes.
Prints the medians and the ratios large / small.

    python3 Benchmarks/open_big_gallery.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]
                                           [--runs 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import json
import shutil
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, put_filler_image, sizes_parser, small_and_large  # noqa: E402

WATCH_JS = """
(() => {
  const marks = { longTasks: [], eventCosts: [] };
  window.__open = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  // The time each message of the live socket takes the page (its handler, with the store and views it changes).
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        const start = performance.now();
        listener.call(this, event);
        if (String(event.data).includes('"items"')) marks.eventCosts.push(performance.now() - start);
      }, options);
    }
  };
  const look = () => {
    if (marks.firstImage === undefined) {
      const image = document.querySelector('[role="row"] img');
      if (image && image.complete && image.naturalWidth > 0) {
        // Painted in the frame after it is found loaded.
        requestAnimationFrame(() => { marks.firstImage = performance.now(); });
      }
    }
    const loading = document.querySelector(".pane-loading");
    if (marks.firstImage !== undefined && (!loading || loading.hidden) && document.querySelector('[role="row"]')) {
      marks.loaded ??= performance.now();
    }
    if (marks.loaded === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""

FLING_JS = """
async () => {
  const scroller = document.querySelector(".gallery");
  const frames = [];
  const start = performance.now();
  let last = start;
  await new Promise((done) => {
    const step = (now) => {
      frames.push(now - last);
      last = now;
      const progress = Math.min(1, (now - start) / 2000);
      scroller.scrollTop = progress * (scroller.scrollHeight - scroller.clientHeight);
      if (progress < 1) requestAnimationFrame(step);
      else done();
    };
    requestAnimationFrame(step);
  });
  frames.shift();
  return frames;
}
"""


def longest_since(page, since: float) -> float:
    tasks = page.evaluate("() => window.__open.longTasks")
    return max((duration for start, duration in tasks if start >= since), default=0)


def open_once(browser, server, gallery: str, size: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH_JS)
    page.goto(f"{server.base_url}/g/{gallery}")
    page.wait_for_function("() => window.__open && window.__open.loaded !== undefined", timeout=600_000)
    marks = page.evaluate("() => window.__open")
    first = marks["firstImage"]
    result = {"first": first, "longest opening": longest_since(page, 0)}

    # The middle, by the scroll bar, until an item there is drawn.
    since = page.evaluate("() => performance.now()")
    page.evaluate("() => { const s = document.querySelector('.gallery'); s.scrollTop = s.scrollHeight / 2; }")
    page.wait_for_function("""(size) => [...document.querySelectorAll('[role="row"]')].some((row) =>
        Math.abs(Number(row.getAttribute('aria-rowindex')) - size / 2) < size / 20)""", arg=size, timeout=600_000)
    page.wait_for_timeout(300)
    result["longest middle"] = longest_since(page, since)

    # The end, by the End key, until the last item has the focus.
    since = page.evaluate("() => performance.now()")
    page.locator('[role="row"]').first.focus()
    page.keyboard.press("End")
    page.wait_for_function(
        "(size) => document.activeElement?.getAttribute('aria-rowindex') === String(size)", arg=size, timeout=600_000)
    page.wait_for_timeout(300)
    result["longest end"] = longest_since(page, since)
    # What the page holds, not garbage waiting for a collection.
    result["heap"] = page.evaluate("() => { window.gc(); return performance.memory.usedJSHeapSize; }") / 1e6
    result["elements"] = page.evaluate("() => document.getElementsByTagName('*').length")

    # A fast scroll from the top to the end.
    page.evaluate("() => { document.querySelector('.gallery').scrollTop = 0; }")
    page.wait_for_timeout(500)
    since = page.evaluate("() => performance.now()")
    frames = page.evaluate(FLING_JS)
    result["fling median"] = statistics.median(frames)
    result["fling longest"] = max(frames)
    result["fling longest task"] = longest_since(page, since)

    # A live move made elsewhere: the first item to the end.
    page.wait_for_timeout(500)
    item = server.api("GET", f"/api/galleries/{gallery}/items?position=0&limit=1")["items"][0]
    costs = []
    for _ in range(5):
        server.api("POST", f"/api/galleries/{gallery}/moves", {"itemIds": [item["id"]], "at": {}})
        page.wait_for_function(f"() => window.__open.eventCosts.length > {len(costs)}", timeout=60_000)
        costs = page.evaluate("() => window.__open.eventCosts")
        page.wait_for_timeout(100)
    result["event cost"] = max(costs)
    context.close()
    return result


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large, before_start=put_filler_image)
        results = {}
        with sync_playwright() as playwright:
            chromium = shutil.which("chromium")
            browser = playwright.chromium.launch(executable_path=chromium, args=["--js-flags=--expose-gc"])
            open_once(browser, server, small, args.small)  # warm up
            for size, gallery in ((args.small, small), (args.large, large)):
                results[size] = [open_once(browser, server, gallery, size) for _ in range(args.runs)]
            browser.close()
    medians = {size: {key: statistics.median(run[key] for run in runs) for key in runs[0]}
               for size, runs in results.items()}
    for size, median in medians.items():
        print(f"{size:>9,} items: " + json.dumps({key: round(value, 1) for key, value in median.items()}))
    big, little = medians[args.large], medians[args.small]
    longest = max(big["longest opening"], big["longest middle"], big["longest end"])
    heap, elements = big["heap"] / little["heap"], big["elements"] / little["elements"]
    met = "met" if big["first"] <= little["first"] + 200 else "not met"
    print(f"first image: {big['first']:.0f} ms against {little['first']:.0f} ms + 200 ms ({met})")
    print(f"longest task opening, jumping to the middle and the end: {longest:.0f} ms (goal: none over 50)")
    print(f"JS heap ratio {heap:.2f}, DOM elements ratio {elements:.2f} (goal: within 1.5)")
    print(f"fast scroll: median frame {big['fling median']:.1f} ms, longest task {big['fling longest task']:.0f} ms "
          "(goal: 16.7 and none over 50)")
    print(f"a live event: {big['event cost']:.1f} ms against {little['event cost']:.1f} ms (goal: <= 5)")


if __name__ == "__main__":
    main()
