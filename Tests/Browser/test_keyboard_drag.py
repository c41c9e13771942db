"""Dragging by keyboard (WCAG 2.5.7's single-pointer alternative, for the keyboard): Space lifts the focused item and
the items selected with it, arrows move where they would land (with the same gap a mouse drag opens), Tab goes to the
Trash and to another gallery shown beside, C copies, Space or Enter drops, Escape puts everything back; every step is
announced."""

import re

from playwright.sync_api import expect

from helpers import (
    DropFile,
    announced,
    api_ids,
    drop,
    expect_order,
    item_by_id,
    png,
    pump_until,
    seed_gallery,
    trash_ids,
    wait_until,
)
from pane_helpers import create_gallery, expect_pane_order, expect_stored, fill, pane_tile, wait_pane_images


def test_space_lifts_arrows_move_and_space_drops_where_the_gap_was(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 6, "kb")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[1]).focus()

    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(re.compile(r"^Picked up 'kb1\.png'\. Position 2 of 6\."))
    expect(item_by_id(page, ids[1])).to_have_attribute("data-dragging", "true")
    page.keyboard.press("ArrowRight")
    expect(announced(page)).to_have_text("Position 3 of 6.")
    page.keyboard.press("ArrowRight")
    expect(announced(page)).to_have_text("Position 4 of 6.")
    expect(page.locator("#gallery .drop-gap")).to_be_visible()
    page.keyboard.press("Space")

    expected = [ids[0], ids[2], ids[3], ids[1], ids[4], ids[5]]
    expect_order(page, server, expected)
    expect(announced(page)).to_have_text(re.compile(r"Moved 'kb1\.png' to position 4 of 6"))
    expect(item_by_id(page, ids[1])).to_be_focused()
    expect(item_by_id(page, ids[1])).not_to_have_attribute("data-dragging", "true")
    assert not page.problems, page.problems


def test_escape_puts_everything_back_and_says_so(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "esc")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[0]).click()  # selected and focused
    page.keyboard.press("Space")
    page.keyboard.press("End")
    expect(announced(page)).to_have_text("Position 4 of 4.")
    page.keyboard.press("Escape")
    expect(announced(page)).to_have_text("Cancelled. 'esc0.png' is back at position 1 of 4.")
    expect_order(page, server, ids)
    expect(item_by_id(page, ids[0])).to_be_focused()
    # Escape ended the drag only: the page's own Escape (clear the selection) did not run as well.
    expect(item_by_id(page, ids[0])).to_have_attribute("data-selected", "true")


def test_the_selection_is_lifted_together_and_enter_drops_it(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 6, "sel")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[0]).click()
    item_by_id(page, ids[2]).click(modifiers=["Control"])
    page.keyboard.press("Space")
    expect(announced(page)).to_have_text(re.compile(r"^Picked up 2 items\. Position 1 of 6\."))
    page.keyboard.press("End")
    expect(announced(page)).to_have_text("Position 5 of 6.")
    page.keyboard.press("Enter")
    expect_order(page, server, [ids[1], ids[3], ids[4], ids[5], ids[0], ids[2]])


def test_tab_goes_to_the_trash_and_a_drop_there_moves_the_items_to_it(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "tr")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[1]).focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(announced(page)).to_have_text("Over Trash.")
    expect(page.locator(".trash-target").first).to_have_attribute("data-drop-state", "accept")
    page.keyboard.press("Shift+Tab")
    expect(announced(page)).to_have_text("Position 2 of 3.")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    wait_until(lambda: trash_ids(server) == [ids[1]], message="the item in the trash")
    expect_order(page, server, [ids[0], ids[2]])
    expect(page.locator(".trash-target").first).not_to_have_attribute("data-drop-state", "accept")


def test_tab_goes_to_the_gallery_beside_and_c_copies_into_it(page, server, other_site):
    fruit = create_gallery(server, "Fruit")
    mine = [i["id"] for i in fill(server, other_site, server.gallery_id, 2, "m")]
    theirs = [i["id"] for i in fill(server, other_site, fruit["id"], 1, "f")]
    page.goto(f"{server.base_url}/g/{server.gallery_id}?beside={fruit['id']}")
    wait_pane_images(page, "My Gallery", 2)
    wait_pane_images(page, "Fruit", 1)

    pane_tile(page, "My Gallery", mine[0]).focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(announced(page)).to_have_text("Into gallery Fruit.")
    page.keyboard.press("c")
    expect(announced(page)).to_have_text("Into gallery Fruit, as copies.")
    page.keyboard.press("Space")

    wait_until(lambda: len(server.items(fruit["id"])) == 2, message="the copy in Fruit")
    expect_stored(server, server.gallery_id, mine)  # copied, not moved
    copy = server.items(fruit["id"])[1]
    assert copy["id"] not in mine and server.items(fruit["id"])[0]["id"] == theirs[0]
    expect_pane_order(page, "Fruit", [theirs[0], copy["id"]])


def test_in_the_list_the_arrows_move_by_row(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "row")
    ids = [i["id"] for i in stored]
    page.get_by_role("radiogroup", name="View").get_by_role("radio", name="List").check()
    row = page.locator(f'#gallery .row[data-item-id="{ids[3]}"]')
    row.focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(announced(page)).to_have_text("Position 2 of 4.")
    page.keyboard.press("Space")
    wait_until(lambda: [i["id"] for i in server.items(server.gallery_id)] == [ids[0], ids[3], ids[1], ids[2]],
               message="the row moved")


def test_focus_stays_on_the_items_when_another_tab_trashes_the_focused_one(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "gone")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[1]).focus()
    server.api("POST", f"/api/galleries/{server.gallery_id}/trash", {"itemIds": [ids[1]]})
    expect(item_by_id(page, ids[1])).to_have_count(0)
    expect(item_by_id(page, ids[2])).to_be_focused()
    server.api("POST", f"/api/galleries/{server.gallery_id}/trash", {"itemIds": [ids[2]]})
    expect(item_by_id(page, ids[0])).to_be_focused()


def test_focus_stays_on_an_item_an_undo_or_another_tab_moves(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 5, "stay")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[1]).focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect_order(page, server, [ids[0], ids[2], ids[3], ids[1], ids[4]])
    expect(item_by_id(page, ids[1])).to_be_focused()
    # Undo puts it back: the focus goes with it (moving its element in the page used to drop the focus to the page).
    page.keyboard.press("Control+z")
    expect_order(page, server, ids)
    expect(item_by_id(page, ids[1])).to_be_focused()
    # Another tab moves it to the end: still focused, and the keys still work from there.
    server.api("POST", f"/api/galleries/{server.gallery_id}/moves", {"itemIds": [ids[1]], "at": {"end": True}})
    expect_order(page, server, [ids[0], ids[2], ids[3], ids[4], ids[1]])
    expect(item_by_id(page, ids[1])).to_be_focused()
    page.keyboard.press("Home")
    expect(item_by_id(page, ids[0])).to_be_focused()


def test_items_settling_together_in_another_tab_are_announced_in_one_message(page, server, other_site):
    for name in ("s1.png", "s2.png", "s3.png"):
        other_site.image(name, 80, 60)
    server.drop_uris(server.gallery_id, [other_site.url(f"/slow/s{i}.png") for i in (1, 2, 3)])
    expect(page.locator('#gallery [data-state="pending"]')).to_have_count(3)
    for i in (1, 2, 3):
        other_site.release(f"s{i}.png")
    expect(announced(page)).to_have_text("3 images added.")


def test_a_move_by_keyboard_just_after_a_drop_is_the_last_thing_said(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "kb")
    moved = stored[0]["id"]
    uploads, moves = [], []
    page.route("**/api/items/*/content", lambda route: uploads.append(route))
    page.route(f"**/api/galleries/{server.gallery_id}/moves", lambda route: moves.append(route))

    drop(page, files=[DropFile(f"new{n}.png", png(40 + n, 30), "image/png") for n in range(4)])
    expect(announced(page)).to_have_text("Adding 4 items.")
    pump_until(page, lambda: len(uploads) == 4, message="the four uploads")

    # At once, by keyboard: kb0.png lifted and dropped at the end; its move is answered just after the four uploads
    # finish, while their "4 images added." waits for the burst to be quiet.
    item_by_id(page, moved).focus()
    page.keyboard.press("Space")
    page.keyboard.press("End")
    expect(announced(page)).to_have_text("Position 6 of 6.")
    page.keyboard.press("Space")
    pump_until(page, lambda: moves, message="the move")
    for upload in uploads:
        upload.continue_()
    page.wait_for_function("() => document.querySelectorAll('#gallery [data-state=\"ready\"]').length === 6",
                           polling="raf")
    moves[0].continue_()

    expect(announced(page)).to_have_text("Moved 'kb0.png' to position 6 of 6.")
    # Longer than a burst waits to be told (SETTLED_QUIET_MS) and than the person's words are left to be heard
    # (OWN_HOLD_MS): the drop's news, which came before the move, never takes the move's place.
    page.wait_for_timeout(3_000)
    expect(announced(page)).to_have_text("Moved 'kb0.png' to position 6 of 6.")
    assert api_ids(server)[-1] == moved
