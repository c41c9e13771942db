#!/usr/bin/env python3
"""Search over 1,000,000 items against the same searches over 1,000, in the same run (issue "Find anything": search p95
≤ 50 ms on the release build over a million items and ≤ 3× its p95 over a thousand), and the server's memory with each
index.

Starts the real server binary (`--no-auth`, a temporary data folder) and writes, while it is stopped, a realistic mix
straight into its SQLite file (the search index is kept by the database's own triggers, as for items the server
adds): notes of 20 to 60 words, links with a title, a description and a site, and images with a file name, a caption
on one in four and tags on one in three, already read for text (none found), as a server that has run has them (else
it would spend its first seconds recording that the one filler image holds no text on each of the 500,000 items that
show it, during the searches); words drawn from a vocabulary of 20,000 with Zipf's law (a few very common
ones, most rare), the galleries `--small` and `--large` items big. It then runs the same searches on each, through
`GET /api/search` limited to the gallery (a common word, a rare word, a prefix, two words, a phrase, a tag, a kind), a
first page of 50 each, `--rounds` times, timing each request from the client; and prints the median and 95th
percentile of each size, their ratio, and the server's resident memory after each size's searches.

    python3 Benchmarks/search_at_scale.py [--bin .build/release/image-gallery] [--small 1000] [--large 1000000]
                                          [--rounds 20]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import random
import sqlite3
import statistics
import sys
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, percentile, resident_megabytes, sizes_parser  # noqa: E402
from filler import FILLER_HASH, filler_key  # noqa: E402

VOCABULARY = 20_000
TAGS = [f"tag{n}" for n in range(300)]
SITES = ["Wikipedia", "The Verge", "Are.na", "GitHub", "Dribbble", "Behance", "Medium", "YouTube"]


def words(count: int) -> list[str]:
    """A vocabulary of `count` made-up words (pronounceable, 4 to 10 letters, a few with accents)."""
    chooser = random.Random(11)
    consonants, vowels = "bcdfghjklmnprstvz", "aeiouéà"
    made = set()
    while len(made) < count:
        length = chooser.randint(2, 5)
        made.add("".join(chooser.choice(consonants) + chooser.choice(vowels) for _ in range(length)))
    return sorted(made)


def zipf_chooser(vocabulary: list[str], seed: int):
    """Draws words with Zipf's law (the n-th most common with weight 1/n)."""
    chooser = random.Random(seed)
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    cumulative, total = [], 0.0
    for weight in weights:
        total += weight
        cumulative.append(total)

    def draw(count: int) -> list[str]:
        return chooser.choices(vocabulary, cum_weights=cumulative, k=count)

    return draw, chooser


def fill(database: Path, gallery_id: str, count: int, vocabulary: list[str]) -> None:
    """Writes `count` ready items of the mix into the gallery (the server is stopped)."""
    draw, chooser = zipf_chooser(vocabulary, seed=len(gallery_id) + count)
    now = time.strftime("%Y-%m-%d %H:%M:%S.000", time.gmtime())
    connection = sqlite3.connect(database)
    with connection:
        connection.execute(
            "INSERT OR IGNORE INTO blob (hash, mimeType, byteCount, width, height, createdAt)"
            " VALUES (?, 'image/png', 100, 16, 12, ?)", (FILLER_HASH, now))
        for batch in range(0, count, 10_000):
            rows = []
            for index in range(batch, min(count, batch + 10_000)):
                kind = ("note", "link", "image", "image")[index % 4]
                tags = "\n".join(chooser.sample(TAGS, chooser.randint(1, 3))) if index % 3 == 0 else ""
                title = " ".join(draw(chooser.randint(2, 5)))
                text = description = site = source = blob = caption = image_text = None
                if kind == "note":
                    text = " ".join(draw(chooser.randint(20, 60)))
                    title = text.split(" ", 1)[0]
                elif kind == "link":
                    description = " ".join(draw(chooser.randint(8, 25)))
                    site = chooser.choice(SITES)
                    source = f"https://example.com/{'-'.join(draw(3))}"
                else:
                    blob = FILLER_HASH
                    title = f"{'-'.join(draw(2))}.jpg"
                    caption = " ".join(draw(chooser.randint(5, 15))) if index % 4 == 2 else None
                    image_text = ""
                rows.append((str(uuid.uuid4()), gallery_id, filler_key(index), kind, title, text, description, site,
                             source, blob, caption, tags, image_text, now, now))
            connection.executemany(
                "INSERT INTO item (id, galleryId, orderKey, state, origin, kind, title, text, pageDescription,"
                " siteName, sourceURL, blobHash, caption, tags, imageText, createdAt, updatedAt, changeSequence)"
                " VALUES (?, ?, ?, 'ready', 'inline', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)", rows)
    connection.close()


def searches(vocabulary: list[str]) -> list[dict]:
    """The searches run on each gallery: words of every commonness, a prefix, two words, a phrase, a tag, a kind."""
    return [
        {"q": vocabulary[0]},  # the most common word
        {"q": vocabulary[50]},
        {"q": vocabulary[2_000]},
        {"q": vocabulary[15_000]},  # a rare word
        {"q": vocabulary[300][:3]},  # a prefix
        {"q": f"{vocabulary[10]} {vocabulary[400]}"},
        {"q": f'"{vocabulary[0]} {vocabulary[1]}"'},
        {"tag": "tag7"},
        {"q": vocabulary[100], "kind": "note"},
        {"q": "nothingmatchesthis"},
    ]


def measure(server, gallery_id: str, asked: list[dict], rounds: int) -> dict[str, list[float]]:
    """The times of each search (named by its query), `rounds` each."""
    times: dict[str, list[float]] = {}
    for _ in range(rounds):
        for search in asked:
            query = urllib.parse.urlencode({**search, "gallery": gallery_id, "limit": 50})
            started = time.perf_counter()
            server.api("GET", f"/api/search?{query}")
            times.setdefault(urllib.parse.urlencode(search), []).append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = sizes_parser(__doc__)
    parser.set_defaults(small=1_000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    vocabulary = words(VOCABULARY)
    asked = searches(vocabulary)
    results, memory = {}, {}
    with benchmark_server(Path(args.bin)) as (server, data):
        ids = [server.api("POST", "/api/galleries", {"name": name})["id"] for name in ("Small", "Large")]
        for gallery, size in zip(ids, (args.small, args.large), strict=True):
            server.stop()
            made = time.perf_counter()
            fill(data / "gallery.sqlite", gallery, size, vocabulary)
            print(f"wrote {size:,} items and their index in {time.perf_counter() - made:.1f} s", flush=True)
            server.start(server.port)
            measure(server, gallery, asked, 2)  # warm up
            results[size] = measure(server, gallery, asked, args.rounds)
            memory[size] = resident_megabytes(server.process.pid)
    for name in results[args.small]:
        print(f"  {name[:40]:<40} " + ", ".join(
            f"{size:,}: median {statistics.median(results[size][name]) * 1000:.1f} ms" for size in results))
    for size in (args.small, args.large):
        times = [time for each in results[size].values() for time in each]
        print(f"{size:>9,} items: median {statistics.median(times) * 1000:.1f} ms, 95th percentile "
              f"{percentile(times, 0.95) * 1000:.1f} ms ({len(times)} searches); server RSS {memory[size]:.0f} MB")
    large, small = ([time for each in results[size].values() for time in each] for size in (args.large, args.small))
    print(f"ratio ({args.large:,} ÷ {args.small:,}): median {statistics.median(large) / statistics.median(small):.2f}, "
          f"95th percentile {percentile(large, 0.95) / percentile(small, 0.95):.2f}; "
          f"RSS {memory[args.large] / memory[args.small]:.2f}")


if __name__ == "__main__":
    main()
