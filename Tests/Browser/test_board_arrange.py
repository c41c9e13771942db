"""Arranging the board beyond moves: a tile's corner handle resizes it (the aspect and the top-left corner kept, saved,
undoable), and the item menu, on the board only, brings items to the front, sends them to the back, and makes them
larger or smaller."""

import re

from board_helpers import choose_view, close_to, stored_board, switch_to_board, transform
from playwright.sync_api import expect

from helpers import announced, item_by_id, seed_gallery, wait_until

BOARD_ENTRIES = ["Bring to Front", "Send to Back", "Make Larger", "Make Smaller"]


def undo_button(page):
    return page.locator("#gallery").locator("xpath=..").locator(".undo")


def open_menu_with_button(page, item: dict):
    button = item_by_id(page, item["id"]).get_by_role("button", name=f"Actions for {item['title']}")
    button.hover()  # the tile's uncovered top-right corner: tiles may overlap on the board
    button.click()
    menu = page.get_by_role("menu")
    expect(menu).to_be_visible()
    return menu


def z_index(page, item_id: str) -> int:
    return int(item_by_id(page, item_id).evaluate("el => getComputedStyle(el).zIndex"))


def board_requests(page) -> list:
    """The board requests the page makes from now on (a list that fills as they go)."""
    seen = []
    page.on("request", lambda r: seen.append(r) if r.method == "POST" and r.url.endswith("/board") else None)
    return seen


def test_dragging_the_corner_handle_resizes_the_tile_keeping_its_aspect_and_top_left_corner(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "resize")
    before = switch_to_board(page, server, 3)
    first = stored[0]
    tile = item_by_id(page, first["id"])
    aspect = first["height"] / first["width"]
    zoom = transform(page)["zoom"]
    box = tile.bounding_box()

    tile.hover()
    handle = tile.locator(".resize-handle")
    expect(handle).to_have_attribute("aria-hidden", "true")
    corner = handle.bounding_box()
    assert corner["width"] >= 24 and corner["height"] >= 24, corner
    assert close_to(corner["x"] + corner["width"], box["x"] + box["width"]), (corner, box)
    assert close_to(corner["y"] + corner["height"], box["y"] + box["height"]), (corner, box)
    x, y = corner["x"] + corner["width"] / 2, corner["y"] + corner["height"] / 2
    requests = board_requests(page)

    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=4)
    page.mouse.move(x + 120, y + 90, steps=4)  # along the diagonal: 120 screen pixels wider
    live = tile.bounding_box()
    assert close_to(live["width"], box["width"] + 120), (live, box)  # drawn at the new size while dragging
    assert requests == []  # saved once released
    page.mouse.up()

    expected = before[first["id"]]["width"] + 120 / zoom
    after = wait_until(lambda: (p := stored_board(server))[first["id"]]["width"] != before[first["id"]]["width"] and p,
                       message="the new width saved")
    saved = after[first["id"]]
    assert close_to(saved["width"], expected), saved
    assert (saved["x"], saved["y"]) == (before[first["id"]]["x"], before[first["id"]]["y"])  # top-left kept
    assert saved["z"] > max(p["z"] for i, p in after.items() if i != first["id"])  # on top
    expect(tile).to_have_attribute("data-width", str(saved["width"]).removesuffix(".0"))
    assert len(requests) == 1
    resized = tile.bounding_box()
    assert close_to(resized["x"], box["x"]) and close_to(resized["y"], box["y"]), (resized, box)
    assert close_to(resized["height"], resized["width"] * aspect), resized  # the aspect kept
    expect(announced(page)).to_have_text(f"Resized '{first['title']}'.")
    assert z_index(page, first["id"]) == saved["z"]
    assert item_by_id(page, first["id"]).get_attribute("data-selected") is None  # the press did not select

    expect(undo_button(page)).to_have_text("Undo Arrange")
    undo_button(page).click()

    wait_until(lambda: stored_board(server)[first["id"]] == before[first["id"]], message="the width back after Undo")
    expect(tile).to_have_attribute("data-width", str(before[first["id"]]["width"]).removesuffix(".0"))
    assert close_to(tile.bounding_box()["width"], box["width"])
    assert page.problems == []


def test_a_resize_is_clamped_to_the_least_width_and_escape_cancels_one(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "clamp")
    before = switch_to_board(page, server, 2)
    first = stored[0]["id"]
    tile = item_by_id(page, first)
    zoom = transform(page)["zoom"]
    tile.hover()
    corner = tile.locator(".resize-handle").bounding_box()
    x, y = corner["x"] + corner["width"] / 2, corner["y"] + corner["height"] / 2

    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 60, steps=4)
    expect(tile).to_have_attribute("data-width", re.compile(r"."))
    page.keyboard.press("Escape")
    page.mouse.up()
    expect(tile).to_have_attribute("data-width", str(before[first]["width"]).removesuffix(".0"))
    page.wait_for_timeout(300)
    assert stored_board(server)[first] == before[first]  # nothing saved

    tile.hover()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 2000, y - 1500, steps=4)
    page.mouse.up()
    wait_until(lambda: stored_board(server)[first]["width"] == 24, message="the least width saved")
    assert stored_board(server)[first]["x"] == before[first]["x"]
    assert close_to(tile.bounding_box()["width"], 24 * zoom)


def test_a_touch_drag_on_the_corner_handle_resizes_too(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "touch")
    before = switch_to_board(page, server, 2)
    first = stored[0]["id"]
    zoom = transform(page)["zoom"]
    tile = item_by_id(page, first)
    tile.focus()  # without hover, the handle shows on the focused or selected item
    corner = tile.locator(".resize-handle").bounding_box()
    x, y = corner["x"] + corner["width"] / 2, corner["y"] + corner["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 6):
        point = {"x": x + 24 * step, "y": y + 18 * step}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    wait_until(lambda: close_to(stored_board(server)[first]["width"], before[first]["width"] + 120 / zoom),
               message="the width a finger dragged the corner to, saved")
    assert stored_board(server)[first]["x"] == before[first]["x"]


def test_bring_to_front_and_send_to_back_from_the_menu(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "stack")
    switch_to_board(page, server, 3)
    a, b, c = (i["id"] for i in stored)
    # Piled up, so the stacking shows.
    server.api("POST", f"/api/galleries/{server.gallery_id}/board", {"positions": [
        {"itemId": a, "x": 0, "y": 0, "width": 240, "z": 1},
        {"itemId": b, "x": 40, "y": 40, "width": 240, "z": 2},
        {"itemId": c, "x": 80, "y": 80, "width": 240, "z": 3},
    ]})
    expect(item_by_id(page, c)).to_have_attribute("data-x", "80")
    wait_until(lambda: z_index(page, c) == 3, message="the pile drawn")

    menu = open_menu_with_button(page, stored[0])
    for name in BOARD_ENTRIES:
        expect(menu.get_by_role("menuitem", name=name)).to_be_visible()
    menu.get_by_role("menuitem", name="Bring to Front").click()

    wait_until(lambda: (p := stored_board(server))[a]["z"] > max(p[b]["z"], p[c]["z"]), message="a on top")
    expect(announced(page)).to_have_text(f"Brought '{stored[0]['title']}' to the front.")
    wait_until(lambda: z_index(page, a) > max(z_index(page, b), z_index(page, c)), message="a drawn on top")
    expect(menu).to_be_hidden()
    expect(item_by_id(page, a)).to_be_focused()  # focus back on the item
    assert stored_board(server)[a]["x"] == 0  # only the stack changed

    # Send to Back with the keyboard: the menu key, then the arrows to the entry.
    item_by_id(page, c).focus()
    page.keyboard.press("Shift+F10")
    expect(menu).to_be_visible()
    for _ in range(20):  # as many as the menu has entries
        if page.evaluate("document.activeElement.textContent") == "Send to Back":
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")

    wait_until(lambda: (p := stored_board(server))[c]["z"] < min(p[a]["z"], p[b]["z"]), message="c at the back")
    expect(announced(page)).to_have_text(f"Sent '{stored[2]['title']}' to the back.")
    wait_until(lambda: z_index(page, c) < min(z_index(page, a), z_index(page, b)), message="c drawn at the back")
    expect(item_by_id(page, c)).to_be_focused()

    # Undo takes the stack back.
    expect(undo_button(page)).to_have_text("Undo Arrange")
    undo_button(page).click()
    wait_until(lambda: (p := stored_board(server))[c]["z"] > p[b]["z"], message="c back above b")


def test_bring_to_front_acts_on_the_selection_in_one_request_keeping_its_order(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "sel")
    switch_to_board(page, server, 4)
    a, b, c, d = (i["id"] for i in stored)
    server.api("POST", f"/api/galleries/{server.gallery_id}/board", {"positions": [
        {"itemId": a, "x": 0, "y": 0, "width": 200, "z": 4},
        {"itemId": b, "x": 150, "y": 0, "width": 200, "z": 1},
        {"itemId": c, "x": 300, "y": 0, "width": 200, "z": 3},
        {"itemId": d, "x": 450, "y": 0, "width": 200, "z": 2},
    ]})
    expect(item_by_id(page, d)).to_have_attribute("data-x", "450")
    item_by_id(page, b).click()
    item_by_id(page, d).click(modifiers=["Control"])
    expect(item_by_id(page, b)).to_have_attribute("data-selected", "true")
    expect(item_by_id(page, d)).to_have_attribute("data-selected", "true")
    requests = board_requests(page)

    open_menu_with_button(page, stored[3]).get_by_role("menuitem", name="Bring to Front").click()

    expect(announced(page)).to_have_text("Brought 2 items to the front.")
    p = stored_board(server)
    assert p[a]["z"] == 4 and p[c]["z"] == 3, p  # the others stay
    assert p[d]["z"] > p[b]["z"] > p[a]["z"], p  # above every other, d still above b
    wait_until(lambda: z_index(page, d) > z_index(page, b) > z_index(page, a), message="the selection drawn on top")
    assert len(requests) == 1


def test_make_larger_and_make_smaller_keep_the_top_left_corner(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "size")
    before = switch_to_board(page, server, 2)
    first = stored[1]  # the right one: it grows into free space
    start = before[first["id"]]

    open_menu_with_button(page, first).get_by_role("menuitem", name="Make Larger").click()

    wait_until(lambda: close_to(stored_board(server)[first["id"]]["width"], start["width"] * 1.25),
               message="the item 1.25 times as wide")
    larger = stored_board(server)[first["id"]]
    assert (larger["x"], larger["y"], larger["z"]) == (start["x"], start["y"], start["z"])
    expect(announced(page)).to_have_text(f"Made '{first['title']}' larger.")
    expect(item_by_id(page, first["id"])).to_have_attribute("data-width", str(larger["width"]).removesuffix(".0"))

    open_menu_with_button(page, first).get_by_role("menuitem", name="Make Smaller").click()

    wait_until(lambda: close_to(stored_board(server)[first["id"]]["width"], start["width"]),
               message="the item as wide as before")
    expect(announced(page)).to_have_text(f"Made '{first['title']}' smaller.")
    assert stored_board(server)[first["id"]]["x"] == start["x"]


def test_the_board_entries_are_hidden_in_the_grid_and_skipped_by_the_arrows(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "grid")

    menu = open_menu_with_button(page, stored[0])

    for name in BOARD_ENTRIES:
        expect(menu.get_by_role("menuitem", name=name)).to_be_hidden()
    expect(menu.get_by_role("menuitem", name="Move to Trash")).to_be_visible()
    page.keyboard.press("End")
    expect(menu.get_by_role("menuitem", name="Move to Trash")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(menu.get_by_role("menuitem", name="Move to Gallery…")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()

    # No corner handles outside the board either; on the board every tile has one.
    assert page.locator(".resize-handle").count() == 0
    choose_view(page, "Board")
    expect(page.locator(".resize-handle")).to_have_count(2)
    choose_view(page, "List")
    menu = open_menu_with_button(page, stored[1])
    for name in BOARD_ENTRIES:
        expect(menu.get_by_role("menuitem", name=name)).to_be_hidden()
