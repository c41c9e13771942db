#!/usr/bin/env python3
""""Select All" of a gallery of 1,000,000 items, Move to Trash, Undo and Redo, against the same in a gallery of 100, in
the same run (issue "A million items": one request and one transaction, undoable; the request, its answer and the
change's event stay the same size whatever the run's length).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py). In each it reads the
first and last item (two windows of one item), sends the whole gallery to the trash as one run
(`POST /api/galleries/{id}/trash` with a `range`), then undoes and redoes it (`X-Gallery-Session`), checking the counts
after each. Prints each step's time, its time per item against the small gallery's, and the bytes of the request, the
answer and the event.

    python3 Benchmarks/trash_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, id_at, sizes_parser, small_and_large, timed_call  # noqa: E402

SESSION = {"X-Gallery-Session": "benchmark-trash-run"}


def call(server, method: str, path: str, body: dict | None = None) -> tuple[object, float, int]:
    """The answer, the seconds it took, and its bytes."""
    return timed_call(server, method, path, body, SESSION)


def measure(server, gallery: str, count: int) -> dict:
    ends = [id_at(server, gallery, position) for position in (0, count - 1)]
    run = {"range": {"firstItemId": ends[0], "lastItemId": ends[1], "count": count}}
    sequence = server.gallery(gallery)["sequence"]
    answer, trash, answer_bytes = call(server, "POST", f"/api/galleries/{gallery}/trash", run)
    assert answer["trashed"] == count, answer
    assert (server.gallery(gallery)["itemCount"], server.gallery(gallery)["trashCount"]) == (0, count)
    events = server.api("GET", f"/api/galleries/{gallery}/events?since={sequence}")["events"]
    assert len(events) == 1 and events[0]["runs"][0]["count"] == count, events
    event_bytes = len(json.dumps(events[0]))
    _, undo, _ = call(server, "POST", f"/api/galleries/{gallery}/undo")
    assert (server.gallery(gallery)["itemCount"], server.gallery(gallery)["trashCount"]) == (count, 0)
    _, redo, _ = call(server, "POST", f"/api/galleries/{gallery}/redo")
    assert (server.gallery(gallery)["itemCount"], server.gallery(gallery)["trashCount"]) == (0, count)
    return {"trash": trash, "undo": undo, "redo": redo, "request": len(json.dumps(run)), "answer": answer_bytes,
            "event": event_bytes}


def main() -> None:
    parser = sizes_parser(__doc__)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large)
        results = {size: measure(server, gallery, size)
                   for size, gallery in ((args.small, small), (args.large, large))}
    for size, result in results.items():
        print(f"{size:>9,} items: trash {result['trash'] * 1000:,.0f} ms, undo {result['undo'] * 1000:,.0f} ms, "
              f"redo {result['redo'] * 1000:,.0f} ms; bytes: request {result['request']}, answer "
              f"{result['answer']}, event {result['event']}")
    for step in ("trash", "undo", "redo"):
        per_item = (results[args.large][step] / args.large) / (results[args.small][step] / args.small)
        print(f"{step}: time per item at {args.large:,} ÷ at {args.small:,}: {per_item:.3f}")


if __name__ == "__main__":
    main()
