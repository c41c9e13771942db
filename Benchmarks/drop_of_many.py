#!/usr/bin/env python3
"""A drop of 5,000 files in the browser against a drop of 100, in the same run (issue "Faithful with what people really
drop": all 5,000 kept, in drop order; items per second at least 0.8× the drop of 100's).

Makes `--large` different small pictures (PNG, JPEG and WebP in turn, 64 to 640 pixels on a side), starts the real
server binary (`--no-auth`, a temporary data folder) and opens a new gallery in Debian's Chromium for each drop. Drops
the first `--small` files, then all `--large`, onto the gallery the way a desktop drop arrives (one DataTransfer holding
every file), `--runs` times each, and times each from the drop to the moment every item is ready on the server (read
every half second). The page sends a drop of more than 500 files in parts and uploads four files at a time
(Web/model/dropParts.js). Checks that every file was kept, ready, in drop order, and prints items per second for each
drop, their medians and the ratio large / small.

    python3 Benchmarks/drop_of_many.py [--bin .build/release/image-gallery] [--small 100] [--large 5000] [--runs 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import shutil
import sys
import time
from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import all_items, benchmark_server, rates_compared, sizes_parser  # noqa: E402

from helpers import DropFile, drop  # noqa: E402

KINDS = [("png", "image/png", "PNG"), ("jpeg", "image/jpeg", "JPEG"), ("webp", "image/webp", "WEBP")]


def picture(index: int) -> DropFile:
    """File `index`: a picture of its own size and colours."""
    kind, mime, encoder = KINDS[index % len(KINDS)]
    width, height = 64 + (index * 397) % 577, 64 + (index * 211) % 433
    image = Image.new("RGB", (width, height), (index * 37 % 256, index * 91 % 256, index // 256 % 256))
    oval = (width // 8, height // 8, width * 7 // 8, height * 7 // 8)
    ImageDraw.Draw(image).ellipse(oval, fill=(200, index % 256, 40))
    out = BytesIO()
    image.save(out, format=encoder)
    return DropFile(f"picture{index:05}.{kind}", out.getvalue(), mime)


def timed_drop(browser, server, files: list[DropFile], name: str) -> float:
    """Drops `files` onto a new gallery's page; the seconds until every item is ready, checked kept in order."""
    gallery = server.api("POST", "/api/galleries", {"name": name})["id"]
    page = browser.new_page()
    page.goto(f"{server.base_url}/g/{gallery}")
    page.wait_for_selector("#gallery")
    started = time.perf_counter()
    drop(page, files=files)
    deadline = started + 1800
    while True:
        items = all_items(server, gallery)
        if len(items) == len(files) and all(item["state"] != "pending" for item in items):
            elapsed = time.perf_counter() - started
            break
        if time.perf_counter() > deadline:
            raise SystemExit(f"{name}: {len(items)} items, not all ready after 30 minutes")
        time.sleep(0.5)
    page.close()
    titles = [item["title"] for item in items]
    if titles != [file.name for file in files]:
        raise SystemExit(f"{name}: the items are not the files dropped, in drop order")
    failed = [item["title"] for item in items if item["state"] != "ready"]
    if failed:
        raise SystemExit(f"{name}: {len(failed)} items failed, such as {failed[:3]}")
    return elapsed


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.set_defaults(large=5000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    made = time.perf_counter()
    files = [picture(index) for index in range(args.large)]
    print(f"made {len(files):,} pictures in {time.perf_counter() - made:.0f} s", flush=True)
    rates = {"small": [], "large": []}
    with benchmark_server(Path(args.bin)) as (server, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        for run in range(1, args.runs + 1):
            for size, count in (("small", args.small), ("large", args.large)):
                seconds = timed_drop(browser, server, files[:count], f"Run {run}, {count} files")
                rates[size].append(count / seconds)
                print(f"run {run}: a drop of {count:,} files all ready in {seconds:.1f} s: "
                      f"{rates[size][-1]:.1f} items/s", flush=True)
        browser.close()
    print(rates_compared(rates["large"], rates["small"], f"for {args.large:,} files", f"for {args.small:,}"))

if __name__ == "__main__":
    main()
