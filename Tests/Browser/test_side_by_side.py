"""Two galleries side by side: opening one beside the other and closing it, moving and copying items between them by
dragging (several at once, at the drop position; Alt copies), and Move to Gallery… from the keyboard."""

import re

from playwright.sync_api import expect

from helpers import drop, more_menu_entry, uri_list, wait_until
from pane_helpers import (
    create_gallery,
    drag_between_panes,
    expect_pane_order,
    expect_stored,
    fill,
    ids_in,
    pane,
    pane_items,
    pane_tile,
    wait_pane_images,
)

MINE = "My Gallery"
FRUIT = "Fruit"


def open_side_by_side(page, server, other_site, mine=4, fruit=3):
    """Fills My Gallery and a new gallery "Fruit" through the API and opens them side by side."""
    fruit_gallery = create_gallery(server, FRUIT)
    left = fill(server, other_site, server.gallery_id, mine, "m") if mine else []
    right = fill(server, other_site, fruit_gallery["id"], fruit, "f") if fruit else []
    page.goto(f"{server.base_url}/g/{server.gallery_id}?beside={fruit_gallery['id']}")
    wait_pane_images(page, MINE, mine)
    wait_pane_images(page, FRUIT, fruit)
    return fruit_gallery["id"], [i["id"] for i in left], [i["id"] for i in right]


def test_open_beside_shows_the_chosen_gallery_next_to_this_one_and_close_removes_it(page, server, other_site):
    fruit = create_gallery(server, FRUIT)
    create_gallery(server, "Zebras")
    fill(server, other_site, fruit["id"], 2, "f")

    more_menu_entry(page, "Open Beside…").click()
    dialog = page.get_by_role("dialog", name=re.compile("gallery"))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name=f"Open {MINE}")).to_have_count(0)  # only the other galleries
    expect(dialog.get_by_role("button", name="Open Zebras")).to_be_visible()
    dialog.get_by_role("button", name=f"Open {FRUIT}").click()

    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}?beside={fruit['id']}")
    wait_pane_images(page, FRUIT, 2)
    left, right = pane(page, MINE).bounding_box(), pane(page, FRUIT).bounding_box()
    assert right["x"] >= left["x"] + left["width"] - 1 and abs(right["y"] - left["y"]) < 2, (
        f"not side by side: {left} {right}")
    # Each pane has its own toolbar; ids are not duplicated.
    expect(pane(page, FRUIT).get_by_role("button", name=re.compile(r"^Trash"))).to_be_visible()
    expect(pane(page, FRUIT).get_by_label("Images per row")).to_be_visible()
    duplicates = page.evaluate("""() => {
      const seen = {}; for (const e of document.querySelectorAll('[id]')) seen[e.id] = (seen[e.id] || 0) + 1;
      return Object.entries(seen).filter(([, n]) => n > 1);
    }""")
    assert duplicates == [], f"duplicated ids: {duplicates}"

    page.reload()
    wait_pane_images(page, FRUIT, 2)

    pane(page, FRUIT).get_by_role("button", name=f"Close {FRUIT}").click()
    expect(pane(page, FRUIT)).to_have_count(0)
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect(more_menu_entry(page, "Open Beside…")).to_be_visible()


def test_on_a_narrow_screen_the_two_galleries_are_stacked(page, server, other_site):
    page.set_viewport_size({"width": 700, "height": 900})
    open_side_by_side(page, server, other_site, mine=2, fruit=2)
    top, bottom = pane(page, MINE).bounding_box(), pane(page, FRUIT).bounding_box()
    assert bottom["y"] >= top["y"] + top["height"] - 1 and abs(bottom["x"] - top["x"]) < 2, (
        f"not stacked: {top} {bottom}")


def test_dragging_selected_items_to_the_other_gallery_moves_them_to_the_drop_position(page, server, other_site):
    fruit, (a, b, c, d), (x, y, z) = open_side_by_side(page, server, other_site)

    pane_tile(page, MINE, a).click()
    pane_tile(page, MINE, c).click(modifiers=["Control"])
    result = drag_between_panes(page, c, FRUIT, onto=y, side="before")

    assert result["cancelled"]["dragover"] and result["cancelled"]["drop"], result
    assert result["effects"]["dragover"] == "move", result
    assert result["gap"], "no gap was shown where the items would land"
    expect_pane_order(page, MINE, [b, d])
    expect_pane_order(page, FRUIT, [x, a, c, y, z])
    expect_stored(server, server.gallery_id, [b, d])
    expect_stored(server, fruit, [x, a, c, y, z])
    assert all(i["galleryId"] == fruit for i in server.items(fruit))

    page.reload()
    expect_pane_order(page, MINE, [b, d])
    expect_pane_order(page, FRUIT, [x, a, c, y, z])


def test_alt_dragging_copies_the_items_and_both_galleries_have_them(page, server, other_site):
    fruit, (a, b, c, d), (x, y, z) = open_side_by_side(page, server, other_site)

    pane_tile(page, MINE, b).click()
    pane_tile(page, MINE, d).click(modifiers=["Control"])
    result = drag_between_panes(page, b, FRUIT, onto=z, side="after", alt=True)

    assert result["effectAllowed"] == "copyMove", result
    assert result["effects"]["dragover"] == "copy", f"the drag did not show the copy effect: {result}"
    expect_pane_order(page, MINE, [a, b, c, d])
    expect_stored(server, server.gallery_id, [a, b, c, d])
    stored = wait_until(lambda: (lambda found: found if len(found) == 5 else None)(server.items(fruit)),
                        message="5 items in Fruit")
    assert [i["id"] for i in stored[:3]] == [x, y, z]
    copies = stored[3:]
    assert not {i["id"] for i in copies} & {b, d}, "copies are new items"
    originals = {i["id"]: i for i in server.items(server.gallery_id)}
    assert [i["title"] for i in copies] == [originals[b]["title"], originals[d]["title"]]
    assert [i["imageURL"] for i in copies] == [originals[b]["imageURL"], originals[d]["imageURL"]]
    expect_pane_order(page, FRUIT, [x, y, z] + [i["id"] for i in copies])


def test_move_to_gallery_from_the_keyboard_moves_the_item_to_the_end_of_the_other_gallery(page, server, other_site):
    fruit, (a, b, c, d), (x, y, z) = open_side_by_side(page, server, other_site)

    pane_tile(page, MINE, b).focus()
    page.keyboard.press("Shift+F10")
    menu = page.get_by_role("menu")
    expect(menu).to_be_visible()
    entry = menu.get_by_role("menuitem", name="Move to Gallery…")
    for _ in range(10):
        if entry.evaluate("e => e === document.activeElement"):
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=re.compile("Move"))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name=f"Move to {FRUIT}")).to_be_focused()
    page.keyboard.press("Enter")

    expect(dialog).to_be_hidden()
    expect_pane_order(page, MINE, [a, c, d])
    expect_pane_order(page, FRUIT, [x, y, z, b])
    expect_stored(server, fruit, [x, y, z, b])
    expect(page.locator('[aria-live="polite"]')).to_have_text(re.compile(f"Moved .* to {FRUIT}"))


def test_move_to_gallery_works_with_one_gallery_shown(page, server, other_site):
    fruit = create_gallery(server, FRUIT)
    (a, b) = [i["id"] for i in fill(server, other_site, server.gallery_id, 2, "one")]
    page.reload()
    wait_pane_images(page, MINE, 2)

    pane_tile(page, MINE, a).get_by_role("button", name=re.compile("^Actions for")).click()
    page.get_by_role("menu").get_by_role("menuitem", name="Move to Gallery…").click()
    page.get_by_role("dialog").get_by_role("button", name=f"Move to {FRUIT}").click()

    expect_pane_order(page, MINE, [b])
    expect_stored(server, fruit["id"], [a])


def test_drops_from_outside_land_in_either_gallery(page, server, other_site):
    fruit, mine_ids, fruit_ids = open_side_by_side(page, server, other_site, mine=1, fruit=1)
    url = other_site.image("outside.png", 64, 48)

    scroller = pane(page, FRUIT).locator(".gallery")
    result = scroller.evaluate("""(scroller, url) => {
      const dt = new DataTransfer(); dt.setData('text/uri-list', url);
      const r = scroller.getBoundingClientRect();
      const out = {};
      for (const type of ['dragenter', 'dragover', 'drop']) {
        out[type] = !scroller.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: dt,
          clientX: r.right - 20, clientY: r.bottom - 20}));
      }
      return out;
    }""", uri_list(url))
    assert result["dragover"] and result["drop"], result
    stored = wait_until(lambda: (lambda found: found if len(found) == 2 and found[1]["state"] == "ready" else None)(
        server.items(fruit)), message="the dropped image in Fruit")
    expect_pane_order(page, FRUIT, [fruit_ids[0], stored[1]["id"]])
    assert ids_in(server, server.gallery_id) == mine_ids

    drop(page, uri_list=uri_list(other_site.image("left.png", 40, 40)))  # the first pane is #gallery
    wait_until(lambda: len(server.items(server.gallery_id)) == 2, message="the drop in My Gallery")
    expect(pane_items(page, MINE)).to_have_count(2)
