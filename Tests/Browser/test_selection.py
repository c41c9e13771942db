"""Selecting items: click, Ctrl+click, Shift+click, Escape, Ctrl+A; dragging a selection moves all of it."""

import re

from playwright.sync_api import expect

from helpers import drag_tile_to, expect_order, item_by_id, item_titles, items, seed_gallery


def expect_selected(page, all_ids: list[str], selected: set[str]) -> None:
    """Exactly the items of `selected` are shown selected (data-selected="true") and told selected to screen readers
    (rows of a multi-selectable grid with aria-selected)."""
    for item_id in all_ids:
        tile = item_by_id(page, item_id)
        if item_id in selected:
            expect(tile).to_have_attribute("data-selected", "true")
            expect(tile).to_have_attribute("aria-selected", "true")
        else:
            expect(tile).not_to_have_attribute("data-selected", "true")
            expect(tile).to_have_attribute("aria-selected", "false")
    grid = page.get_by_role("grid", name="My Gallery")
    expect(grid).to_have_attribute("aria-multiselectable", "true")
    expect(grid.get_by_role("row", selected=True)).to_have_count(len(selected))


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


def test_the_selection_is_told_to_screen_readers_in_every_view(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "told")
    ids = [i["id"] for i in stored]
    item_by_id(page, ids[1]).click()
    item_by_id(page, ids[3]).click(modifiers=["Control"])
    for view in ("List", "Board", "Grid"):
        page.get_by_role("radio", name=view).check()
        expect_selected(page, ids, {ids[1], ids[3]})
        # Each item is a row named by what it is and where it is, with its one cell holding what it shows.
        row = page.get_by_role("grid", name="My Gallery").get_by_role("row", selected=True).first
        expect(row).to_have_accessible_name(re.compile(r"^Image: told1\.png, 2 of 4$"))
        expect(row.get_by_role("gridcell")).to_have_count(1)


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
