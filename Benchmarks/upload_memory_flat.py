#!/usr/bin/env python3
"""The server's resident memory after ten passes of a mixed corpus of uploads, against its memory after the first
pass, in the same run (issue "Faithful with what people really drop": at most 1.3×; it grew 76 → 632 MB at rest
over eight passes before libvips' cache and the allocator's arenas were bounded).

Makes a corpus of `--files` images (PNG, JPEG, WebP, TIFF, HEIC and GIF in turn, 64 to 1,600 pixels on a side,
every pass's files different by a pixel, so none is stored once for two passes; HEIC through the `vips` command,
left out without it), starts the real server binary (`--no-auth`, a temporary data folder), and for each of
`--passes` passes drops the pass's files into a new gallery a hundred at a time and uploads each one's bytes to its
`uploadURL` from four threads, the way the page does, then waits until every item is ready or failed. After each
pass it waits two seconds and reads the server's resident memory (VmRSS). Prints each pass's memory and the last
pass's against the first's.

    python3 Benchmarks/upload_memory_flat.py [--bin .build/release/image-gallery] [--files 1000] [--passes 10]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, resident_megabytes  # noqa: E402
from mixed_corpus import encode, one_pass  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--passes", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        made = time.perf_counter()
        corpus = []
        for stamp in range(args.passes):
            encoded = [encode(index, stamp, Path(folder)) for index in range(args.files)]
            corpus.append([file for file in encoded if file is not None])
        print(f"made {args.passes} passes of {len(corpus[0])} files in {time.perf_counter() - made:.0f} s", flush=True)
        with benchmark_server(Path(args.bin)) as (server, _):
            pid = server.process.pid
            at_start = resident_megabytes(pid)
            after = []
            for number, files in enumerate(corpus, start=1):
                started = time.perf_counter()
                ready, failed = one_pass(server, files, number)
                time.sleep(2.0)
                after.append(resident_megabytes(pid))
                print(f"pass {number:>2}: {ready} ready, {failed} failed in {time.perf_counter() - started:.0f} s; "
                      f"resident {after[-1]:.0f} MB", flush=True)
    ratio = after[-1] / after[0]
    print(f"resident memory: {at_start:.0f} MB at start, {after[0]:.0f} MB after pass 1, {after[-1]:.0f} MB after pass "
          f"{len(after)}: {ratio:.2f}× (limit 1.30)   {'ok' if ratio <= 1.3 else 'FAILED'}")


if __name__ == "__main__":
    main()
