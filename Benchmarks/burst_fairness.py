#!/usr/bin/env python3
"""One user's burst of 1,000 drops against another user's latency, as a ratio against that latency at rest, in the
same run.

Starts the real server binary with sign-in on a temporary data folder, with two users (alice and bob), each with an API
token. Bob reads his gallery's first page again and again on fresh connections: first at rest (the baseline), then
while alice sends 1,000 drops (a small image inline as a `data:` URL each, from 8 connections at once, from a process
of its own at the lowest priority) into her own gallery, then while alice sends 1,000 trivial reads the same way (the
control: what sharing the machine's cores with a busy client costs bob with almost no work for the server). Prints
bob's median and 95th percentile in each phase and their ratios to rest (the goal: within 2×), how many of alice's
drops were accepted or told to wait (503), and how long the burst took.

    python3 Benchmarks/burst_fairness.py [--bin .build/debug/image-gallery] [--drops 1000]
"""

import argparse
import base64
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

import helpers  # noqa: E402


def small_png() -> bytes:
    from io import BytesIO

    from PIL import Image

    out = BytesIO()
    Image.new("RGB", (8, 6), (200, 80, 40)).save(out, format="PNG")
    return out.getvalue()



def command(binary, data, *args, stdin=None):
    result = subprocess.run([str(binary), *args, "--data", str(data)], input=stdin, capture_output=True, text=True,
                            timeout=60, check=True)
    return result.stdout.strip()


def call(port, token, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Bearer {token}"}
    if method != "GET":
        headers["Content-Type"] = "application/json"
    started = time.perf_counter()
    connection.request(method, path, body=json.dumps(body if body is not None else {}) if method != "GET" else None,
                       headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, time.perf_counter() - started, data


def reader(port, token, gallery, stop, results):
    while not stop.is_set():
        status, latency, _ = call(port, token, "GET", f"/api/galleries/{gallery}/items?limit=100")
        results.append((status, latency))
        time.sleep(0.02)


def send_drops(port, token, gallery, payload, count):
    """Sends `count` drops from 8 connections at once (with no payload, `count` reads of the session instead, the
    control); returns their statuses and how long they took."""
    # Alice's client shares this machine's cores with the server and bob's client; in the attack it runs elsewhere.
    # At the lowest priority it still sends as fast as the server takes drops (the cores are never idle), but it does
    # not take the processor from bob's client, whose waiting would be counted as the server's.
    os.nice(19)
    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        if payload is None:
            statuses = list(pool.map(lambda _: call(port, token, "GET", "/api/session")[0], range(count)))
        else:
            statuses = list(pool.map(
                lambda _: call(port, token, "POST", f"/api/galleries/{gallery}/drops", payload)[0], range(count)))
    return statuses, time.monotonic() - started


def summary(results):
    latencies = sorted(latency for status, latency in results if status == 200)
    return statistics.median(latencies), latencies[int(0.95 * (len(latencies) - 1))], len(results) - len(latencies)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/debug/image-gallery")
    parser.add_argument("--drops", type=int, default=1000)
    args = parser.parse_args()
    binary = Path(args.bin)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        tokens = {}
        for name in ("alice", "bob"):
            command(binary, data, "user", "add", name, stdin="a-long-password\n")
            tokens[name] = command(binary, data, "token", "create", "bench", "--user", name)
        server = helpers.GalleryServer(binary, data, Path(folder) / "server.log", auth=True)
        server.start()
        try:
            galleries = {}
            for name in ("alice", "bob"):
                status, _, body = call(server.port, tokens[name], "POST", "/api/galleries", {"name": f"{name}'s"})
                assert status == 201, body
                galleries[name] = json.loads(body)["id"]

            def measure(during=None):
                stop, results = threading.Event(), []
                thread = threading.Thread(target=reader, args=(server.port, tokens["bob"], galleries["bob"], stop,
                                                               results))
                thread.start()
                outcome = during() if during else time.sleep(3)
                stop.set()
                thread.join()
                return summary(results), outcome

            payload = {"payload": {"uriList": "data:image/png;base64," + base64.b64encode(small_png()).decode()}}

            def burst(sent=payload):
                # In a process of its own, so alice's eight client threads do not hold Python's lock while bob's
                # reader waits for it: the latency measured is the server's, not the client's.
                with ProcessPoolExecutor(1) as process:
                    return process.submit(send_drops, server.port, tokens["alice"], galleries["alice"], sent,
                                          args.drops).result()

            (rest_median, rest_p95, rest_failed), _ = measure()
            (median, p95, failed), (statuses, elapsed) = measure(burst)
            (reads_median, reads_p95, _), (_, reads_elapsed) = measure(lambda: burst(None))
        finally:
            server.stop()
    accepted = statuses.count(201)
    waited = statuses.count(503)
    print(f"bob at rest:              median {rest_median * 1000:.1f} ms, p95 {rest_p95 * 1000:.1f} ms "
          f"({rest_failed} failed)")
    print(f"bob during alice's burst: median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms ({failed} failed)")
    print(f"ratio: median {median / rest_median:.2f}, p95 {p95 / rest_p95:.2f} (goal: within 2)")
    print(f"control, bob during alice's {args.drops} trivial reads (GET /api/session, {reads_elapsed:.1f} s), what the "
          f"shared cores alone cost: ratio median {reads_median / rest_median:.2f}, p95 {reads_p95 / rest_p95:.2f}")
    print(f"alice: {args.drops} drops in {elapsed:.1f} s: {accepted} accepted, {waited} told to wait (503), "
          f"{len(statuses) - accepted - waited} other")


if __name__ == "__main__":
    main()
