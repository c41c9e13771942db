#!/usr/bin/env python3
"""The server's memory while many clients page through a gallery of 1,000,000 items, against its memory at rest, in the
same run (issue "A million items": peak resident memory within 1.5× of the idle server's).

Starts the real server binary (`--no-auth`, a temporary data folder) on a gallery of `--items` items (written straight
into the stopped server's SQLite file, Tests/Browser/filler.py), reads one window to warm it up, and samples its
resident memory (VmRSS, every 50 ms) at rest for two seconds. Then `--clients` clients at once each read `--windows`
windows of 1,000 items by cursor, each from its own position spread over the gallery. Prints the idle and the peak
memory, their ratio, and the windows read per second.

    python3 Benchmarks/paging_memory.py [--bin .build/release/image-gallery] [--items 1000000] [--clients 20]
                                        [--windows 50]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, fill_directly, peak_resident  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--windows", type=int, default=50)
    args = parser.parse_args()
    with benchmark_server(Path(args.bin)) as (server, data):
        gallery = server.api("POST", "/api/galleries", {"name": "Large"})["id"]
        server.stop()
        fill_directly(data / "gallery.sqlite", gallery, args.items)
        server.start(server.port)
        items = f"/api/galleries/{gallery}/items?limit=1000"
        server.api("GET", items)
        pid = server.process.pid
        with peak_resident(pid) as at_rest:
            time.sleep(2.0)
        idle = max(at_rest)
        read = []

        def page_through(client: int) -> None:
            window = server.api("GET", f"{items}&position={client * args.items // args.clients}")
            count = 1
            while count < args.windows and window.get("nextCursor"):
                window = server.api("GET", f"{items}&cursor={urllib.parse.quote(window['nextCursor'])}")
                count += 1
            read.append(count)

        with peak_resident(pid) as peak:
            started = time.perf_counter()
            clients = [threading.Thread(target=page_through, args=(client,)) for client in range(args.clients)]
            for client in clients:
                client.start()
            for client in clients:
                client.join()
            elapsed = time.perf_counter() - started
    print(f"{args.clients} clients read {sum(read):,} windows of 1,000 items in {elapsed:.1f} s "
          f"({sum(read) / elapsed:.0f} windows/s)")
    print(f"resident memory: idle {idle:.0f} MB, peak {max(peak):.0f} MB, ratio {max(peak) / idle:.2f} "
          f"(goal: at most 1.5)")


if __name__ == "__main__":
    main()
