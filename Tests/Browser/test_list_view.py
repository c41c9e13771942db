"""The list view: one row per item with what it is, chosen with the View switch, remembered per gallery and in the
address, reordered by dragging rows, by keys and by drops from outside, with only the rows near the viewport in the
page."""

import re

from playwright.sync_api import expect

from helpers import (
    api_ids,
    drop,
    expect_order,
    item_by_id,
    item_titles,
    seed_gallery,
    uri_list,
    wait_until,
)


def view_switch(page):
    return page.get_by_role("radiogroup", name="View")


def choose_view(page, name):
    view_switch(page).get_by_role("radio", name=name).check()


def rows(page):
    return page.get_by_role("grid", name="My Gallery").locator('.row[role="row"]')


def test_the_list_shows_a_row_per_item_and_the_choice_is_kept_for_the_gallery(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "row")
    expect(view_switch(page).get_by_role("radio", name="Grid")).to_be_checked()

    choose_view(page, "List")

    expect(rows(page)).to_have_count(3)
    first = item_by_id(page, stored[0]["id"])
    expect(first).to_have_attribute("data-state", "ready")
    expect(first).to_have_attribute("data-kind", "image")
    expect(first.locator(".row-title")).to_have_text("row0.png")
    expect(first.locator(".row-dimensions")).to_have_text("120 × 90")
    expect(first.locator(".row-host")).to_have_text("127.0.0.1")
    expect(first.locator(".row-size")).to_have_text(re.compile(r"^\d+(\.\d)? (B|KB)$"))
    expect(page).to_have_url(re.compile(r"\?view=list$"))
    wait_until(lambda: server.api("GET", f"/api/galleries/{server.gallery_id}")["view"] == "list",
               message="the view saved for the gallery")

    # Opened again without the address saying so: the gallery's own view.
    page.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(rows(page)).to_have_count(3)
    expect(view_switch(page).get_by_role("radio", name="List")).to_be_checked()

    choose_view(page, "Grid")
    expect(page.locator("#gallery .tile")).to_have_count(3)
    expect(rows(page)).to_have_count(0)
    expect(page).not_to_have_url(re.compile(r"view=list"))


def test_dragging_a_row_between_two_others_moves_it_there(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "drag")
    a, b, c, d = (i["id"] for i in stored)
    choose_view(page, "List")
    expect(rows(page)).to_have_count(4)
    line = page.locator("#gallery .insertion-line")

    source, target = item_by_id(page, a).bounding_box(), item_by_id(page, c).bounding_box()
    page.mouse.move(source["x"] + 80, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 80, target["y"] + target["height"] / 2, steps=4)
    page.mouse.move(target["x"] + 80, target["y"] + 6, steps=4)
    expect(line).to_be_visible()
    page.mouse.up()

    expect_order(page, server, [b, a, c, d], names=item_titles(stored))
    expect(line).to_have_count(0)


def test_keys_move_focus_select_and_move_rows(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "keys")
    a, b, c, d = (i["id"] for i in stored)
    choose_view(page, "List")
    expect(rows(page)).to_have_count(4)

    item_by_id(page, a).focus()
    page.keyboard.press("Alt+ArrowDown")
    expect_order(page, server, [b, a, c, d], names=item_titles(stored))
    expect(item_by_id(page, a)).to_be_focused()

    page.keyboard.press("ArrowDown")
    expect(item_by_id(page, c)).to_be_focused()
    page.keyboard.press("Shift+ArrowDown")
    expect(item_by_id(page, d)).to_be_focused()
    expect(item_by_id(page, d)).to_have_attribute("data-selected", "true")
    page.keyboard.press("Delete")
    wait_until(lambda: api_ids(server) == [b, a, c], message="the selected row in the trash")
    expect(rows(page)).to_have_count(3)


def test_a_drop_from_outside_lands_between_the_rows_it_was_dropped_between(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "between")
    a, b, c = (i["id"] for i in stored)
    choose_view(page, "List")
    expect(rows(page)).to_have_count(3)

    drop(page, uri_list=uri_list(other_site.image("new.png", 50, 40)), at=1)

    new_id = wait_until(lambda: next((i for i in api_ids(server) if i not in (a, b, c)), None),
                        message="the dropped item")
    expect_order(page, server, [a, new_id, b, c])
    expect(item_by_id(page, new_id)).to_have_attribute("data-state", "ready", timeout=10_000)


def test_only_the_rows_near_the_viewport_are_in_the_page(page, server, other_site):
    urls = [other_site.image(f"many{i}.png", 20, 10) for i in range(120)]
    server.drop_uris(server.gallery_id, urls)
    server.wait_settled(server.gallery_id, 120)
    page.goto(f"{server.base_url}/g/{server.gallery_id}?view=list")
    expect(rows(page).first).to_be_visible()
    count = rows(page).count()
    assert 0 < count < 60, f"{count} rows in the page for 120 items"
    page.locator("#gallery").evaluate("el => { el.scrollTop = el.scrollHeight; }")
    expect(page.locator('#gallery .row[aria-rowindex="120"]')).to_be_attached()


WIDTHS = (320, 375, 480, 600, 700, 760, 1024, 1280, 1920)

BOXES_JS = """row => {
  const box = element => { const r = element.getBoundingClientRect();
                           return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
  const pane = row.closest('.gallery');
  return {row: box(row), pane: box(pane), title: box(row.querySelector('.row-title')),
          buttons: [...row.querySelectorAll('button')].map(b => ({name: b.textContent, ...box(b)}))};
}"""


def test_a_failed_rows_buttons_sit_side_by_side_clear_of_its_more_button_at_every_width(page, server, other_site):
    missing = other_site.url("/missing-photo-with-a-long-name.png")
    drop(page, uri_list=uri_list(missing, other_site.image("kept.png", 50, 40)))
    failed_id, kept_id = [i["id"] for i in wait_until(
        lambda: (lambda found: found if len(found) == 2 and found[0]["state"] == "failed" else None)(
            server.items(server.gallery_id)), message="the failed link and the kept image")]
    choose_view(page, "List")
    failed = item_by_id(page, failed_id)
    expect(failed.get_by_role("button", name="Retry")).to_be_visible()

    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 600})
        for row_id, names in ((failed_id, ["Retry", "Remove", "⋯"]), (kept_id, ["⋯"])):
            row = item_by_id(page, row_id)
            expect(row.get_by_role("button", name=re.compile("^Actions for"))).to_be_visible()
            boxes = row.evaluate(BOXES_JS)
            buttons = boxes["buttons"]
            where = f"at {width} px: {boxes}"
            assert [b["name"] for b in buttons] == names, where
            # In the row, inside the pane (nothing cut off at its edge), one after another without overlapping.
            for button in buttons:
                assert boxes["row"]["left"] <= button["left"] and button["right"] <= boxes["row"]["right"], where
                assert button["right"] <= boxes["pane"]["right"], where
                assert boxes["row"]["top"] <= button["top"] and button["bottom"] <= boxes["row"]["bottom"], where
            for before, after in zip(buttons, buttons[1:], strict=False):
                assert before["right"] <= after["left"], where
            assert boxes["title"]["width"] > 20 and boxes["title"]["right"] <= buttons[0]["left"], where

    # At the narrowest, as a person would: a click on ⋯ opens the item's menu, a click on Remove removes the row.
    page.set_viewport_size({"width": WIDTHS[0], "height": 600})
    failed.get_by_role("button", name=re.compile("^Actions for")).click()
    expect(page.get_by_role("menu")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("menu")).to_be_hidden()
    failed.get_by_role("button", name="Remove").click()
    expect(failed).to_have_count(0)
    wait_until(lambda: api_ids(server) == [kept_id], message="the failed item removed")
