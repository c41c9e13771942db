#!/usr/bin/env python3
"""Several servers on one PostgreSQL database: how soon a change made through one server reaches a view open on the
other, and how long `image-gallery migrate` takes to move a big gallery from SQLite onto PostgreSQL; each against a
baseline in the same run.

1. Live delay across servers. Two `image-gallery serve` processes on one PostgreSQL database and one data folder;
   a gallery of 20 images; `--moves` moves of one item made through server A. Measured from sending the POST until
   the move's event reaches a WebSocket viewer (`/api/galleries/{id}/live`, as an open tab) on server B (the change
   travels by PostgreSQL's NOTIFY), against the same for a viewer on server A itself (the baseline: no second server).
2. Migration time. Data folders with galleries of `--baseline-items` and `--items` items (written straight into
   SQLite, Benchmarks/big_gallery.py), each copied by `image-gallery migrate --from sqlite:DATA --to postgresql://…`
   into a database of its own; the time per item of the big one against the small one's, and that the big gallery
   opens on a server on PostgreSQL with all its items.

    python3 Benchmarks/several_servers.py [--bin .build/release/image-gallery] [--moves 200] [--items 100000]
        [--database postgresql://…]

Without `--database` (or IMAGE_GALLERY_TEST_POSTGRESQL_URL) it starts a throwaway PostgreSQL cluster on loopback
(scripts/postgres-for-tests) and removes it afterwards. Traffic goes to 127.0.0.1 only; servers are stopped by their
own PIDs.
"""

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
sys.path.insert(0, str(ROOT / "Benchmarks"))

from big_gallery import fill_directly  # noqa: E402
from live_latency import Server, Viewer, measure, small_gallery, summary  # noqa: E402


@contextlib.contextmanager
def postgresql(given: str | None):
    """A PostgreSQL server's address: the one given, or a throwaway cluster's, removed afterwards."""
    if given:
        yield given
        return
    started = subprocess.run([str(ROOT / "scripts" / "postgres-for-tests")], capture_output=True, text=True)
    if started.returncode != 0:
        raise SystemExit("PostgreSQL is not installed (apt install postgresql), and no --database was given")
    folder, url = started.stdout.split()
    try:
        yield url
    finally:
        subprocess.run([str(ROOT / "scripts" / "postgres-for-tests"), "stop", folder], check=False)


@contextlib.contextmanager
def new_database(server_url: str):
    """A new, empty database on the PostgreSQL server: its address; dropped afterwards."""
    name = f"bench_{uuid.uuid4().hex[:12]}"

    def psql(sql):
        subprocess.run(["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", server_url, "-c", sql],
                       check=True, capture_output=True)

    psql(f"CREATE DATABASE {name}")
    try:
        yield re.sub(r"/[^/?]*(\?|$)", rf"/{name}\1", server_url.split("://", 1)[1], count=1).join(
            ["postgresql://", ""])
    finally:
        psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def live_across_servers(binary: str, database: str, moves: int):
    """(delays at a viewer on the writing server, delays at a viewer on the other server, POST round trips)."""
    with tempfile.TemporaryDirectory() as data:
        servers, viewers = [], []
        try:
            servers = [Server(binary, data, ["--database", database]) for _ in range(2)]
            writer, other = servers
            gallery, ids = small_gallery(writer)
            since = writer.api("GET", f"/api/galleries/{gallery}")["sequence"]
            viewers = [Viewer(writer.port, gallery, since), Viewer(other.port, gallery, since)]
            same = measure(writer, gallery, ids, viewers[:1], moves)
            across = measure(writer, gallery, ids, viewers[1:], moves)
            return same[1], across[1], same[0] + across[0]
        finally:
            for viewer in viewers:
                viewer.close()
            for server in servers:
                server.stop()


def migration_seconds(binary: str, server_url: str, items: int) -> float:
    """Seconds `migrate` takes to copy a data folder with one gallery of `items` items into a new database; checks
    that a server on that database then has the gallery with all of them."""
    with tempfile.TemporaryDirectory() as data, new_database(server_url) as database:
        server = Server(binary, data)
        try:
            gallery = server.api("POST", "/api/galleries", {"name": "Big"})["id"]
        finally:
            server.stop()
        fill_directly(Path(data) / "gallery.sqlite", gallery, items)
        started = time.monotonic()
        subprocess.run([binary, "migrate", "--from", f"sqlite:{data}", "--to", database], check=True,
                       stdout=subprocess.DEVNULL)
        seconds = time.monotonic() - started
        server = Server(binary, data, ["--database", database])
        try:
            count = server.api("GET", f"/api/galleries/{gallery}")["itemCount"]
            if count != items:
                raise SystemExit(f"the migrated gallery has {count} items on PostgreSQL, not {items}")
        finally:
            server.stop()
        return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--baseline-items", type=int, default=1_000)
    parser.add_argument("--database", default=os.environ.get("IMAGE_GALLERY_TEST_POSTGRESQL_URL"),
                        help="a PostgreSQL server to make throwaway databases on (postgresql://…/postgres)")
    args = parser.parse_args()
    if not os.path.exists(args.bin):
        raise SystemExit(f"no server binary at {args.bin}: run `swift build -c release` first")

    with postgresql(args.database) as server_url:
        with new_database(server_url) as database:
            same, across, round_trips = live_across_servers(args.bin, database, args.moves)
        small = migration_seconds(args.bin, server_url, args.baseline_items)
        big = migration_seconds(args.bin, server_url, args.items)

    rt, on_writer, on_other = summary(round_trips), summary(same), summary(across)
    print(f"{args.moves} moves of one item through server A, from sending the POST (ms: median / 95th percentile)")
    print(f"  POST round trip                           {rt[0] * 1000:7.1f} / {rt[1] * 1000:7.1f}")
    print(f"  event at a viewer on server A (baseline)  {on_writer[0] * 1000:7.1f} / {on_writer[1] * 1000:7.1f}")
    print(f"  event at a viewer on server B             {on_other[0] * 1000:7.1f} / {on_other[1] * 1000:7.1f}"
          f"   ratio {on_other[0] / on_writer[0]:.2f} / {on_other[1] / on_writer[1]:.2f}   (goal: within 1 second)")
    print("migrate --from sqlite: --to postgresql:// of one gallery")
    per_item = small / args.baseline_items
    print(f"  {args.baseline_items:>9,} items (baseline)  {small:7.1f} s   {per_item * 1e6:7.0f} µs/item")
    print(f"  {args.items:>9,} items             {big:7.1f} s   {big / args.items * 1e6:7.0f} µs/item"
          f"   per-item ratio {big / args.items / per_item:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
