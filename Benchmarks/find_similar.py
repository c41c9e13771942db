#!/usr/bin/env python3
"""'Find similar' over 1,000,000 perceptual hashes against 1,000, each in its own run of the server (issue 28, "Similar
images and duplicates": 'Find similar' over 1,000,000 hashes <= 100 ms).

Starts the real server binary (`--no-auth`, a temporary data folder), makes a gallery, stops the server and writes
`--small` (then, in a second run, `--large`) ready images straight into its SQLite file, each of its own bytes with a
perceptual hash and its four 16-bit bands as the server keeps them (GalleryStoreSQL's PerceptualHashColumns): a
realistic mix, most hashes random, a tenth in clusters of ten near-duplicates (a center and nine copies 1 to 6 bits
from it). Their files need not exist: their thumbnails and photo details are recorded as made, so that the passes at
start have nothing to do. Then asks `GET /api/items/{id}/similar` `--queries` times, for images of clusters and random
ones alike, and prints the median and 95th percentile of each size, their ratio, and the goal.

    python3 Benchmarks/find_similar.py [--bin .build/release/image-gallery] [--small 1000] [--large 1000000]
                                       [--queries 200]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import hashlib
import random
import sqlite3
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, percentile, sizes_parser  # noqa: E402
from filler import filler_key  # noqa: E402

CLUSTER = 10


def hashes(count: int, generator: random.Random) -> list[int]:
    """`count` 64-bit hashes: nine tenths random, one tenth in clusters of `CLUSTER` near-duplicates."""
    clustered = count // 10 // CLUSTER * CLUSTER
    made = [generator.getrandbits(64) for _ in range(count - clustered)]
    for _ in range(clustered // CLUSTER):
        center = generator.getrandbits(64)
        made.append(center)
        for _ in range(CLUSTER - 1):
            copy = center
            for bit in generator.sample(range(64), generator.randint(1, 6)):
                copy ^= 1 << bit
            made.append(copy)
    return made


def signed(bits: int) -> int:
    """The 64 bits as the database keeps them: a signed integer."""
    return bits - (1 << 64) if bits >= 1 << 63 else bits


def fill(database: Path, gallery: str, values: list[int]) -> list[str]:
    """Writes one ready image for each hash into the gallery, straight into the SQLite file (the server is stopped);
    returns the items' ids, in hash order."""
    connection = sqlite3.connect(database)
    now = time.strftime("%Y-%m-%d %H:%M:%S.000", time.gmtime())
    ids = []
    with connection:
        for start in range(0, len(values), 10_000):
            blobs, items = [], []
            for index in range(start, min(len(values), start + 10_000)):
                bits = values[index]
                blob = hashlib.sha256(f"similar {index}".encode()).hexdigest()
                bands = [(bits >> shift) & 0xFFFF for shift in (48, 32, 16, 0)]
                blobs.append((blob, "image/jpeg", 1000, 640, 480, now, "", "{}", signed(bits), *bands))
                item = str(uuid.uuid4())
                ids.append(item)
                items.append((item, gallery, filler_key(index), f"photo{index}.jpg", blob, now, now))
            connection.executemany(
                "INSERT INTO blob (hash, mimeType, byteCount, width, height, createdAt, thumbnailWidths, photoDetails,"
                " perceptualHash, hashBand0, hashBand1, hashBand2, hashBand3) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " ?, ?)", blobs)
            connection.executemany(
                "INSERT INTO item (id, galleryId, orderKey, state, origin, title, blobHash, createdAt, updatedAt,"
                " changeSequence) VALUES (?, ?, ?, 'ready', 'inline', ?, ?, ?, ?, 0)", items)
    connection.close()
    return ids


def measure(binary: Path, count: int, queries: int, seed: int) -> tuple[list[float], float]:
    """The milliseconds of `queries` finds over `count` hashes (after a few to warm up), and how many images each
    found on average."""
    generator = random.Random(seed)
    values = hashes(count, generator)
    with benchmark_server(binary) as (server, data):
        gallery = server.api("POST", "/api/galleries", {"name": "Similar"})["id"]
        server.stop()
        made = time.perf_counter()
        ids = fill(data / "gallery.sqlite", gallery, values)
        print(f"wrote {count:,} hashed images in {time.perf_counter() - made:.1f} s", flush=True)
        server.start(server.port)
        # Half of the queries from the clusters (they find their nine copies), half from the random hashes.
        clustered = len(values) - count // 10 // CLUSTER * CLUSTER
        picks = [generator.randrange(clustered, len(values)) if index % 2 else generator.randrange(clustered)
                 for index in range(queries)]
        for pick in picks[:5]:
            server.api("GET", f"/api/items/{ids[pick]}/similar")
        times, found = [], 0
        for pick in picks:
            started = time.perf_counter()
            status, answer = server.request("GET", f"/api/items/{ids[pick]}/similar", None, timeout=60)
            times.append((time.perf_counter() - started) * 1000)
            assert status == 200, (status, answer)
            found += len(answer["items"])
    return times, found / len(picks)


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.set_defaults(small=1000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    results = {}
    for count in (args.small, args.large):
        times, found = measure(Path(args.bin), count, args.queries, seed=count)
        results[count] = times
        print(f"{count:>9,} hashes: p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
              f"{found:.1f} images found per query", flush=True)
    large, small = results[args.large], results[args.small]
    ratio = statistics.median(large) / statistics.median(small)
    p95 = percentile(large, 0.95)
    print(f"find similar over {args.large:,} hashes: p95 {p95:.1f} ms (goal <= 100 ms)   "
          f"{'ok' if p95 <= 100 else 'FAILED'}; median {ratio:.2f}x the median over {args.small:,}")


if __name__ == "__main__":
    main()
