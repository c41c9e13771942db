"""Dragging on the board by keyboard (WCAG 2.5.7's alternative to dragging): Space lifts the focused item and the items
selected with it, the arrows move them where they are drawn (10 pixels a press at 100%, with Shift 1; the look of a
mouse drag), Tab goes to the Trash and to a gallery beside, C copies, Space or Enter puts them down where they are
drawn in one request (one Undo), and Escape puts them back without a request. Every step is announced, and the focus
stays on the item the drag started on. Driven by the keyboard alone: no pointer rests over the board."""

import re

from board_helpers import centre, stored_board, switch_to_board, transform
from playwright.sync_api import expect

from helpers import announced, item_by_id, seed_gallery, trash_ids, wait_until
from pane_helpers import create_gallery, fill, pane, pane_tile, wait_pane_images

HELP = ("Arrow keys move by 10 pixels, Shift+arrow by 1 pixel, Tab goes to the Trash or another gallery, C copies, "
        "Space or Enter drops, Escape cancels.")


def at(position: dict, dx: float = 0, dy: float = 0) -> str:
    return f"x {round(position['x'] + dx)}, y {round(position['y'] + dy)}"


def undo_button(page):
    return page.locator("#gallery").locator("xpath=..").locator(".undo")


def test_space_lifts_the_selection_the_arrows_move_it_and_space_puts_it_down_in_one_undoable_step(
        page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "kb")
    before = switch_to_board(page, server, 3)
    a, b, c = (i["id"] for i in stored)
    # Select a and b with the keyboard: Ctrl+Space adds the focused item, Alt+arrow moves the focus.
    item_by_id(page, a).focus()
    page.keyboard.press("Control+Space")
    page.keyboard.press("Alt+ArrowRight")
    expect(item_by_id(page, b)).to_be_focused()
    page.keyboard.press("Control+Space")
    expect(item_by_id(page, b)).to_have_attribute("data-selected", "true")
    expect(undo_button(page)).to_have_text("Undo")  # the switch to the board is no undo step

    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(f"Picked up 2 items. At {at(before[b])}. {HELP}")
    for lifted in (a, b):
        expect(item_by_id(page, lifted)).to_have_attribute("data-dragging", "true")
    expect(item_by_id(page, c)).not_to_have_attribute("data-dragging", "true")

    page.keyboard.press("ArrowRight")
    expect(announced(page)).to_have_text(f"At {at(before[b], 10)}.")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+ArrowLeft")
    expect(announced(page)).to_have_text(f"At {at(before[b], 19, 12)}.")
    # Drawn where they would land, as a mouse drag draws them; nothing is sent yet.
    for lifted in (a, b):
        tile = item_by_id(page, lifted)
        expect(tile).to_have_attribute("data-moving", "true")
        expect(tile).to_have_attribute("data-x", str(before[lifted]["x"] + 19).removesuffix(".0"))
        expect(tile).to_have_attribute("data-y", str(before[lifted]["y"] + 12).removesuffix(".0"))
    assert stored_board(server) == before

    page.keyboard.press("Space")
    after = wait_until(lambda: (p := stored_board(server))[a] != before[a] and p[b] != before[b] and p,
                       message="both moves saved")
    for moved in (a, b):
        assert after[moved]["x"] == before[moved]["x"] + 19, after[moved]
        assert after[moved]["y"] == before[moved]["y"] + 12, after[moved]
        assert after[moved]["width"] == before[moved]["width"]
        assert after[moved]["z"] > after[c]["z"]  # on top, as a mouse drop puts them
    assert after[c] == before[c]
    expect(announced(page)).to_have_text("Moved 2 items.")
    expect(item_by_id(page, b)).to_be_focused()
    expect(item_by_id(page, b)).not_to_have_attribute("data-moving", "true")
    expect(item_by_id(page, b)).not_to_have_attribute("data-dragging", "true")

    # One request, so one Undo puts both back; the focus stays.
    expect(undo_button(page)).to_have_text("Undo Arrange")
    page.keyboard.press("Control+z")
    wait_until(lambda: stored_board(server) == before, message="the move undone")
    expect(undo_button(page)).to_have_text("Undo")  # nothing left to undo
    expect(item_by_id(page, b)).to_be_focused()
    expect(item_by_id(page, b)).to_have_attribute("data-x", str(before[b]["x"]).removesuffix(".0"))


def test_escape_puts_the_items_back_and_sends_nothing(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "esc")
    before = switch_to_board(page, server, 2)
    a = stored[0]["id"]
    item_by_id(page, a).focus()
    page.keyboard.press("Control+Space")

    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(f"Picked up 'esc0.png'. At {at(before[a])}. {HELP}")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(announced(page)).to_have_text(f"At {at(before[a], 0, 20)}.")
    page.keyboard.press("Escape")

    expect(announced(page)).to_have_text(f"Cancelled. 'esc0.png' is back at {at(before[a])}.")
    tile = item_by_id(page, a)
    expect(tile).to_have_attribute("data-y", str(before[a]["y"]).removesuffix(".0"))
    expect(tile).not_to_have_attribute("data-moving", "true")
    expect(tile).to_be_focused()
    # Escape ended the drag only: the page's own Escape (clear the selection) did not run as well.
    expect(tile).to_have_attribute("data-selected", "true")
    expect(undo_button(page)).to_have_text("Undo")  # no step of its own: nothing was sent (the board is no step either)
    assert stored_board(server) == before

    # A drop where it was lifted sends nothing either.
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(announced(page)).to_have_text(f"Dropped where it was. At {at(before[a])}.")
    expect(tile).to_be_focused()
    expect(undo_button(page)).to_have_text("Undo")  # the switch to the board is no undo step
    assert stored_board(server) == before


RECORD_SAID_JS = """() => {
    const region = document.querySelector('[aria-live="polite"]');
    window.said = [];
    new MutationObserver(() => region.textContent && window.said.push(region.textContent))
        .observe(region, {childList: true, characterData: true, subtree: true});
}"""

HOLD_ARROW_JS = """el => {
    for (let i = 0; i < 8; i++)
        el.dispatchEvent(new KeyboardEvent('keydown',
                                           {key: 'ArrowRight', repeat: i > 0, bubbles: true, cancelable: true}));
}"""


def test_a_held_arrow_key_says_one_place_once_it_rests(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 1, "held")
    before = switch_to_board(page, server, 1)
    a = stored[0]["id"]
    item_by_id(page, a).focus()
    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(re.compile(r"^Picked up 'held0\.png'"))
    page.evaluate(RECORD_SAID_JS)

    item_by_id(page, a).evaluate(HOLD_ARROW_JS)  # a held key's repeats, sent at once
    expect(item_by_id(page, a)).to_have_attribute("data-x", str(before[a]["x"] + 80).removesuffix(".0"))
    expect(announced(page)).to_have_text(f"At {at(before[a], 80)}.")
    page.keyboard.press("Escape")
    expect(announced(page)).to_have_text(f"Cancelled. 'held0.png' is back at {at(before[a])}.")
    assert page.evaluate("window.said") == [f"At {at(before[a], 80)}.",
                                            f"Cancelled. 'held0.png' is back at {at(before[a])}."]


def test_tab_goes_to_the_trash_and_back_and_a_drop_there_trashes_the_lifted_items(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "tr")
    before = switch_to_board(page, server, 3)
    a, b, c = (i["id"] for i in stored)
    item_by_id(page, b).focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowDown")

    page.keyboard.press("Tab")
    expect(announced(page)).to_have_text("Over Trash.")
    expect(page.locator(".trash-target").first).to_have_attribute("data-drop-state", "accept")
    expect(item_by_id(page, b)).not_to_have_attribute("data-moving", "true")  # not drawn on the board meanwhile
    expect(item_by_id(page, b)).to_be_focused()  # Tab steered the drag; the focus did not move
    page.keyboard.press("Shift+Tab")
    expect(announced(page)).to_have_text(f"At {at(before[b], 0, 10)}.")  # back where the arrows had moved it
    expect(item_by_id(page, b)).to_have_attribute("data-moving", "true")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")

    wait_until(lambda: trash_ids(server) == [b], message="the item in the trash")
    expect(announced(page)).to_have_text("Moved 'tr1.png' to the trash.")
    expect(page.locator(".trash-target").first).not_to_have_attribute("data-drop-state", "accept")
    assert stored_board(server) == {a: before[a], c: before[c]}
    # The focus went to an item still there, never to the page.
    expect(page.locator("#gallery [data-item-id]:focus")).to_have_count(1)

    page.keyboard.press("Control+z")
    wait_until(lambda: trash_ids(server) == [], message="the item back from the trash")
    expect(page.locator("#gallery [data-item-id]:focus")).to_have_count(1)


def test_c_copies_and_the_copies_land_where_the_arrows_moved_them(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "cp")
    before = switch_to_board(page, server, 2)
    a = stored[0]["id"]
    item_by_id(page, a).focus()
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("c")
    expect(announced(page)).to_have_text(f"At {at(before[a], 0, 30)}, as copies.")
    page.keyboard.press("Space")

    known = {i["id"] for i in stored}
    copy = wait_until(lambda: next((i for i in server.items(server.gallery_id) if i["id"] not in known and i["board"]),
                                   None), message="a copy on the board")
    assert (copy["board"]["x"], copy["board"]["y"]) == (before[a]["x"], before[a]["y"] + 30), copy["board"]
    assert copy["title"] == "cp0.png"
    assert stored_board(server)[a] == before[a]  # the original stays
    expect(item_by_id(page, a)).to_be_focused()
    # Copying and putting the copy there is one step: one Undo takes the copy away.
    expect(undo_button(page)).to_have_text("Undo Copy")
    page.keyboard.press("Control+z")
    wait_until(lambda: {i["id"] for i in server.items(server.gallery_id)} == known, message="the copy undone")
    expect(item_by_id(page, a)).to_be_focused()


def test_space_lifts_and_drops_also_with_the_pointer_resting_on_the_board(page, server, other_site):
    """Space held over the board pans with a drag (view/boardGestures.js); pressed and released with no drag, it is the
    focused item's Space: it lifts it."""
    stored = seed_gallery(page, server, other_site, 2, "rest")
    before = switch_to_board(page, server, 2)
    a, b = (i["id"] for i in stored)
    page.mouse.move(*centre(item_by_id(page, b)))
    item_by_id(page, a).focus()
    view = transform(page)

    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(f"Picked up 'rest0.png'. At {at(before[a])}. {HELP}")
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press("Space")
    wait_until(lambda: stored_board(server)[a]["y"] == before[a]["y"] - 1, message="the item moved up 1")
    expect(announced(page)).to_have_text("Moved 'rest0.png'.")
    expect(item_by_id(page, a)).to_be_focused()
    assert transform(page) == view  # no pan


def test_tab_goes_into_the_gallery_beside(page, server, other_site):
    fruit = create_gallery(server, "Fruit")
    mine = [i["id"] for i in fill(server, other_site, server.gallery_id, 2, "m")]
    theirs = [i["id"] for i in fill(server, other_site, fruit["id"], 1, "f")]
    page.goto(f"{server.base_url}/g/{server.gallery_id}?view=board&beside={fruit['id']}")
    wait_pane_images(page, "My Gallery", 2)
    wait_pane_images(page, "Fruit", 1)
    wait_until(lambda: all(i["board"] for i in server.items(server.gallery_id)), message="My Gallery on the board")

    pane_tile(page, "My Gallery", mine[0]).focus()
    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(re.compile(r"^Picked up 'm0\.png'\. At x -?\d+, y -?\d+\. Arrow keys"))
    page.keyboard.press("Tab")
    expect(announced(page)).to_have_text("Over Trash.")
    page.keyboard.press("Tab")
    expect(announced(page)).to_have_text("Into gallery Fruit.")
    expect(pane(page, "Fruit").locator('[data-drop-active="true"]')).to_have_count(1)
    page.keyboard.press("Enter")

    wait_until(lambda: [i["id"] for i in server.items(fruit["id"])] == [theirs[0], mine[0]],
               message="the item moved into Fruit")
    assert [i["id"] for i in server.items(server.gallery_id)] == [mine[1]]
    expect(page.locator("[data-item-id]:focus")).to_have_count(1)
