"""Dragging on the board with a real mouse: several selected items move together; Alt or the Move/Copy switch leaves
the original and puts a copy where it is dropped; a marquee selects; a paste lands at the pointer; items dragged from a
board into a list pane of another gallery move there, and items dragged from a list onto a board land where dropped."""

import base64

from board_helpers import board, centre, close_to, stored_board, switch_to_board, tiles, transform
from playwright.sync_api import expect
from test_drag_out_and_clipboard import _PASTE_JS

from helpers import item_by_id, png, seed_gallery, wait_until
from pane_helpers import create_gallery, fill, ids_in, pane, pane_tile, wait_pane_images


def mouse_drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()


def new_items(server, gallery_id: str, known: set[str], count: int = 1) -> list[dict] | None:
    """The items of the gallery that are not in `known`, once there are `count` of them, each on the board."""
    found = [i for i in server.items(gallery_id) if i["id"] not in known]
    return found if len(found) == count and all(i["board"] for i in found) else None


def test_dragging_a_selection_moves_every_selected_item_by_the_same_amount(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "several")
    before = switch_to_board(page, server, 3)
    a, b, c = (i["id"] for i in stored)
    zoom = transform(page)["zoom"]
    item_by_id(page, a).click()
    item_by_id(page, b).click(modifiers=["Control"])
    expect(item_by_id(page, b)).to_have_attribute("data-selected", "true")

    x, y = centre(item_by_id(page, a))
    mouse_drag(page, (x, y), (x + 90, y + 260))

    after = wait_until(lambda: (p := stored_board(server))[b]["y"] != before[b]["y"] and p,
                       message="both moves saved")
    for moved in (a, b):
        assert close_to(after[moved]["x"], before[moved]["x"] + 90 / zoom), after[moved]
        assert close_to(after[moved]["y"], before[moved]["y"] + 260 / zoom), after[moved]
        assert after[moved]["z"] > after[c]["z"]  # the dragged items come to the front
    assert after[c] == before[c]
    expect(item_by_id(page, b)).to_have_attribute("data-y", str(after[b]["y"]).removesuffix(".0"))


def test_alt_drag_leaves_the_original_and_puts_a_copy_where_it_is_dropped(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "alt")
    before = switch_to_board(page, server, 2)
    a = stored[0]["id"]
    zoom = transform(page)["zoom"]

    x, y = centre(item_by_id(page, a))
    page.keyboard.down("Alt")
    mouse_drag(page, (x, y), (x + 40, y + 300))
    page.keyboard.up("Alt")

    copy = wait_until(lambda: new_items(server, server.gallery_id, {i["id"] for i in stored}),
                      message="a copy on the board")[0]
    assert close_to(copy["board"]["x"], before[a]["x"] + 40 / zoom), copy["board"]
    assert close_to(copy["board"]["y"], before[a]["y"] + 300 / zoom), copy["board"]
    assert copy["title"] == stored[0]["title"]
    assert stored_board(server)[a] == before[a]  # the original stays
    expect(tiles(page)).to_have_count(3)

    # Copying and putting the copy where it was dropped is one step: one Undo takes the copy away.
    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    expect(undo).to_have_text("Undo Copy")
    undo.click()
    expect(tiles(page)).to_have_count(2)
    wait_until(lambda: [i["id"] for i in server.items(server.gallery_id)] == [i["id"] for i in stored],
               message="the copy undone")


def test_with_the_switch_on_copy_a_drag_copies(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "switch")
    before = switch_to_board(page, server, 2)
    b = stored[1]["id"]
    switch = page.get_by_role("radiogroup", name="Drag mode")
    expect(switch.get_by_role("radio", name="Move")).to_be_checked()
    switch.get_by_role("radio", name="Copy").check()

    x, y = centre(item_by_id(page, b))
    mouse_drag(page, (x, y), (x - 30, y + 280))

    copy = wait_until(lambda: new_items(server, server.gallery_id, {i["id"] for i in stored}),
                      message="a copy on the board")[0]
    assert close_to(copy["board"]["y"], before[b]["y"] + 280 / transform(page)["zoom"]), copy["board"]
    assert stored_board(server)[b] == before[b]
    # The switch is the board's: the grid does not show it.
    page.get_by_role("radiogroup", name="View").get_by_role("radio", name="Grid").check()
    expect(page.get_by_role("radiogroup", name="Drag mode")).to_be_hidden()


def test_a_marquee_selects_the_items_it_meets_and_a_click_on_empty_space_clears(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "marquee")
    positions = switch_to_board(page, server, 3)
    a, b, c = (i["id"] for i in stored)
    t = transform(page)
    box = board(page).bounding_box()

    def screen(bx: float, by: float) -> tuple[float, float]:
        return box["x"] + bx * t["zoom"] + t["panX"], box["y"] + by * t["zoom"] + t["panY"]

    left = min(p["x"] for p in positions.values()) - 10
    top = min(p["y"] for p in positions.values()) - 10
    # From empty space above and left of everything to the middle of b: a and b, not c (further right).
    assert positions[c]["x"] > positions[b]["x"] > positions[a]["x"]
    end = (positions[b]["x"] + positions[b]["width"] / 2, positions[b]["y"] + 10)
    mouse_drag(page, screen(left, top), screen(*end))
    expect(item_by_id(page, a)).to_have_attribute("data-selected", "true")
    expect(item_by_id(page, b)).to_have_attribute("data-selected", "true")
    expect(item_by_id(page, c)).not_to_have_attribute("data-selected", "true")
    assert page.locator(".marquee").count() == 0

    # Shift adds what the next marquee meets.
    page.keyboard.down("Shift")
    mouse_drag(page, screen(positions[c]["x"] + positions[c]["width"] + 10, top),
               screen(positions[c]["x"] + 20, positions[c]["y"] + 20))
    page.keyboard.up("Shift")
    for each in (a, b, c):
        expect(item_by_id(page, each)).to_have_attribute("data-selected", "true")

    page.mouse.click(*screen(left, top))
    for each in (a, b, c):
        expect(item_by_id(page, each)).not_to_have_attribute("data-selected", "true")
    assert stored_board(server) == positions  # a marquee moves nothing


def test_a_paste_lands_at_the_pointer(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "paste")
    switch_to_board(page, server, 2)
    t = transform(page)
    box = board(page).bounding_box()
    # Focus is still on the View switch's Board radio button: a paste there goes to the gallery.
    expect(page.get_by_role("radio", name="Board")).to_be_focused()
    page.mouse.move(box["x"] + 600, box["y"] + 380)

    file = {"name": "pasted.png", "type": "image/png", "b64": base64.b64encode(png(80, 60)).decode("ascii")}
    page.evaluate(_PASTE_JS, {"file": file, "uriList": None})

    new = wait_until(lambda: new_items(server, server.gallery_id, {i["id"] for i in stored}),
                     message="the pasted item on the board")[0]
    assert close_to(new["board"]["x"], (600 - t["panX"]) / t["zoom"]), new["board"]
    assert close_to(new["board"]["y"], (380 - t["panY"]) / t["zoom"]), new["board"]
    expect(item_by_id(page, new["id"])).to_have_attribute("data-state", "ready", timeout=10_000)


def open_board_beside_list(page, server, other_site):
    """My Gallery (2 items) as a board beside "Fruit" (3 items) as a list."""
    fruit = create_gallery(server, "Fruit")
    mine = fill(server, other_site, server.gallery_id, 2, "m")
    theirs = fill(server, other_site, fruit["id"], 3, "f")
    page.goto(f"{server.base_url}/g/{server.gallery_id}?view=board&beside={fruit['id']}&besideView=list")
    wait_pane_images(page, "My Gallery", 2)
    wait_pane_images(page, "Fruit", 3)
    wait_until(lambda: all(i["board"] for i in server.items(server.gallery_id)), message="My Gallery on the board")
    return fruit["id"], [i["id"] for i in mine], [i["id"] for i in theirs]


def test_dragging_from_a_board_into_a_list_of_another_gallery_moves_the_item_between_the_rows(
        page, server, other_site):
    fruit, (m1, m2), (f1, f2, f3) = open_board_beside_list(page, server, other_site)
    expect(pane(page, "Fruit").locator(f'[data-item-id="{f1}"]')).to_have_class("row")

    row = pane_tile(page, "Fruit", f2).bounding_box()
    mouse_drag(page, centre(pane_tile(page, "My Gallery", m1)), (row["x"] + row["width"] / 2, row["y"] + 3))

    wait_until(lambda: ids_in(server, fruit) == [f1, m1, f2, f3], message="the item between the first two rows")
    assert ids_in(server, server.gallery_id) == [m2]
    expect(pane(page, "Fruit").locator(f'[data-item-id="{m1}"]')).to_have_count(1)
    expect(pane(page, "My Gallery").locator(f'[data-item-id="{m1}"]')).to_have_count(0)


def test_dragging_from_a_list_onto_a_board_lands_where_it_is_dropped(page, server, other_site):
    fruit, (m1, m2), (f1, f2, f3) = open_board_beside_list(page, server, other_site)
    space = board(page).bounding_box()
    t = transform(page)
    target = (space["x"] + space["width"] - 60, space["y"] + space["height"] - 60)

    mouse_drag(page, centre(pane_tile(page, "Fruit", f3)), target)

    moved = wait_until(lambda: next((i for i in server.items(server.gallery_id) if i["id"] == f3 and i["board"]),
                                    None), message="the item on the board")
    assert close_to(moved["board"]["x"], (target[0] - space["x"] - t["panX"]) / t["zoom"]), moved["board"]
    assert close_to(moved["board"]["y"], (target[1] - space["y"] - t["panY"]) / t["zoom"]), moved["board"]
    assert ids_in(server, fruit) == [f1, f2]
    assert m1 in ids_in(server, server.gallery_id) and m2 in ids_in(server, server.gallery_id)


def test_dragging_a_board_item_onto_the_trash_moves_it_there(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "trash")
    switch_to_board(page, server, 2)
    a, b = (i["id"] for i in stored)

    mouse_drag(page, centre(item_by_id(page, a)), centre(page.get_by_role("button", name="Trash", exact=True)))

    wait_until(lambda: [i["id"] for i in server.items(server.gallery_id)] == [b], message="the item in the trash")
    expect(item_by_id(page, a)).to_have_count(0)


_COPY_THEN_PASTE_JS = """
() => {
  const dt = new DataTransfer();
  const copy = new ClipboardEvent('copy', {clipboardData: dt, bubbles: true, cancelable: true});
  document.activeElement.dispatchEvent(copy);
  // What the clipboard holds, pasted back (as the browser hands a paste the types a copy wrote).
  const pasted = new DataTransfer();
  for (const type of dt.types) pasted.setData(type, dt.getData(type));
  document.activeElement.dispatchEvent(
    new ClipboardEvent('paste', {clipboardData: pasted, bubbles: true, cancelable: true}));
  return [...dt.types];
}
"""


def test_copy_and_paste_on_the_board_puts_a_copy_at_the_pointer(page, server, other_site):
    """The keyboard's way to copy on the board, as Alt-drag is the mouse's: Ctrl/Cmd+C, then Ctrl/Cmd+V."""
    stored = seed_gallery(page, server, other_site, 2, "keys")
    switch_to_board(page, server, 2)
    t = transform(page)
    box = board(page).bounding_box()
    a = stored[0]["id"]
    item_by_id(page, a).click()
    page.mouse.move(box["x"] + 640, box["y"] + 400)

    types = page.evaluate(_COPY_THEN_PASTE_JS)

    assert "application/x-image-gallery+json" in types
    copy = wait_until(lambda: new_items(server, server.gallery_id, {i["id"] for i in stored}),
                      message="a copy on the board")[0]
    # The same image, copied (not fetched again).
    assert copy["title"] == stored[0]["title"] and copy["imageURL"] == stored[0]["imageURL"]
    assert close_to(copy["board"]["x"], (640 - t["panX"]) / t["zoom"]), copy["board"]
    assert close_to(copy["board"]["y"], (400 - t["panY"]) / t["zoom"]), copy["board"]
    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    expect(undo).to_have_text("Undo Copy")
