#!/usr/bin/env python3
"""Reading a window of items anywhere in a gallery of 1,000,000 items against the same reads in a gallery of 100, in the
same run (issue "A million items": the item list is read in windows whose cost grows with the window, never with the
gallery).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py). In each it reads
`--reads` windows of 200 items through `GET /api/galleries/{id}/items`: at positions spread over the whole gallery
(the start, the middle, the end and between), around items found there, and before their cursors. It times each
request from the client and prints the median and 95th percentile of each size and their ratios.

    python3 Benchmarks/window_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]
                                          [--reads 60]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import random
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, percentile, sizes_parser, small_and_large  # noqa: E402

WINDOW = 50


def measure(server, gallery_id: str, count: int, reads: int) -> dict[str, list[float]]:
    """Times `reads` windows of each kind; checks that each window is where it was asked to be."""
    items = f"/api/galleries/{gallery_id}/items?limit={WINDOW}"
    chooser = random.Random(7)
    times: dict[str, list[float]] = {"position": [], "around": [], "before": []}
    for n in range(reads):
        position = (count - 1) * n // max(1, reads - 1) if n % 3 else chooser.randrange(count)
        started = time.perf_counter()
        window = server.api("GET", f"{items}&position={position}")
        times["position"].append(time.perf_counter() - started)
        expected = max(0, min(position, count - WINDOW))
        assert window["position"] == expected and window["count"] == count, (window["position"], expected)
        middle = window["items"][len(window["items"]) // 2]
        started = time.perf_counter()
        around = server.api("GET", f"{items}&around={middle['id']}")
        times["around"].append(time.perf_counter() - started)
        assert middle["id"] in [item["id"] for item in around["items"]]
        if window.get("previousCursor"):
            started = time.perf_counter()
            before = server.api("GET", f"{items}&before={urllib.parse.quote(window['previousCursor'])}")
            times["before"].append(time.perf_counter() - started)
            assert before["position"] + len(before["items"]) == window["position"]
    return times


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.add_argument("--reads", type=int, default=60)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large)
        measure(server, small, args.small, 5)  # warm up
        results = {size: measure(server, gallery, size, args.reads)
                   for size, gallery in ((args.small, small), (args.large, large))}
    for kind in ("position", "around", "before"):
        for size in (args.small, args.large):
            times = results[size][kind]
            print(f"{kind:>8} {size:>9,} items: median {statistics.median(times) * 1000:.2f} ms, "
                  f"95th percentile {percentile(times, 0.95) * 1000:.2f} ms ({len(times)} reads)")
        large, small = results[args.large][kind], results[args.small][kind]
        print(f"{kind:>8} ratio ({args.large:,} ÷ {args.small:,}): median "
              f"{statistics.median(large) / statistics.median(small):.2f}, 95th percentile "
              f"{percentile(large, 0.95) / percentile(small, 0.95):.2f}")


if __name__ == "__main__":
    main()
