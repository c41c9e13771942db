#!/usr/bin/env python3
"""The ingest time of 24-megapixel JPEGs that carry a camera's EXIF against the same JPEGs without it, in the same run
(issue 29, "Look closely", Measured: reading EXIF adds at most 5 % to ingest time: a ratio <= 1.05).

Makes `--files` photo-like JPEGs of 6000 x 4000 (about 10 MB each, Benchmarks/photos.py) that carry what a camera
writes (Make, Model, DateTimeOriginal with its offset, FNumber, ExposureTime, ISO, FocalLength, LensModel, and a GPS
directory with latitude and longitude, written with Pillow's `Image.Exif`), and as many without any EXIF, made alike
from other seeds (every file's pixels differ; same size, quality and content statistics). Each run, for each batch in
turn (the batch first alternates), starts the real server binary (`--no-auth`, a new temporary data folder), uploads the
batch through the API the way the page does (Benchmarks/big_gallery.py: dropped, then each file put to its `uploadURL`
from four threads) and times it from the first request until every item is ready (the gallery read every 50 ms). After
the batch with EXIF it checks that the server kept what the camera wrote (GET /api/items/{id}: `photo`). Prints each
batch's time, the medians, and the ratio with EXIF / without, of the medians and of each run.

    python3 Benchmarks/exif_ingest.py [--bin .build/release/image-gallery] [--files 20] [--runs 3]

Traffic goes to 127.0.0.1 only; each server is stopped by its own PID; the temporary folders are removed.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

from PIL import Image
from PIL.TiffImagePlugin import IFDRational

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server, upload_files  # noqa: E402
from photos import encoded, photo_like  # noqa: E402

import helpers  # noqa: E402

SIZE = (6000, 4000)
# What the server should keep of the camera's EXIF (PhotoDetails in openapi.yaml).
CAMERA = {"cameraMake": "Canon", "cameraModel": "Canon EOS R5", "lens": "RF24-105mm F4 L IS USM", "focalLength": 50,
          "aperture": 2.8, "exposureTime": 0.004, "iso": 400, "takenAt": "2024-05-17T14:03:22+02:00",
          "location": {"latitude": 48.858333, "longitude": 2.2945}}


def camera_exif() -> bytes:
    """The EXIF a camera writes: its make and model, the exposure, the lens, the time, and where (GPS, 0x8825), its
    fractions as RATIONAL (a float would be written as a DOUBLE, which cameras do not write)."""
    exif = Image.Exif()
    exif.update({0x010F: "Canon", 0x0110: "Canon EOS R5", 0x0112: 1, 0x0131: "Firmware Version 1.8.1",
                 0x0132: "2024:05:17 14:03:22"})
    exif.get_ifd(0x8769).update({0x9003: "2024:05:17 14:03:22", 0x9011: "+02:00", 0x829D: IFDRational(28, 10),
                                 0x829A: IFDRational(1, 250), 0x8827: 400, 0x920A: IFDRational(50, 1),
                                 0xA434: "RF24-105mm F4 L IS USM"})
    exif.get_ifd(0x8825).update({0: b"\x02\x03\x00\x00", 1: "N", 2: sexagesimal(48, 51, 29.9988), 3: "E",
                                 4: sexagesimal(2, 17, 40.2)})
    return exif.tobytes()


def sexagesimal(degrees: int, minutes: int, seconds: float) -> tuple[IFDRational, ...]:
    """An angle as GPS writes it: degrees, minutes and seconds, each a RATIONAL."""
    return IFDRational(degrees, 1), IFDRational(minutes, 1), IFDRational(round(seconds * 10_000), 10_000)


def batch(with_exif: bool, count: int) -> list[tuple[bytes, str, str]]:
    """`count` JPEGs of SIZE, with the camera's EXIF or without any, from seeds of their own."""
    first, options = (0, {"exif": camera_exif()}) if with_exif else (10_000, {})
    name = "camera" if with_exif else "stripped"
    return [(encoded(photo_like(*SIZE, seed=first + index), "JPEG", **options), f"{name}{index:03}.jpg", "image/jpeg")
            for index in range(count)]


def ingest(server, files: list[tuple[bytes, str, str]]) -> tuple[float, list[str]]:
    """Uploads the files into a new gallery: the seconds until every item is ready, and their ids."""
    gallery = server.api("POST", "/api/galleries", {"name": "Ingest"})["id"]
    started = time.perf_counter()
    ids = upload_files(server, gallery, files)

    def settled() -> bool:
        states = [item["state"] for item in server.items(gallery)]
        return len(states) == len(files) and "pending" not in states

    helpers.wait_until(settled, timeout=1800, message=f"{len(files)} items ready")
    seconds = time.perf_counter() - started
    failed = [item["title"] for item in server.items(gallery) if item["state"] != "ready"]
    if failed:
        raise SystemExit(f"{len(failed)} items failed, such as {failed[:3]}")
    return seconds, ids


def camera_kept(server, ids: list[str]) -> str:
    """How many items the server kept every detail of the camera for; the first difference if not all."""
    for item_id in ids:
        photo = server.api("GET", f"/api/items/{item_id}").get("photo") or {}
        wrong = [key for key, value in CAMERA.items() if not close(photo.get(key), value)]
        if wrong:
            return f"NOT KEPT: {item_id}'s photo details lack or differ in {', '.join(wrong)} (kept: {photo})"
    return f"all {len(ids)} items show the camera's details ({CAMERA['cameraModel']}, {CAMERA['lens']}, ...)"


def close(kept, written) -> bool:
    if isinstance(written, dict):
        return isinstance(kept, dict) and all(close(kept.get(key), value) for key, value in written.items())
    if isinstance(written, float | int) and isinstance(kept, float | int):
        return abs(kept - written) <= 1e-4 * max(1, abs(written))
    return kept == written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    made = time.perf_counter()
    batches = {"with EXIF": batch(True, args.files), "without": batch(False, args.files)}
    megabytes = {kind: sum(len(data) for data, _, _ in files) / 1e6 for kind, files in batches.items()}
    print(f"made 2 x {args.files} JPEGs of {SIZE[0]} x {SIZE[1]} in {time.perf_counter() - made:.0f} s "
          f"({megabytes['with EXIF']:.0f} MB with EXIF, {megabytes['without']:.0f} MB without)", flush=True)
    seconds = {kind: [] for kind in batches}
    kept = []
    for run in range(1, args.runs + 1):
        for kind in (batches if run % 2 else reversed(batches)):
            with benchmark_server(Path(args.bin)) as (server, _):
                took, ids = ingest(server, batches[kind])
                if kind == "with EXIF":
                    kept.append(camera_kept(server, ids))
            seconds[kind].append(took)
            print(f"run {run}, {kind}: {args.files} ready in {took:.2f} s "
                  f"({args.files / took:.2f} items/s)" + (f"; {kept[-1]}" if kind == "with EXIF" else ""), flush=True)
    with_exif, without = statistics.median(seconds["with EXIF"]), statistics.median(seconds["without"])
    ratio = with_exif / without
    each = ", ".join(f"{w / o:.3f}" for w, o in zip(seconds["with EXIF"], seconds["without"], strict=True))
    print(f"ingest time, medians: {with_exif:.2f} s with EXIF, {without:.2f} s without: {ratio:.3f}× (each run: "
          f"{each}; at most 1.05)   {'ok' if ratio <= 1.05 else 'FAILED'}")
    if any(line.startswith("NOT KEPT") for line in kept):
        print("the server did not keep the camera's details: the ratio measures no reading of EXIF   FAILED")


if __name__ == "__main__":
    main()
