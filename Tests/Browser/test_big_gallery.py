"""A big gallery opens on its first window (issue "A million items"): the page shows it as soon as it is read, reads
the rest window by window while the gallery stays live and usable, and says how far it got meanwhile."""

import re

from filler import fill_directly
from playwright.sync_api import expect

from helpers import pump_until

ITEM = '[role="row"]'


def test_the_first_window_shows_before_the_rest_and_a_live_move_meanwhile_lands(server, window):
    gallery = server.gallery_id
    server.stop()
    fill_directly(server.data_dir / "gallery.sqlite", gallery, 1_500)
    server.start(server.port)
    last = server.api("GET", f"/api/galleries/{gallery}/items?position=1499&limit=1")["items"][0]

    page = window()
    held, released = [], []

    def hold_the_second_window(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/items?limit=1000*", hold_the_second_window)
    page.goto(f"{server.base_url}/g/{gallery}")
    listing = page.get_by_role("grid", name="My Gallery")
    expect(page.locator(".pane-loading")).to_have_text("Loading items… 500 of 1,500")
    expect(listing).to_have_attribute("aria-busy", "true")
    expect(page.locator(ITEM).first.get_by_role("img")).to_have_accessible_name(re.compile(r"^filler0\.png"))
    expect(listing).to_have_attribute("aria-rowcount", "1500")
    expect(page.locator(ITEM).first).to_have_accessible_name(re.compile(r"^Image: filler0\.png, 1 of 1500$"))
    pump_until(page, lambda: held, message="the second window asked for")

    # Another window moves the gallery's last item (not read here yet) to the start: it shows there at once.
    server.api("POST", f"/api/galleries/{gallery}/moves", {"itemIds": [last["id"]], "at": {"start": True}})
    expect(page.locator(ITEM).first.get_by_role("img")).to_have_accessible_name(re.compile(r"^filler1499\.png"))

    released.append(True)
    for route in held:
        route.continue_()
    expect(page.locator(".pane-loading")).to_be_hidden()
    expect(listing).not_to_have_attribute("aria-busy", "true")
    # Every item is there once: the moved one first, and the last is the one before it.
    page.locator(ITEM).first.focus()
    page.keyboard.press("End")
    expect(page.locator(f"{ITEM}:focus").get_by_role("img")).to_have_accessible_name(re.compile(r"^filler1498\.png"))
    expect(page.locator(f"{ITEM}:focus")).to_have_accessible_name(re.compile(r", 1500 of 1500$"))
    page.keyboard.press("Home")
    expect(page.locator(f"{ITEM}:focus").get_by_role("img")).to_have_accessible_name(re.compile(r"^filler1499\.png"))
    expect(page.locator(f'{ITEM}[data-item-id="{last["id"]}"]')).to_have_count(1)
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]
