"""The board view: items lie where people put them. Switching to it puts every item in free space and saves that;
tiles are moved by drags and by the arrow keys, drops from outside land where they are dropped, Zoom to Fit
shows every item, only the items near the viewport are in the page, and two windows see each other's moves. (Drags of
several items, copies, the marquee and pastes: test_board_drags.py; pan and zoom gestures: test_board_gestures.py.)"""

from board_helpers import all_on_board, board, choose_view, close_to, stored_board, switch_to_board, tiles, transform
from playwright.sync_api import expect

from helpers import _DRAG_JS, item_by_id, seed_gallery, uri_list, wait_until
from pane_helpers import open_window


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_switching_to_the_board_places_every_item_without_overlaps_and_saves_it(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 6, "place")
    positions = switch_to_board(page, server, 6)

    sizes = {i["id"]: (i["width"], i["height"]) for i in stored}
    rects = [(p["x"], p["y"], p["width"], p["width"] * sizes[i][1] / sizes[i][0]) for i, p in positions.items()]
    for a in range(len(rects)):
        for b in range(a + 1, len(rects)):
            assert not overlap(rects[a], rects[b]), f"{rects[a]} overlaps {rects[b]}"
    for item_id, position in positions.items():
        tile = item_by_id(page, item_id)
        expect(tile).to_have_attribute("data-x", str(position["x"]).removesuffix(".0"))
        expect(tile).to_have_attribute("data-y", str(position["y"]).removesuffix(".0"))
    assert server.api("GET", f"/api/galleries/{server.gallery_id}")["view"] == "board"
    # The board's tiles are HTML5-draggable, as in the grid: they can also go to another pane, the trash or another app.
    assert tiles(page).evaluate_all("els => els.every(e => e.draggable)")


def test_dragging_a_tile_moves_it_there_and_brings_it_to_the_front(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "drag")
    before = switch_to_board(page, server, 3)
    first = stored[0]["id"]
    zoom = transform(page)["zoom"]
    box = item_by_id(page, first).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 150, y + 220, steps=6)
    page.mouse.up()

    expected = (before[first]["x"] + 150 / zoom, before[first]["y"] + 220 / zoom)
    after = wait_until(lambda: (p := stored_board(server))[first]["x"] != before[first]["x"] and p,
                       message="the dragged tile's new place saved")
    assert close_to(after[first]["x"], expected[0]) and close_to(after[first]["y"], expected[1]), after[first]
    assert after[first]["z"] > max(p["z"] for i, p in after.items() if i != first)
    moved = item_by_id(page, first).bounding_box()
    assert close_to(moved["x"], box["x"] + 150) and close_to(moved["y"], box["y"] + 220), moved
    # The order does not change on the board.
    assert [i["id"] for i in server.items(server.gallery_id)] == [i["id"] for i in stored]


def test_arrow_keys_nudge_the_focused_tile_and_alt_arrows_move_focus(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "nudge")
    before = switch_to_board(page, server, 2)
    a, b = (i["id"] for i in stored)

    item_by_id(page, a).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowDown")
    wait_until(lambda: (p := stored_board(server)[a])["x"] == before[a]["x"] + 2 and p["y"] == before[a]["y"] + 10,
               message="the tile nudged 2 right and 10 down")
    expect(item_by_id(page, a)).to_have_attribute("data-x", str(before[a]["x"] + 2).removesuffix(".0"))
    expect(item_by_id(page, a)).to_be_focused()
    assert stored_board(server)[b] == before[b]

    # With both selected, the arrows move both.
    item_by_id(page, b).click(modifiers=["Control"])
    item_by_id(page, a).click(modifiers=["Control"])
    expect(item_by_id(page, b)).to_have_attribute("data-selected", "true")
    item_by_id(page, a).focus()
    page.keyboard.press("Shift+ArrowLeft")
    wait_until(lambda: (p := stored_board(server))[a]["x"] == before[a]["x"] - 8 and p[b]["x"] == before[b]["x"] - 10,
               message="both nudged 10 left")

    page.keyboard.press("Alt+ArrowRight")
    expect(item_by_id(page, b)).to_be_focused()


def test_nudges_are_stored_in_the_order_they_were_made_however_slow_the_first_is(page, server, other_site):
    # Two presses of an arrow key are two requests: the second is sent once the first is answered, so a first one
    # held up on its way (here, by the test) cannot reach the server after the second and store the older place.
    stored = seed_gallery(page, server, other_site, 1, "order")
    before = switch_to_board(page, server, 1)
    a = stored[0]["id"]
    held = []

    def hold_the_first(route):
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/galleries/*/board", hold_the_first)
    item_by_id(page, a).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(item_by_id(page, a)).to_have_attribute("data-x", str(before[a]["x"] + 2).removesuffix(".0"))
    wait_until(lambda: held, message="the first nudge's request on its way")
    page.wait_for_timeout(300)  # time for a second request to overtake it, if one were sent
    held[0].continue_()
    # (Waiting in the page, so that Playwright hands on a second request held by the route meanwhile.)
    for _ in range(100):
        page.wait_for_timeout(100)
        if stored_board(server)[a]["x"] == before[a]["x"] + 2:
            break
    page.wait_for_timeout(300)
    assert stored_board(server)[a]["x"] == before[a]["x"] + 2
    expect(item_by_id(page, a)).to_have_attribute("data-x", str(before[a]["x"] + 2).removesuffix(".0"))
    page.unroute("**/api/galleries/*/board")


def test_a_drop_from_outside_lands_at_the_drop_point(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "drop")
    switch_to_board(page, server, 2)
    t = transform(page)
    box = board(page).bounding_box()
    point = {"x": box["x"] + 700, "y": box["y"] + 420}

    result = page.evaluate(_DRAG_JS, {"files": [], "point": point, "events": ["dragenter", "dragover", "drop"],
                                      "data": [["text/uri-list", uri_list(other_site.image("new.png", 80, 60))]]})
    assert result["cancelled"]["drop"]

    known = {i["id"] for i in stored}
    new = wait_until(lambda: next((i for i in server.items(server.gallery_id) if i["id"] not in known and i["board"]),
                                  None), message="the dropped item on the board")
    expected = ((700 - t["panX"]) / t["zoom"], (420 - t["panY"]) / t["zoom"])
    assert close_to(new["board"]["x"], expected[0]) and close_to(new["board"]["y"], expected[1]), new["board"]
    expect(item_by_id(page, new["id"])).to_have_attribute("data-state", "ready", timeout=10_000)
    # No free-space placement raced the drop point.
    wait_until(lambda: close_to(stored_board(server)[new["id"]]["x"], expected[0]), message="the drop point kept")


def test_zoom_to_fit_shows_every_item_and_only_items_near_the_viewport_are_in_the_page(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "fit")
    positions = switch_to_board(page, server, 3)
    far = stored[2]["id"]
    server.api("POST", f"/api/galleries/{server.gallery_id}/board",
               {"positions": [{"itemId": far, "x": 9000, "y": 6000, "width": positions[far]["width"], "z": 1}]})
    expect(tiles(page)).to_have_count(2)  # the far item is not in the page

    page.get_by_role("button", name="Zoom to Fit").click()

    expect(tiles(page)).to_have_count(3)
    view = board(page).bounding_box()
    for item in stored:
        tile = item_by_id(page, item["id"]).bounding_box()
        assert tile["x"] >= view["x"] - 1 and tile["y"] >= view["y"] - 1, (tile, view)
        assert tile["x"] + tile["width"] <= view["x"] + view["width"] + 1, (tile, view)
        assert tile["y"] + tile["height"] <= view["y"] + view["height"] + 1, (tile, view)
    expect(page.get_by_role("button", name="Zoom to Fit")).to_be_visible()
    choose_view(page, "Grid")
    expect(page.get_by_role("button", name="Zoom to Fit")).to_be_hidden()


def test_plus_and_minus_zoom_around_the_centre_and_ctrl_wheel_around_the_pointer(page, server, other_site):
    seed_gallery(page, server, other_site, 2, "zoom")
    switch_to_board(page, server, 2)
    tiles(page).first.focus()
    before = transform(page)
    page.keyboard.press("+")
    wait_until(lambda: transform(page)["zoom"] > before["zoom"], message="zoomed in")

    box = board(page).bounding_box()
    at = {"x": 300.0, "y": 200.0}
    t = transform(page)
    under = ((at["x"] - t["panX"]) / t["zoom"], (at["y"] - t["panY"]) / t["zoom"])
    page.mouse.move(box["x"] + at["x"], box["y"] + at["y"])
    page.keyboard.down("Control")
    page.mouse.wheel(0, 200)
    page.keyboard.up("Control")
    wait_until(lambda: transform(page)["zoom"] < t["zoom"], message="zoomed out")
    z = transform(page)
    still = ((at["x"] - z["panX"]) / z["zoom"], (at["y"] - z["panY"]) / z["zoom"])
    assert close_to(still[0], under[0]) and close_to(still[1], under[1]), (still, under)


def test_the_boards_zoom_and_pan_are_remembered_on_this_browser_when_the_page_is_left(page, server, other_site):
    seed_gallery(page, server, other_site, 2, "kept")
    switch_to_board(page, server, 2)
    tiles(page).first.focus()
    before = transform(page)
    page.keyboard.press("+")
    wait_until(lambda: transform(page)["zoom"] > before["zoom"], message="zoomed in")
    zoomed = transform(page)

    page.reload()
    expect(tiles(page)).to_have_count(2)
    wait_until(lambda: close_to(transform(page)["zoom"], zoomed["zoom"]), message="the zoom remembered")
    assert close_to(transform(page)["panX"], zoomed["panX"]) and close_to(transform(page)["panY"], zoomed["panY"])


def test_two_windows_on_one_board_see_each_others_moves(browser, page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "live")
    before = switch_to_board(page, server, 2)
    a, b = (i["id"] for i in stored)
    other = open_window(browser, server, f"/g/{server.gallery_id}", list_name="My Gallery")
    try:
        expect(other.locator(f'[data-item-id="{a}"]')).to_have_attribute(
            "data-x", str(before[a]["x"]).removesuffix(".0"))

        item_by_id(page, a).focus()
        page.keyboard.press("Shift+ArrowDown")
        expect(other.locator(f'[data-item-id="{a}"]')).to_have_attribute(
            "data-y", str(before[a]["y"] + 10).removesuffix(".0"))

        other.locator(f'[data-item-id="{b}"]').focus()
        other.keyboard.press("Shift+ArrowLeft")
        expect(item_by_id(page, b)).to_have_attribute("data-x", str(before[b]["x"] - 10).removesuffix(".0"))
        assert other.problems == []
    finally:
        other.context.close()


def test_placing_items_in_free_space_is_no_undo_step_of_its_own_but_moving_one_is(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "undo")
    placed = switch_to_board(page, server, 3)
    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    # Switching to the board (a preference) and placing every item there are no undo step.
    expect(undo).to_have_text("Undo")
    expect(undo).to_be_disabled()

    a = stored[0]["id"]
    item_by_id(page, a).focus()
    page.keyboard.press("Shift+ArrowRight")
    expect(undo).to_have_text("Undo Arrange")
    wait_until(lambda: stored_board(server)[a]["x"] == placed[a]["x"] + 10, message="the nudge saved")

    undo.click()
    wait_until(lambda: stored_board(server) == placed, message="the nudge undone")
    expect(undo).to_be_disabled()
    expect(page.get_by_role("radiogroup", name="View").get_by_role("radio", name="Board")).to_be_checked()
    assert stored_board(server) == placed  # the places stay for the next time the board is shown


def test_an_item_still_loading_is_put_on_the_board_once_its_size_is_known(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "early")
    switch_to_board(page, server, 2)
    other_site.image("tall.png", 60, 240)
    server.drop_uris(server.gallery_id, [other_site.url("/slow/tall.png")])
    expect(tiles(page)).to_have_count(3)
    tall = next(i for i in server.items(server.gallery_id) if i["id"] not in {s["id"] for s in stored})
    expect(item_by_id(page, tall["id"])).to_have_attribute("data-state", "pending")
    page.wait_for_timeout(300)  # time enough for a placement request, if the page wrongly made one
    assert stored_board(server)[tall["id"]] is None  # not saved while its height is unknown

    other_site.release("tall.png")

    expect(item_by_id(page, tall["id"])).to_have_attribute("data-state", "ready", timeout=10_000)
    positions = wait_until(lambda: all_on_board(server), message="the loaded item saved on the board")
    items = {i["id"]: i for i in server.items(server.gallery_id)}
    rects = [(p["x"], p["y"], p["width"], p["width"] * items[i]["height"] / items[i]["width"])
             for i, p in positions.items()]
    assert (items[tall["id"]]["width"], items[tall["id"]]["height"]) == (60, 240)
    for a in range(len(rects)):
        for b in range(a + 1, len(rects)):
            assert not overlap(rects[a], rects[b]), f"{rects[a]} overlaps {rects[b]}"
