"""The benchmarks' server on a temporary data folder, their big galleries (`fill_directly`, Tests/Browser/filler.py,
shared with the tests, writes items straight into the stopped server's SQLite file; a million take about half a
minute), and files uploaded through the API the way the page uploads them."""

import argparse
import contextlib
import statistics
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from filler import fill_directly  # noqa: F401 - the benchmarks' big galleries (Tests/Browser on sys.path)


def sizes_parser(doc: str) -> argparse.ArgumentParser:
    """The command line of a benchmark that compares a small gallery with a large one (its docstring's first line
    describes it): `--bin`, the server binary; `--small` and `--large`, the galleries' sizes. Add its own options."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=1_000_000)
    return parser


@contextlib.contextmanager
def benchmark_server(binary: Path):
    """The real server on a temporary data folder (`--no-auth`, 127.0.0.1): yields it and its data folder, and stops it
    by its own PID at the end (stop it earlier to fill or read its database). Needs Tests/Browser on `sys.path`."""
    import helpers  # the test harness starts and stops the server

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        server = helpers.GalleryServer(binary, data, Path(folder) / "server.log")
        server.start()
        try:
            yield server, data
        finally:
            server.stop()


def small_and_large(server, data: Path, small: int, large: int, *, before_start=None) -> tuple[str, str]:
    """Two new galleries, "Small" and "Large", of `small` and `large` items written straight into the database while
    the server is stopped (then `before_start(data)` if given); the server is started again. Returns their ids."""
    ids = [server.api("POST", "/api/galleries", {"name": name})["id"] for name in ("Small", "Large")]
    server.stop()
    made = time.perf_counter()
    for gallery, count in zip(ids, (small, large), strict=True):
        fill_directly(data / "gallery.sqlite", gallery, count)
    if before_start:
        before_start(data)
    print(f"made galleries of {small:,} and {large:,} items in {time.perf_counter() - made:.1f} s", flush=True)
    server.start(server.port)
    return ids[0], ids[1]


def timed_call(server, method: str, path: str, body: dict | None = None, headers: dict | None = None):
    """The answer of one request (which must succeed), the seconds it took, and its bytes as JSON."""
    import json

    started = time.perf_counter()
    status, payload = server.request(method, path, body, headers=headers or {}, timeout=600)
    took = time.perf_counter() - started
    assert 200 <= status < 300, f"{method} {path} answered {status}: {payload}"
    return payload, took, len(json.dumps(payload))


def id_at(server, gallery: str, position: int) -> str:
    """The id of the item at `position` of the gallery (a window of one item)."""
    return server.api("GET", f"/api/galleries/{gallery}/items?limit=1&position={position}")["items"][0]["id"]


def put_filler_image(data: Path) -> None:
    """Puts the one image the filled galleries' items share (a real 16 x 12 PNG) in the data folder."""
    from filler import FILLER_HASH

    from helpers import png

    image = data / "images" / FILLER_HASH[:2] / FILLER_HASH
    image.parent.mkdir(parents=True, exist_ok=True)
    image.write_bytes(png(16, 12))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def resident_megabytes(pid: int) -> float:
    """The process's resident memory (VmRSS) in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


@contextlib.contextmanager
def peak_resident(pid: int):
    """Samples the process's resident memory every 50 ms while the block runs: yields a list that holds the samples
    (its max is the peak) once the block is over."""
    samples = [resident_megabytes(pid)]
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            samples.append(resident_megabytes(pid))
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield samples
    finally:
        done.set()
        watcher.join()


def all_items(server, gallery: str) -> list[dict]:
    """Every item of a gallery, in order, a page of 1,000 at a time."""
    items, cursor = [], None
    while True:
        query = f"&cursor={urllib.parse.quote(cursor)}" if cursor else ""
        page = server.api("GET", f"/api/galleries/{gallery}/items?limit=1000{query}")
        items += page["items"]
        cursor = page.get("nextCursor")
        if not cursor:
            return items


def upload_files(server, gallery: str, files: list[tuple[bytes, str, str]], threads: int = 4) -> list[str]:
    """Adds `files` (bytes, name, MIME type) to the gallery the way the page uploads them: dropped a hundred at a time,
    then each file's bytes put to its `uploadURL` from `threads` threads. Returns the new items' ids, in file order."""
    uploads, ids = [], []
    for start in range(0, len(files), 100):
        batch = files[start:start + 100]
        payload = {"files": [{"name": name, "type": mime, "size": len(data)} for data, name, mime in batch]}
        answer = server.api("POST", f"/api/galleries/{gallery}/drops", {"payload": payload})
        for upload in sorted(answer["uploads"], key=lambda upload: upload["fileIndex"]):
            uploads.append((upload["uploadURL"], batch[upload["fileIndex"]][0]))
            ids.append(upload["itemId"])

    def put(upload: tuple[str, bytes]) -> None:
        url, data = upload
        request = urllib.request.Request(server.base_url + url, data=data, method="PUT")
        request.add_header("Content-Type", "application/octet-stream")
        for name, value in server.extra_headers().items():
            request.add_header(name, value)
        with server.opener.open(request, timeout=300) as response:  # no proxy: 127.0.0.1 only
            response.read()

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(put, uploads))
    return ids


def rates_compared(rates: list[float], baseline: list[float], what: str, baseline_what: str, *,
                   at_least: float = 0.8) -> str:
    """The last line of a benchmark of items per second: both medians, their ratio and each run's, against the goal."""
    median, base = statistics.median(rates), statistics.median(baseline)
    ratio = median / base
    each = ", ".join(f"{x / y:.2f}" for x, y in zip(rates, baseline, strict=True))
    return (f"items per second, medians: {median:.1f} {what}, {base:.1f} {baseline_what}: {ratio:.2f}× (each run: "
            f"{each}; at least {at_least:.2f})   {'ok' if ratio >= at_least else 'FAILED'}")
