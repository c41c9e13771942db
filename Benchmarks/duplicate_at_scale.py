#!/usr/bin/env python3
"""Duplicating a gallery of 1,000,000 items against duplicating one of 100, in the same run: the time per item copied,
and the server's resident memory while it copies (issue "A million items": a request costs what it changes; a copy
of a million items changes a million rows, but needs no more memory than a copy of a hundred).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py), half of them on the
board. Duplicates each (`POST /api/galleries/{id}/duplicate`), checks the copy's item count and a board position,
and prints each copy's time, the time per item at the large size against the small one's, and the server's resident
memory (VmRSS, every 50 ms) at rest and at its peak during the large copy.

    python3 Benchmarks/duplicate_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import sqlite3
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, peak_resident, sizes_parser, small_and_large  # noqa: E402


def put_half_on_the_board(data: Path) -> None:
    """Every other item of every gallery gets a board position (the copy keeps it)."""
    connection = sqlite3.connect(data / "gallery.sqlite")
    with connection:
        connection.execute(
            "INSERT INTO board_position (itemId, x, y, width, z, galleryId, height, tileLevel, tileX, tileY)"
            " SELECT id, rowid % 1000 * 264, rowid / 1000 * 264, 240, 0, galleryId, 180, 0, rowid % 1000 * 264 / 256,"
            " rowid / 1000 * 264 / 256 FROM item WHERE rowid % 2 = 0")
    connection.close()


def duplicate(server, gallery: str, count: int) -> float:
    started = time.perf_counter()
    status, copy = server.request("POST", f"/api/galleries/{gallery}/duplicate", {}, timeout=3600)
    took = time.perf_counter() - started
    assert status == 201, (status, copy)
    assert copy["itemCount"] == count, copy
    last = server.api("GET", f"/api/galleries/{copy['id']}/items?position={count - 1}&limit=1")["items"][0]
    original = server.api("GET", f"/api/galleries/{gallery}/items?position={count - 1}&limit=1")["items"][0]
    assert (last["title"], last["board"]) == (original["title"], original["board"]), (last, original)
    return took


def main() -> None:
    parser = sizes_parser(__doc__)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large, before_start=put_half_on_the_board)
        pid = server.process.pid
        small_time = duplicate(server, small, args.small)
        with peak_resident(pid) as at_rest:
            time.sleep(2.0)
        with peak_resident(pid) as copying:
            large_time = duplicate(server, large, args.large)
    print(f"{args.small:>9,} items: duplicated in {small_time * 1000:,.0f} ms")
    print(f"{args.large:>9,} items: duplicated in {large_time * 1000:,.0f} ms")
    per_item = (large_time / args.large) / (small_time / args.small)
    print(f"time per item at {args.large:,} ÷ at {args.small:,}: {per_item:.2f}")
    print(f"resident memory: at rest {max(at_rest):.0f} MB, peak while copying {max(copying):.0f} MB, ratio "
          f"{max(copying) / max(at_rest):.2f}")


if __name__ == "__main__":
    main()
