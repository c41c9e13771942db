"""Big galleries made fast, for the tests and the benchmarks: items written straight into a stopped server's SQLite
file, in batches of 10,000 (ready items sharing one stored image, whose file need not exist), with order keys below
those the server gives a new gallery's items. A million items take about half a minute."""

import hashlib
import sqlite3
import time
import uuid
from pathlib import Path

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
FILLER_HASH = "f" * 64


def filler_key(index: int) -> str:
    """Order key number `index` of the filler, in order: integer parts of 5 characters ("W" + 4 digits, up to 62⁴ =
    14,776,336 keys), below "a0", where a new gallery's keys start."""
    digits = ""
    for _ in range(4):
        index, digit = divmod(index, 62)
        digits = DIGITS[digit] + digits
    return "W" + digits


def fill_directly(database: Path, gallery_id: str, count: int, start: int = 0,
                  size: tuple[int, int] = (16, 12)) -> None:
    """Writes `count` ready items into the gallery, straight into the SQLite file (the server is stopped), titled
    `filler<number>.png`, with the filler keys numbered from `start` (the server's own keys follow the greatest key
    there is: a later fill starts well past the keys it gave meanwhile), all of one stored image `size` pixels (width,
    height) big."""
    connection = sqlite3.connect(database)
    now = time.strftime("%Y-%m-%d %H:%M:%S.000", time.gmtime())
    blob = FILLER_HASH if size == (16, 12) else hashlib.sha256(f"filler {size[0]}x{size[1]}".encode()).hexdigest()
    with connection:
        connection.execute(
            "INSERT OR IGNORE INTO blob (hash, mimeType, byteCount, width, height, createdAt)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (blob, "image/png", 100, size[0], size[1], now))
        for batch in range(start, start + count, 10_000):
            rows = [(str(uuid.uuid4()), gallery_id, filler_key(index), f"filler{index}.png", blob, now, now)
                    for index in range(batch, min(start + count, batch + 10_000))]
            connection.executemany(
                "INSERT INTO item (id, galleryId, orderKey, state, origin, title, blobHash, createdAt, updatedAt,"
                " changeSequence) VALUES (?, ?, ?, 'ready', 'inline', ?, ?, ?, ?, 0)", rows)
    connection.close()


def refill(server, count: int) -> str:
    """The test server's open gallery with `count` filler items written into it: the server is stopped for the writing
    and started again on its port. Returns the gallery's id."""
    gallery = server.gallery_id
    server.stop()
    fill_directly(server.data_dir / "gallery.sqlite", gallery, count)
    server.start(server.port)
    return gallery
