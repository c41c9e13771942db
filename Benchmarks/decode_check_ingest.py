#!/usr/bin/env python3
"""The ingest rate with the decode check before "ready" against the rate without it, in the same run (issue "Faithful
with what people really drop": at least 0.8×).

The check (Sources/GalleryServer/Ingestion/IngestionService+Decoding.swift) is how the server keeps images now, so the
rate without it is the server built from the commit before it, f2d477c, given as `--before`:

    git worktree add ../before f2d477c && (cd ../before && swift build -c release)
    python3 Benchmarks/decode_check_ingest.py --before ../before/.build/release/image-gallery
                                              [--bin .build/release/image-gallery] [--files 600] [--runs 3]

Makes `--files` images of the mixed corpus (Benchmarks/mixed_corpus.py: PNG, JPEG, WebP, TIFF, HEIC and GIF, 64 to
1,600 pixels on a side). Each run starts each binary in turn (`--no-auth`, a new temporary data folder), uploads the
corpus through the real API the way the page does, and times it from the first drop to the last item ready or failed.
Prints each rate, the medians, and the ratio with the check / without it, of the medians and of each run.

Traffic goes to 127.0.0.1 only; each server is stopped by its own PID.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, rates_compared  # noqa: E402
from mixed_corpus import encode, one_pass  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--before", required=True, help="the server built from f2d477c, before the decode check")
    parser.add_argument("--files", type=int, default=600)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        encoded = [encode(index, 0, Path(folder)) for index in range(args.files)]
    files = [file for file in encoded if file is not None]
    rates = {"with": [], "without": []}
    binaries = {"with": Path(args.bin), "without": Path(args.before)}
    for run in range(1, args.runs + 1):
        # Each run starts with the other binary, so that neither always goes first.
        for kind in (("with", "without") if run % 2 else ("without", "with")):
            with benchmark_server(binaries[kind]) as (server, _):
                started = time.perf_counter()
                ready, failed = one_pass(server, files, run)
                seconds = time.perf_counter() - started
            rates[kind].append(len(files) / seconds)
            print(f"run {run}, {kind} the check: {ready} ready, {failed} failed in {seconds:.1f} s: "
                  f"{rates[kind][-1]:.1f} items/s", flush=True)
    print(rates_compared(rates["with"], rates["without"], "with the check", "without"))

if __name__ == "__main__":
    main()
