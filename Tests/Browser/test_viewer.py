"""The viewer (issue 29, "Look closely"): an item opened by a double click, a tap on a touch screen (unless items are
selected: a press held still selects, and taps then select), Enter or Open, over the page in a modal dialog named by
the item; its address, Back and reload; stepping with keys through a small gallery, a windowed one of 6,000 items and
a board of 6,000 that holds only its region; zoom to 100% and pan; closing with focus on the tile of the item shown
last; an item trashed elsewhere; a video that plays and keeps its place; a note and a link; the details of a JPEG
with EXIF; the slideshow; and axe on the viewer and its details panel, light and dark."""

import re

from filler import refill
from kind_helpers import drop_every_kind, drop_fixture
from playwright.sync_api import expect
from test_accessibility_axe import expect_no_axe_violations

from helpers import item_by_id, seed_gallery, wait_images_loaded, wait_tiles_still, wait_until

ITEM = '[role="row"]'


def viewer(page):
    return page.locator("#viewer")


def where(page):
    """The viewer's position line ("Image 2 of 4: img1.png")."""
    return page.locator(".viewer-position")


def said(page):
    """What the viewer says to screen readers (its own status: the page's live region is outside the dialog)."""
    return viewer(page).get_by_role("status").last


def shown_image(page):
    return viewer(page).locator("img.viewer-image")


def focused_item_id(page):
    return page.evaluate("document.activeElement && document.activeElement.dataset.itemId || null")


def image_box(page) -> dict:
    return shown_image(page).evaluate(
        "i => { const r = i.getBoundingClientRect(), s = i.closest('.viewer-stage').getBoundingClientRect();"
        " return {x: r.left - s.left, y: r.top - s.top, width: r.width, height: r.height,"
        " stageWidth: s.width, stageHeight: s.height}; }")


def big_images(page, server, other_site, count=3):
    """`count` ready images larger than the window (2400 × 1800 and up), shown in the grid."""
    urls = [other_site.image(f"big{i}.png", 2400 + 40 * i, 1800 + 30 * i) for i in range(count)]
    server.drop_uris(server.gallery_id, urls)
    stored = server.wait_settled(server.gallery_id, count)
    page.reload()
    wait_images_loaded(page, count)
    return stored


def test_a_double_click_opens_the_viewer_and_escape_gives_the_focus_to_the_item_shown_last(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "img")
    item_by_id(page, stored[1]["id"]).dblclick()

    dialog = page.get_by_role("dialog", name="Image: img1.png, 2 of 4")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-modal", "true")
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}/items/{stored[1]['id']}")
    expect(where(page)).to_have_text("Image 2 of 4: img1.png")
    expect(shown_image(page)).to_have_attribute("src", stored[1]["imageURL"])
    wait_until(lambda: shown_image(page).evaluate("i => i.complete && i.naturalWidth > 0"), message="the image drawn")

    page.keyboard.press("ArrowRight")
    expect(where(page)).to_have_text("Image 3 of 4: img2.png")
    expect(said(page)).to_have_text("Image 3 of 4: img2.png")
    expect(page).to_have_url(re.compile(rf"/items/{stored[2]['id']}$"))
    page.keyboard.press("End")
    expect(where(page)).to_have_text("Image 4 of 4: img3.png")
    page.keyboard.press("ArrowRight")
    expect(said(page)).to_have_text("This is the last item.")
    page.keyboard.press("Home")
    expect(where(page)).to_have_text("Image 1 of 4: img0.png")
    page.get_by_role("button", name="Next Item").click()
    expect(where(page)).to_have_text("Image 2 of 4: img1.png")
    page.keyboard.press("ArrowRight")

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect(item_by_id(page, stored[2]["id"])).to_be_focused()
    assert not page.problems, page.problems


def test_enter_opens_the_viewer_and_the_close_button_the_backdrop_and_back_close_it(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "key")
    tile = item_by_id(page, stored[0]["id"])
    tile.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Image: key0.png, 1 of 3")
    expect(dialog).to_be_visible()
    # Focus stays in the dialog: Tab goes round its controls.
    for _ in range(15):
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('viewer').contains(document.activeElement)")
    page.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(tile).to_be_focused()

    # The item menu's Open, then a click on the dark backdrop around the image.
    tile.hover()
    tile.get_by_role("button", name="Actions for key0.png").click()
    page.get_by_role("menu").get_by_role("menuitem", name="Open").click()
    expect(dialog).to_be_visible()
    box = image_box(page)
    assert box["y"] > 10 or box["x"] > 10, box  # a 4:3 image in the window leaves a margin to click
    stage = viewer(page).locator(".viewer-stage")
    stage.click(position={"x": 5, "y": box["stageHeight"] - 5} if box["y"] > 10 else {"x": 5, "y": 200})
    expect(dialog).to_be_hidden()
    expect(tile).to_be_focused()

    # Back closes it; Forward opens it again.
    tile.dblclick()
    expect(dialog).to_be_visible()
    page.go_back()
    expect(dialog).to_be_hidden()
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    page.go_forward()
    expect(dialog).to_be_visible()
    expect(where(page)).to_have_text("Image 1 of 3: key0.png")
    assert not page.problems, page.problems


def test_an_image_whose_display_copy_cannot_be_read_is_drawn_from_its_file(page, server, other_site):
    stored = big_images(page, server, other_site, count=2)
    # The second image's copies are lost from the disk (the database still names them): a step to it, which fetched
    # and decoded it ahead from its display copy and failed, draws the file itself.
    name = stored[1]["imageURL"].rsplit("/", 1)[-1].split(".")[0]
    lost = list((server.data_dir / "images" / "thumbnails").glob(f"{name}-*.webp"))
    assert lost, "the image's copies are where the server keeps them"
    for copy in lost:
        copy.unlink()
    item_by_id(page, stored[0]["id"]).dblclick()
    expect(where(page)).to_have_text("Image 1 of 2: big0.png")
    page.keyboard.press("ArrowRight")
    expect(where(page)).to_have_text("Image 2 of 2: big1.png")
    expect(shown_image(page)).to_have_attribute("src", stored[1]["imageURL"])
    wait_until(lambda: shown_image(page).evaluate("i => i.complete && i.naturalWidth === 2440"),
               message="the file itself drawn")
    expect(shown_image(page)).not_to_have_attribute("alt", re.compile("could not be shown"))


def test_zoom_to_100_percent_and_pan_and_the_image_never_leaves_the_stage(page, server, other_site):
    stored = big_images(page, server, other_site)
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    item_by_id(page, stored[0]["id"]).dblclick()
    expect(where(page)).to_have_text("Image 1 of 3: big0.png")
    # The next image is fetched ahead, from the copy made for the size it will be drawn at (up to the 2048-pixel
    # display copy: not its original), so that a step shows it at once.
    next_copies = {f"{server.base_url}{t['url']}" for t in stored[1]["thumbnails"]}
    assert {t["width"] for t in stored[1]["thumbnails"]} == {256, 512, 1024, 1280, 2048}, stored[1]
    wait_until(lambda: next_copies & set(requested), message=f"the next image fetched ahead: {requested}")
    assert f"{server.base_url}{stored[1]['imageURL']}" not in requested
    fit = image_box(page)
    assert abs(fit["height"] - fit["stageHeight"]) < 2 or abs(fit["width"] - fit["stageWidth"]) < 2, fit
    # Drawn sharp at fit from a copy at least as wide as it is drawn.
    copies = {t["url"]: t["width"] for t in stored[0]["thumbnails"]}
    fit_source = shown_image(page).get_attribute("src")
    assert fit_source in copies and copies[fit_source] >= fit["width"], (fit_source, fit)

    page.keyboard.press("1")
    expect(viewer(page).locator(".viewer-zoom-level")).to_have_text("100%")
    actual = image_box(page)
    assert round(actual["width"]) == 2400 and round(actual["height"]) == 1800, actual
    # Shown from the original once zoomed past the copies made for the screen.
    expect(shown_image(page)).to_have_attribute("src", stored[0]["imageURL"])

    # The arrows pan while zoomed (and do not step); the image stops at its edges.
    page.keyboard.press("ArrowRight")
    panned = image_box(page)
    assert panned["x"] < actual["x"], (actual, panned)
    expect(where(page)).to_have_text("Image 1 of 3: big0.png")
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    far = image_box(page)
    assert abs(far["x"] + far["width"] - far["stageWidth"]) < 1, far

    # A drag pans with the pointer; far beyond the edge it stops there.
    stage = viewer(page).locator(".viewer-stage")
    middle = {"x": far["stageWidth"] / 2, "y": far["stageHeight"] / 2}
    stage_box = stage.bounding_box()
    page.mouse.move(stage_box["x"] + middle["x"], stage_box["y"] + middle["y"])
    page.mouse.down()
    page.mouse.move(stage_box["x"] + middle["x"] + 300, stage_box["y"] + middle["y"] + 100, steps=5)
    page.mouse.up()
    dragged = image_box(page)
    assert abs(dragged["x"] - (far["x"] + 300)) < 2 and abs(dragged["y"] - (far["y"] + 100)) < 2, (far, dragged)
    page.mouse.move(stage_box["x"] + 10, stage_box["y"] + 10)
    page.mouse.down()
    page.mouse.move(stage_box["x"] + stage_box["width"] - 5, stage_box["y"] + stage_box["height"] - 5, steps=5)
    page.mouse.up()
    edge = image_box(page)
    assert abs(edge["x"]) < 1 and abs(edge["y"]) < 1, edge
    expect(viewer(page)).to_be_visible()  # the end of a drag is no click on the backdrop

    # 0 fits, a double click goes to 100% at the point and back, the wheel zooms around the pointer.
    page.keyboard.press("0")
    expect(viewer(page).locator(".viewer-zoom-level")).not_to_have_text("100%")
    box = image_box(page)
    point = {"x": box["x"] + box["width"] / 4, "y": box["y"] + box["height"] / 4}
    stage.dblclick(position=point)
    expect(viewer(page).locator(".viewer-zoom-level")).to_have_text("100%")
    stage.dblclick(position=point)
    wait_until(lambda: abs(image_box(page)["width"] - box["width"]) < 1, message="back to fit")
    page.mouse.move(stage_box["x"] + point["x"], stage_box["y"] + point["y"])
    page.mouse.wheel(0, -300)
    wait_until(lambda: image_box(page)["width"] > box["width"] * 1.2, message="the wheel zoomed in")
    # Not zoomed, the arrows step again.
    page.keyboard.press("0")
    page.keyboard.press("ArrowRight")
    expect(where(page)).to_have_text("Image 2 of 3: big1.png")
    assert not page.problems, page.problems


def test_reloading_an_items_address_opens_the_gallery_with_the_viewer_and_an_unknown_one_says_so(
        page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "addr")
    address = f"{server.base_url}/g/{server.gallery_id}/items/{stored[2]['id']}"
    page.goto(address)
    expect(page.get_by_role("dialog", name="Image: addr2.png, 3 of 3")).to_be_visible()
    page.reload()
    expect(page.get_by_role("dialog", name="Image: addr2.png, 3 of 3")).to_be_visible()
    expect(page).to_have_url(address)
    page.keyboard.press("Escape")
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect(item_by_id(page, stored[2]["id"])).to_be_focused()

    # An item in the trash, one of another gallery, and one that never was: the gallery, and a clear message.
    server.api("DELETE", f"/api/items/{stored[0]['id']}")
    other = server.api("POST", "/api/galleries", {"name": "Other"})
    server.drop_uris(other["id"], [other_site.image("elsewhere.png", 200, 150)])
    elsewhere = server.wait_settled(other["id"], 1)[0]
    for gone in (stored[0]["id"], elsewhere["id"], "00000000-0000-4000-8000-000000000000"):
        page.goto(f"{server.base_url}/g/{server.gallery_id}/items/{gone}")
        expect(page.get_by_role("alert").filter(has_text="This item is not in the gallery")).to_be_visible()
        expect(page.get_by_role("dialog")).to_have_count(0)
        expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
        expect(page.get_by_role("grid", name="My Gallery").locator(ITEM)).to_have_count(2)
    assert not [problem for problem in page.problems if "404" not in problem], page.problems


def test_an_item_trashed_elsewhere_is_said_and_the_next_one_shown(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "live")
    item_by_id(page, stored[1]["id"]).dblclick()
    expect(where(page)).to_have_text("Image 2 of 3: live1.png")
    server.api("DELETE", f"/api/items/{stored[1]['id']}")  # another tab, or another person
    expect(viewer(page).locator(".viewer-notice")).to_have_text(
        re.compile(r"^'live1\.png' is no longer in this gallery"))
    expect(where(page)).to_have_text("Image 2 of 2: live2.png")
    # Items added elsewhere count at once.
    server.drop_uris(server.gallery_id, [other_site.image("late.png", 300, 200)])
    expect(where(page)).to_have_text("Image 2 of 3: live2.png")
    # The item shown moved elsewhere: the viewer stays on it, at its new place.
    server.api("POST", f"/api/galleries/{server.gallery_id}/moves",
               {"itemIds": [stored[2]["id"]], "at": {"start": True}})
    expect(where(page)).to_have_text("Image 1 of 3: live2.png")
    page.keyboard.press("End")
    expect(where(page)).to_have_text(re.compile(r"^Image 3 of 3: late\.png"))
    expect(viewer(page).locator(".viewer-notice")).to_be_hidden()


def test_a_windowed_gallery_of_6000_items_is_stepped_through_across_its_windows(server, window):
    gallery = refill(server, 6_000)
    page = window()
    page.goto(f"{server.base_url}/g/{gallery}")
    listing = page.get_by_role("grid", name="My Gallery")
    expect(listing).to_have_attribute("aria-rowcount", "6000")
    page.locator(ITEM).first.focus()
    page.keyboard.press("Enter")
    expect(where(page)).to_have_text("Image 1 of 6000: filler0.png")
    page.keyboard.press("End")
    expect(where(page)).to_have_text("Image 6000 of 6000: filler5999.png")
    page.keyboard.press("ArrowLeft")
    expect(where(page)).to_have_text("Image 5999 of 6000: filler5998.png")
    # Held down through the middle of the gallery: every item, in order, none skipped, across the windows read.
    page.keyboard.press("Home")
    expect(where(page)).to_have_text("Image 1 of 6000: filler0.png")
    page.goto(f"{server.base_url}/g/{gallery}/items/{item_at(server, gallery, 2990)}")
    expect(where(page)).to_have_text("Image 2991 of 6000: filler2990.png")
    for number in range(2991, 3011):
        page.keyboard.press("ArrowRight")
        expect(where(page)).to_have_text(f"Image {number + 1} of 6000: filler{number}.png")
    assert page.locator(ITEM).count() < 300  # the page still holds only a window of the gallery
    page.keyboard.press("Escape")
    expect(page.locator(f"{ITEM}:focus")).to_have_accessible_name("Image: filler3010.png, 3011 of 6000")
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def item_at(server, gallery: str, position: int) -> str:
    return server.api("GET", f"/api/galleries/{gallery}/items?limit=1&position={position}")["items"][0]["id"]


def test_a_big_board_is_stepped_through_in_the_whole_gallerys_order(server, window):
    """A board of 6,000 items holds only the region it shows, which knows no order: the viewer reads the gallery's
    order itself, so it steps through every item, in order, with its place in the whole gallery."""
    gallery = refill(server, 6_000)
    server.api("PATCH", f"/api/galleries/{gallery}", {"view": "board"})
    page = window()
    page.goto(f"{server.base_url}/g/{gallery}")
    board = page.get_by_role("grid", name="My Gallery")
    expect(board).to_have_attribute("data-zoom", "1")
    # The server puts the items on the board (rows of 78); the page reads the region it shows.
    wait_until(lambda: server.api("GET", f"/api/galleries/{gallery}/items?position=5999&limit=1")["items"][0]["board"],
               timeout=60, message="every item put on the board")
    first = page.locator(f'{ITEM}[aria-label="Image: filler1.png"]')
    expect(first).to_be_visible()

    first.focus()
    page.keyboard.press("Enter")
    expect(where(page)).to_have_text("Image 2 of 6000: filler1.png")
    expect(page.get_by_role("dialog", name="Image: filler1.png, 2 of 6000")).to_be_visible()
    # Past the order read around it (51 items) and on: every item, in order, none skipped.
    for number in range(2, 60):
        page.keyboard.press("ArrowRight")
        expect(where(page)).to_have_text(f"Image {number + 1} of 6000: filler{number}.png")
    page.keyboard.press("End")
    expect(where(page)).to_have_text("Image 6000 of 6000: filler5999.png")
    page.keyboard.press("ArrowLeft")
    expect(where(page)).to_have_text("Image 5999 of 6000: filler5998.png")
    page.keyboard.press("Home")
    expect(where(page)).to_have_text("Image 1 of 6000: filler0.png")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(where(page)).to_have_text("Image 3 of 6000: filler2.png")
    assert page.locator(ITEM).count() < 300  # the page still holds only the board's region
    # Closed on an item of the region shown: the focus goes to its tile.
    page.keyboard.press("Escape")
    expect(page.locator(f'{ITEM}[aria-label="Image: filler2.png"]')).to_be_focused()

    # Opened by its address in the middle of the gallery, far from the region shown: stepped through from there, and
    # closed, the focus goes to the board.
    page.goto(f"{server.base_url}/g/{gallery}/items/{item_at(server, gallery, 2990)}")
    expect(where(page)).to_have_text("Image 2991 of 6000: filler2990.png")
    for number in range(2991, 3021):
        page.keyboard.press("ArrowRight")
        expect(where(page)).to_have_text(f"Image {number + 1} of 6000: filler{number}.png")
    page.keyboard.press("Escape")
    expect(viewer(page)).to_be_hidden()
    expect(page.locator(".gallery")).to_be_focused()
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_a_video_plays_in_the_viewer_space_pauses_it_and_it_keeps_its_place(page, server, other_site):
    drop_fixture(page, "clip.webm", "video/webm")
    video = wait_until(lambda: next((i for i in server.items(server.gallery_id)
                                     if i["kind"] == "video" and i["state"] == "ready"), None), message="the video")
    tile = item_by_id(page, video["id"])
    tile.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name=re.compile(r"^Video: clip\.webm"))).to_be_visible()
    player = viewer(page).locator("video")
    expect(player).to_have_attribute("src", video["playbackURL"] or video["videoURL"])
    player.evaluate("v => { v.muted = true; v.loop = true; return v.play(); }")
    wait_until(lambda: player.evaluate("v => !v.paused && v.currentTime > 0.3"), timeout=20, message="it plays")
    page.keyboard.press("Space")
    wait_until(lambda: player.evaluate("v => v.paused"), message="Space paused it")
    place = player.evaluate("v => v.currentTime")
    page.keyboard.press("Escape")
    expect(viewer(page)).to_be_hidden()
    tile.focus()
    page.keyboard.press("Enter")
    player = viewer(page).locator("video")
    wait_until(lambda: player.evaluate("(v, place) => v.readyState >= 1 && Math.abs(v.currentTime - place) < 0.6",
                                       place), timeout=20, message=f"it goes on from {place} s")
    assert not page.problems, page.problems


def test_a_note_and_a_link_are_shown_whole_and_a_note_is_edited_in_the_viewer(page, server, other_site):
    text = "Lisbon\nPorto\n\n" + "A long line of the note. " * 40
    html = ("<html><head><title>Tiles of Lisbon</title><meta name='description' content='Azulejos, street by street.'>"
            "<meta property='og:site_name' content='Lisbon Guide'></head><body>Hi</body></html>")
    by_kind = drop_every_kind(page, server, other_site, text=text, page_html=html, page_name="tiles")
    note = item_by_id(page, by_kind["note"]["id"])
    note.hover()
    note.get_by_role("button", name=re.compile("^Actions for")).click()
    page.get_by_role("menu").get_by_role("menuitem", name="Open").click()
    expect(page.get_by_role("dialog", name=re.compile(r"^Note: Lisbon"))).to_be_visible()
    card = viewer(page).get_by_role("region", name="Note text")
    expect(card.locator(".note-text")).to_have_text(text, use_inner_text=False)
    viewer(page).get_by_role("button", name="Edit Note").click()
    field = card.get_by_role("textbox")
    expect(field).to_be_focused()
    field.fill("Porto first\nthen Lisbon")
    page.keyboard.press("Control+Enter")
    wait_until(lambda: server.api("GET", f"/api/items/{by_kind['note']['id']}")["text"] == "Porto first\nthen Lisbon",
               message="the edit kept")
    expect(card.locator(".note-text")).to_have_text("Porto first\nthen Lisbon", use_inner_text=False)
    expect(viewer(page)).to_be_visible()
    page.keyboard.press("Escape")
    expect(note).to_be_focused()

    link = item_by_id(page, by_kind["link"]["id"])
    link.dblclick()
    expect(page.get_by_role("dialog", name=re.compile(r"^Link: Tiles of Lisbon"))).to_be_visible()
    expect(viewer(page).get_by_role("heading", name="Tiles of Lisbon")).to_be_visible()
    expect(viewer(page).locator(".viewer-link-description")).to_have_text("Azulejos, street by street.")
    expect(viewer(page).locator(".viewer-link-site")).to_have_text(re.compile(r"^Lisbon Guide"))
    expect(viewer(page).get_by_role("link", name="Open the Page")).to_have_attribute("href", by_kind["link"]["pageURL"])
    assert not page.problems, page.problems


def test_the_details_of_a_jpeg_with_exif_are_shown_remembered_and_its_title_changed(page, server):
    drop_fixture(page, "exif-photo.jpg", "image/jpeg")
    photo = wait_until(lambda: next((i for i in server.items(server.gallery_id) if i["state"] == "ready"), None),
                       message="the photo")
    item_by_id(page, photo["id"]).dblclick()
    expect(where(page)).to_have_text("Image 1 of 1: exif-photo.jpg")
    download = viewer(page).get_by_role("link", name="Download")
    expect(download).to_have_attribute("href", photo["downloadURL"])
    page.keyboard.press("i")
    panel = viewer(page).get_by_role("complementary", name="Details")
    expect(panel).to_be_visible()
    expect(viewer(page).get_by_role("button", name="Details")).to_have_attribute("aria-pressed", "true")
    facts = {
        "Kind": "Image", "Dimensions": "48 × 32", "File type": "image/jpeg",
        "Taken": "17 May 2024, 14:03:22 UTC+02:00", "Camera": "Canon EOS R5", "Lens": "RF24-105mm F4 L IS USM",
        "Focal length": "50 mm", "Aperture": "f/2.8", "Shutter": "1/250 s", "ISO": "400",
        "Location": "48.858333° N, 2.294500° E",
    }
    for label, value in facts.items():
        expect(panel.locator(f'dt:text-is("{label}") + dd')).to_have_text(value)
    # Who added it: the account the server acts as (`--no-auth`: the owner), by its name.
    adder = server.api("GET", f"/api/items/{photo['id']}").get("addedBy")
    assert adder, "the item's own answer names who added it"
    expect(panel.locator('dt:text-is("Added by") + dd')).to_have_text(adder)

    # Remembered: the next time the viewer opens, the details show.
    page.keyboard.press("Escape")
    page.reload()
    item_by_id(page, photo["id"]).dblclick()
    expect(panel).to_be_visible()

    # The title and caption are changed there: one change, kept.
    panel.get_by_label("Title").fill("Eiffel Tower")
    panel.get_by_label(re.compile("^Caption")).fill("The tower at noon")
    panel.get_by_role("button", name="Save").click()
    expect(panel.get_by_role("status")).to_have_text("Saved.")
    stored = server.api("GET", f"/api/items/{photo['id']}")
    assert (stored["title"], stored["caption"]) == ("Eiffel Tower", "The tower at noon"), stored
    expect(where(page)).to_have_text("Image 1 of 1: Eiffel Tower")
    assert not page.problems, page.problems


def test_the_slideshow_steps_by_itself_and_any_key_pauses_it(page, server, other_site):
    seed_gallery(page, server, other_site, 3, "show")
    page.locator(f"#gallery {ITEM}").first.dblclick()
    expect(where(page)).to_have_text("Image 1 of 3: show0.png")
    page.keyboard.press("p")
    slideshow = viewer(page).get_by_role("button", name="Pause Slideshow")
    expect(slideshow).to_have_attribute("aria-pressed", "true")
    expect(where(page)).to_have_text("Image 2 of 3: show1.png", timeout=8_000)
    page.keyboard.press("Shift")  # no input of the person's
    page.keyboard.press("x")
    expect(said(page)).to_have_text("Slideshow paused.")
    expect(viewer(page).get_by_role("button", name="Slideshow")).to_have_attribute("aria-pressed", "false")


def test_axe_finds_nothing_in_the_viewer_and_its_details_panel(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "axe")
    drop_fixture(page, "exif-photo.jpg", "image/jpeg")
    wait_until(lambda: [i["state"] for i in server.items(server.gallery_id)] == ["ready"] * 3, message="the photo")
    item_by_id(page, stored[0]["id"]).dblclick()
    expect(viewer(page)).to_be_visible()
    expect_no_axe_violations(page)
    page.keyboard.press("End")
    page.keyboard.press("i")
    expect(viewer(page).get_by_role("complementary", name="Details")).to_be_visible()
    expect(viewer(page).locator("dt", has_text="Camera")).to_be_visible()
    expect_no_axe_violations(page)


def test_axe_finds_nothing_in_the_viewer_on_a_note_a_link_and_a_video(page, server, other_site):
    by_kind = drop_every_kind(page, server, other_site, text="A note\nwith two lines", page_name="axe",
                              page_html="<title>A page</title><meta name='description' content='What it says'>")
    for kind in ("note", "link", "video"):
        tile = item_by_id(page, by_kind[kind]["id"])
        if kind == "note":
            open_by_menu(page, by_kind[kind])  # a double click edits a note
        elif kind == "link":
            tile.dblclick()  # Enter opens its page
        else:
            tile.focus()
            page.keyboard.press("Enter")  # a click on its Play button plays it in its tile
        expect(viewer(page)).to_be_visible()
        expect_no_axe_violations(page)
        page.keyboard.press("Escape")
        expect(viewer(page)).to_be_hidden()


def open_by_menu(page, item):
    tile = item_by_id(page, item["id"])
    tile.hover()
    tile.get_by_role("button", name=re.compile("^Actions for")).click()
    page.get_by_role("menu").get_by_role("menuitem", name="Open").click()


def test_a_read_only_link_opens_an_items_address_in_the_viewer_and_changes_nothing(owner, auth_server, other_site,
                                                                                   window):
    gallery = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    owner.drop_uris(gallery["id"], [other_site.image(f"trip{i}.png", 300, 200) for i in range(2)])
    items = owner.wait_settled(gallery["id"], 2)
    link = owner.api("POST", f"/api/galleries/{gallery['id']}/links")
    page = window()
    page.goto(f"{auth_server.base_url}{link['url']}")
    expect(page).to_have_url(f"{auth_server.base_url}/g/{gallery['id']}")
    # The link's address of an item opens the gallery on it. (Here with the link's session made; the address is
    # served before one is made too, for a link that works: SharingAPITests.)
    page.goto(f"{auth_server.base_url}{link['url']}/items/{items[1]['id']}")
    expect(page).to_have_url(f"{auth_server.base_url}/g/{gallery['id']}/items/{items[1]['id']}")
    dialog = page.get_by_role("dialog", name="Image: trip1.png, 2 of 2")
    expect(dialog).to_be_visible()
    page.keyboard.press("i")
    panel = dialog.get_by_role("complementary", name="Details")
    expect(panel.get_by_role("heading", name="trip1.png")).to_be_visible()
    expect(panel.get_by_role("textbox")).to_have_count(0)
    expect(panel.get_by_role("button", name="Save")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    expect(where(page)).to_have_text("Image 1 of 2: trip0.png")
    assert not [problem for problem in page.problems if "404" not in problem], page.problems


def touch(cdp, kind: str, points: list[tuple[float, float]]) -> None:
    """Fingers on the screen (Chromium's touch input): `kind` touchStart, touchMove or touchEnd."""
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]})


def test_two_fingers_pinch_around_their_middle_and_a_swipe_steps(touch_page, server, other_site):
    page = touch_page
    stored = big_images(page, server, other_site, 2)
    item_by_id(page, stored[0]["id"]).dblclick()
    expect(where(page)).to_have_text("Image 1 of 2: big0.png")
    fit = image_box(page)
    stage = viewer(page).locator(".viewer-stage").bounding_box()
    x, y = stage["x"] + stage["width"] / 2, stage["y"] + stage["height"] / 2
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", [(x - 100, y), (x + 100, y)])
    for step in range(1, 6):
        touch(cdp, "touchMove", [(x - 100 - 20 * step, y), (x + 100 + 20 * step, y)])
    touch(cdp, "touchEnd", [])
    # Spread twice as far: twice as large, the point between the fingers still between them.
    wait_until(lambda: abs(image_box(page)["width"] - 2 * fit["width"]) < 2, message="zoomed by the pinch")
    zoomed = image_box(page)
    middle = (stage["width"] / 2 - zoomed["x"]) / zoomed["width"]
    assert abs(middle - (stage["width"] / 2 - fit["x"]) / fit["width"]) < 0.01, (fit, zoomed)

    page.keyboard.press("0")
    touch(cdp, "touchStart", [(x + 200, y)])
    touch(cdp, "touchMove", [(x, y + 5)])
    touch(cdp, "touchMove", [(x - 200, y + 10)])
    touch(cdp, "touchEnd", [])
    expect(where(page)).to_have_text("Image 2 of 2: big1.png")
    assert not page.problems, page.problems


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def long_press(page, cdp, locator) -> None:
    """A finger held still on `locator` for longer than a tap (the grid lifts an item after half a second), until the
    tiles are still again."""
    x, y = centre(locator)
    touch(cdp, "touchStart", [(x, y)])
    page.wait_for_timeout(700)
    touch(cdp, "touchEnd", [])
    wait_tiles_still(page)


def test_a_tap_on_touch_opens_the_viewer_in_the_grid_the_list_and_the_board(touch_page, server, other_site):
    page = touch_page
    stored = seed_gallery(page, server, other_site, 3, "tap")
    tile = item_by_id(page, stored[1]["id"])
    dialog = page.get_by_role("dialog", name="Image: tap1.png, 2 of 3")
    for view in ("Grid", "List", "Board"):
        page.get_by_role("radiogroup", name="View").get_by_role("radio", name=view).check()
        expect(tile).to_be_visible()
        page.touchscreen.tap(*centre(tile))
        expect(dialog).to_be_visible()
        expect(where(page)).to_have_text("Image 2 of 3: tap1.png")
        page.get_by_role("button", name="Close").tap()
        expect(dialog).to_be_hidden()
        expect(tile).to_be_focused()
        expect(page.locator(f'{ITEM}[aria-selected="true"]')).to_have_count(0)  # a tap opens: it selects nothing
    # A finger that moves scrolls or moves; it opens nothing.
    page.get_by_role("radiogroup", name="View").get_by_role("radio", name="Grid").check()
    cdp = page.context.new_cdp_session(page)
    x, y = centre(tile)
    touch(cdp, "touchStart", [(x, y)])
    touch(cdp, "touchMove", [(x, y - 30)])
    touch(cdp, "touchEnd", [])
    page.touchscreen.tap(*centre(item_by_id(page, stored[2]["id"])))
    expect(page.get_by_role("dialog", name="Image: tap2.png, 3 of 3")).to_be_visible()
    page.keyboard.press("Escape")
    assert not page.problems, page.problems


def test_a_double_tap_opens_the_viewer_once_and_its_second_tap_neither_closes_nor_zooms(touch_page, server, other_site):
    page = touch_page
    # A tall image: shown in the viewer, it leaves dark backdrop where its narrow tile was.
    server.drop_uris(server.gallery_id, [other_site.image("tall.png", 60, 300), other_site.image("wide.png", 400, 300)])
    stored = server.wait_settled(server.gallery_id, 2)
    page.reload()
    wait_images_loaded(page, 2)
    cdp = page.context.new_cdp_session(page)
    x, y = centre(item_by_id(page, stored[0]["id"]))
    for _ in range(2):
        touch(cdp, "touchStart", [(x, y)])
        touch(cdp, "touchEnd", [])
    page.keyboard.press("ArrowRight")  # heard after both taps: the viewer is still open
    expect(where(page)).to_have_text("Image 2 of 2: wide.png")
    page.keyboard.press("Escape")
    expect(item_by_id(page, stored[1]["id"])).to_be_focused()
    assert not page.problems, page.problems


def test_on_touch_a_press_held_still_selects_and_then_taps_add_and_take_out(touch_page, server, other_site):
    page = touch_page
    stored = seed_gallery(page, server, other_site, 4, "pick")
    tiles = [item_by_id(page, item["id"]) for item in stored]
    cdp = page.context.new_cdp_session(page)
    # In the grid the long press lifts the item; let go where it was, it is selected.
    long_press(page, cdp, tiles[0])
    expect(tiles[0]).to_have_attribute("aria-selected", "true")
    expect(page.locator('[aria-live="polite"]')).to_have_text("Selected 'pick0.png'.")
    # While items are selected, a tap adds an item or takes it out, and opens nothing.
    page.touchscreen.tap(*centre(tiles[2]))
    expect(tiles[2]).to_have_attribute("aria-selected", "true")
    expect(tiles[0]).to_have_attribute("aria-selected", "true")
    page.touchscreen.tap(*centre(tiles[0]))
    expect(tiles[0]).to_have_attribute("aria-selected", "false")
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.touchscreen.tap(*centre(tiles[2]))
    expect(page.locator(f'{ITEM}[aria-selected="true"]')).to_have_count(0)
    # None selected: a tap opens again.
    page.touchscreen.tap(*centre(tiles[3]))
    expect(page.get_by_role("dialog", name="Image: pick3.png, 4 of 4")).to_be_visible()
    page.keyboard.press("Escape")
    # On the board, where a finger moves a tile at once, a press held still selects it.
    page.get_by_role("radiogroup", name="View").get_by_role("radio", name="Board").check()
    expect(tiles[1]).to_be_visible()
    long_press(page, cdp, tiles[1])
    expect(tiles[1]).to_have_attribute("aria-selected", "true")
    page.touchscreen.tap(*centre(tiles[3]))
    expect(tiles[3]).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert not page.problems, page.problems


def test_a_tiff_is_shown_full_size_through_its_display_copy(page, server):
    drop_fixture(page, "photo.tif", "image/tiff")
    item = wait_until(lambda: next((i for i in server.items(server.gallery_id) if i["state"] != "pending"), None),
                      message="the TIFF settled")
    if item["state"] == "failed":  # without libvips a TIFF is refused, saying so (test_item_kinds.py)
        assert item["failure"]["code"] == "unsupported-format", item
        return
    assert item["imageURL"] != item["originalURL"], item
    item_by_id(page, item["id"]).dblclick()
    expect(where(page)).to_have_text("Image 1 of 1: photo.tif")
    # What browsers show of it, never the TIFF itself; drawn as large as the window allows.
    expect(shown_image(page)).to_have_attribute("src", item["imageURL"])
    wait_until(lambda: shown_image(page).evaluate("i => i.complete && i.naturalWidth > 0"), message="the copy drawn")
    box = image_box(page)
    assert abs(box["height"] - box["stageHeight"]) < 2 or abs(box["width"] - box["stageWidth"]) < 2, box
    page.keyboard.press("1")
    expect(shown_image(page)).to_have_attribute("src", item["imageURL"])
    assert not page.problems, page.problems
