#!/usr/bin/env python3
"""The ingest rate with the search index written in each item's transaction against the rate without it, in the same
run (issue "Find anything": at least 0.9).

Starts the real server binary (`--no-auth`, a temporary data folder) and, `--rounds` times each, alternating, drops
`--drops` items into a new gallery from `--clients` threads through the real API and waits until every one is ready:
a mix of notes of 40 words (whose text the index holds) and distinct small PNGs (inline `data:` URLs). "Without" is
the same server after its index's triggers were taken out of the database while it was stopped (and put back after):
the only difference is the index's writing. Prints each round's rate, the medians and their ratio.

    python3 Benchmarks/search_index_ingest.py [--bin .build/release/image-gallery] [--drops 400] [--clients 8]
                                              [--rounds 3]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import random
import sqlite3
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from big_gallery import benchmark_server  # noqa: E402
from ingest_at_scale import data_url, timed_drops  # noqa: E402

WORDS = [f"{a}{b}{c}" for a in "bdfklmnprst" for b in "aeiou" for c in ("n", "r", "sk", "lm", "te", "")]


def ingest(server, gallery: str, drops: int, clients: int, first: int) -> float:
    """Drops `drops` items (notes and images by turns); returns drops per second until all are ready."""
    chooser = random.Random(first)

    def drop(index: int) -> str:
        if index % 2:
            return server.drop_uris(gallery, [data_url(first + index)])[0]["id"]
        text = " ".join(chooser.choice(WORDS) for _ in range(40))
        answer = server.api("POST", f"/api/galleries/{gallery}/drops", {"payload": {"plainText": text}})
        return answer["items"][0]["id"]

    return timed_drops(server, drops, clients, drop)


def set_index_writing(database: Path, triggers: list[str] | None) -> list[str]:
    """Takes the index's triggers out (`triggers` None) or puts them back; returns those taken out."""
    connection = sqlite3.connect(database)
    with connection:
        if triggers is None:
            found = connection.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'item_search%'").fetchall()
            for name, _ in found:
                connection.execute(f"DROP TRIGGER {name}")
            taken = [sql for _, sql in found]
        else:
            for sql in triggers:
                connection.execute(sql)
            taken = []
    connection.close()
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--drops", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rates: dict[str, list[float]] = {"with": [], "without": []}
    with benchmark_server(Path(args.bin)) as (server, data):
        first = 0
        for round_number in range(args.rounds):
            for mode in ("with", "without"):
                gallery = server.api("POST", "/api/galleries", {"name": f"{mode} {round_number}"})["id"]
                taken = []
                if mode == "without":
                    server.stop()
                    taken = set_index_writing(data / "gallery.sqlite", None)
                    assert taken, "the index's triggers were not found"
                    server.start(server.port)
                rate = ingest(server, gallery, args.drops, args.clients, first)
                first += args.drops
                rates[mode].append(rate)
                print(f"round {round_number + 1}, {mode:<7} the index: {rate:.1f} drops/s", flush=True)
                if taken:
                    server.stop()
                    set_index_writing(data / "gallery.sqlite", taken)
                    server.start(server.port)
    with_index, without = (statistics.median(rates[mode]) for mode in ("with", "without"))
    print(f"median with the index {with_index:.1f} drops/s, without {without:.1f} drops/s; ratio "
          f"{with_index / without:.2f} (goal: at least 0.9); ratios per round: "
          + ", ".join(f"{a / b:.2f}" for a, b in zip(rates["with"], rates["without"], strict=True)))


if __name__ == "__main__":
    main()
