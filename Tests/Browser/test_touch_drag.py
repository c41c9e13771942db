"""Dragging with a finger in the grid and the list (the seeds' long press): a press of half a second lifts an item,
the finger carries it and lifting it drops it; a second finger adds items; moving first is a scroll, not a drag."""

import re

from playwright.sync_api import expect

from helpers import api_ids, expect_order, item_by_id, seed_gallery, trash_ids, wait_until


class Finger:
    """Touch points sent through the DevTools protocol (Input.dispatchTouchEvent), as a touch screen would."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent",
                      {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    def press_and_drag(self, start: tuple[float, float], end, hold_ms: int = 650, steps: int = 10,
                       second=None) -> None:
        """Presses at `start` for `hold_ms`, then (with `second`, a locator) taps that item with a second finger
        (measured once the first is lifted), and drags to the point `end`."""
        self.send("touchStart", [start])
        self.page.wait_for_timeout(hold_ms)
        if second is not None:  # a point left out of a touchMove is lifted
            self.send("touchStart", [start, centre(second)])
            self.send("touchMove", [start])
        for step in range(1, steps + 1):
            f = step / steps
            self.send("touchMove", [(start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)])
        self.send("touchEnd", [])


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def left_edge(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + 3, box["y"] + box["height"] / 2


def seeded(touch_page, server, other_site, count, prefix):
    return [i["id"] for i in seed_gallery(touch_page, server, other_site, count, prefix)]


def test_a_long_press_lifts_an_item_and_lifting_the_finger_drops_it_where_the_gap_is(touch_page, server, other_site):
    ids = seeded(touch_page, server, other_site, 4, "touch")
    finger = Finger(touch_page)
    # Aimed where the fourth item's left edge is before anything is lifted: the gap the drag opens moves it.
    finger.press_and_drag(centre(item_by_id(touch_page, ids[0])), left_edge(item_by_id(touch_page, ids[3])))
    expect_order(touch_page, server, [ids[1], ids[2], ids[0], ids[3]])
    expect(touch_page.locator('[aria-live="polite"]')).to_have_text(re.compile(r"Moved 'touch0\.png' to position 3"))
    assert not touch_page.problems, touch_page.problems


def test_a_second_finger_adds_items_and_the_trash_takes_them_all(touch_page, server, other_site):
    ids = seeded(touch_page, server, other_site, 4, "two")
    finger = Finger(touch_page)
    trash = touch_page.locator(".trash-target").first
    finger.press_and_drag(centre(item_by_id(touch_page, ids[1])), centre(trash), second=item_by_id(touch_page, ids[2]))
    wait_until(lambda: sorted(trash_ids(server)) == sorted([ids[1], ids[2]]), message="both in the trash")
    expect_order(touch_page, server, [ids[0], ids[3]])


def test_moving_before_the_press_is_long_enough_scrolls_and_moves_nothing(touch_page, server, other_site):
    ids = seeded(touch_page, server, other_site, 4, "quick")
    finger = Finger(touch_page)
    finger.press_and_drag(centre(item_by_id(touch_page, ids[0])), left_edge(item_by_id(touch_page, ids[3])),
                          hold_ms=0)
    touch_page.wait_for_timeout(700)
    expect_order(touch_page, server, ids)
    expect(item_by_id(touch_page, ids[0])).not_to_have_attribute("data-dragging", "true")


def test_a_lifted_item_carried_to_the_bottom_edge_scrolls_the_view_and_lands_further_down(touch_page, server,
                                                                                          other_site):
    # More items than the window shows (so they are not all drawn: seeded through the API, not seed_gallery).
    server.drop_uris(server.gallery_id, [other_site.image(f"far{i}.png", 120, 90) for i in range(24)])
    ids = [item["id"] for item in server.wait_settled(server.gallery_id, 24)]
    touch_page.reload()
    expect(item_by_id(touch_page, ids[0]).locator("img.loaded")).to_be_visible()
    scroller = touch_page.locator("#gallery")
    assert scroller.evaluate("el => el.scrollHeight > el.clientHeight + 200"), "the gallery does not scroll"
    assert scroller.evaluate("el => el.scrollTop") == 0
    box = scroller.bounding_box()
    edge = (box["x"] + box["width"] / 2, box["y"] + box["height"] - 6)
    first_screen = touch_page.evaluate("""(bottom) => [...document.querySelectorAll('#gallery [role="row"]')]
        .filter((e) => e.getBoundingClientRect().top < bottom).length""", box["y"] + box["height"])
    finger = Finger(touch_page)
    start = centre(item_by_id(touch_page, ids[0]))
    finger.send("touchStart", [start])
    touch_page.wait_for_timeout(650)
    expect(item_by_id(touch_page, ids[0])).to_have_attribute("data-dragging", "true")
    for step in range(1, 9):
        f = step / 8
        finger.send("touchMove", [(start[0] + (edge[0] - start[0]) * f, start[1] + (edge[1] - start[1]) * f)])
    # Held near the edge, the view scrolls on by itself (the finger only trembles a little).
    for tremble in range(60):
        finger.send("touchMove", [(edge[0] + tremble % 2, edge[1])])
        touch_page.wait_for_timeout(20)
    scrolled = wait_until(lambda: scroller.evaluate("el => el.scrollTop") > 200 and scroller.evaluate(
        "el => el.scrollTop"), message="the view scrolled near the bottom edge")
    finger.send("touchEnd", [])
    # It landed where the finger was: below every item the first screen showed. The finger's item was scrolled out
    # of sight and the drag went on (it used to be taken out of the page, and the browser cancelled the touch).
    wait_until(lambda: ids[0] not in api_ids(server)[:4], message="the item left the first row")
    landed = api_ids(server).index(ids[0])
    assert landed >= first_screen, (landed, first_screen, scrolled)
    assert not touch_page.problems, touch_page.problems


def test_two_fingers_pinching_the_grid_change_the_images_per_row(touch_page, server, other_site):
    seeded(touch_page, server, other_site, 6, "pinch")
    per_row = touch_page.locator("input.per-row").first
    expect(per_row).to_have_value("4")
    box = touch_page.locator("#gallery").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 300
    finger = Finger(touch_page)

    def pinch(start_gap: float, end_gap: float) -> None:
        finger.send("touchStart", [(x - start_gap, y)])
        finger.send("touchStart", [(x - start_gap, y), (x + start_gap, y)])
        for step in range(1, 9):
            gap = start_gap + (end_gap - start_gap) * step / 8
            finger.send("touchMove", [(x - gap, y), (x + gap, y)])
        finger.send("touchEnd", [])

    pinch(60, 180)  # spread: bigger images, fewer per row
    wait_until(lambda: int(per_row.input_value()) < 4, message="spreading two fingers made the images bigger")
    spread = int(per_row.input_value())
    pinch(180, 40)  # pinch: smaller images, more per row
    wait_until(lambda: int(per_row.input_value()) > spread, message="pinching made the images smaller")
    # Nothing was lifted, selected or moved by the fingers.
    expect(touch_page.locator('#gallery [data-dragging="true"]')).to_have_count(0)
    expect(touch_page.locator('#gallery [aria-selected="true"]')).to_have_count(0)
    assert not touch_page.problems, touch_page.problems
