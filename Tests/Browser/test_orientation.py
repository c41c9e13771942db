"""A photo taken sideways (EXIF orientation 6) is stored with its width and height swapped and shown upright."""

import io
import urllib.request

from helpers import DropFile, drop, expect_items_as_stored, expect_ready_image, wait_until


def rotated_jpeg(width: int, height: int, orientation: int) -> bytes:
    from PIL import Image

    image = Image.new("RGB", (width, height), (200, 40, 40))
    image.paste((40, 40, 200), (0, 0, width // 3, height))  # a blue band on the stored image's left edge
    exif = Image.Exif()
    exif[0x0112] = orientation
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90, exif=exif.tobytes())
    return out.getvalue()


def test_a_jpeg_with_exif_orientation_6_is_stored_and_shown_upright(page, server):
    # Stored as 300x100 pixels; orientation 6 means "rotate 90° clockwise to view": upright it is 100x300.
    drop(page, files=[DropFile("sideways.jpg", rotated_jpeg(300, 100, 6), "image/jpeg")])

    [stored] = expect_items_as_stored(page, server, 1)
    expect_ready_image(page, server, stored["id"], 100, 300)
    # Upright, the blue band that was on the stored left edge is at the top.
    colors = page.evaluate(
        """() => {
          const img = document.querySelector('[role=row] img');
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0);
          const top = context.getImageData(50, 10, 1, 1).data;
          const bottom = context.getImageData(50, 290, 1, 1).data;
          return [Array.from(top.slice(0, 3)), Array.from(bottom.slice(0, 3))];
        }""")
    top, bottom = colors
    assert top[2] > 150 and top[0] < 100, f"the top of the upright image should be blue, is {top}"
    assert bottom[0] > 150 and bottom[2] < 100, f"the bottom of the upright image should be red, is {bottom}"


def test_the_thumbnails_of_a_sideways_photo_are_upright(page, server):
    from test_thumbnails import _libvips_available

    if not _libvips_available():
        import pytest

        pytest.skip("libvips is not installed (apt install libvips42)")
    from PIL import Image

    drop(page, files=[DropFile("sideways.jpg", rotated_jpeg(1200, 400, 6), "image/jpeg")])
    [stored] = expect_items_as_stored(page, server, 1)
    item_id = stored["id"]
    thumbnails = wait_until(lambda: server.api("GET", f"/api/items/{item_id}").get("thumbnails") or None,
                            message="thumbnails of the sideways photo")
    by_width = {thumbnail["width"]: thumbnail["url"] for thumbnail in thumbnails}
    assert 256 in by_width, thumbnails
    with urllib.request.urlopen(server.base_url + by_width[256]) as response:
        image = Image.open(io.BytesIO(response.read())).convert("RGB")
    assert image.size == (256, 768), f"the 256-wide thumbnail is {image.size}, expected upright 256x768"
    top, bottom = image.getpixel((128, 20)), image.getpixel((128, 748))
    assert top[2] > 150 and top[0] < 100, f"the top of the upright thumbnail should be blue, is {top}"
    assert bottom[0] > 150 and bottom[2] < 100, f"the bottom should be red, is {bottom}"


def test_a_webp_with_exif_orientation_6_shows_upright_in_the_grid(page, server):
    from test_thumbnails import _libvips_available

    if not _libvips_available():
        import pytest

        pytest.skip("libvips is not installed (apt install libvips42): the upright copy is made with it")
    from kind_helpers import FIXTURES

    # Stored 60x40 with orientation 6; upright (40x60) its top-left quarter is red, top-right green, bottom-left
    # blue, bottom-right white (Tests/TestSupport/Fixtures/make-images.py). Chromium does not turn a WebP itself.
    name = "webp-orientation-6-small.webp"
    drop(page, files=[DropFile(name, (FIXTURES / name).read_bytes(), "image/webp")])
    [stored] = expect_items_as_stored(page, server, 1)
    expect_ready_image(page, server, stored["id"], 40, 60)
    quarters = page.evaluate(
        """() => {
          const img = document.querySelector('[role=row] img');
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0);
          return [[10, 15], [30, 15], [10, 45], [30, 45]].map(
            ([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3)));
        }""")
    expected = [(220, 30, 30), (30, 200, 30), (30, 30, 220), (255, 255, 255)]
    places = ["top-left", "top-right", "bottom-left", "bottom-right"]
    for where, shown, wanted in zip(places, quarters, expected, strict=True):
        assert all(abs(a - b) <= 40 for a, b in zip(shown, wanted, strict=True)), f"the {where} quarter is {shown}"
