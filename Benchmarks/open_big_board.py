#!/usr/bin/env python3
"""The board of a big gallery against the board of a small one, in the same run (issue "A million items": every view
renders only what is near the viewport and holds what it shows, not the gallery).

Starts the real server binary (`--no-auth`, a temporary data folder) with two galleries, one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Tests/Browser/filler.py), none of them on a board
yet. Then, for each:
  - puts the items on the board through the API (`POST …/board/rest` until nothing is left, what the page asks for
    when it opens the board of a big gallery) and times it, then times it again (nothing is left to place: its cost
    follows what changed), and once more after an item is moved on the board and a note added;
  - times reading the region a 1280 x 900 view shows at 100% (`GET …/board`, the median of 30);
  - opens it in Debian's Chromium as a board (`?view=board`, `--runs` times): the time from navigation to the first
    tile whose image is painted, the longest main-thread task while opening, the JS heap (after a garbage collection)
    and the DOM elements once there, the frames while the wheel pans across the board for 3 s (median and longest),
    and the longest task of Zoom to Fit.
Prints the medians and the ratios large / small. Goals: the first image within the small board's time + 200 ms, no
task over 50 ms, heap and DOM within 1.5x, the pan's median frame at 16.7 ms.

    python3 Benchmarks/open_big_board.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]
                                         [--runs 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import json
import shutil
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, put_filler_image, sizes_parser, small_and_large  # noqa: E402
from board_pan_zoom import RECORD_JS  # noqa: E402
from open_big_gallery import WATCH_JS, longest_since  # noqa: E402


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def place_rest(server, gallery: str) -> list[float]:
    """`POST …/board/rest` until nothing is left, as the page asks: the time of each request (ms)."""
    times = []
    while True:
        start = time.perf_counter()
        answer = server.api("POST", f"/api/galleries/{gallery}/board/rest")
        times.append((time.perf_counter() - start) * 1000)
        if not answer["more"]:
            return times


def server_side(server, gallery: str) -> dict:
    batches = place_rest(server, gallery)
    again = timed(lambda: place_rest(server, gallery))
    # One item moved on the board and one new one: only they are looked at.
    first = server.api("GET", f"/api/galleries/{gallery}/items?position=0&limit=1")["items"][0]
    server.api("POST", f"/api/galleries/{gallery}/board",
               {"positions": [{"itemId": first["id"], "x": -500, "y": -500, "width": 240, "z": 1}]})
    server.api("POST", f"/api/galleries/{gallery}/notes", {"text": "new"})
    changed = timed(lambda: place_rest(server, gallery))
    region = "x=-640&y=-450&width=2560&height=1800&limit=1000"
    reads = [timed(lambda: server.api("GET", f"/api/galleries/{gallery}/board?{region}")) for _ in range(30)]
    return {"placing": sum(batches), "longest batch": max(batches), "placing again": again, "after 2 changes": changed,
            "region read": statistics.median(reads)}


def open_once(browser, server, gallery: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH_JS)
    page.goto(f"{server.base_url}/g/{gallery}?view=board")
    page.wait_for_function("() => window.__open && window.__open.loaded !== undefined", timeout=600_000)
    page.wait_for_timeout(500)
    result = {"first": page.evaluate("() => window.__open.firstImage"), "longest opening": longest_since(page, 0)}
    result["heap"] = page.evaluate("() => { window.gc(); return performance.memory.usedJSHeapSize; }") / 1e6
    result["elements"] = page.evaluate("() => document.getElementsByTagName('*').length")

    board = page.locator("#gallery").bounding_box()
    page.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    since = page.evaluate("() => performance.now()")
    record = "(args) => { window.__frames = null; (" + RECORD_JS + ")(args).then((f) => { window.__frames = f; }); }"
    page.evaluate(record, ["pan", 3000])
    for step in range(90):
        page.mouse.wheel(60, 120 if step < 60 else -120)
        page.wait_for_timeout(25)
    page.wait_for_function("() => window.__frames !== null", timeout=30_000)
    frames = page.evaluate("() => window.__frames")
    result["pan median"] = statistics.median(frames)
    result["pan longest"] = max(frames)
    result["pan longest task"] = longest_since(page, since)

    since = page.evaluate("() => performance.now()")
    page.get_by_role("button", name="Zoom to Fit").click()
    page.wait_for_timeout(1500)
    result["fit longest task"] = longest_since(page, since)
    context.close()
    return result


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large, before_start=put_filler_image)
        served = {size: server_side(server, gallery) for size, gallery in ((args.small, small), (args.large, large))}
        results = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                                 args=["--js-flags=--expose-gc"])
            open_once(browser, server, small)  # warm up
            for size, gallery in ((args.small, small), (args.large, large)):
                results[size] = [open_once(browser, server, gallery) for _ in range(args.runs)]
            browser.close()
    for size, figures in served.items():
        print(f"{size:>9,} items, server: " + json.dumps({key: round(value, 1) for key, value in figures.items()}))
    medians = {size: {key: statistics.median(run[key] for run in runs) for key in runs[0]}
               for size, runs in results.items()}
    for size, median in medians.items():
        print(f"{size:>9,} items, page: " + json.dumps({key: round(value, 1) for key, value in median.items()}))
    big, little = medians[args.large], medians[args.small]
    read = served[args.large]["region read"] / served[args.small]["region read"]
    print(f"placing {args.large:,} items on the board: {served[args.large]['placing'] / 1000:.1f} s once (the longest "
          f"request {served[args.large]['longest batch']:.0f} ms), then {served[args.large]['placing again']:.1f} ms "
          f"with nothing new, {served[args.large]['after 2 changes']:.1f} ms after two changes")
    print(f"reading the region shown: {read:.2f}x the small board's")
    met = "met" if big["first"] <= little["first"] + 200 else "not met"
    print(f"first image: {big['first']:.0f} ms against {little['first']:.0f} ms + 200 ms ({met})")
    longest = max(big["longest opening"], big["pan longest task"], big["fit longest task"])
    print(f"longest task opening, panning and fitting: {longest:.0f} ms (goal: none over 50)")
    print(f"JS heap ratio {big['heap'] / little['heap']:.2f}, DOM elements ratio "
          f"{big['elements'] / little['elements']:.2f} (goal: within 1.5)")
    print(f"panning: median frame {big['pan median']:.1f} ms against {little['pan median']:.1f} ms (goal: 16.7)")


if __name__ == "__main__":
    main()
