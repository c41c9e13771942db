#!/usr/bin/env python3
"""The server's resident memory after ten passes of a mixed corpus of uploads, against its memory after the first
pass, in the same run (issue "Faithful with what people really drop": at most 1.3×; it grew 76 → 632 MB at rest
over eight passes before libvips' cache and the allocator's arenas were bounded).

Makes a corpus of `--files` images (PNG, JPEG, WebP, TIFF, HEIC and GIF in turn, 64 to 1,600 pixels on a side,
every pass's files different by a pixel, so none is stored once for two passes; HEIC through the `vips` command,
left out without it), starts the real server binary (`--no-auth`, a temporary data folder), and for each of
`--passes` passes drops the pass's files into a new gallery a hundred at a time and uploads each one's bytes to its
`uploadURL` from four threads, the way the page does, then waits until every item is ready or failed. After each
pass it waits two seconds and reads the server's resident memory (VmRSS). Prints each pass's memory and the last
pass's against the first's.

    python3 Benchmarks/upload_memory_flat.py [--bin .build/release/image-gallery] [--files 1000] [--passes 10]

Traffic goes to 127.0.0.1 only; the server is stopped by its own PID.
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import all_items, benchmark_server, resident_megabytes  # noqa: E402

KINDS = [("png", "image/png"), ("jpeg", "image/jpeg"), ("webp", "image/webp"), ("tiff", "image/tiff"),
         ("heic", "image/heic"), ("gif", "image/gif")]


def picture(index: int, stamp: int) -> Image.Image:
    """A picture of its own size and colours, with `stamp` written into its first pixels."""
    width = 64 + (index * 397) % 1537
    height = 64 + (index * 211) % 1201
    image = Image.new("RGB", (width, height), (index * 37 % 256, index * 91 % 256, 120))
    draw = ImageDraw.Draw(image)
    draw.ellipse((width // 8, height // 8, width * 7 // 8, height * 7 // 8), fill=(200, index % 256, 40))
    image.putpixel((0, 0), (stamp % 256, stamp // 256 % 256, 7))
    return image


def encode(index: int, stamp: int, folder: Path) -> tuple[bytes, str, str] | None:
    """The file `index` of a pass: its bytes, name and type (None for a HEIC without the vips command)."""
    kind, mime = KINDS[index % len(KINDS)]
    image = picture(index, stamp)
    name = f"{stamp}-{index}.{kind}"
    if kind == "heic":
        if not shutil.which("vips"):
            return None
        source, target = folder / f"{name}.png", folder / name
        image.save(source, format="PNG")
        subprocess.run(["vips", "heifsave", str(source), str(target), "--Q", "50"], check=True)
        data = target.read_bytes()
        source.unlink()
        target.unlink()
        return data, name, mime
    out = BytesIO()
    image.save(out, format=kind.upper() if kind != "jpeg" else "JPEG")
    return out.getvalue(), name, mime


def one_pass(server, files: list[tuple[bytes, str, str]], number: int) -> tuple[int, int]:
    """Drops and uploads the files into a new gallery; returns how many became ready and how many failed."""
    gallery = server.api("POST", "/api/galleries", {"name": f"Pass {number}"})["id"]
    uploads = []
    for start in range(0, len(files), 100):
        batch = files[start:start + 100]
        payload = {"files": [{"name": name, "type": mime, "size": len(data)} for data, name, mime in batch]}
        answer = server.api("POST", f"/api/galleries/{gallery}/drops", {"payload": payload})
        for upload in answer["uploads"]:
            uploads.append((upload["uploadURL"], batch[upload["fileIndex"]][0]))

    def put(upload: tuple[str, bytes]) -> None:
        url, data = upload
        request = urllib.request.Request(server.base_url + url, data=data, method="PUT")
        request.add_header("Content-Type", "application/octet-stream")
        for name, value in server.extra_headers().items():
            request.add_header(name, value)
        with urllib.request.urlopen(request, timeout=300) as response:
            response.read()

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(put, uploads))
    deadline = time.monotonic() + 600
    while True:
        states = [item["state"] for item in all_items(server, gallery)]
        if len(states) == len(files) and "pending" not in states:
            return states.count("ready"), len(states) - states.count("ready")
        if time.monotonic() > deadline:
            raise SystemExit(f"pass {number}: {states.count('pending')} items still pending after 600 s")
        time.sleep(0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--passes", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        made = time.perf_counter()
        corpus = []
        for stamp in range(args.passes):
            encoded = [encode(index, stamp, Path(folder)) for index in range(args.files)]
            corpus.append([file for file in encoded if file is not None])
        print(f"made {args.passes} passes of {len(corpus[0])} files in {time.perf_counter() - made:.0f} s", flush=True)
        with benchmark_server(Path(args.bin)) as (server, _):
            pid = server.process.pid
            at_start = resident_megabytes(pid)
            after = []
            for number, files in enumerate(corpus, start=1):
                started = time.perf_counter()
                ready, failed = one_pass(server, files, number)
                time.sleep(2.0)
                after.append(resident_megabytes(pid))
                print(f"pass {number:>2}: {ready} ready, {failed} failed in {time.perf_counter() - started:.0f} s; "
                      f"resident {after[-1]:.0f} MB", flush=True)
    ratio = after[-1] / after[0]
    print(f"resident memory: {at_start:.0f} MB at start, {after[0]:.0f} MB after pass 1, {after[-1]:.0f} MB after pass "
          f"{len(after)}: {ratio:.2f}× (limit 1.30)   {'ok' if ratio <= 1.3 else 'FAILED'}")


if __name__ == "__main__":
    main()
