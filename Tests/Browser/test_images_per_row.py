"""The images-per-row setting: slider, + and - keys, Ctrl + wheel, and that it is remembered."""

from playwright.sync_api import expect

from helpers import expect_per_row, wait_images_loaded, wait_until

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
