#!/usr/bin/env python3
"""Exporting a gallery of 1,000,000 items, and importing its archive again, against the same for one of 100, in the
same run: the time per item and the server's resident memory (issue "A million items": an archive of a million items
is written a page of items at a time, and imported a batch of items a transaction).

Starts the real server binary (`--no-auth`, a temporary data folder) on two galleries: one of `--small` items and one
of `--large` (written straight into the stopped server's SQLite file, Benchmarks/big_gallery.py; they share one
image). Downloads each one's archive (`GET /api/galleries/{id}/export`), checks that it lists every item, imports it
again (`POST /api/galleries/import`) and checks the new gallery's count. Prints each step's time, the time per item
at the large size against the small one's, and the server's resident memory (VmRSS, every 50 ms) at rest and at its
peak during the large export and the large import.

    python3 Benchmarks/archive_at_scale.py [--bin .build/release/image-gallery] [--small 100] [--large 1000000]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import io
import json
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, peak_resident, put_filler_image, sizes_parser, small_and_large  # noqa: E402


def export(server, gallery: str, count: int) -> tuple[float, bytes]:
    started = time.perf_counter()
    with urllib.request.urlopen(f"{server.base_url}/api/galleries/{gallery}/export", timeout=3600) as response:
        archive = response.read()
    took = time.perf_counter() - started
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        items = json.loads(opened.read("gallery.json"))["items"]
        assert len(items) == count and len(opened.namelist()) == 2, (len(items), opened.namelist()[:3])
    return took, archive


def import_again(server, archive: bytes, count: int) -> float:
    request = urllib.request.Request(f"{server.base_url}/api/galleries/import", data=archive, method="POST")
    request.add_header("Content-Type", "application/zip")
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=3600) as response:
        answer = json.loads(response.read())
    took = time.perf_counter() - started
    assert answer["items"] == count and answer["gallery"]["itemCount"] == count, answer
    return took


def main() -> None:
    parser = sizes_parser(__doc__)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        small, large = small_and_large(server, data, args.small, args.large, before_start=put_filler_image)
        pid = server.process.pid
        small_export, small_archive = export(server, small, args.small)
        small_import = import_again(server, small_archive, args.small)
        with peak_resident(pid) as at_rest:
            time.sleep(2.0)
        with peak_resident(pid) as exporting:
            large_export, large_archive = export(server, large, args.large)
        with peak_resident(pid) as importing:
            large_import = import_again(server, large_archive, args.large)
    for size, exported, archive, imported in (
        (args.small, small_export, small_archive, small_import),
        (args.large, large_export, large_archive, large_import),
    ):
        print(f"{size:>9,} items: exported in {exported * 1000:,.0f} ms ({len(archive):,} bytes), imported in "
              f"{imported * 1000:,.0f} ms")
    for step, small_time, large_time in (
        ("export", small_export, large_export), ("import", small_import, large_import)
    ):
        per_item = (large_time / args.large) / (small_time / args.small)
        print(f"{step}: time per item at {args.large:,} ÷ at {args.small:,}: {per_item:.2f}")
    rest = max(at_rest)
    print(f"resident memory: at rest {rest:.0f} MB; peak exporting {max(exporting):.0f} MB "
          f"({max(exporting) / rest:.2f}×), importing {max(importing):.0f} MB ({max(importing) / rest:.2f}×)")


if __name__ == "__main__":
    main()
