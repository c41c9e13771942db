#!/usr/bin/env python3
"""Moving 50 items in a gallery of 1,000,000 items against the same move in a gallery of 100, in the same run (issue
"A million items": the server time at the 99th percentile within 2×, and exactly 50 item rows written per move).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py). In each it moves the
same kind of batch `--moves` times: 50 items taken from along the gallery, put after an item near its middle (one
`POST /api/galleries/{id}/moves`). It times each request from the client, counts the item rows each move wrote (rows
whose change number is the move's event: read from the database file once the server has stopped), and prints the
median and 99th percentile of each size, their ratio, and the rows written per move.

    python3 Benchmarks/move_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]
                                        [--moves 40]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import sqlite3
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, percentile, sizes_parser, small_and_large  # noqa: E402

BATCH = 50


def ids_along(server, gallery_id: str, count: int, wanted: int) -> list[str]:
    """`wanted` item ids spread along the gallery (one page read around each of a few positions)."""
    ids = []
    page = server.api("GET", f"/api/galleries/{gallery_id}/items?limit=500")
    ids += [item["id"] for item in page["items"]]
    cursor = page.get("nextCursor")
    while cursor and len(ids) < wanted * 4 and len(ids) < count:
        page = server.api("GET", f"/api/galleries/{gallery_id}/items?limit=500&cursor={urllib.parse.quote(cursor)}")
        ids += [item["id"] for item in page["items"]]
        cursor = page.get("nextCursor")
    step = max(1, len(ids) // wanted)
    return ids[::step][:wanted]


def measure(server, gallery_id: str, count: int, moves: int) -> tuple[list[float], list[int]]:
    """Times `moves` moves of 50 items; returns the times and the events' sequence numbers."""
    candidates = ids_along(server, gallery_id, count, BATCH * 2 + 1)
    anchor, pool = candidates[len(candidates) // 2], [i for i in candidates if i != candidates[len(candidates) // 2]]
    times, sequences = [], []
    for n in range(moves):
        batch = pool[:BATCH] if n % 2 == 0 else pool[BATCH:BATCH * 2]
        started = time.perf_counter()
        server.api("POST", f"/api/galleries/{gallery_id}/moves", {"itemIds": batch, "at": {"after": anchor}})
        times.append(time.perf_counter() - started)
        sequences.append(server.gallery(gallery_id)["sequence"])
    return times, sequences


def rows_written(database: Path, gallery_id: str, sequences: list[int]) -> list[int]:
    connection = sqlite3.connect(database)
    try:
        # The rows a move wrote carry its change number, unless a later move wrote them again: count the last moves of
        # each batch (the batches alternate, so each of the last two moves is the newest write of its 50 rows).
        return [connection.execute("SELECT count(*) FROM item WHERE galleryId = ? AND changeSequence = ?",
                                   (gallery_id, sequence)).fetchone()[0] for sequence in sequences[-2:]]
    finally:
        connection.close()


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large)
        results = {size: measure(server, gallery, size, args.moves)
                   for size, gallery in ((args.small, small), (args.large, large))}
        server.stop()
        written = {size: rows_written(data / "gallery.sqlite", gallery, results[size][1])
                   for size, gallery in ((args.small, small), (args.large, large))}
    for size, (times, _) in results.items():
        slowest = max(range(len(times)), key=times.__getitem__)
        print(f"{size:>9,} items: median {statistics.median(times) * 1000:.1f} ms, 99th percentile "
              f"{percentile(times, 0.99) * 1000:.1f} ms (the slowest: move {slowest + 1}); item rows written by the "
              f"last moves: {written[size]}")
    ratio = percentile(results[args.large][0], 0.99) / percentile(results[args.small][0], 0.99)
    print(f"99th percentile ratio ({args.large:,} ÷ {args.small:,}): {ratio:.2f}"
          f"  (goal: within 2; rows written: {BATCH} a move)")


if __name__ == "__main__":
    main()
