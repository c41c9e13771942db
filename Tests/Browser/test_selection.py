"""Selecting items: click, Ctrl+click, Shift+click, Escape, Ctrl+A; dragging a selection moves all of it."""

from playwright.sync_api import expect

from helpers import drag_tile_to, expect_order, item_by_id, item_titles, items, seed_gallery


def expect_selected(page, all_ids: list[str], selected: set[str]) -> None:
    """Exactly the items of `selected` have data-selected="true"."""
    for item_id in all_ids:
        tile = item_by_id(page, item_id)
        if item_id in selected:
            expect(tile).to_have_attribute("data-selected", "true")
        else:
            expect(tile).not_to_have_attribute("data-selected", "true")


def test_click_ctrl_click_shift_click_and_escape_change_the_selection(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 5, "sel")
    ids = [i["id"] for i in stored]
    tile = lambda index: item_by_id(page, ids[index])  # noqa: E731

    tile(0).click()
    expect_selected(page, ids, {ids[0]})
    tile(2).click()
    expect_selected(page, ids, {ids[2]})

    tile(3).click(modifiers=["Control"])
    expect_selected(page, ids, {ids[2], ids[3]})
    tile(2).click(modifiers=["Control"])
    expect_selected(page, ids, {ids[3]})

    tile(1).click()
    tile(3).click(modifiers=["Shift"])
    expect_selected(page, ids, {ids[1], ids[2], ids[3]})

    page.keyboard.press("Escape")
    expect_selected(page, ids, set())


def test_ctrl_a_selects_every_item_from_a_tile_or_from_the_page(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "all")
    ids = [i["id"] for i in stored]

    item_by_id(page, ids[1]).click()
    expect(item_by_id(page, ids[1])).to_be_focused()
    page.keyboard.press("Control+a")
    expect_selected(page, ids, set(ids))

    page.keyboard.press("Escape")
    expect_selected(page, ids, set())
    page.evaluate("document.activeElement && document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body"), "focus did not go back to the page"
    page.keyboard.press("Control+a")
    expect_selected(page, ids, set(ids))


def test_dragging_a_selected_item_moves_every_selected_item_keeping_their_order(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 5, "multi")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[0]).click()
    item_by_id(page, ids[2]).click(modifiers=["Control"])
    expect_selected(page, ids, {ids[0], ids[2]})

    drag_tile_to(page, ids[0], ids[4], "after")  # the right half of the last item: the end

    expect_order(page, server, [ids[1], ids[3], ids[4], ids[0], ids[2]], names=item_titles(stored))
    expect(items(page)).to_have_count(5)
