"""A big gallery opens on its first window (issue "A million items"): the page shows it as soon as it is read, reads
the rest window by window while the gallery stays live and usable, and says how far it got meanwhile."""

import re

from filler import refill
from playwright.sync_api import expect

from helpers import pump_until

ITEM = '[role="row"]'


def test_the_first_window_shows_before_the_rest_and_a_live_move_meanwhile_lands(server, window):
    gallery = refill(server, 1_500)
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


def test_select_all_of_more_than_a_thousand_items_goes_to_the_trash_in_one_request_and_comes_back_in_one_undo(
        server, window):
    gallery = refill(server, 1_500)
    page = window()
    trash_requests = []
    page.on("request", lambda request: trash_requests.append(request.post_data_json)
            if request.method == "POST" and request.url.endswith(f"/api/galleries/{gallery}/trash") else None)
    # Every item read (the second window is the rest), so that Select All selects all of them.
    with page.expect_response(lambda response: "/items?limit=1000" in response.url):
        page.goto(f"{server.base_url}/g/{gallery}")
    expect(page.locator(".pane-loading")).to_be_hidden()

    page.locator(ITEM).first.focus()
    page.keyboard.press("Control+a")
    expect(page.locator('[aria-live="polite"]')).to_have_text("Selected all 1500 items.")
    page.keyboard.press("Delete")

    expect(page.locator('[aria-live="polite"]')).to_have_text("Moved 1500 items to the trash.")
    expect(page.locator(ITEM)).to_have_count(0)
    assert page.evaluate("document.activeElement && document.activeElement !== document.body"), page.evaluate(
        "document.activeElement.outerHTML.slice(0, 200)")
    assert len(trash_requests) == 1 and trash_requests[0]["range"]["count"] == 1_500, trash_requests
    gallery_now = server.api("GET", f"/api/galleries/{gallery}")
    assert (gallery_now["itemCount"], gallery_now["trashCount"]) == (0, 1_500)

    page.keyboard.press("Control+z")
    expect(page.get_by_role("grid", name="My Gallery")).to_have_attribute("aria-rowcount", "1500")
    gallery_now = server.api("GET", f"/api/galleries/{gallery}")
    assert (gallery_now["itemCount"], gallery_now["trashCount"]) == (1_500, 0)
    expect(page.locator(ITEM).first.get_by_role("img")).to_have_accessible_name(re.compile(r"^filler0\.png"))
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]
