"""Rotate and flip (issue "Look closely"): from the item menu, for one image or a selection, without touching the
file; the tile takes the turned aspect and shows the picture turned, drawn from thumbnails the server turned; one Undo
puts it back; dragged out, it is the original file and is named so."""

import io
import re

from PIL import Image
from playwright.sync_api import expect

from helpers import (
    DropFile,
    drop,
    end_local_drag,
    expect_items_as_stored,
    expect_ready_image,
    item_by_id,
    open_menu_with_button,
    start_local_drag,
    wait_until,
)


def banded_png(width: int, height: int) -> bytes:
    """A red image with a blue band down its left third."""
    image = Image.new("RGB", (width, height), (210, 40, 40))
    image.paste((40, 40, 210), (0, 0, width // 3, height))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def tile_colors(page, item_id: str) -> dict:
    """The colours of the tile's picture as the screen shows it, near its top, bottom, left and right edges."""
    tile = item_by_id(page, item_id)
    box = tile.bounding_box()
    shot = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
    w, h = shot.size
    return {
        "top": shot.getpixel((w // 2, h // 10)), "bottom": shot.getpixel((w // 2, h - h // 10)),
        "left": shot.getpixel((w // 10, h // 2)), "right": shot.getpixel((w - w // 10, h // 2)),
    }


def blue(color) -> bool:
    return color[2] > 150 and color[0] < 100


def test_rotate_right_turns_the_tile_and_its_picture_and_undo_puts_it_back(page, server):
    drop(page, files=[DropFile("band.png", banded_png(300, 150), "image/png")])
    [stored] = expect_items_as_stored(page, server, 1)
    expect_ready_image(page, server, stored["id"], 300, 150)
    tile = item_by_id(page, stored["id"])
    before = tile.bounding_box()
    assert before["width"] > before["height"]
    assert blue(tile_colors(page, stored["id"])["left"])

    open_menu_with_button(page, stored).get_by_role("menuitem", name="Rotate Right").click()

    turned = wait_until(lambda: (i := server.api("GET", f"/api/items/{stored['id']}")).get("orientation") and i,
                        message="the turn saved")
    assert turned["orientation"] == {"quarterTurns": 1, "mirrored": False}
    assert (turned["width"], turned["height"]) == (150, 300)
    # The tile is as tall as the turned picture, whose left band is now along its top.
    wait_until(lambda: (b := tile.bounding_box())["height"] > b["width"], message="the tile turned upright")
    wait_until(lambda: blue(tile_colors(page, stored["id"])["top"]), message="the picture turned right")
    colors = tile_colors(page, stored["id"])
    assert not blue(colors["bottom"]) and not blue(colors["left"]), colors
    # The file is as it was.
    original = page.request.get(f"{server.base_url}{turned['imageURL']}").body()
    assert Image.open(io.BytesIO(original)).size == (300, 150)

    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    expect(undo).to_have_text("Undo Rotate")
    undo.click()
    wait_until(lambda: (b := tile.bounding_box())["width"] > b["height"], message="the tile back as it was")
    wait_until(lambda: blue(tile_colors(page, stored["id"])["left"]), message="the picture back as it was")
    assert server.api("GET", f"/api/items/{stored['id']}").get("orientation") is None


def test_a_selection_is_flipped_in_one_change_and_a_note_in_it_is_left_as_it_is(page, server):
    drop(page, files=[DropFile("a.png", banded_png(200, 200), "image/png"),
                      DropFile("b.png", banded_png(200, 200), "image/png")])
    stored = expect_items_as_stored(page, server, 2)
    for item in stored:
        expect_ready_image(page, server, item["id"], 200, 200)
    server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": "words", "at": {}})
    stored = expect_items_as_stored(page, server, 3)
    item_by_id(page, stored[0]["id"]).click()
    item_by_id(page, stored[2]["id"]).click(modifiers=["Shift"])

    open_menu_with_button(page, stored[0]).get_by_role("menuitem", name="Flip").click()

    expect(page.locator("#announcer")).to_have_text(re.compile("Flipped 2 images"))
    for item in stored[:2]:
        wait_until(lambda item=item: blue(tile_colors(page, item["id"])["right"]), message="the picture mirrored")
    orientations = [server.api("GET", f"/api/items/{i['id']}").get("orientation") for i in stored]
    assert orientations == [{"quarterTurns": 0, "mirrored": True}] * 2 + [None]
    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    expect(undo).to_have_text("Undo Flip")


def test_r_in_the_viewer_turns_the_image_shown_and_shift_r_turns_it_back(page, server):
    drop(page, files=[DropFile("band.png", banded_png(300, 150), "image/png")])
    [stored] = expect_items_as_stored(page, server, 1)
    expect_ready_image(page, server, stored["id"], 300, 150)
    item_by_id(page, stored["id"]).dblclick()
    viewer = page.get_by_role("dialog")
    expect(viewer).to_be_visible()
    expect(viewer.get_by_role("button", name="Rotate Right")).to_be_visible()

    page.keyboard.press("r")

    wait_until(lambda: (server.api("GET", f"/api/items/{stored['id']}").get("orientation") or {}).get("quarterTurns")
               == 1, message="the turn saved")
    image = viewer.locator("img.viewer-image")
    expect(image).to_have_attribute("style", re.compile(r"rotate\(90deg\)"))
    # The download offers the file as it was added, and says so.
    download = viewer.get_by_role("link", name="Download Original")
    expect(download).to_have_attribute("title", "The file as it was added, not rotated or flipped")
    # Drawn as tall as it is shown: the turned box is taller than wide.
    wait_until(lambda: (b := image.bounding_box()) and b["height"] > b["width"], message="the image drawn upright")
    page.keyboard.press("Shift+R")
    wait_until(lambda: server.api("GET", f"/api/items/{stored['id']}").get("orientation") is None,
               message="turned back")


# What the tile draws: the image's natural size, the file it loaded, and every CSS transform between it and the tile.
_TILE_IMAGE_JS = """
(tile) => {
  const img = tile.querySelector("img");
  if (!img || !img.complete || !img.naturalWidth) return null;
  const transforms = [];
  for (let node = img; node && node !== tile; node = node.parentElement) {
    const transform = getComputedStyle(node).transform;
    if (transform && transform !== "none") transforms.push(transform);
  }
  return {width: img.naturalWidth, height: img.naturalHeight, src: img.currentSrc, transforms};
}
"""


def tile_image(page, item_id: str):
    return item_by_id(page, item_id).evaluate(_TILE_IMAGE_JS)


def test_a_turned_tile_is_drawn_from_a_thumbnail_the_server_turned_with_no_css_turn(page, server):
    # Wide enough for every thumbnail: turned, the largest (2048 × 1024) is 1024 wide, enough for the viewer at fit.
    drop(page, files=[DropFile("wide.png", banded_png(2400, 1200), "image/png")])
    [stored] = expect_items_as_stored(page, server, 1)
    expect_ready_image(page, server, stored["id"], 2400, 1200)
    before = wait_until(lambda: tile_image(page, stored["id"]), message="the tile's image loaded")
    assert before["width"] > before["height"] and before["transforms"] == [], before

    open_menu_with_button(page, stored).get_by_role("menuitem", name="Rotate Right").click()

    after = wait_until(lambda: (i := tile_image(page, stored["id"])) and "-r90.webp" in i["src"] and i,
                       message="the tile drawn from a turned thumbnail")
    # The file it draws is turned: its sides swapped, and nothing turns it on the page.
    assert after["height"] > after["width"], after
    assert after["transforms"] == [], after
    assert not item_by_id(page, stored["id"]).locator(".turned").count()
    wait_until(lambda: blue(tile_colors(page, stored["id"])["top"]), message="the picture turned right")
    item_by_id(page, stored["id"]).screenshot(path="/tmp/ig-upright-tile.png")
    served = Image.open(io.BytesIO(page.request.get(after["src"]).body()))
    assert served.format == "WEBP" and served.height > served.width, served.size

    # Opened, the viewer draws it from a turned copy at fit; at 100 % from the file itself, turned on the page.
    item_by_id(page, stored["id"]).dblclick()
    viewer = page.get_by_role("dialog")
    image = viewer.locator("img.viewer-image")
    expect(image).to_have_attribute("src", re.compile(r"-r90\.webp$"))
    expect(image).not_to_have_attribute("style", re.compile(r"rotate"))
    wait_until(lambda: (b := image.bounding_box()) and b["height"] > b["width"], message="drawn tall")
    page.screenshot(path="/tmp/ig-upright-viewer.png")
    page.keyboard.press("1")
    expect(image).to_have_attribute("src", re.compile(r"/media/[0-9a-f]{64}\.png$"))
    expect(image).to_have_attribute("style", re.compile(r"rotate\(90deg\)"))


def test_a_turned_image_dragged_out_is_its_original_file_named_so(page, server):
    drop(page, files=[DropFile("band.png", banded_png(600, 300), "image/png")])
    [stored] = expect_items_as_stored(page, server, 1)
    expect_ready_image(page, server, stored["id"], 600, 300)
    open_menu_with_button(page, stored).get_by_role("menuitem", name="Flip").click()
    turned = wait_until(lambda: (i := server.api("GET", f"/api/items/{stored['id']}")).get("orientation") and i,
                        message="the flip saved")
    wait_until(lambda: (i := tile_image(page, stored["id"])) and "-r0m.webp" in i["src"],
               message="the tile drawn flipped")

    try:
        dragged = start_local_drag(page, stored["id"])
    finally:
        end_local_drag(page)

    download = dragged["data"]["downloadurl"]
    assert download == f"image/png:band (original).png:{server.base_url}{turned['imageURL']}", download
    original = page.request.get(f"{server.base_url}{turned['imageURL']}").body()
    assert Image.open(io.BytesIO(original)).size == (600, 300)
    assert blue(Image.open(io.BytesIO(original)).convert("RGB").getpixel((10, 150)))
