"""The images-per-row setting (the target number per row of justified rows): slider, + and - keys, Ctrl + wheel, and
that it is remembered; and that rows of different aspect ratios fill the pane without holes."""

from itertools import pairwise

from playwright.sync_api import expect

from helpers import (
    drop,
    expect_items_as_stored,
    expect_per_row,
    item_by_id,
    uri_list,
    wait_images_loaded,
    wait_tiles_still,
    wait_until,
)

SIZES = [(200, 100), (100, 200), (150, 150), (300, 120), (120, 90), (90, 160), (240, 240), (160, 100),
         (100, 100), (220, 140)]


def _gallery_of_ten(page, server, other_site):
    urls = [other_site.image(f"p{index}.png", width, height) for index, (width, height) in enumerate(SIZES)]
    server.drop_uris(server.gallery_id, urls)
    server.wait_settled(server.gallery_id, len(urls))
    page.reload()
    wait_images_loaded(page, len(urls))
    return page.get_by_label("Images per row")


def _saved_value(server):
    return server.gallery(server.gallery_id)["imagesPerRow"]


def _value(slider) -> int:
    return int(slider.input_value())


def test_slider_changes_how_many_images_share_a_row_and_is_remembered(page, server, other_site):
    slider = _gallery_of_ten(page, server, other_site)
    expect(slider).to_have_value("4")
    expect_per_row(page, 4)

    slider.fill("3")

    expect_per_row(page, 3)
    wait_until(lambda: _saved_value(server) == 3, message="imagesPerRow 3 saved on the server")

    slider.fill("5")

    expect_per_row(page, 5)
    wait_until(lambda: _saved_value(server) == 5, message="imagesPerRow 5 saved on the server")
    page.reload()
    expect(page.get_by_label("Images per row")).to_have_value("5")
    expect_per_row(page, 5)


def test_plus_and_minus_keys_change_images_per_row_by_one(page, server, other_site):
    slider = _gallery_of_ten(page, server, other_site)
    expect(slider).to_have_value("4")
    page.evaluate("document.activeElement && document.activeElement.blur()")

    page.keyboard.type("+")

    expect(slider).not_to_have_value("4")
    after_plus = _value(slider)
    assert after_plus in (3, 5), f"'+' changed images per row from 4 to {after_plus}, not by one"
    expect_per_row(page, after_plus)

    page.keyboard.type("-")
    expect(slider).to_have_value("4")
    page.keyboard.type("-")

    opposite = 8 - after_plus
    expect(slider).to_have_value(str(opposite))  # '-' goes the other way from '+'
    expect_per_row(page, opposite)
    wait_until(lambda: _saved_value(server) == opposite, message=f"imagesPerRow {opposite} saved on the server")
    page.reload()
    expect(page.get_by_label("Images per row")).to_have_value(str(opposite))


def test_ctrl_wheel_over_the_gallery_zooms_the_images(page, server, other_site):
    slider = _gallery_of_ten(page, server, other_site)
    expect(slider).to_have_value("4")
    box = page.locator("#gallery").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + min(box["height"], 600) / 2)

    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)  # wheel up: bigger images, fewer per row
    page.keyboard.up("Control")

    handle = slider.element_handle()
    page.wait_for_function("s => Number(s.value) < 4", arg=handle)
    fewer = _value(slider)
    expect_per_row(page, fewer)

    page.keyboard.down("Control")
    page.mouse.wheel(0, 100)  # wheel down: smaller images, more per row
    page.keyboard.up("Control")

    page.wait_for_function("([s, before]) => Number(s.value) > before", arg=[handle, fewer])
    more = _value(slider)
    expect_per_row(page, more)
    wait_until(lambda: _saved_value(server) == more, message=f"imagesPerRow {more} saved on the server")
    page.reload()
    expect(page.get_by_label("Images per row")).to_have_value(str(more))
    expect_per_row(page, more)


# Wide, tall and in-between images: at four per row they make rows of two, three and one (a 4:1 panorama alone).
JUSTIFIED_SIZES = [(300, 100), (100, 300), (160, 90), (90, 160), (200, 200), (400, 100), (120, 90), (90, 120),
                   (250, 100), (100, 250), (200, 150), (150, 200)]

_TILES_JS = """
() => {
  const list = document.querySelector('#gallery [role="grid"]');
  const pane = list.getBoundingClientRect();
  const gutter = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--gutter'));
  const tiles = [...list.querySelectorAll('[role="row"]')].map(e => {
    const r = e.getBoundingClientRect();
    return {id: e.dataset.itemId, x: r.left - pane.left, y: r.top - pane.top, width: r.width, height: r.height};
  });
  return {width: pane.width, gutter, tiles};
}
"""


def test_rows_of_different_aspect_ratios_fill_the_pane_without_holes_and_the_last_row_is_not_stretched(
        page, server, other_site):
    urls = [other_site.image(f"j{index}.png", width, height) for index, (width, height) in enumerate(JUSTIFIED_SIZES)]
    drop(page, uri_list=uri_list(*urls))
    expect_items_as_stored(page, server, len(urls))
    stored = server.wait_settled(server.gallery_id, len(urls))
    wait_images_loaded(page, len(urls))
    expect(page.get_by_label("Images per row")).to_have_value("4")
    wait_tiles_still(page)

    layout = page.evaluate(_TILES_JS)
    width, gutter, tiles = layout["width"], layout["gutter"], layout["tiles"]
    assert [t["id"] for t in tiles] == [i["id"] for i in stored], "every item is rendered, in gallery order"
    size = {i["id"]: (i["width"], i["height"]) for i in stored}
    rows: list[list[dict]] = []
    for tile in tiles:  # in gallery order, a new row starts below the last one
        if rows and abs(tile["y"] - rows[-1][0]["y"]) <= 1:
            rows[-1].append(tile)
        else:
            rows.append([tile])
    described = [[(round(t["x"]), round(t["width"]), round(t["height"])) for t in row] for row in rows]
    assert len(rows) >= 3, f"expected several rows: {described}"
    assert any(len(row) != 4 for row in rows), f"rows of wide and tall images hold other than 4: {described}"

    for tile in tiles:
        w, h = size[tile["id"]]
        assert abs(tile["width"] / tile["height"] - w / h) <= 0.01 * w / h, (
            f"a {w}x{h} image is drawn {tile['width']:.1f}x{tile['height']:.1f}, not at its own ratio")
    for above, below in pairwise(rows):
        assert abs(below[0]["y"] - (above[0]["y"] + above[0]["height"] + gutter)) <= 1, (
            f"a row does not start one gutter below the one above: {described}")
    for row in rows[:-1]:
        assert abs(row[0]["x"]) <= 1 and abs(row[-1]["x"] + row[-1]["width"] - width) <= 1, (
            f"a full row does not span the pane's {width:.0f} px: {described}")
        assert all(abs(t["height"] - row[0]["height"]) <= 0.5 for t in row), f"a row has several heights: {described}"
        assert all(abs(b["x"] - (a["x"] + a["width"] + gutter)) <= 1 for a, b in pairwise(row)), (
            f"the items of a row are not one gutter apart: {described}")

    last = rows[-1]
    target = (width - 3 * gutter) / 4  # the height of four squares filling a row
    assert abs(last[0]["x"]) <= 1 and last[-1]["x"] + last[-1]["width"] < width - 100, (
        f"the last row is stretched to the pane's width: {described}")
    assert all(abs(t["height"] - target) <= 1 for t in last), (
        f"the last row is not at the target height {target:.1f}: {described}")


def test_up_and_down_go_to_the_item_of_the_row_above_or_below_nearest_horizontally(page, server, other_site):
    urls = [other_site.image(f"k{index}.png", width, height) for index, (width, height) in enumerate(JUSTIFIED_SIZES)]
    server.drop_uris(server.gallery_id, urls)
    stored = server.wait_settled(server.gallery_id, len(urls))
    page.reload()
    wait_images_loaded(page, len(urls))
    wait_tiles_still(page)
    tiles = page.evaluate(_TILES_JS)["tiles"]
    assert [t["id"] for t in tiles] == [i["id"] for i in stored]
    tops = sorted({round(t["y"]) for t in tiles})
    row_of = {t["id"]: tops.index(round(t["y"])) for t in tiles}
    assert len(tops) >= 3 and len({row_of[t["id"]] for t in tiles[:4]}) > 1, "rows of varying length are needed"

    def centre(tile):
        return tile["x"] + tile["width"] / 2

    def nearest(tile, row):
        return min((t for t in tiles if row_of[t["id"]] == row), key=lambda t: abs(centre(t) - centre(tile)))["id"]

    def focused():
        return page.evaluate("document.activeElement && document.activeElement.dataset.itemId || null")

    by_id = {t["id"]: t for t in tiles}
    item_by_id(page, tiles[1]["id"]).click()  # the second item of the first row
    expect(item_by_id(page, tiles[1]["id"])).to_be_focused()
    page.keyboard.press("ArrowUp")
    assert focused() == tiles[0]["id"], "Up from the first row goes to the first item, as before"
    for key, step in [("ArrowDown", 1), ("ArrowDown", 1), ("ArrowDown", 1), ("ArrowUp", -1)]:
        here = by_id[focused()]
        expected = nearest(here, row_of[here["id"]] + step)
        page.keyboard.press(key)
        expect(item_by_id(page, expected)).to_be_focused()
    page.keyboard.press("End")
    expect(item_by_id(page, tiles[-1]["id"])).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(item_by_id(page, tiles[-1]["id"])).to_be_focused()
    page.keyboard.press("Home")
    expect(item_by_id(page, tiles[0]["id"])).to_be_focused()
