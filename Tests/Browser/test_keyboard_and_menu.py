"""Everything a drag does, without dragging: keyboard moves, the item menu (button and right-click), and Tab."""

import re

from playwright.sync_api import expect

from helpers import expect_order, item_by_id, item_titles, open_menu_with_button, seed_gallery, trash_ids

MENU_ENTRIES = ["Move to Start", "Move to End", "Move to Position…", "Move to Trash"]


def focused_item_id(page):
    return page.evaluate("document.activeElement && document.activeElement.dataset.itemId || null")


def test_alt_arrows_move_the_focused_item_and_announce_its_new_position(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "key")
    a, b, c, d = (i["id"] for i in stored)
    titles = item_titles(stored)
    announcer = page.locator('[aria-live="polite"]')
    item_by_id(page, a).click()
    expect(item_by_id(page, a)).to_be_focused()

    page.keyboard.press("Alt+ArrowRight")

    expect_order(page, server, [b, a, c, d], names=titles)
    expect(announcer).to_have_text(re.compile(rf"Moved .*{re.escape(titles[a])}.* to position 2 of 4"))
    assert focused_item_id(page) == a, f"focus moved to {focused_item_id(page)!r}"

    page.keyboard.press("Alt+ArrowLeft")

    expect_order(page, server, [a, b, c, d], names=titles)
    expect(announcer).to_have_text(re.compile(r"Moved .* to position 1 of 4"))
    assert focused_item_id(page) == a, f"focus moved to {focused_item_id(page)!r}"


def test_actions_button_opens_the_item_menu_and_move_to_end_moves_the_item_last(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "menu")
    a, b, c, d = (i["id"] for i in stored)

    menu = open_menu_with_button(page, stored[1])

    for name in MENU_ENTRIES:
        expect(menu.get_by_role("menuitem", name=name)).to_be_visible()
    menu.get_by_role("menuitem", name="Move to End").click()

    expect_order(page, server, [a, c, d, b], names=item_titles(stored))
    expect(menu).to_be_hidden()


def test_move_to_position_asks_for_the_position_and_moves_the_item_there(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "pos")
    a, b, c, d = (i["id"] for i in stored)

    menu = open_menu_with_button(page, stored[3])
    menu.get_by_role("menuitem", name="Move to Position…").click()

    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label(re.compile("Position")).fill("2")
    dialog.get_by_role("button", name="Move", exact=True).click()

    expect_order(page, server, [a, d, b, c], names=item_titles(stored))
    expect(dialog).to_be_hidden()


def test_right_click_opens_the_same_menu(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "ctx")
    a, b, c, d = (i["id"] for i in stored)

    item_by_id(page, c).click(button="right")

    menu = page.get_by_role("menu")
    expect(menu).to_be_visible()
    for name in MENU_ENTRIES:
        expect(menu.get_by_role("menuitem", name=name)).to_be_visible()
    menu.get_by_role("menuitem", name="Move to Start").click()

    expect_order(page, server, [c, a, b, d], names=item_titles(stored))


def test_move_to_trash_in_the_menu_moves_the_item_to_the_trash(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "mtt")
    a, b, c = (i["id"] for i in stored)

    menu = open_menu_with_button(page, stored[0])
    menu.get_by_role("menuitem", name="Move to Trash").click()

    expect_order(page, server, [b, c], names=item_titles(stored))
    assert trash_ids(server) == [a]
    expect(page.get_by_role("button", name=re.compile(r"^Trash"))).to_have_accessible_name("Trash, 1 item")


def test_tab_reaches_the_items_and_the_toolbar_controls_with_a_visible_focus(page, server, other_site):
    seed_gallery(page, server, other_site, 3, "tab")
    page.evaluate("document.activeElement && document.activeElement.blur()")

    reached = []
    for _ in range(24):  # the header and the side bar come first
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => {
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          // A radio's focus is drawn by its label, the whole target it sits in.
          const shown = e.type === 'radio' && e.closest('label') ? e.closest('label') : e;
          return {tag: e.tagName, id: e.id, role: e.getAttribute('role'), itemId: e.dataset.itemId || null,
                  name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40),
                  outline: getComputedStyle(shown).outlineStyle};
        }""")
        if focused is None:
            continue
        reached.append(focused)
        assert focused["outline"] != "none", f"no visible focus on {focused}"

    tiles = [f for f in reached if f["role"] == "row" and f["itemId"]]
    assert tiles, f"Tab never reached an item; it reached {reached}"
    assert any(f["tag"] == "BUTTON" and f["name"].startswith("Trash") for f in reached), (
        f"Tab never reached the Trash button; it reached {reached}")
    assert any(f["tag"] == "INPUT" and f["id"] == "per-row" for f in reached), (
        f"Tab never reached the images-per-row control; it reached {reached}")
