"""Rotate and flip (issue "Look closely"): from the item menu, for one image or a selection, without touching the
file; the tile takes the turned aspect and shows the picture turned; one Undo puts it back."""

import io
import re

from PIL import Image
from playwright.sync_api import expect

from helpers import (
    DropFile,
    drop,
    expect_items_as_stored,
    expect_ready_image,
    item_by_id,
    open_menu_with_button,
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
