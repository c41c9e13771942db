#!/usr/bin/env python3
"""Makes the still-image fixtures of the "faithful with what people drop" tests (issue 30), each a few hundred bytes.

Run from this folder with Pillow (pip install pillow) and the vips CLI (apt install libvips-tools) on the PATH:

    python3 make-images.py

Most pictures are `quadrants`: upright, the top-left quarter is red, the top-right green, the bottom-left blue and the
bottom-right white, so a test can tell every turn and mirror from a few pixels. An image with an EXIF orientation
stores the picture turned the other way, so that only a viewer who applies the orientation sees it upright.
"""

import io
import struct
import subprocess
import zlib
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
RED, GREEN, BLUE, WHITE = (220, 30, 30), (30, 200, 30), (30, 30, 220), (255, 255, 255)


def quadrants(width, height):
    image = Image.new("RGB", (width, height), WHITE)
    image.paste(RED, (0, 0, width // 2, height // 2))
    image.paste(GREEN, (width // 2, 0, width, height // 2))
    image.paste(BLUE, (0, height // 2, width // 2, height))
    return image


def stored_for(upright, orientation):
    """What a camera stores so that applying `orientation` gives `upright` (Pillow's exif_transpose, undone)."""
    undo = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
            4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
            7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}[orientation]
    return upright if undo is None else upright.transpose(undo)


def tiff_header(orientation, big_endian):
    """A TIFF header whose IFD0 holds only Orientation (SHORT): what an EXIF block carries."""
    order = ">" if big_endian else "<"
    return (b"MM" if big_endian else b"II") + struct.pack(order + "HIH", 42, 8, 1) + struct.pack(
        order + "HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(order + "I", 0)


def webp_with_exif(image, exif_block):
    """A lossless WebP (VP8X with the EXIF flag) whose EXIF chunk holds `exif_block` exactly as given."""
    out = io.BytesIO()
    image.save(out, "WEBP", lossless=True, exif=b"Exif\x00\x00" + tiff_header(1, False))
    data = out.getvalue()
    chunks, offset = [], 12
    while offset + 8 <= len(data):
        kind, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        chunks.append((kind, exif_block if kind == b"EXIF" else data[offset + 8:offset + 8 + size]))
        offset += 8 + size + (size & 1)
    assert [kind for kind, _ in chunks] == [b"VP8X", b"VP8L", b"EXIF"], chunks
    body = b"WEBP" + b"".join(kind + struct.pack("<I", len(payload)) + payload + b"\0" * (len(payload) & 1)
                              for kind, payload in chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def png(width, height, chunks_before_data=(), data=None, chunks_after_data=()):
    """An RGB PNG of `width` × `height` grey pixels, with extra chunks; `data` replaces its IDAT payload."""
    rows = b"".join(b"\0" + bytes([128, 128, 128]) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    parts = [b"\x89PNG\r\n\x1a\n", png_chunk(b"IHDR", header), *chunks_before_data]
    parts.append(png_chunk(b"IDAT", zlib.compress(rows) if data is None else data))
    parts += [*chunks_after_data, png_chunk(b"IEND", b"")]
    return b"".join(parts)


def bmp(bit_count, compression, payload=b"\0" * 64, width=4, height=4):
    """A BMP with a 124-byte V5 header."""
    dib = struct.pack("<IiiHHIIiiII", 124, width, height, 1, bit_count, compression, len(payload), 2835, 2835, 0, 0)
    dib += b"\0" * (124 - len(dib))
    offset = 14 + len(dib)
    return b"BM" + struct.pack("<IHHI", offset + len(payload), 0, 0, offset) + dib + payload


def vips(*arguments):
    subprocess.run(["vips", *arguments], check=True, capture_output=True)


def write(name, data):
    (HERE / name).write_bytes(data)


def heic_turned(source, rotation):
    """`source` (a HEIC as libvips writes it) with an `irot` of `rotation` quarter turns anticlockwise on its primary
    item: the property is appended to `ipco`, associated in `ipma`, and the file offsets in `iloc` moved by what `meta`
    grew."""
    data = source.read_bytes()

    def boxes(start, end):
        found, offset = [], start
        while offset + 8 <= end:
            size, kind = struct.unpack(">I4s", data[offset:offset + 8])
            found.append((kind, offset, size))
            offset += size
        return found

    def box(kind, payload):
        return struct.pack(">I", 8 + len(payload)) + kind + payload

    top = boxes(0, len(data))
    (_, meta_at, meta_size), = [b for b in top if b[0] == b"meta"]
    children = boxes(meta_at + 12, meta_at + meta_size)
    primary = struct.unpack(">H", data[[o for k, o, s in children if k == b"pitm"][0] + 12:][:2])[0]
    rebuilt = []
    for kind, offset, size in children:
        payload = data[offset + 8:offset + size]
        if kind == b"iprp":
            parts = []
            for inner, at, length in boxes(offset + 8, offset + size):
                inner_payload = data[at + 8:at + length]
                if inner == b"ipco":
                    count = len(boxes(at + 8, at + length))
                    inner_payload += box(b"irot", bytes([rotation]))
                    irot_index = count + 1
                elif inner == b"ipma":
                    inner_payload = add_association(inner_payload, primary, irot_index)
                parts.append(box(inner, inner_payload))
            payload = b"".join(parts)
        rebuilt.append([kind, payload])
    grown = sum(8 + len(p) for _, p in rebuilt) + 4 - (meta_size - 8)
    for entry in rebuilt:
        if entry[0] == b"iloc":
            entry[1] = moved_locations(entry[1], grown)
    meta = box(b"meta", data[meta_at + 8:meta_at + 12] + b"".join(box(k, p) for k, p in rebuilt))
    return data[:meta_at] + meta + data[meta_at + meta_size:]


def add_association(payload, item, index):
    version, flags = payload[0], payload[3]
    wide_items, wide_indices = version >= 1, flags & 1
    count = struct.unpack(">I", payload[4:8])[0]
    out, offset = bytearray(payload[:8]), 8
    for _ in range(count):
        item_size = 4 if wide_items else 2
        item_id = int.from_bytes(payload[offset:offset + item_size], "big")
        associations = payload[offset + item_size]
        length = associations * (2 if wide_indices else 1)
        entries = payload[offset + item_size + 1:offset + item_size + 1 + length]
        if item_id == item:
            associations += 1
            entries += (0x8000 | index).to_bytes(2, "big") if wide_indices else bytes([0x80 | index])
        out += payload[offset:offset + item_size] + bytes([associations]) + entries
        offset += item_size + 1 + length
    return bytes(out)


def moved_locations(payload, delta):
    version = payload[0]
    offset_size, length_size = payload[4] >> 4, payload[4] & 15
    base_size, index_size = payload[5] >> 4, (payload[5] & 15) if version in (1, 2) else 0
    out, offset = bytearray(payload[:6]), 6
    count_size = 2 if version < 2 else 4
    count = int.from_bytes(payload[offset:offset + count_size], "big")
    out += payload[offset:offset + count_size]
    offset += count_size

    def take(size):
        nonlocal offset
        value = int.from_bytes(payload[offset:offset + size], "big")
        offset += size
        return value

    for _ in range(count):
        item = take(2 if version < 2 else 4)
        method = take(2) & 15 if version in (1, 2) else 0
        reference = take(2)
        base = take(base_size)
        extents = take(2)
        in_file = method == 0 and reference == 0
        moved_base = base + delta if in_file and base_size else base
        out += item.to_bytes(2 if version < 2 else 4, "big")
        if version in (1, 2):
            out += method.to_bytes(2, "big")
        out += reference.to_bytes(2, "big") + moved_base.to_bytes(base_size, "big") + extents.to_bytes(2, "big")
        for _ in range(extents):
            if index_size:
                out += take(index_size).to_bytes(index_size, "big")
            extent_offset = take(offset_size)
            if in_file and not base_size:
                extent_offset += delta
            out += extent_offset.to_bytes(offset_size, "big") + take(length_size).to_bytes(length_size, "big")
    return bytes(out)


def main():
    # 1. What no decoder shows, or only a decoder sees.
    header = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
    no_frames = png_chunk(b"acTL", struct.pack(">II", 0, 0))
    write("apng-no-image-data.png", b"\x89PNG\r\n\x1a\n" + header + no_frames + png_chunk(b"IEND", b""))
    fctl = png_chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 32, 16, 0, 0, 1, 10, 0, 0))
    write("apng-invalid-frame-count.png",
          png(32, 16, chunks_before_data=[png_chunk(b"acTL", struct.pack(">II", 0x80000001, 0)), fctl]))
    write("bmp-bad-bit-count.bmp", bmp(30000, 0))
    jpeg = io.BytesIO()
    Image.new("RGB", (4, 4), RED).save(jpeg, "JPEG")
    write("bmp-holding-jpeg.bmp", bmp(0, 4, jpeg.getvalue()))
    inner = io.BytesIO()
    Image.new("RGB", (4, 4), RED).save(inner, "PNG")
    write("bmp-holding-png.bmp", bmp(0, 5, inner.getvalue()))
    # A 32 × 32 screen whose one frame declares 65,535 × 1,321 pixels (Pillow's decompression_bomb.gif, remade).
    write("gif-frame-larger-than-screen.gif", b"GIF89a" + struct.pack("<HHBBB", 32, 32, 0xF1, 0, 0)
          + bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 255, 255]) + b"\x21\xf9\x04\xc9\x00\x00\x00\x00"
          + b"\x2c" + struct.pack("<HHHHB", 0, 0, 65535, 1321, 0) + b"\x05\x00\x8f")
    # Headers that are whole, compressed data that is not (a zlib stream of garbage).
    garbage = b"\x78\x9c" + bytes(range(7, 250, 3))
    write("png-broken-data.png", png(40, 30, data=garbage))
    write("png-broken-data-wide.png", png(300, 20, data=garbage))

    # 2. Orientation: every picture is `quadrants` upright.
    upright = quadrants(400, 600)
    stored = stored_for(upright, 6)
    write("webp-orientation-6.webp", webp_with_exif(stored, tiff_header(6, big_endian=False)))
    write("webp-orientation-6-exif-prefix.webp",
          webp_with_exif(stored, b"Exif\x00\x00" + tiff_header(6, big_endian=True)))
    write("webp-orientation-6-small.webp", webp_with_exif(stored_for(quadrants(40, 60), 6), tiff_header(6, False)))
    write("png-orientation-6.png", png_of(stored, tiff_header(6, big_endian=True)))
    out = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(out, "JPEG", quality=95, exif=exif.tobytes())
    write("jpeg-orientation-6.jpg", out.getvalue())
    out = io.BytesIO()
    stored.save(out, "TIFF", compression="tiff_deflate", tiffinfo={0x0112: 6})
    write("tiff-orientation-6.tif", out.getvalue())
    # irot turns anticlockwise: the stored picture is the upright one turned a quarter clockwise.
    stored_for(quadrants(40, 60), 8).save(HERE / "turned.png")
    vips("heifsave", str(HERE / "turned.png"), str(HERE / "turned.heic"), "--compression", "hevc")
    write("heic-irot-90.heic", heic_turned(HERE / "turned.heic", rotation=1))
    (HERE / "turned.png").unlink()
    (HERE / "turned.heic").unlink()

    # 3. First page first, and samples other than 8-bit unsigned.
    out = io.BytesIO()
    Image.new("RGB", (10, 10), GREEN).save(out, "TIFF", save_all=True, append_images=[Image.new("RGB", (10, 10), RED)])
    write("tiff-two-pages.tif", out.getvalue())
    out = io.BytesIO()
    quadrants(600, 400).save(out, "TIFF", compression="tiff_deflate", save_all=True,
                             append_images=[Image.new("RGB", (300, 200), BLUE)])
    write("tiff-two-pages-halving.tif", out.getvalue())
    grey = Image.new("L", (16, 16))
    grey.putdata([200] * 128 + [40] * 128)  # top half 200, bottom half 40
    grey.save(HERE / "grey.png")
    # Stored as signed 8-bit (SampleFormat 2) holding the same bytes: 200 reads as -56.
    vips("copy", str(HERE / "grey.png"), str(HERE / "tiff-signed-8-bit.tif[compression=none]"))
    raw = bytearray((HERE / "tiff-signed-8-bit.tif").read_bytes())
    write("tiff-signed-8-bit.tif", signed_sample_format(bytes(raw)))
    # 32-bit signed greyscale holding 16-bit values (as Pillow's 16_bit_binary_pgm.tiff): a ramp from 0 to 65,535.
    ramp = Image.new("I", (16, 16))
    ramp.putdata([row * 4369 for row in range(16) for _ in range(16)])
    ramp.save(HERE / "tiff-32-bit-grey.tif", "TIFF")
    vips("copy", str(HERE / "grey.png"), str(HERE / "bigtiff.tif[bigtiff,compression=none]"))
    (HERE / "grey.png").unlink()


def png_of(image, exif_block):
    out = io.BytesIO()
    image.save(out, "PNG")
    data = out.getvalue()
    end_of_header = 8 + 12 + 13
    return data[:end_of_header] + png_chunk(b"eXIf", exif_block) + data[end_of_header:]


def signed_sample_format(data):
    """A little-endian TIFF from vips with SampleFormat (339) set to 2, signed, in IFD0 (added when missing)."""
    assert data[:4] == b"II*\x00"
    ifd = struct.unpack("<I", data[4:8])[0]
    count = struct.unpack("<H", data[ifd:ifd + 2])[0]
    entries = [data[ifd + 2 + 12 * i:ifd + 14 + 12 * i] for i in range(count)]
    entries = [e for e in entries if struct.unpack("<H", e[:2])[0] != 339]
    entries.append(struct.pack("<HHIHH", 339, 3, 1, 2, 0))
    entries.sort(key=lambda e: struct.unpack("<H", e[:2])[0])
    next_ifd = data[ifd + 2 + 12 * count:ifd + 6 + 12 * count]
    # The new directory goes at the end of the file (IFD0 may lie anywhere); the old one is left unused.
    new_ifd = len(data) + (len(data) & 1)
    body = data + b"\0" * (len(data) & 1) + struct.pack("<H", len(entries)) + b"".join(entries) + next_ifd
    return body[:4] + struct.pack("<I", new_ifd) + body[8:]


if __name__ == "__main__":
    main()
