#!/usr/bin/env python3
"""Thumbnails of a folder of large JPEGs: the server's in-process path (libvips through our shim) against the
`vipsthumbnail` command on the same files, in the same run. Prints both times and the speed-up vipsthumbnail/ours
(issue "A million items" asks for at least 1.5).

Both make the same WebP thumbnails (Q=80, metadata stripped) in the server's widths (256, 512, 1024, 1280 and 2048
pixels wide), each libvips pipeline on one thread (VIPS_CONCURRENCY=1, as the server runs libvips). The server decodes
each image once for all its widths and works on one image per core; the command is run once per width over all the
files.
Needs libvips-tools (vipsthumbnail) and Pillow to make the images.

    python3 Benchmarks/thumbnails_vs_vipsthumbnail.py [--count 12] [--size 4000x3000] [--rounds 3]
                                                      [--widths 256,512,1024,1280,2048]
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time


def make_jpegs(folder, count, width, height):
    from PIL import Image, ImageDraw

    rng = random.Random(7)
    for index in range(count):
        image = Image.new("RGB", (width, height), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        draw = ImageDraw.Draw(image)
        for _ in range(400):
            x, y = rng.randrange(width), rng.randrange(height)
            draw.ellipse((x, y, x + rng.randrange(40, 600), y + rng.randrange(40, 600)),
                         fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        image.save(os.path.join(folder, f"photo{index:02}.jpg"), quality=90)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--size", default="4000x3000")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--widths", default="256,512,1024,1280,2048")
    args = parser.parse_args()
    widths = [int(width) for width in args.widths.split(",")]
    width, height = map(int, args.size.split("x"))
    if not shutil.which("vipsthumbnail"):
        sys.exit("vipsthumbnail is missing: apt-get install libvips-tools")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run(["swift", "build", "-c", "release", "--product", "thumbnail-benchmark"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, check=True,
                            capture_output=True, text=True).stdout.strip() + "/thumbnail-benchmark"
    environment = dict(os.environ, VIPS_CONCURRENCY="1")
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as out:
        make_jpegs(folder, args.count, width, height)
        files = sorted(os.path.join(folder, name) for name in os.listdir(folder))
        ours, theirs, before = [], [], []
        for _ in range(args.rounds):
            result = subprocess.run([binary, folder, args.widths], check=True, capture_output=True, text=True,
                                    env=environment)
            assert "failures=0 " in result.stdout, result.stdout
            ours.append(float(result.stdout.split("seconds=")[1]))
            # The way thumbnails were made before: one decode per width, one image at a time.
            result = subprocess.run([binary, folder, args.widths, "--one-lane-one-decode-per-width"], check=True,
                                    capture_output=True, text=True, env=environment)
            before.append(float(result.stdout.split("seconds=")[1]))
            start = time.perf_counter()
            for size in widths:
                subprocess.run(["vipsthumbnail", *files, "--size", f"{size}x",
                                "-o", os.path.join(out, f"%s-{size}.webp[Q=80,strip]")], check=True, env=environment)
            theirs.append(time.perf_counter() - start)
    best_ours, best_theirs = min(ours), min(theirs)
    print(f"{args.count} JPEGs of {width}x{height}, WebP thumbnails {args.widths} pixels wide, best of {args.rounds} "
          f"rounds")
    print(f"in process (our shim):  {best_ours:.3f} s   rounds {[round(t, 3) for t in ours]}")
    print(f"vipsthumbnail command:  {best_theirs:.3f} s   rounds {[round(t, 3) for t in theirs]}")
    print(f"before (one decode per width, one image at a time): {min(before):.3f} s, speed-up vipsthumbnail/before: "
          f"{best_theirs / min(before):.2f}")
    print(f"ratio ours/vipsthumbnail: {best_ours / best_theirs:.2f}; speed-up vipsthumbnail/ours: "
          f"{best_theirs / best_ours:.2f} (goal: at least 1.5)")


if __name__ == "__main__":
    main()
