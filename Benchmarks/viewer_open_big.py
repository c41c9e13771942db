#!/usr/bin/env python3
"""Opening the viewer by an item's address in the middle of a big gallery against the same in a small one, in the same
run (issue 29, "Look closely", Measured: item 500,000 of 1,000,000 drawn sharp within the time item 50 of 100 takes
+ 200 ms).

Starts the real server binary (`--no-auth`, a temporary data folder) with two galleries, one of `--small` items and one
of `--large`, written straight into the stopped server's SQLite file (Benchmarks/big_gallery.py, Tests/Browser/
filler.py); their one shared image is made a photo-like JPEG of 4000 x 3000 (Benchmarks/photos.py), whose thumbnails
the server makes at start. In each gallery the item in the middle (number size / 2, the 50th of 100) is found by the
API. `--runs` times (the gallery opened first alternates, after one opening to warm up), Debian's Chromium (1280 x
900, a new browser context: nothing cached) goes to /g/{gallery}/items/{item}, and the page notes (Benchmarks/photos.py)
when the viewer first draws that item's image sharp (its file at least as wide as it is drawn in device pixels, or the
whole file; decoded; a frame later), in ms since the navigation, and the longest main-thread task until then (Long
Tasks API). Prints each opening, the medians and the goal.

A server built before item addresses were served (2fdb6a2) answers them 404: the gallery's page is loaded instead and
its address made the item's before the page's scripts run, which the page reads as the same address; this is said.

    python3 Benchmarks/viewer_open_big.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]
                                          [--runs 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID; the temporary folder is removed.
"""

import sqlite3
import statistics
import sys
import urllib.error
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, id_at, sizes_parser, small_and_large  # noqa: E402
from filler import FILLER_HASH  # noqa: E402
from photos import VIEWER_WATCH_JS, encoded, launch_chromium, photo_like  # noqa: E402

import helpers  # noqa: E402

PHOTO = (4000, 3000)


def put_photo(data: Path) -> None:
    """Makes the filled galleries' one shared image a photo-like JPEG of 4000 x 3000: its file, and its row of the blob
    table (its thumbnails are not recorded yet: the server makes them at start)."""
    photo = encoded(photo_like(*PHOTO, seed=0), "JPEG")
    path = data / "images" / FILLER_HASH[:2] / FILLER_HASH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(photo)
    connection = sqlite3.connect(data / "gallery.sqlite")
    with connection:
        connection.execute("UPDATE blob SET mimeType = 'image/jpeg', width = ?, height = ?, byteCount = ?"
                           " WHERE hash = ?", (*PHOTO, len(photo), FILLER_HASH))
    connection.close()


def serves_addresses(server, address: str) -> bool:
    """Whether the server serves the page at an item's address (one built before 2fdb6a2 answers 404), said if not."""
    try:
        with server.opener.open(server.base_url + address, timeout=30) as response:
            return response.status == 200
    except urllib.error.HTTPError as error:
        print(f"this server answers an item's address {error.code}: the gallery's page is loaded instead, with the "
              "item's address set before its scripts run", flush=True)
        return False


def open_once(browser, server, gallery: str, item: str, number: int, size: int, by_address: bool) -> dict:
    """Opens the viewer on `item` (the `number`th of `size`) by its address: its first sharp draw, the longest task."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    address = f"/g/{gallery}/items/{item}"
    if not by_address:
        page.add_init_script(f"history.replaceState(null, '', {address!r});")
    page.add_init_script(VIEWER_WATCH_JS)
    page.goto(server.base_url + (address if by_address else f"/g/{gallery}"))
    page.wait_for_function("() => window.__viewer.draws.length > 0", timeout=600_000)
    first = page.evaluate("() => window.__viewer.draws[0]")
    tasks = page.evaluate("() => window.__viewer.longTasks")
    context.close()
    if not first["where"].startswith(f"Image {number} of {size}: filler{number - 1}.png"):
        raise SystemExit(f"the viewer drew another item first: {first['where']!r}")
    longest = max((length for start, length in tasks if start < first["at"]), default=0)
    return {"first": first["at"], "longest task": longest, "width": first["width"], "thumbnail": first["thumbnail"]}


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = {args.small: [], args.large: []}
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large, before_start=put_photo)
        targets = {size: (gallery, id_at(server, gallery, size // 2 - 1), size // 2)
                   for size, gallery in ((args.small, small), (args.large, large))}
        helpers.wait_until(lambda: server.api("GET", f"/api/items/{targets[args.small][1]}")["thumbnails"],
                           timeout=300, message="the shared photo's thumbnails")
        by_address = serves_addresses(server, f"/g/{small}/items/{targets[args.small][1]}")
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            open_once(browser, server, *targets[args.small], args.small, by_address)  # warm up
            for run in range(1, args.runs + 1):
                for size in ((args.small, args.large) if run % 2 else (args.large, args.small)):
                    result = open_once(browser, server, *targets[size], size, by_address)
                    results[size].append(result)
                    print(f"run {run}: item {targets[size][2]:,} of {size:,} drawn sharp {result['first']:.0f} ms "
                          f"after the navigation (from {'a thumbnail' if result['thumbnail'] else 'the whole file'}, "
                          f"{result['width']} px wide); longest task until then {result['longest task']:.0f} ms",
                          flush=True)
            browser.close()
    medians = {size: {key: statistics.median(run[key] for run in runs) for key in ("first", "longest task")}
               for size, runs in results.items()}
    for size, median in medians.items():
        print(f"{size:>9,} items, medians of {args.runs} runs: first sharp image {median['first']:.0f} ms, longest "
              f"task {median['longest task']:.0f} ms")
    big, little = medians[args.large]["first"], medians[args.small]["first"]
    each = ", ".join(f"{b['first'] - s['first']:+.0f}" for b, s in zip(results[args.large], results[args.small],
                                                                         strict=True))
    print(f"first sharp image: {big:.0f} ms against {little:.0f} ms + 200 ms = {little + 200:.0f} ms (difference "
          f"{big - little:+.0f} ms; each run: {each})   {'ok' if big <= little + 200 else 'FAILED'}")


if __name__ == "__main__":
    main()
