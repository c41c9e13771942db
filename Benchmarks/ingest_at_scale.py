#!/usr/bin/env python3
"""The ingest rate into a gallery of 100,000 items against the rate into a gallery of 1,000, in the same run (issue
"A million items": the ratio should be at least 0.8; it was about 0.1 when every read of a gallery counted its items).

Starts the real server binary (`--no-auth`, a temporary data folder). The big gallery is made fast: the server is
stopped and the items are written straight into its SQLite file (Benchmarks/big_gallery.py), then the server is
started again; making 100,000 takes a few seconds. For
each size it then drops `--drops` distinct small PNGs (inline `data:` URLs, one per request) from `--clients` threads
through the real API and waits until every one is ready; the rate is drops per second from the first request to the
last item ready. Prints both rates and their ratio.

    python3 Benchmarks/ingest_at_scale.py [--bin .build/release/image-gallery] [--small 1000] [--large 100000]
                                          [--drops 400] [--clients 8]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import base64
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, fill_directly  # noqa: E402

import helpers  # noqa: E402 - the test harness starts and stops the server


def data_url(index: int) -> str:
    out = BytesIO()
    Image.new("RGB", (8 + index % 9, 8 + index % 7), (index * 37 % 256, index * 91 % 256, index // 256 % 256)).save(
        out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def timed_drops(server, count: int, clients: int, drop) -> float:
    """Makes `count` drops (`drop(index)` returns the item's id) from `clients` threads; returns drops per second
    until every item is ready (or failed)."""
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        ids = list(pool.map(drop, range(count)))

    def ready(item_id: str) -> bool:
        return server.api("GET", f"/api/items/{item_id}")["state"] != "pending"

    for item_id in ids:
        helpers.wait_until(lambda item_id=item_id: ready(item_id), timeout=120, message="the dropped item ready")
    return count / (time.perf_counter() - started)


def ingest(server, drops: int, clients: int, first: int) -> float:
    """Drops `drops` distinct images from `clients` threads; returns drops per second until all are ready."""
    urls = [data_url(first + index) for index in range(drops)]
    return timed_drops(server, drops, clients,
                       lambda index: server.drop_uris(server.gallery_id, [urls[index]])[0]["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--drops", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        server.gallery_id = server.open_gallery_id()
        rates = {}
        held = 0  # items in the gallery so far
        for size in (args.small, args.large):
            server.stop()
            made = time.perf_counter()
            # The server's own keys follow the greatest key there is: the next filler keys start well past them.
            fill_directly(data / "gallery.sqlite", server.gallery_id, size - held, start=held + 10 * args.drops)
            held = size + args.drops
            print(f"made a gallery of {size:,} items in {time.perf_counter() - made:.1f} s", flush=True)
            server.start(server.port)
            count = server.gallery(server.gallery_id)["itemCount"]
            assert count == size, f"the gallery holds {count} items, not {size}"
            rates[size] = ingest(server, args.drops, args.clients, first=len(rates) * args.drops)
            print(f"{size:>9,} items: {rates[size]:.1f} drops/s ({args.drops} drops, {args.clients} clients)",
                  flush=True)
    ratio = rates[args.large] / rates[args.small]
    print(f"ratio (rate at {args.large:,} ÷ rate at {args.small:,}): {ratio:.2f}  (goal: at least 0.8)")


if __name__ == "__main__":
    main()
