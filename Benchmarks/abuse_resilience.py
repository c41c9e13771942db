#!/usr/bin/env python3
"""Another client's latency while the server is attacked, as ratios against its latency at rest in the same run.

Starts the real server binary on a temporary data folder (header timeout 2 s) and measures one client's GET
/api/galleries on fresh connections: at rest (the baseline), then during each attack:

  - 4,000 half-open connections from 100 loopback addresses (half silent, half stopping mid request line), held until
    the server drops them;
  - sixteen 60 MB drop bodies at once (half declaring their length, half chunked);
  - sixteen 7.5 MB drops at once that are within the limit and are read and decoded (inline `data:` images).

Prints the median and 95th percentile of each, their ratios to the baseline, how long the server took to drop the
half-open connections, and the server's peak memory (VmHWM) after each phase.

    python3 Benchmarks/abuse_resilience.py [--bin .build/debug/image-gallery]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

import abuse  # noqa: E402
import helpers  # noqa: E402

MB = 1024 * 1024


def summary(results):
    latencies = sorted(latency for status, latency in results if status == 200)
    failed = sum(1 for status, _ in results if status != 200)
    if not latencies:
        return float("inf"), float("inf"), failed
    return statistics.median(latencies), latencies[int(0.95 * (len(latencies) - 1))], failed


def probe_during(port, attack):
    prober = abuse.Prober(port)
    prober.start()
    started = time.monotonic()
    outcome = attack()
    elapsed = time.monotonic() - started
    return prober.stop(), outcome, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/debug/image-gallery")
    args = parser.parse_args()
    if not os.path.exists(args.bin):
        raise SystemExit(f"no server binary at {args.bin}: run `swift build` first")
    abuse.raise_open_file_limit(10_000)

    with tempfile.TemporaryDirectory() as folder:
        server = helpers.GalleryServer(Path(args.bin), Path(folder) / "data", Path(folder) / "server.log",
                                       extra_args=["--header-timeout", "2"])
        server.start()
        try:
            port, pid = server.port, server.process.pid
            gallery = server.open_gallery_id()
            rest = [abuse.request_latency(port) for _ in range(200)]
            memory = {"at rest": abuse.peak_memory_mb(pid)}
            phases = {}

            def half_open():
                silent = abuse.open_half_open(port, 2000, per_address=40)
                partial = abuse.open_half_open(port, 2000, per_address=40, partial=b"GET /api/galleries HT")
                return abuse.wait_closed_by_server(silent + partial, timeout=120)

            phases["4,000 half-open connections"] = probe_during(port, half_open)
            memory["after half-open"] = abuse.peak_memory_mb(pid)

            def drops(size):
                def attack():
                    with ThreadPoolExecutor(max_workers=16) as pool:
                        return list(pool.map(
                            lambda n: abuse.huge_drop(port, gallery, size, declared=n % 2 == 0,
                                                      source=abuse.SOURCE_ADDRESSES[n]), range(16)))
                return attack

            phases["16 x 60 MB drops (refused)"] = probe_during(port, drops(60 * MB))
            memory["after 60 MB drops"] = abuse.peak_memory_mb(pid)
            phases["16 x 7.5 MB drops (decoded)"] = probe_during(port, drops(int(7.5 * MB)))
            memory["after 7.5 MB drops"] = abuse.peak_memory_mb(pid)
        finally:
            server.stop()

    base_median, base_p95, base_failed = summary(rest)
    print("Another client's GET /api/galleries on fresh connections (seconds: median / 95th percentile)")
    print(f"  at rest (baseline, {len(rest)} requests)          {base_median:.4f} / {base_p95:.4f}")
    for label, (results, outcome, elapsed) in phases.items():
        median, p95, failed = summary(results)
        print(f"  during {label:<32} {median:.4f} / {p95:.4f}   ratio {median / base_median:.2f} / "
              f"{p95 / base_p95:.2f}   ({len(results)} requests, {failed} unanswered)")
        if isinstance(outcome, int):
            print(f"      the server closed {outcome} of 4000 connections, all within {elapsed:.1f} s")
        else:
            counts = {status: outcome.count(status) for status in sorted(set(outcome))}
            print(f"      answers to the drops: {counts}, in {elapsed:.1f} s")
    print("Server peak memory (VmHWM, MB), ratio to at rest:")
    for label, value in memory.items():
        print(f"  {label:<22} {value:7.1f}   ratio {value / memory['at rest']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
