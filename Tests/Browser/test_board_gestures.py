"""The board's pan and zoom gestures (Web/view/boardGestures.js): Space + drag and a middle-button drag pan, over tiles
too, and move, select or drag nothing; Space held with the pointer elsewhere keeps its meaning on the focused item (it
lifts it, to move it by keyboard), and drops items lifted so wherever the pointer is; two
fingers pan and pinch-zoom; the toolbar's 100% zooms to 1 around the centre and shows only on the board."""

from board_helpers import board, centre, choose_view, close_to, stored_board, switch_to_board, tiles, transform
from playwright.sync_api import expect

from helpers import item_by_id, seed_gallery, wait_until


def same_zoom(actual, expected) -> bool:
    return abs(actual - expected) < 0.01


def selected_ids(page) -> list[str]:
    return board(page).locator('[data-selected="true"]').evaluate_all("els => els.map(e => e.dataset.itemId)")


def board_point(t: dict, x: float, y: float) -> tuple[float, float]:
    """The board point under (x, y), relative to the board's element."""
    return (x - t["panX"]) / t["zoom"], (y - t["panY"]) / t["zoom"]


def expect_nothing_moved(page, server, before: dict) -> None:
    page.wait_for_timeout(300)  # time enough for a move request, if the page wrongly made one
    assert stored_board(server) == before
    assert not board(page).locator('[data-moving="true"], [data-dragging="true"]').count()




class Fingers:
    """Touch points sent through the DevTools protocol (Input.dispatchTouchEvent), as a touch screen would."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        touch_points = [{"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})

    def gesture(self, start: list[tuple[float, float]], end: list[tuple[float, float]], steps: int = 8,
                lead: tuple[float, float] = (0, 0)) -> None:
        """Puts the first finger down (moving it by `lead` on its own), then the second, moves both from `start` to
        `end` and lifts them."""
        (x, y), rest = start[0], start[1:]
        self.send("touchStart", [(x - lead[0], y - lead[1])])
        if lead != (0, 0):
            self.send("touchMove", [(x, y)])
        self.send("touchStart", [(x, y), *rest])
        for step in range(1, steps + 1):
            f = step / steps
            points = [(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f) for a, b in zip(start, end, strict=True)]
            self.send("touchMove", points)
        self.send("touchEnd", [])


def test_space_drag_pans_over_a_tile_and_moves_selects_and_drags_nothing(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "space")
    before = switch_to_board(page, server, 3)
    first = stored[0]["id"]
    item_by_id(page, first).focus()
    t = transform(page)
    x, y = centre(item_by_id(page, first))
    tile_box = item_by_id(page, first).bounding_box()

    page.mouse.move(x, y)
    page.keyboard.down("Space")
    expect(board(page)).to_have_css("cursor", "grab")
    expect(item_by_id(page, first)).to_have_css("cursor", "grab")
    # No HTML5 drag starts while Space is held over the board.
    assert item_by_id(page, first).evaluate(
        "el => !el.dispatchEvent(new DragEvent('dragstart', {bubbles: true, cancelable: true}))")
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=3)
    expect(board(page)).to_have_css("cursor", "grabbing")
    page.mouse.move(x + 120, y + 90, steps=3)
    page.mouse.up()
    page.keyboard.up("Space")

    after = wait_until(lambda: (p := transform(page))["panX"] != t["panX"] and p, message="the board panned")
    assert close_to(after["panX"], t["panX"] + 120) and close_to(after["panY"], t["panY"] + 90), (t, after)
    assert after["zoom"] == t["zoom"]
    moved = item_by_id(page, first).bounding_box()
    assert close_to(moved["x"], tile_box["x"] + 120) and close_to(moved["y"], tile_box["y"] + 90), moved
    expect(board(page)).not_to_have_css("cursor", "grab")
    expect_nothing_moved(page, server, before)
    assert selected_ids(page) == []  # neither the Space press nor the click that ended the pan selected the tile
    expect(item_by_id(page, first)).to_be_focused()


def test_space_with_the_pointer_off_the_board_keeps_the_focused_items_own_meaning(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "keep")
    before = switch_to_board(page, server, 2)
    first = stored[0]["id"]
    header = page.locator(".pane-name").first.bounding_box()
    page.mouse.move(header["x"] + 5, header["y"] + 5)
    item_by_id(page, first).focus()

    page.keyboard.press("Space")  # lifts the item, to move it by keyboard

    expect(item_by_id(page, first)).to_have_attribute("data-dragging", "true")
    expect(board(page)).not_to_have_css("cursor", "grab")

    # Once items are lifted by keyboard, Space drops them, also with the pointer over the board: it is no pan then.
    page.mouse.move(*centre(item_by_id(page, stored[1]["id"])))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    wait_until(lambda: stored_board(server)[first]["x"] == before[first]["x"] + 10, message="the lifted item dropped")
    expect(item_by_id(page, first)).not_to_have_attribute("data-dragging", "true")
    expect(board(page)).not_to_have_css("cursor", "grab")


def test_a_middle_button_drag_pans_over_a_tile_and_moves_nothing(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "middle")
    before = switch_to_board(page, server, 2)
    t = transform(page)
    x, y = centre(item_by_id(page, stored[1]["id"]))

    page.mouse.move(x, y)
    page.mouse.down(button="middle")
    page.mouse.move(x - 80, y + 50, steps=5)
    page.mouse.up(button="middle")

    after = wait_until(lambda: (p := transform(page))["panX"] != t["panX"] and p, message="the board panned")
    assert close_to(after["panX"], t["panX"] - 80) and close_to(after["panY"], t["panY"] + 50), (t, after)
    assert after["zoom"] == t["zoom"]
    expect_nothing_moved(page, server, before)
    assert selected_ids(page) == []


def test_a_middle_button_pan_pastes_nothing(page, server, other_site):
    """On Linux, releasing the middle button pastes the text last selected anywhere: after a pan it would add a
    note. The paste that follows a pan is dropped (here sent by script, as Chromium sends it)."""
    stored = seed_gallery(page, server, other_site, 2, "paste")
    switch_to_board(page, server, 2)
    x, y = centre(item_by_id(page, stored[0]["id"]))
    page.mouse.move(x, y)
    page.mouse.down(button="middle")
    page.mouse.move(x + 60, y + 30, steps=4)
    page.mouse.up(button="middle")
    page.evaluate("""() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'selected earlier');
      document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
    }""")
    page.wait_for_timeout(600)
    assert [i["id"] for i in server.items(server.gallery_id)] == [i["id"] for i in stored]


def test_a_middle_button_drag_on_empty_board_space_pans(page, server, other_site):
    seed_gallery(page, server, other_site, 1, "empty")
    switch_to_board(page, server, 1)
    t = transform(page)
    box = board(page).bounding_box()
    x, y = box["x"] + box["width"] - 40, box["y"] + box["height"] - 40

    page.mouse.move(x, y)
    page.mouse.down(button="middle")
    page.mouse.move(x - 200, y - 100, steps=5)
    page.mouse.up(button="middle")

    after = wait_until(lambda: (p := transform(page))["panX"] != t["panX"] and p, message="the board panned")
    assert close_to(after["panX"], t["panX"] - 200) and close_to(after["panY"], t["panY"] - 100), (t, after)


def test_two_fingers_pan_the_board_and_the_first_finger_moves_no_tile(touch_page, server, other_site):
    page = touch_page
    stored = seed_gallery(page, server, other_site, 3, "pan")
    before = switch_to_board(page, server, 3)
    assert board(page).evaluate("el => getComputedStyle(el).touchAction") == "none"
    t = transform(page)
    x, y = centre(item_by_id(page, stored[0]["id"]))  # the first finger lands on a tile and moves it a little

    Fingers(page).gesture([(x, y), (x + 200, y + 30)], [(x + 60, y + 40), (x + 260, y + 70)], lead=(20, 10))

    after = wait_until(lambda: close_to((p := transform(page))["panX"], t["panX"] + 60) and p,
                       message="the board panned with the fingers")
    assert close_to(after["panY"], t["panY"] + 40), (t, after)
    assert same_zoom(after["zoom"], t["zoom"]), (t, after)
    expect_nothing_moved(page, server, before)
    assert selected_ids(page) == []
    assert page.problems == []


def test_two_fingers_pinch_zoom_around_their_centroid(touch_page, server, other_site):
    page = touch_page
    seed_gallery(page, server, other_site, 3, "pinch")
    before = switch_to_board(page, server, 3)
    t = transform(page)
    box = board(page).bounding_box()
    cx, cy = 500.0, 300.0  # relative to the board
    under = board_point(t, cx, cy)
    x, y = box["x"] + cx, box["y"] + cy

    Fingers(page).gesture([(x - 50, y), (x + 50, y)], [(x - 100, y), (x + 100, y)])

    after = wait_until(lambda: same_zoom((p := transform(page))["zoom"], t["zoom"] * 2) and p,
                       message="the zoom doubled")
    still = board_point(after, cx, cy)
    assert close_to(still[0], under[0]) and close_to(still[1], under[1]), (still, under)
    expect_nothing_moved(page, server, before)


def test_100_percent_zooms_to_1_around_the_centre_and_shows_only_on_the_board(page, server, other_site):
    seed_gallery(page, server, other_site, 2, "actual")
    button = page.get_by_role("button", name="Zoom to 100%")
    expect(button).to_be_hidden()
    switch_to_board(page, server, 2)
    expect(button).to_be_visible()
    expect(button).to_have_text("100%")
    tiles(page).first.focus()
    page.keyboard.press("-")
    page.keyboard.press("-")
    t = wait_until(lambda: (p := transform(page))["zoom"] < 0.7 and p, message="zoomed out")
    width, height = board(page).evaluate("el => [el.clientWidth, el.clientHeight]")
    under = board_point(t, width / 2, height / 2)

    button.click()

    after = wait_until(lambda: (p := transform(page))["zoom"] == 1 and p, message="zoom 1")
    still = board_point(after, width / 2, height / 2)
    assert close_to(still[0], under[0]) and close_to(still[1], under[1]), (still, under)
    choose_view(page, "Grid")
    expect(button).to_be_hidden()


def test_claimed_presses_reach_no_other_listener_on_the_board(page, server, other_site):
    """What a marquee, a resize handle or an HTML5 drag listening on the board's element (bubbling) would see: the
    presses that start a pan, and their moves, never reach them; an ordinary press does."""
    stored = seed_gallery(page, server, other_site, 1, "claim")
    switch_to_board(page, server, 1)
    board(page).evaluate("""el => {
        window.seen = [];
        for (const type of ['pointerdown', 'pointermove', 'mousedown', 'dragstart'])
            el.addEventListener(type, (event) => event.buttons && window.seen.push(`${type} ${event.button}`));
    }""")
    box = board(page).bounding_box()
    x, y = box["x"] + box["width"] - 40, box["y"] + box["height"] - 40  # empty space: the target is the list itself
    tx, ty = centre(item_by_id(page, stored[0]["id"]))

    for at in ((x, y), (tx, ty)):
        page.mouse.move(*at)
        page.mouse.down(button="middle")
        page.mouse.move(at[0] - 30, at[1] - 30, steps=3)
        page.mouse.up(button="middle")
        page.mouse.move(*at)
        page.keyboard.down("Space")
        page.mouse.down()
        page.mouse.move(at[0] - 30, at[1] - 30, steps=3)
        page.mouse.up()
        page.keyboard.up("Space")
    assert page.evaluate("window.seen") == []

    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.up()
    assert "pointerdown 0" in page.evaluate("window.seen")


def test_the_boards_zoom_and_pan_stay_when_the_pane_shows_another_view_and_the_board_again(page, server, other_site):
    seed_gallery(page, server, other_site, 3, "keep")
    switch_to_board(page, server, 3)
    page.get_by_role("button", name="Zoom to Fit").click()
    fitted = transform(page)
    assert fitted["zoom"] != 1 or fitted["panX"] != 24, fitted  # not the first view's transform

    choose_view(page, "Grid")
    expect(board(page)).not_to_have_attribute("data-zoom", str(fitted["zoom"]))
    choose_view(page, "Board")

    expect(tiles(page)).to_have_count(3)
    again = transform(page)
    assert again == fitted, (again, fitted)
