"""Makes the sample pictures the empty gallery offers (Web/samples/), drawn here from nothing but numbers.

    python3 scripts/make-sample-pictures.py

They were made for this project and are dedicated to the public domain (CC0 1.0; see Web/samples/LICENSE). Each is
drawn the same way on every run (fixed seeds), and saved as a JPEG under 150 KB.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "Web" / "samples"


def lerp(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def vertical_gradient(size: tuple[int, int], stops: list[tuple[float, tuple[int, int, int]]]) -> Image.Image:
    width, height = size
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / (height - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:], strict=False):
            if t0 <= t <= t1:
                draw.line([(0, y), (width, y)], fill=lerp(c0, c1, (t - t0) / (t1 - t0)))
                break
    return image


def ridge(rng: random.Random, width: int, base: float, roughness: float, steps: int = 9) -> list[float]:
    """Heights of a mountain ridge across `width`, by midpoint displacement."""
    points = [base + rng.uniform(-roughness, roughness) for _ in range(2)]
    spread = roughness
    for _ in range(steps):
        spread *= 0.55
        nxt = []
        for left, right in zip(points, points[1:], strict=False):
            nxt += [left, (left + right) / 2 + rng.uniform(-spread, spread)]
        points = [*nxt, points[-1]]
    return [points[round(x / (width - 1) * (len(points) - 1))] for x in range(width)]


def mountains(seed: int, size: tuple[int, int], sky, sun, layers) -> Image.Image:
    rng = random.Random(seed)
    image = vertical_gradient(size, sky)
    draw = ImageDraw.Draw(image)
    width, height = size
    sx, sy, sr, sc = sun
    glow = Image.new("RGB", size, sc)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).ellipse([sx - sr * 3, sy - sr * 3, sx + sr * 3, sy + sr * 3], fill=70)
    image.paste(glow, (0, 0), mask.filter(ImageFilter.GaussianBlur(sr * 1.5)))
    draw.ellipse([sx - sr, sy - sr, sx + sr, sy + sr], fill=sc)
    for base, roughness, colour in layers:
        heights = ridge(rng, width, base * height, roughness * height)
        draw.polygon([(0, height), *[(x, h) for x, h in enumerate(heights)], (width, height)], fill=colour)
    return image


def sea_at_dusk(size: tuple[int, int]) -> Image.Image:
    width, height = size
    horizon = int(height * 0.58)
    image = vertical_gradient(size, [(0, (40, 44, 92)), (0.35, (180, 96, 120)), (0.58, (252, 186, 120)),
                                     (0.581, (70, 80, 120)), (1, (18, 24, 48))])
    draw = ImageDraw.Draw(image)
    draw.ellipse([width * 0.62 - 60, horizon - 70, width * 0.62 + 60, horizon + 50], fill=(255, 214, 150))
    draw.rectangle([0, horizon, width, height], fill=None)
    image.paste(vertical_gradient((width, height - horizon), [(0, (92, 88, 128)), (1, (16, 22, 44))]), (0, horizon))
    rng = random.Random(7)
    for _ in range(160):  # the sun's path on the water
        y = rng.uniform(horizon + 4, height)
        spread = 20 + (y - horizon) * 0.5
        x = width * 0.62 + rng.gauss(0, spread / 2)
        length = rng.uniform(10, 40) * (1 + (y - horizon) / height)
        draw.line([(x - length / 2, y), (x + length / 2, y)], fill=(255, 200, 140), width=2)
    return image


def circles_and_squares(size: tuple[int, int]) -> Image.Image:
    width, height = size
    image = Image.new("RGB", size, (244, 238, 226))
    draw = ImageDraw.Draw(image)
    palette = [(226, 88, 62), (36, 82, 150), (242, 190, 60), (30, 30, 34), (92, 150, 120)]
    rng = random.Random(3)
    cell = 120
    for row in range(height // cell + 1):
        for col in range(width // cell + 1):
            x, y = col * cell, row * cell
            colour = palette[rng.randrange(len(palette))]
            shape = rng.randrange(4)
            if shape == 0:
                draw.ellipse([x + 10, y + 10, x + cell - 10, y + cell - 10], fill=colour)
            elif shape == 1:
                draw.pieslice([x, y, x + 2 * cell, y + 2 * cell], 180, 270, fill=colour)
            elif shape == 2:
                draw.rectangle([x + 30, y + 30, x + cell - 30, y + cell - 30], fill=colour)
            else:
                draw.polygon([(x, y + cell), (x + cell, y + cell), (x + cell, y)], fill=colour)
    return image


def aurora(size: tuple[int, int]) -> Image.Image:
    width, height = size
    image = vertical_gradient(size, [(0, (6, 10, 30)), (0.7, (14, 30, 60)), (1, (20, 40, 52))])
    veil = Image.new("RGB", size, (80, 230, 170))
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for band in range(3):
        phase = band * 1.7
        for x in range(0, width, 2):
            y = height * (0.25 + 0.08 * band) + math.sin(x / 140 + phase) * 50 + math.sin(x / 47 + phase) * 12
            draw.line([(x, y - 90), (x, y + 10)], fill=110 - band * 25, width=2)
    image.paste(veil, (0, 0), mask.filter(ImageFilter.GaussianBlur(18)))
    stars = ImageDraw.Draw(image)
    rng = random.Random(11)
    for _ in range(260):
        x, y = rng.uniform(0, width), rng.uniform(0, height * 0.8)
        shade = rng.randrange(150, 256)
        r = rng.choice([0.6, 0.8, 1.2])
        stars.ellipse([x - r, y - r, x + r, y + r], fill=(shade, shade, shade))
    ground = ridge(random.Random(5), width, height * 0.86, height * 0.05)
    stars.polygon([(0, height), *[(x, h) for x, h in enumerate(ground)], (width, height)], fill=(4, 8, 14))
    return image


def forest(size: tuple[int, int]) -> Image.Image:
    width, height = size
    image = vertical_gradient(size, [(0, (206, 226, 232)), (1, (238, 240, 226))])
    draw = ImageDraw.Draw(image)
    rng = random.Random(21)
    for depth, colour in enumerate([(150, 182, 170), (96, 140, 118), (52, 100, 80), (24, 62, 48)]):
        base = height * (0.55 + depth * 0.13)
        scale = 0.6 + depth * 0.35
        x = rng.uniform(-40, 0)
        while x < width + 40:
            tree_height = rng.uniform(120, 220) * scale
            half = tree_height * 0.28
            draw.polygon([(x - half, base), (x, base - tree_height), (x + half, base)], fill=colour)
            x += rng.uniform(18, 46) * scale
        draw.rectangle([0, base, width, height], fill=colour)
    return image


SAMPLES = {
    "mountains-at-dawn.jpg": lambda size: mountains(
        1, size, [(0, (58, 72, 140)), (0.55, (238, 150, 130)), (1, (250, 214, 160))], (820, 300, 46, (255, 236, 190)),
        [(0.52, 0.08, (120, 104, 150)), (0.62, 0.07, (82, 72, 118)), (0.74, 0.06, (50, 44, 80)),
         (0.86, 0.04, (28, 24, 48))]),
    "sea-at-dusk.jpg": sea_at_dusk,
    "circles-and-squares.jpg": circles_and_squares,
    "northern-lights.jpg": aurora,
    "pine-forest.jpg": forest,
}

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in SAMPLES.items():
        size = (960, 640) if name != "circles-and-squares.jpg" else (720, 720)
        path = OUT / name
        draw(size).save(path, "JPEG", quality=84, optimize=True, progressive=True)
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size // 1024} KB")
