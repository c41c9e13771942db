#!/usr/bin/env python3
"""Exporting a gallery of 1,000,000 items against exporting one of 100, in the same run: the time per item and the
server's resident memory while it writes the archive (issue "A million items": memory follows what a request holds
at once, never the gallery; an archive of a million items is written a page of items at a time).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py; they share one
image). Downloads each one's archive (`GET /api/galleries/{id}/export`), checks that it lists every item, and prints
each export's time and size, the time per item at the large size against the small one's, and the server's resident
memory (VmRSS, every 50 ms) at rest and at its peak during the large export.

    python3 Benchmarks/export_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import io
import json
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, peak_resident, put_filler_image, small_and_large  # noqa: E402


def export(server, gallery: str, count: int) -> tuple[float, int]:
    started = time.perf_counter()
    with urllib.request.urlopen(f"{server.base_url}/api/galleries/{gallery}/export", timeout=3600) as response:
        archive = response.read()
    took = time.perf_counter() - started
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        items = json.loads(opened.read("gallery.json"))["items"]
        assert len(items) == count and len(opened.namelist()) == 2, (len(items), opened.namelist()[:3])
    return took, len(archive)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=1_000_000)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large, before_start=put_filler_image)
        pid = server.process.pid
        small_time, small_bytes = export(server, small, args.small)
        with peak_resident(pid) as at_rest:
            time.sleep(2.0)
        with peak_resident(pid) as exporting:
            large_time, large_bytes = export(server, large, args.large)
    print(f"{args.small:>9,} items: exported in {small_time * 1000:,.0f} ms ({small_bytes:,} bytes)")
    print(f"{args.large:>9,} items: exported in {large_time * 1000:,.0f} ms ({large_bytes:,} bytes)")
    per_item = (large_time / args.large) / (small_time / args.small)
    print(f"time per item at {args.large:,} ÷ at {args.small:,}: {per_item:.2f}")
    print(f"resident memory: at rest {max(at_rest):.0f} MB, peak while exporting {max(exporting):.0f} MB, ratio "
          f"{max(exporting) / max(at_rest):.2f}")


if __name__ == "__main__":
    main()
