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

With `--imports`, measures the gallery import instead (`imports_part`), on a server of its own:

  - sixteen 60 MB bodies that are no zip, sent to `POST /api/galleries/import` at once, wave after wave for 10 s
    (each refused from its first bytes; the sender stops when the answer comes), while another client's latency is
    measured against its latency at rest in the same run;
  - one archive of 250 KB whose manifest holds a 250 MB link description (refused while its manifest is read): the
    server's resident memory at rest (VmRSS) and its peak while the archive is refused (VmHWM, reset just before).

With --connection-bounds it runs instead the connection bounds part (`connection_bounds`): 1,000 connections that
never send a request (idle and unauthenticated, from 25 loopback addresses) held open while 200 malformed requests
(a garbage request line, a bad header, an oversized header section, an oversized path, Content-Length with chunked,
two Content-Lengths, a bad chunk size) are sent on fresh connections; it reports whether every malformed request was
answered (400, 414 or 431) and its connection closed at once, whether every idle connection was closed within the
header timeout, and another client's latency meanwhile against its latency at rest, measured the same way (every 50 ms
on fresh connections, from a process of its own) for 4 s before the attack; it passes within 2x at the median.
It then runs `stranger_bound`, on a server of its own with the default bounds (4,096 connections, 1,024 of them not
signed in) and a 60 s header timeout: 2,000 connections that never send a request, from 50 loopback addresses, are
opened while a keep-alive connection that had a request answered (signed in: the server runs without sign-in) stays
open; it reports how many of the 2,000 the server still holds a second later (at most 1,024 pass) and whether the
keep-alive connection is still open and answered, within 2x its latency before.

    python3 Benchmarks/abuse_resilience.py [--bin .build/debug/image-gallery] [--imports | --connection-bounds]
"""

import argparse
import http.client
import json
import multiprocessing
import os
import queue
import select
import socket
import statistics
import sys
import tempfile
import time
import zipfile
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


def huge_import(port, size, source="127.0.0.1"):
    """Sends a body of `size` bytes that is no zip to the import route, declaring its length, and stops sending as
    soon as the server answers. Returns the status and how many body bytes were sent before the answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    sent = 0
    try:
        head = ("POST /api/galleries/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/zip\r\n"
                f"Content-Length: {size}\r\n\r\n")
        sock.sendall(head.encode())
        chunk = b"not a zip " * 6554
        try:
            while sent < size and not select.select([sock], [], [], 0)[0]:
                piece = chunk[: min(len(chunk), size - sent)]
                sock.sendall(piece)
                sent += len(piece)
        except OSError:
            pass  # the server answered and closed while we were still sending
        return abuse.read_status(sock), sent
    finally:
        sock.close()


HEADER_TIMEOUT = 2
HOST = "Host: 127.0.0.1\r\n"
# Each malformed request, and the statuses it may be answered with.
MALFORMED = [
    (b"HELLO THERE\r\n\r\n", {400}),
    (f"GET /api/galleries HTTP/1.1\r\n{HOST}Bad Header\r\n\r\n".encode(), {400}),
    (f"GET /api/galleries HTTP/1.1\r\n{HOST}".encode()
     + b"".join(b"X-Filler-%d: %s\r\n" % (n, b"a" * 10_000) for n in range(8)) + b"\r\n", {431}),
    (f"GET /{'a' * 20_000} HTTP/1.1\r\n{HOST}\r\n".encode(), {414}),
    (f"POST /api/galleries HTTP/1.1\r\n{HOST}Content-Type: application/json\r\nContent-Length: 2\r\n"
     "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n".encode(), {400}),
    (f"POST /api/galleries HTTP/1.1\r\n{HOST}Content-Type: application/json\r\nContent-Length: 2\r\n"
     "Content-Length: 3\r\n\r\n{} ".encode(), {400}),
    (f"POST /api/galleries HTTP/1.1\r\n{HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
     "\r\nzz\r\n{}\r\n0\r\n\r\n".encode(), {400}),
]


def send_malformed(port, request, source):
    """Sends one malformed request on a fresh connection; returns its status and how long the server took to answer
    and close the connection (seconds), or (0, inf) if it did not close within 30 s."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    try:
        start = time.monotonic()
        sock.sendall(request)
        received = b""
        while True:
            piece = sock.recv(65536)
            if not piece:
                break
            received += piece
        parts = received.split(b" ", 2)
        status = int(parts[1]) if received.startswith(b"HTTP/1.1 ") and len(parts) > 1 else 0
        return status, time.monotonic() - start
    except OSError:
        return 0, float("inf")
    finally:
        sock.close()


def text_bomb_archive(path, text_bytes):
    """Writes a gallery archive whose manifest holds one link whose description is `text_bytes` long (deflated, the
    archive is a few hundred KB)."""
    opening = json.dumps({"format": "image-gallery/1", "name": "Bomb", "imagesPerRow": 4, "view": "grid"})[:-1]
    opening += ',"items":[{"kind":"link","state":"ready","title":"Page","sourceURL":"https://site.test/",'
    opening += '"pageDescription":"'
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive, \
            archive.open("gallery.json", "w", force_zip64=True) as manifest:
        manifest.write(opening.encode())
        piece = b"d" * MB
        for _ in range(text_bytes // MB):
            manifest.write(piece)
        manifest.write(b'"}]}')


def resident_memory_mb(pid):
    """The process's resident memory now (VmRSS), in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def reset_peak_memory(pid):
    """Starts the process's peak resident memory (VmHWM) again from its resident memory now."""
    with open(f"/proc/{pid}/clear_refs", "w") as clear:
        clear.write("5")


def post_file(port, path, file):
    """Posts the file at `file` to `path` as a zip; returns the status and the answer's body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        with open(file, "rb") as body:
            connection.request("POST", path, body=body, headers={
                "Content-Type": "application/zip", "Content-Length": str(os.path.getsize(file))})
            response = connection.getresponse()
            return response.status, response.read().decode(errors="replace")
    finally:
        connection.close()


def imports_part(binary):
    """Sixteen 60 MB imports that are no zip while another client is measured, then the peak memory of refusing an
    archive with 250 MB of text; prints both."""
    with tempfile.TemporaryDirectory() as folder:
        bomb = Path(folder) / "bomb.zip"
        text_bomb_archive(bomb, 250 * MB)
        bomb_bytes = bomb.stat().st_size
        server = helpers.GalleryServer(Path(binary), Path(folder) / "data", Path(folder) / "server.log")
        server.start()
        try:
            port, pid = server.port, server.process.pid
            server.open_gallery_id()
            rest = [abuse.request_latency(port) for _ in range(200)]

            def attack():
                # Waves of sixteen at once, for 10 s: each is refused within moments, so one wave alone is over before
                # the other client has asked twice.
                outcomes = []
                until = time.monotonic() + 10
                with ThreadPoolExecutor(max_workers=16) as pool:
                    while time.monotonic() < until:
                        outcomes += pool.map(
                            lambda n: huge_import(port, 60 * MB, source=abuse.SOURCE_ADDRESSES[n]), range(16))
                return outcomes

            results, outcome, elapsed = probe_during(port, attack)
            time.sleep(1)  # the server reads and drops what was still on its way
            at_rest = resident_memory_mb(pid)
            reset_peak_memory(pid)
            status, answer = post_file(port, "/api/galleries/import", bomb)
            peak = abuse.peak_memory_mb(pid)
        finally:
            server.stop()

    base_median, base_p95, _ = summary(rest)
    median, p95, failed = summary(results)
    statuses = [status for status, _ in outcome]
    counts = {code: statuses.count(code) for code in sorted(set(statuses))}
    sent = sorted(bytes_sent for _, bytes_sent in outcome)
    print("Another client's GET /api/galleries on fresh connections (seconds: median / 95th percentile)")
    print(f"  at rest (baseline, {len(rest)} requests)            {base_median:.4f} / {base_p95:.4f}")
    print(f"  during waves of 16 x 60 MB non-zip imports  {median:.4f} / {p95:.4f}   ratio "
          f"{median / base_median:.2f} / {p95 / base_p95:.2f}   ({len(results)} requests, {failed} unanswered)")
    print(f"      answers to the {len(outcome)} imports: {counts}, in {elapsed:.1f} s; body bytes the client had "
          f"handed to its socket before it saw the answer: median {statistics.median(sent) / MB:.2f} MB, most "
          f"{sent[-1] / MB:.2f} MB of 60")
    print(f"An archive of {bomb_bytes / 1024:.0f} KB with a 250 MB link description: answered {status}: "
          f"{answer[:160]}")
    print(f"  server memory at rest (VmRSS) {at_rest:.1f} MB, peak while refusing it (VmHWM) {peak:.1f} MB, "
          f"ratio {peak / at_rest:.2f}")
    return 0


def probe_until(port, halt, results):
    """Another client, in a process of its own (so the attack's threads do not slow its measurement down): asks for
    the galleries on fresh connections every 50 ms until `halt` is set, and puts each status, latency and time in
    `results`."""
    while not halt.is_set():
        try:
            status, latency = abuse.request_latency(port)
        except OSError:
            status, latency = 0, float("inf")
        results.put((status, latency, time.monotonic()))
        halt.wait(0.05)


def probe_in_process(port, attack):
    """Runs `attack()` while another client (`probe_until`, in a process of its own) asks the server for its
    galleries; returns the other client's (status, latency, time) answers and what the attack returned."""
    halt, results = multiprocessing.Event(), multiprocessing.Queue()
    prober = multiprocessing.Process(target=probe_until, args=(port, halt, results), daemon=True)
    prober.start()
    try:
        outcome = attack()
    finally:
        halt.set()
    answers = []
    while prober.is_alive() or not results.empty():
        try:
            answers.append(results.get(timeout=1))
        except queue.Empty:
            prober.join(1)
    prober.join(10)
    return answers, outcome


def connection_bounds(binary):
    """1,000 idle connections that never send a request and 200 malformed requests, while another client asks for
    its galleries: are they all closed within their limits, and is the other client answered within 2x its latency
    at rest? Returns 0 if so."""
    with tempfile.TemporaryDirectory() as folder:
        server = helpers.GalleryServer(Path(binary), Path(folder) / "data", Path(folder) / "server.log",
                                       extra_args=["--header-timeout", str(HEADER_TIMEOUT)])
        server.start()
        try:
            port = server.port
            # The baseline: the same client, the same way, for as long, before the attack.
            rest, _ = probe_in_process(port, lambda: time.sleep(4))

            def attack():
                opened = time.monotonic()
                idle = abuse.open_half_open(port, 1000, per_address=40)
                sources = abuse.SOURCE_ADDRESSES[100:]
                with ThreadPoolExecutor(max_workers=8) as pool:
                    malformed = list(pool.map(
                        lambda n: (send_malformed(port, MALFORMED[n % len(MALFORMED)][0], sources[n % len(sources)]),
                                   MALFORMED[n % len(MALFORMED)][1]), range(200)))
                sent = time.monotonic()
                idle_closed = abuse.wait_closed_by_server(idle, timeout=HEADER_TIMEOUT + 30)
                return malformed, idle_closed, time.monotonic() - opened, sent

            during, (malformed, idle_closed, idle_elapsed, sent) = probe_in_process(port, attack)
        finally:
            server.stop()

    base_median, base_p95, _ = summary([(status, latency) for status, latency, _ in rest])
    median, p95, failed = summary([(status, latency) for status, latency, _ in during])
    sending = summary([(status, latency) for status, latency, at in during if at <= sent])
    holding = summary([(status, latency) for status, latency, at in during if at > sent])
    answered = sum(1 for (status, _), allowed in malformed if status in allowed)
    slowest = max(elapsed for (_, elapsed), _ in malformed)
    counts = {}
    for (status, _), _ in malformed:
        counts[status] = counts.get(status, 0) + 1
    idle_ok = idle_closed == 1000 and idle_elapsed <= HEADER_TIMEOUT + 10
    malformed_ok = answered == 200 and slowest <= 1.0
    latency_ok = failed == 0 and median <= 2 * base_median
    print("Connection bounds: 1,000 idle connections (never a request) and 200 malformed requests")
    print(f"  malformed requests answered as expected: {answered} of 200 {dict(sorted(counts.items()))}; "
          f"each answered and closed within {slowest:.3f} s (limit 1 s)   {'ok' if malformed_ok else 'FAILED'}")
    print(f"  idle connections closed by the server: {idle_closed} of 1000, all within {idle_elapsed:.1f} s of "
          f"opening (header timeout {HEADER_TIMEOUT} s, limit {HEADER_TIMEOUT + 10} s)   "
          f"{'ok' if idle_ok else 'FAILED'}")
    print("  another client's GET /api/galleries on fresh connections (seconds: median / 95th percentile)")
    print(f"    at rest (baseline, {len(rest)} requests)   {base_median:.4f} / {base_p95:.4f}")
    print(f"    meanwhile ({len(during)} requests, {failed} unanswered)   {median:.4f} / {p95:.4f}   ratio "
          f"{median / base_median:.2f} / {p95 / base_p95:.2f} (median limit 2.00)   {'ok' if latency_ok else 'FAILED'}")
    for label, (part_median, part_p95, _) in (("while the attack opened and sent", sending),
                                              ("while the server held what it had not closed", holding)):
        print(f"      {label}: {part_median:.4f} / {part_p95:.4f}   ratio {part_median / base_median:.2f} / "
              f"{part_p95 / base_p95:.2f}")
    return 0 if idle_ok and malformed_ok and latency_ok else 1


def stranger_bound(binary):
    """2,000 silent connections against the default bound of 1,024 connections not signed in: does the server hold
    at most 1,024 of them, and is a signed-in keep-alive connection still open and answered within 2x? 0 if so."""
    def timed_gets(connection, count):
        times = []
        for _ in range(count):
            started = time.perf_counter()
            connection.request("GET", "/api/galleries")
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status
            times.append(time.perf_counter() - started)
        return statistics.median(times)

    with tempfile.TemporaryDirectory() as folder:
        server = helpers.GalleryServer(Path(binary), Path(folder) / "data", Path(folder) / "server.log",
                                       extra_args=["--header-timeout", "60"])
        server.start()
        try:
            port = server.port
            kept = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            rest = timed_gets(kept, 100)
            silent = abuse.open_half_open(port, 2000, per_address=40)
            time.sleep(1.0)
            poller = select.poll()
            for sock in silent:
                poller.register(sock.fileno(), select.POLLIN | select.POLLHUP | select.POLLERR)
            closed = len(poller.poll(0))
            try:
                during = timed_gets(kept, 100)
                kept_ok = True
            except (OSError, http.client.HTTPException, AssertionError):
                during, kept_ok = float("inf"), False
            for sock in silent:
                sock.close()
            kept.close()
        finally:
            server.stop()
    held = 2000 - closed
    held_ok = held <= 1024
    latency_ok = kept_ok and during <= 2 * rest
    print("Strangers' bound: 2,000 silent connections from 50 addresses (bound 1,024 not signed in, 4,096 in all)")
    print(f"  held by the server a second after they opened: {held} (closed {closed})   "
          f"{'ok' if held_ok else 'FAILED'}")
    print(f"  a signed-in keep-alive connection: {'still open' if kept_ok else 'CLOSED'}; median GET {rest:.4f} s "
          f"before, {during:.4f} s after (ratio {during / rest:.2f}, limit 2.00)   {'ok' if latency_ok else 'FAILED'}")
    return 0 if held_ok and latency_ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/debug/image-gallery")
    parser.add_argument("--imports", action="store_true", help="run only the gallery import part (imports_part)")
    parser.add_argument("--connection-bounds", action="store_true",
                        help="run only the connection bounds part: 1,000 idle connections and 200 malformed requests")
    args = parser.parse_args()
    if not os.path.exists(args.bin):
        raise SystemExit(f"no server binary at {args.bin}: run `swift build` first")
    abuse.raise_open_file_limit(10_000)
    if args.imports:
        return imports_part(args.bin)
    if args.connection_bounds:
        return connection_bounds(args.bin) | stranger_bound(args.bin)

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
