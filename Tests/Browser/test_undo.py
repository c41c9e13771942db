"""Undo and redo, per gallery and per browser tab: the Undo and Redo buttons name the action, Ctrl+Z, Shift+Ctrl+Z and
Ctrl+Y act on the pane in use, the server's message is announced and shown, the history survives a reload, and an undo
leaves alone what another window changed since."""

import re

from playwright.sync_api import expect

from helpers import drop, item_by_id, uri_list, wait_until
from pane_helpers import (
    create_gallery,
    drag_between_panes,
    expect_pane_order,
    expect_stored,
    fill,
    ids_in,
    open_window,
    pane,
    pane_tile,
    session_api,
    session_of,
    wait_pane_images,
)

MINE = "My Gallery"
FRUIT = "Fruit"
LIVE = 3_000


def undo_button(page, name=MINE):
    return pane(page, name).get_by_role("button", name=re.compile(r"^Undo"))


def redo_button(page, name=MINE):
    return pane(page, name).get_by_role("button", name=re.compile(r"^Redo"))


def status(page, name=MINE):
    return pane(page, name).locator(".pane-status")


def expect_told(page, pattern, name=MINE):
    """The server's message is announced (the polite live region) and shown in the pane's status line."""
    expect(page.locator('[aria-live="polite"]')).to_have_text(pattern)
    expect(status(page, name)).to_be_visible()
    expect(status(page, name)).to_have_text(pattern)


def seeded(page, server, other_site, count=4, prefix="u"):
    ids = [i["id"] for i in fill(server, other_site, server.gallery_id, count, prefix)]
    page.reload()
    wait_pane_images(page, MINE, count)
    return ids


def test_nothing_to_undo_at_first(page, server):
    expect(undo_button(page)).to_have_text("Undo")
    expect(undo_button(page)).to_be_disabled()
    expect(redo_button(page)).to_be_disabled()


def test_undo_and_redo_a_drop(page, server, other_site):
    (a,) = seeded(page, server, other_site, 1)
    drop(page, uri_list=uri_list(other_site.image("dropped.png", 40, 30)))
    new_id = wait_until(lambda: next((i["id"] for i in server.items(server.gallery_id) if i["id"] != a), None),
                        message="the drop on the server")
    expect_pane_order(page, MINE, [a, new_id])
    expect(undo_button(page)).to_have_text("Undo Drop")

    undo_button(page).click()

    expect_pane_order(page, MINE, [a], timeout=LIVE)
    expect_stored(server, server.gallery_id, [a])
    expect_told(page, re.compile(r"^Undid the drop"))
    expect(redo_button(page)).to_have_text("Redo Drop")
    expect(undo_button(page)).to_be_disabled()

    redo_button(page).click()

    expect_pane_order(page, MINE, [a, new_id], timeout=LIVE)
    expect_told(page, re.compile(r"^Redid the drop"))
    expect(undo_button(page)).to_have_text("Undo Drop")


def test_undo_and_redo_a_move_with_the_keyboard(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, a).focus()
    page.keyboard.press("Alt+ArrowRight")
    expect_stored(server, server.gallery_id, [b, a, c, d])
    expect(undo_button(page)).to_have_text("Undo Move")

    page.keyboard.press("Control+z")

    expect_pane_order(page, MINE, [a, b, c, d], timeout=LIVE)
    expect_stored(server, server.gallery_id, [a, b, c, d])
    expect_told(page, re.compile(r"^Undid the move"))
    expect(redo_button(page)).to_have_text("Redo Move")

    page.keyboard.press("Control+Shift+z")

    expect_pane_order(page, MINE, [b, a, c, d], timeout=LIVE)
    expect(undo_button(page)).to_have_text("Undo Move")
    expect(redo_button(page)).to_be_disabled()


def test_the_buttons_follow_the_history_each_answer_carries_without_asking_again(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/history" in request.url else None)
    item_by_id(page, a).focus()
    page.keyboard.press("Alt+ArrowRight")
    expect(undo_button(page)).to_have_text("Undo Move")
    item_by_id(page, d).focus()
    page.keyboard.press("Delete")
    expect(undo_button(page)).to_have_text("Undo Delete")
    drop(page, uri_list=uri_list(other_site.image("more.png", 40, 30)))
    expect(undo_button(page)).to_have_text("Undo Drop")
    assert asked == [], f"asked for the history only to update the buttons: {asked}"


def test_ctrl_z_does_nothing_while_typing_in_a_field(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, a).focus()
    page.keyboard.press("Alt+ArrowRight")
    expect(undo_button(page)).to_have_text("Undo Move")

    item_by_id(page, a).focus()
    page.keyboard.press("Shift+F10")
    page.get_by_role("menu").get_by_role("menuitem", name="Move to Position…").click()
    field = page.get_by_role("dialog").get_by_label(re.compile("Position"))
    field.fill("3")
    field.press("Control+z")
    page.wait_for_timeout(300)

    assert ids_in(server, server.gallery_id) == [b, a, c, d]
    expect(undo_button(page)).to_have_text("Undo Move")


def test_undo_a_delete_brings_the_item_back_to_its_place_and_redo_deletes_it_again(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, b).focus()
    page.keyboard.press("Delete")
    expect_stored(server, server.gallery_id, [a, c, d])
    expect(undo_button(page)).to_have_text("Undo Delete")

    undo_button(page).click()

    expect_pane_order(page, MINE, [a, b, c, d], timeout=LIVE)
    expect(page.get_by_role("button", name=re.compile(r"^Trash"))).to_have_accessible_name("Trash", timeout=LIVE)
    expect_told(page, re.compile(r"^Undid the deletion"))

    page.keyboard.press("Control+y")

    expect_pane_order(page, MINE, [a, c, d], timeout=LIVE)
    expect(page.get_by_role("button", name=re.compile(r"^Trash"))).to_have_accessible_name("Trash, 1 item",
                                                                                          timeout=LIVE)


def test_undo_a_restore_puts_the_item_back_in_the_trash(page, server, other_site):
    a, b, c = seeded(page, server, other_site, 3)
    item_by_id(page, b).focus()
    page.keyboard.press("Delete")
    expect_stored(server, server.gallery_id, [a, c])

    trash = page.get_by_role("button", name=re.compile(r"^Trash"))
    trash.click()
    dialog = page.get_by_role("dialog", name="Trash")
    dialog.get_by_role("button", name=re.compile(r"^Restore")).click()
    expect_stored(server, server.gallery_id, [a, b, c])
    dialog.get_by_role("button", name="Close").click()
    expect(undo_button(page)).to_have_text("Undo Restore")

    undo_button(page).click()

    expect_pane_order(page, MINE, [a, c], timeout=LIVE)
    expect_stored(server, server.gallery_id, [a, c])
    expect_told(page, re.compile(r"^Undid the restore"))
    expect(undo_button(page)).to_have_text("Undo Delete")


def test_undo_a_rename_and_it_still_works_after_a_reload(page, server, other_site):
    seeded(page, server, other_site, 1)
    session_api(server, session_of(page), "PATCH", f"/api/galleries/{server.gallery_id}", {"name": "Holiday"})
    page.reload()
    expect(page.get_by_role("heading", name="Holiday")).to_be_visible()
    expect(undo_button(page, "Holiday")).to_have_text("Undo Rename")

    undo_button(page, "Holiday").click()

    expect(page.get_by_role("heading", name=MINE)).to_be_visible(timeout=LIVE)
    assert server.gallery(server.gallery_id)["name"] == MINE
    expect_told(page, re.compile(r"^Undid the rename"))
    expect(redo_button(page)).to_have_text("Redo Rename")


def view_radio(page, name):
    return pane(page, MINE).get_by_role("radiogroup", name="View").get_by_role("radio", name=name)


def test_the_view_and_images_per_row_are_remembered_and_leave_the_undo_button_as_it_was(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, d).focus()
    page.keyboard.press("Alt+ArrowLeft")
    expect_stored(server, server.gallery_id, [a, b, d, c])
    expect(undo_button(page)).to_have_text("Undo Move")
    expect(toast(page)).to_contain_text("Moved 1 item")

    view_radio(page, "List").check()
    expect(pane(page, MINE).locator(".row")).to_have_count(4)
    slider = page.get_by_label("Images per row")
    view_radio(page, "Grid").check()
    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(slider).to_have_value("5")
    view_radio(page, "Board").check()
    # Each is saved as the gallery's default, silently: no undo step, no toast of its own.
    wait_until(lambda: server.gallery(server.gallery_id)["view"] == "board", message="the board saved as the default")
    wait_until(lambda: server.gallery(server.gallery_id)["imagesPerRow"] == 5, message="5 per row saved")
    expect(undo_button(page)).to_have_text("Undo Move")
    expect(redo_button(page)).to_be_disabled()
    expect(toast_text(page)).not_to_have_text(re.compile("view|per row", re.I))

    undo_button(page).click()
    expect_stored(server, server.gallery_id, [a, b, c, d])
    expect(view_radio(page, "Board")).to_be_checked()

    # Remembered on this browser, whatever the gallery's default says meanwhile.
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"view": "grid", "imagesPerRow": 2})
    page.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(view_radio(page, "Board")).to_be_checked()
    view_radio(page, "Grid").check()
    expect(page.get_by_label("Images per row")).to_have_value("5")


def toast(page):
    return page.locator("#undo-toast")


def toast_text(page):
    return toast(page).locator(".undo-toast-text")


def test_the_toasts_undo_is_reached_by_keyboard_and_undoes_exactly_that_change(page, server, other_site):
    page.clock.install()
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, d).focus()
    page.keyboard.press("Alt+ArrowLeft")
    expect_stored(server, server.gallery_id, [a, b, d, c])

    expect(toast(page)).to_have_text(re.compile(r"^\s*Moved 1 item\s*Undo\s*$"))
    expect(toast(page)).to_have_attribute("role", "status")
    expect(item_by_id(page, d)).to_be_focused()  # the toast never takes the focus

    undo = toast(page).get_by_role("button", name="Undo")
    for _ in range(40):
        if undo.evaluate("button => button === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(undo).to_be_focused()
    # Focused, it stays however long (WCAG 2.2.1); let go, it goes after its time.
    page.clock.run_for(20_000)
    expect(undo).to_be_visible()

    page.keyboard.press("Enter")

    expect_stored(server, server.gallery_id, [a, b, c, d])
    expect(toast_text(page)).to_have_text("Undid the move of 1 item.")
    expect(undo).to_be_hidden()
    expect(item_by_id(page, d)).to_be_focused()  # back where the person came from, not lost
    expect(undo_button(page)).to_be_disabled()
    expect(redo_button(page)).to_have_text("Redo Move")
    page.clock.run_for(6_500)
    expect(toast_text(page)).to_have_text("")


def test_a_newer_change_replaces_the_toast_and_the_toolbars_undo_closes_it(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, d).focus()
    page.keyboard.press("Alt+ArrowLeft")
    expect(toast(page)).to_contain_text("Moved 1 item")
    page.keyboard.press("Delete")
    expect(toast(page)).to_contain_text("Trashed 1 item")
    wait_until(lambda: ids_in(server, server.gallery_id) == [a, b, c], message="d trashed")

    page.keyboard.press("Control+z")
    wait_until(lambda: ids_in(server, server.gallery_id) == [a, b, d, c], message="the trash undone")
    expect(toast_text(page)).to_have_text("")
    expect(undo_button(page)).to_have_text("Undo Move")


def test_undo_still_works_after_a_page_reload(page, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, d).focus()
    page.keyboard.press("Alt+ArrowLeft")
    expect_stored(server, server.gallery_id, [a, b, d, c])

    page.reload()
    wait_pane_images(page, MINE, 4)
    expect(undo_button(page)).to_have_text("Undo Move")
    undo_button(page).click()

    expect_pane_order(page, MINE, [a, b, c, d], timeout=LIVE)
    expect_stored(server, server.gallery_id, [a, b, c, d])


def beside_fruit(page, server, other_site, count, prefix):
    """My Gallery with `count` images and Fruit with one, side by side on the page; returns (fruit id, my ids, x)."""
    fruit = create_gallery(server, FRUIT)["id"]
    mine = [i["id"] for i in fill(server, other_site, server.gallery_id, count, prefix)]
    (x,) = [i["id"] for i in fill(server, other_site, fruit, 1, "fr")]
    page.goto(f"{server.base_url}/g/{server.gallery_id}?beside={fruit}")
    wait_pane_images(page, MINE, count)
    wait_pane_images(page, FRUIT, 1)
    return fruit, mine, x


def test_undo_a_move_between_galleries_and_a_copy(page, server, other_site):
    fruit, (a, b, c), x = beside_fruit(page, server, other_site, 3, "mv")

    pane_tile(page, MINE, b).click()
    drag_between_panes(page, b, FRUIT, onto=x, side="before")
    expect_stored(server, fruit, [b, x])
    expect(undo_button(page, FRUIT)).to_have_text("Undo Move Between Galleries")

    undo_button(page, FRUIT).click()

    expect_pane_order(page, MINE, [a, b, c], timeout=LIVE)
    expect_pane_order(page, FRUIT, [x], timeout=LIVE)
    expect_stored(server, server.gallery_id, [a, b, c])
    expect_told(page, re.compile(r"^Undid the move .*between galleries"), FRUIT)

    # Ctrl+Z acts on the pane in use: a copy into Fruit, undone from the keyboard there.
    pane_tile(page, MINE, c).click()
    drag_between_panes(page, c, FRUIT, alt=True)
    copies = wait_until(lambda: (lambda found: found[1:] if len(found) == 2 else None)(server.items(fruit)),
                        message="the copy in Fruit")
    expect_pane_order(page, FRUIT, [x, copies[0]["id"]])
    expect(undo_button(page, FRUIT)).to_have_text("Undo Copy")
    pane_tile(page, FRUIT, x).click()
    page.keyboard.press("Control+z")

    expect_pane_order(page, FRUIT, [x], timeout=LIVE)
    expect_pane_order(page, MINE, [a, b, c])
    expect_stored(server, fruit, [x])
    expect_told(page, re.compile(r"^Undid the copy"), FRUIT)


def test_a_move_between_galleries_is_undone_from_the_source_pane_before_its_earlier_actions(page, server, other_site):
    fruit, (a, b, c), x = beside_fruit(page, server, other_site, 3, "src")
    pane_tile(page, MINE, c).focus()
    page.keyboard.press("Alt+ArrowLeft")  # an earlier action of this tab in My Gallery: c before b
    expect_stored(server, server.gallery_id, [a, c, b])

    pane_tile(page, MINE, a).click()
    pane_tile(page, MINE, b).click(modifiers=["Control"])
    drag_between_panes(page, b, FRUIT, onto=x, side="after")
    expect_stored(server, fruit, [x, a, b])
    # The move is in both galleries' histories: the source pane offers to undo it, not its earlier move.
    expect(undo_button(page, MINE)).to_have_text("Undo Move Between Galleries")
    expect(undo_button(page, FRUIT)).to_have_text("Undo Move Between Galleries")

    undo_button(page, MINE).click()

    expect_pane_order(page, MINE, [a, c, b], timeout=LIVE)
    expect_pane_order(page, FRUIT, [x], timeout=LIVE)
    expect_told(page, "Undid the move of 2 items between galleries.", MINE)
    expect(undo_button(page, MINE)).to_have_text("Undo Move")
    expect(redo_button(page, MINE)).to_have_text("Redo Move Between Galleries")
    expect(undo_button(page, FRUIT)).to_be_disabled()
    expect(redo_button(page, FRUIT)).to_have_text("Redo Move Between Galleries")

    redo_button(page, FRUIT).click()  # redone from the other pane: both follow
    expect_pane_order(page, FRUIT, [x, a, b], timeout=LIVE)
    expect_pane_order(page, MINE, [c], timeout=LIVE)
    expect(undo_button(page, MINE)).to_have_text("Undo Move Between Galleries")


def test_undoing_a_move_whose_item_this_tab_moved_again_elsewhere_says_you_moved_it(page, server, other_site):
    fruit, (a, b), x = beside_fruit(page, server, other_site, 2, "own")
    pane_tile(page, MINE, a).click()
    pane_tile(page, MINE, b).click(modifiers=["Control"])
    drag_between_panes(page, b, FRUIT)  # to the end of Fruit
    expect_pane_order(page, FRUIT, [x, a, b], timeout=LIVE)
    pane_tile(page, FRUIT, b).focus()
    page.keyboard.press("Alt+ArrowLeft")  # in Fruit's own history
    page.keyboard.press("Alt+ArrowLeft")
    expect_stored(server, fruit, [b, x, a])

    undo_button(page, MINE).click()

    expect_told(page, "Undid the move of 2 items between galleries. 1 item was moved by you since and was left "
                      "where it is.", MINE)
    expect_pane_order(page, MINE, [a], timeout=LIVE)
    expect_pane_order(page, FRUIT, [b, x], timeout=LIVE)


def test_an_undo_that_conflicts_with_another_windows_later_move_says_so_and_leaves_that_item(
        page, browser, server, other_site):
    a, b, c, d = seeded(page, server, other_site)
    item_by_id(page, a).focus()
    page.keyboard.press("Alt+ArrowRight")  # this window: a after b
    expect_stored(server, server.gallery_id, [b, a, c, d])

    other = open_window(browser, server, f"/g/{server.gallery_id}", list_name=MINE)
    wait_pane_images(other, MINE, 4)
    item_by_id(other, a).focus()
    other.keyboard.press("Shift+F10")
    other.get_by_role("menu").get_by_role("menuitem", name="Move to End").click()  # the other window: a to the end
    expect_stored(server, server.gallery_id, [b, c, d, a])
    expect_pane_order(page, MINE, [b, c, d, a], timeout=LIVE)

    undo_button(page).click()

    expect_told(page, re.compile(r"someone else"))
    expect_stored(server, server.gallery_id, [b, c, d, a])
    expect_pane_order(page, MINE, [b, c, d, a])
    other.context.close()
