#!/usr/bin/env python3
"""A selection beyond the items read moved by its ends: half of a gallery of 1,000,000 items moved to its start, Undo
and Redo, and a run of 50 moved, against the same in a gallery of 100, in the same run (issue "A million items":
moves of many items send ranges; the request, its answer and the events stay the same size whatever the run's length,
and a move costs what it moves, not the size of the gallery).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py). In each it reads the
ends of the run (windows of one item), moves the second half of the gallery to its start as one run
(`POST /api/galleries/{id}/moves` with a `range`), checks the order at the ends, then undoes and redoes it
(`X-Gallery-Session`); then moves a run of `--run` items from the middle to the end `--moves` times. Prints each step's
time and its time per item against the small gallery's, the 50-item run's median against the small gallery's, and the
bytes of the request, the answer and the events.

    python3 Benchmarks/run_move_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]
                                            [--run 50] [--moves 20]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, id_at, sizes_parser, small_and_large, timed_call  # noqa: E402

SESSION = {"X-Gallery-Session": "benchmark-move-run"}


def call(server, method: str, path: str, body: dict | None = None) -> tuple[object, float, int]:
    """The answer, the seconds it took, and its bytes."""
    return timed_call(server, method, path, body, SESSION)


def run_of(server, gallery: str, first: int, count: int) -> dict:
    """The API's `range` of `count` items from position `first`."""
    return {"firstItemId": id_at(server, gallery, first), "lastItemId": id_at(server, gallery, first + count - 1),
            "count": count}


def measure(server, gallery: str, count: int, run: int, moves: int) -> dict:
    half = count // 2
    body = {"range": run_of(server, gallery, count - half, half), "at": {"start": True}}
    first_moved, first_staying = body["range"]["firstItemId"], id_at(server, gallery, 0)
    sequence = server.gallery(gallery)["sequence"]
    answer, move, answer_bytes = call(server, "POST", f"/api/galleries/{gallery}/moves", body)
    assert answer["moved"] == half, answer
    assert (id_at(server, gallery, 0), id_at(server, gallery, half)) == (first_moved, first_staying)
    events = server.api("GET", f"/api/galleries/{gallery}/events?since={sequence}")["events"]
    assert len(events) == 1 and [each["count"] for each in events[0]["runs"]] == [half, half], events
    event_bytes = len(json.dumps(events[0]))
    _, undo, _ = call(server, "POST", f"/api/galleries/{gallery}/undo")
    assert id_at(server, gallery, 0) == first_staying
    _, redo, _ = call(server, "POST", f"/api/galleries/{gallery}/redo")
    assert id_at(server, gallery, 0) == first_moved
    assert server.gallery(gallery)["itemCount"] == count
    small_moves = []
    for _ in range(moves):
        small = {"range": run_of(server, gallery, count // 2 - run // 2, run), "at": {}}
        _, took, _ = call(server, "POST", f"/api/galleries/{gallery}/moves", small)
        small_moves.append(took)
    return {"move": move, "undo": undo, "redo": redo, "run": statistics.median(small_moves),
            "request": len(json.dumps(body)), "answer": answer_bytes, "event": event_bytes}


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.add_argument("--run", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large)
        results = {size: measure(server, gallery, size, args.run, args.moves)
                   for size, gallery in ((args.small, small), (args.large, large))}
    for size, result in results.items():
        print(f"{size:>9,} items: half moved {result['move'] * 1000:,.0f} ms, undo {result['undo'] * 1000:,.0f} ms, "
              f"redo {result['redo'] * 1000:,.0f} ms; a run of {args.run}: median {result['run'] * 1000:.1f} ms; "
              f"bytes: request {result['request']}, answer {result['answer']}, event {result['event']}")
    for step in ("move", "undo", "redo"):
        per_item = (results[args.large][step] / args.large) / (results[args.small][step] / args.small)
        print(f"{step} of half: time per item at {args.large:,} ÷ at {args.small:,}: {per_item:.3f}")
    ratio = results[args.large]["run"] / results[args.small]["run"]
    print(f"a run of {args.run}: median at {args.large:,} ÷ at {args.small:,}: {ratio:.2f}")


if __name__ == "__main__":
    main()
