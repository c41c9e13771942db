#!/usr/bin/env python3
"""Holding the Right arrow key in the viewer through 200 twelve-megapixel JPEGs against the same through 200 small
PNGs, in the same run (issue 29, "Look closely", Measured: the median step from the key press to the next image drawn
sharp at fit size <= 100 ms for the JPEGs, no main-thread task over 50 ms while stepping, and the JPEGs' median within
1.5x the PNGs').

Makes `--count` photo-like JPEGs of 4000 x 3000 (about 5 MB each, Benchmarks/photos.py) and as many PNGs of 400 x 300,
every one different, starts the real server binary (`--no-auth`, a temporary data folder), uploads each set into a
gallery of its own through the API the way the page does, and waits until every item is ready with its thumbnails. Then,
`--runs` times (the set stepped first alternates), for each set: opens the gallery in Debian's Chromium (1280 x 900, a
new browser context: nothing cached) and the viewer on its first item by Enter on its tile, waits for it to be drawn and
a second more, then holds Right the way a key is held, a keydown every 1/`--rate` s (`repeat` set after the first; each
sent once the page took the last: a busy page slows them, as the presses per second printed show) until the last item,
and waits until the last is drawn. The page notes (Benchmarks/photos.py) each key press and when the viewer next draws a
sharp image other than the one shown at the press (its file at least as wide as it is drawn in device pixels, or the
whole file; decoded; a frame later): a press whose image is passed over before it is drawn counts until the next one
drawn. Per set it prints each run's median, 90th percentile and longest step, how many items were drawn sharp while
stepping, the files drawn (thumbnail or whole file), what the page fetched of /media/, the longest task, then the
medians of the runs, the longest task of all, and the ratio JPEG / PNG.

    python3 Benchmarks/viewer_stepping.py [--bin .build/release/image-gallery] [--count 200] [--rate 30] [--runs 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID; the temporary folder is removed.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, percentile, upload_files  # noqa: E402
from photos import FETCHED_JS, VIEWER_WATCH_JS, encoded, launch_chromium, photo_like  # noqa: E402

import helpers  # noqa: E402

# name: (width, height, encoder, MIME type)
SETS = {"JPEG": (4000, 3000, "JPEG", "image/jpeg"), "PNG": (400, 300, "PNG", "image/png")}


def filled_gallery(server, kind: str, count: int) -> list[str]:
    """A new gallery of `count` different pictures of `kind`, uploaded 20 at a time, all ready with their thumbnails:
    their ids, in order."""
    width, height, encoder, mime = SETS[kind]
    gallery = server.api("POST", "/api/galleries", {"name": f"{count} {kind}s"})["id"]
    made = time.perf_counter()
    ids = []
    for start in range(0, count, 20):
        files = [(encoded(photo_like(width, height, index), encoder), f"{kind.lower()}{index:03}.{kind.lower()}", mime)
                 for index in range(start, min(count, start + 20))]
        ids += upload_files(server, gallery, files)

    def ready() -> bool:
        items = server.items(gallery)
        failed = [item["title"] for item in items if item["state"] == "failed"]
        if failed:
            raise SystemExit(f"{kind}: {len(failed)} items failed, such as {failed[:3]}")
        return len(items) == count and all(item["state"] == "ready" and item["thumbnails"] for item in items)

    helpers.wait_until(ready, timeout=3600, message=f"{count} {kind}s ready with thumbnails")
    sizes = [thumbnail["width"] for thumbnail in server.items(gallery)[0]["thumbnails"]]
    print(f"{count} {kind}s of {width} x {height} made, uploaded and ready in {time.perf_counter() - made:.0f} s "
          f"(thumbnails {sizes} px wide)", flush=True)
    return gallery, ids


def opened_viewer(browser, server, gallery: str, item: str):
    """A new browser context (nothing cached) whose page shows the gallery, and the viewer opened on `item` by Enter on
    its tile, drawn: the context, its page, and the console's messages of throttled history updates."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    throttled = []
    page.on("console", lambda message: throttled.append(message.text) if "hrottl" in message.text else None)
    page.add_init_script(VIEWER_WATCH_JS)
    page.goto(f"{server.base_url}/g/{gallery}")
    helpers.item_by_id(page, item).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__viewer.draws.length > 0", timeout=120_000)
    return context, page, throttled


def step_through(browser, server, gallery: str, ids: list[str], rate: float) -> dict:
    """Opens the viewer on the first item, holds Right to the last; the figures of the steps."""
    context, page, throttled = opened_viewer(browser, server, gallery, ids[0])
    page.wait_for_timeout(1000)
    since = page.evaluate("() => performance.now()")
    started = time.perf_counter()
    for step in range(len(ids) - 1):
        time.sleep(max(0.0, started + step / rate - time.perf_counter()))
        page.keyboard.down("ArrowRight")
    page.keyboard.up("ArrowRight")
    held = time.perf_counter() - started
    try:
        page.wait_for_function("(count) => window.__viewer.presses.length === count"
                               " && window.__viewer.presses.every((press) => press.drawn !== null)",
                               arg=len(ids) - 1, timeout=300_000)
    except PlaywrightTimeoutError:
        where = page.locator(".viewer-position").text_content()
        raise SystemExit(f"{len(ids) - 1} presses not all followed by a sharp image in 5 minutes: {where!r}") from None
    marks = page.evaluate("""() => ({ steps: window.__viewer.presses.map((press) => press.drawn - press.at),
                                       draws: window.__viewer.draws, longTasks: window.__viewer.longTasks })""")
    fetched = page.evaluate(FETCHED_JS, since)
    context.close()
    draws = [draw for draw in marks["draws"] if draw["at"] > since]
    last = f"Image {len(ids)} of {len(ids)}:"
    if not draws or not draws[-1]["where"].startswith(last):
        raise SystemExit(f"the viewer did not end on the last item: {draws[-1]['where'] if draws else 'nothing drawn'}")
    steps = marks["steps"]
    return {"median": statistics.median(steps), "p90": percentile(steps, 0.9), "longest": max(steps),
            "longest task": max((length for start, length in marks["longTasks"] if start >= since), default=0),
            "drawn": len(draws), "from thumbnails": sum(draw["thumbnail"] for draw in draws),
            "widths": sorted({draw["width"] for draw in draws}), "needed": round(draws[-1]["needed"]),
            "fetched": fetched, "rate": (len(ids) - 1) / held, "throttled": len(throttled)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--count", type=int, default=200, help="pictures in each set")
    parser.add_argument("--rate", type=float, default=30.0, help="key repeats per second")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = {kind: [] for kind in SETS}
    with benchmark_server(Path(args.bin)) as (server, _), sync_playwright() as playwright:
        galleries = {kind: filled_gallery(server, kind, args.count) for kind in SETS}
        browser = launch_chromium(playwright)
        opened_viewer(browser, server, galleries["PNG"][0], galleries["PNG"][1][0])[0].close()  # warm up
        for run in range(1, args.runs + 1):
            for kind in (SETS if run % 2 else reversed(SETS)):
                result = step_through(browser, server, *galleries[kind], args.rate)
                results[kind].append(result)
                (thumbs, thumb_mb), (files, file_mb) = result["fetched"]["thumbnails"], result["fetched"]["originals"]
                print(f"run {run}, {kind}: step median {result['median']:.0f} ms, 90th percentile {result['p90']:.0f} "
                      f"ms, longest {result['longest']:.0f} ms; longest task {result['longest task']:.0f} ms; "
                      f"{result['drawn']} of {args.count - 1} items drawn sharp while stepping, "
                      f"{result['from thumbnails']} from thumbnails (file widths {result['widths']}, "
                      f"{result['needed']} device px needed); fetched {files} whole files ({file_mb:.0f} MB) and "
                      f"{thumbs} thumbnails ({thumb_mb:.1f} MB); {result['rate']:.1f} presses/s"
                      + (f"; {result['throttled']} history updates throttled" if result["throttled"] else ""),
                      flush=True)
        browser.close()
    medians = {kind: {key: statistics.median(run[key] for run in runs) for key in ("median", "p90")}
               for kind, runs in results.items()}
    longest = {kind: max(run["longest task"] for run in runs) for kind, runs in results.items()}
    for kind, median in medians.items():
        print(f"{kind:>4}, medians of {args.runs} runs: step {median['median']:.0f} ms (90th percentile "
              f"{median['p90']:.0f} ms); longest task of all runs {longest[kind]:.0f} ms")
    jpeg, png = medians["JPEG"], medians["PNG"]
    ratio = jpeg["median"] / png["median"]
    each = ", ".join(f"{j['median'] / p['median']:.2f}" for j, p in zip(results["JPEG"], results["PNG"], strict=True))
    verdicts = [("JPEG median step", f"{jpeg['median']:.0f} ms", "<= 100 ms", jpeg["median"] <= 100),
                ("longest task while stepping", f"{max(longest.values()):.0f} ms", "<= 50 ms",
                 max(longest.values()) <= 50),
                ("JPEG / PNG median step", f"{ratio:.2f}× (each run: {each})", "<= 1.50", ratio <= 1.5)]
    for what, value, goal, met in verdicts:
        print(f"{what}: {value} (goal {goal})   {'ok' if met else 'FAILED'}")


if __name__ == "__main__":
    main()
