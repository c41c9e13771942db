#!/usr/bin/env python3
"""Password guesses sent at once: how many the server checks, and whether the owner still gets in.

Starts the real server binary with sign-in on, sets up the owner, then sends N wrong guesses at the owner's account
at once from one loopback address (the right password among them, at guess `--right-at`), and prints the answers by
status and how long they took. Then the owner signs in with the right password from another loopback address while
the guesser is throttled.

    python3 Benchmarks/guessing_at_once.py [--bin .build/release/image-gallery] [--guesses 200]
"""

import argparse
import http.client
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

import auth_helpers  # noqa: E402
import helpers  # noqa: E402


def sign_in(port: int, password: str, source: str) -> int:
    """POST /api/session as the owner from the loopback address `source`; the answer's status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
    try:
        body = json.dumps({"name": "owner", "password": password})
        connection.request("POST", "/api/session", body=body,
                           headers={"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
        return connection.getresponse().status
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--guesses", type=int, default=200)
    parser.add_argument("--right-at", type=int, default=150)
    args = parser.parse_args()
    if not os.path.exists(args.bin):
        raise SystemExit(f"no server binary at {args.bin}: run `swift build -c release` first")

    with tempfile.TemporaryDirectory() as folder:
        server = helpers.GalleryServer(Path(args.bin), Path(folder) / "data", Path(folder) / "server.log", auth=True)
        server.start()
        try:
            auth_helpers.AccountClient(server).set_up_owner(auth_helpers.setup_link(server))
            right = auth_helpers.OWNER_PASSWORD
            passwords = [right if n == args.right_at else f"guess {n}" for n in range(args.guesses)]
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=args.guesses) as pool:
                statuses = list(pool.map(lambda password: sign_in(server.port, password, "127.0.0.2"), passwords))
            elapsed = time.monotonic() - started
            owner = sign_in(server.port, right, "127.0.0.3")
        finally:
            server.stop()

    counts = {status: statuses.count(status) for status in sorted(set(statuses))}
    print(f"{args.guesses} guesses at once from one address (the right password at guess {args.right_at}): "
          f"{counts} in {elapsed:.1f} s; signed in: {statuses.count(200)}")
    print(f"the owner's right password from another address meanwhile: {owner}")
    return 0 if statuses.count(200) == 0 and owner == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
