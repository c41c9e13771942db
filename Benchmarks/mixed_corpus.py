"""The benchmarks' mixed corpus of uploads (PNG, JPEG, WebP, TIFF, HEIC and GIF in turn, 64 to 1,600 pixels on a
side) and one pass of it through the real API, the way the page uploads: dropped a hundred at a time into a new
gallery, each file's bytes put to its `uploadURL` from four threads, then waited for until every item is ready or
failed."""

import shutil
import subprocess
import time
from io import BytesIO
from pathlib import Path

from big_gallery import all_items, upload_files
from PIL import Image, ImageDraw

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
    upload_files(server, gallery, files)
    deadline = time.monotonic() + 600
    while True:
        states = [item["state"] for item in all_items(server, gallery)]
        if len(states) == len(files) and "pending" not in states:
            return states.count("ready"), len(states) - states.count("ready")
        if time.monotonic() > deadline:
            raise SystemExit(f"pass {number}: {states.count('pending')} items still pending after 600 s")
        time.sleep(0.5)
