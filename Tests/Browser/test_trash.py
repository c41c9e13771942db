"""The trash: a toolbar drop target for the gallery's own items only, the Delete key, the Trash view with Restore and
Empty Trash."""

import re

from playwright.sync_api import expect

from helpers import (
    api_ids,
    end_local_drag,
    expect_order,
    item_by_id,
    item_titles,
    items,
    local_drag_events,
    seed_gallery,
    start_local_drag,
    trash_ids,
    uri_list,
    wait_until,
)

TRASH_BUTTON = "#trash"  # only to aim synthetic drag events; the tests find the button by its role and name

_EXTERNAL_DRAG_JS = """
async ({url, events}) => {
  const button = document.querySelector('#trash');
  const r = button.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const dt = new DataTransfer();
  dt.setData('text/uri-list', url);
  const cancelled = {};
  for (const type of events) {
    cancelled[type] = !button.dispatchEvent(new DragEvent(type, {
      bubbles: true, cancelable: true, composed: true, dataTransfer: dt, clientX: x, clientY: y}));
    await new Promise(resolve => requestAnimationFrame(() => resolve()));
  }
  return cancelled;
}
"""


def trash_button(page):
    return page.get_by_role("button", name=re.compile(r"^Trash"))


def test_trash_refuses_a_drag_from_outside_and_its_drop_changes_nothing(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "ext")
    ids = [i["id"] for i in stored]
    button = trash_button(page)
    expect(button).to_have_accessible_name("Trash")
    outside = uri_list(other_site.image("outside.png", 60, 60))

    page.evaluate(_EXTERNAL_DRAG_JS, {"url": outside, "events": ["dragenter", "dragover"]})
    expect(button).to_have_attribute("data-drop-state", "forbidden")

    page.evaluate(_EXTERNAL_DRAG_JS, {"url": outside, "events": ["drop"]})

    expect(button).not_to_have_attribute("data-drop-state", "accept")
    expect(items(page)).to_have_count(3)
    assert api_ids(server) == ids
    assert trash_ids(server) == []
    assert server.gallery(server.gallery_id)["trashCount"] == 0
    expect(button).to_have_accessible_name("Trash")


def test_dropping_selected_items_on_the_trash_moves_them_to_the_trash(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "bin")
    ids = [i["id"] for i in stored]
    button = trash_button(page)
    item_by_id(page, ids[1]).click()
    item_by_id(page, ids[3]).click(modifiers=["Control"])
    expect(item_by_id(page, ids[3])).to_have_attribute("data-selected", "true")

    started = start_local_drag(page, ids[1])
    assert "application/x-image-gallery+json" in started["types"], f"the drag carries {started['types']}"
    over = local_drag_events(page, ["dragenter", "dragover"], selector=TRASH_BUTTON)
    expect(button).to_have_attribute("data-drop-state", "accept")
    assert over["cancelled"]["dragover"], "the trash did not cancel dragover of a local drag: no drop allowed"
    dropped = local_drag_events(page, ["drop"], selector=TRASH_BUTTON)
    end_local_drag(page)

    assert dropped["cancelled"]["drop"], "the trash did not cancel the drop"
    expect_order(page, server, [ids[0], ids[2]], names=item_titles(stored))
    assert sorted(trash_ids(server)) == sorted([ids[1], ids[3]])
    expect(button).to_have_accessible_name("Trash, 2 items")
    expect(button).not_to_have_attribute("data-drop-state", "accept")


def test_delete_key_on_a_focused_selected_item_moves_it_to_the_trash(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "del")
    ids = [i["id"] for i in stored]
    tile = item_by_id(page, ids[1])
    tile.click()
    expect(tile).to_be_focused()
    expect(tile).to_have_attribute("data-selected", "true")

    page.keyboard.press("Delete")

    expect_order(page, server, [ids[0], ids[2]], names=item_titles(stored))
    assert trash_ids(server) == [ids[1]]
    expect(trash_button(page)).to_have_accessible_name("Trash, 1 item")


def test_trash_view_restores_an_item_to_its_old_place_and_empty_trash_deletes_the_rest(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "view")
    a, b, c, d = (i["id"] for i in stored)
    titles = item_titles(stored)
    server.api("POST", f"/api/galleries/{server.gallery_id}/trash", {"itemIds": [b, d]})
    page.reload()
    expect_order(page, server, [a, c], names=titles)
    button = trash_button(page)
    expect(button).to_have_accessible_name("Trash, 2 items")

    button.click()

    dialog = page.get_by_role("dialog", name="Trash")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Trash")).to_be_visible()
    rows = dialog.locator("li[data-item-id]")
    expect(rows).to_have_count(2)
    assert sorted(rows.evaluate_all("els => els.map(e => e.dataset.itemId)")) == sorted([b, d])

    dialog.get_by_role("button", name=f"Restore {titles[b]}").click()

    expect_order(page, server, [a, b, c], names=titles)
    assert trash_ids(server) == [d]
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-item-id", d)
    expect(button).to_have_accessible_name("Trash, 1 item")

    page.on("dialog", lambda confirm: confirm.accept())
    dialog.get_by_role("button", name="Empty Trash").click()

    wait_until(lambda: trash_ids(server) == [], message="an empty trash in the API")
    expect(rows).to_have_count(0)
    expect(button).to_have_accessible_name("Trash")
    assert api_ids(server) == [a, b, c]
    assert server.gallery(server.gallery_id)["trashCount"] == 0
