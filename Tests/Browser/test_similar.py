"""Similar images and duplicates on the page (issue 28): a photo dropped again into another gallery, re-encoded and
resized, says in its details which other gallery holds it ("Also in"), and "Find Similar" — in the viewer's bar and
the item menu — lists the other in a dialog whose links open it in its gallery; focus goes back where it was."""

import re

from kind_helpers import drop_fixture
from playwright.sync_api import expect

from helpers import item_by_id, open_menu_with_button, wait_until


def ready_items(server, gallery: str, count: int) -> list[dict]:
    return wait_until(lambda: (items := server.items(gallery)) and len(items) == count
                      and all(i["state"] == "ready" for i in items) and items, message=f"{count} ready items")


def test_a_near_duplicate_drop_shows_also_in_and_find_similar_lists_the_other(page, server):
    moodboard = server.api("POST", "/api/galleries", {"name": "Moodboard"})["id"]
    page.goto(f"{server.base_url}/g/{moodboard}")
    expect(page.get_by_role("grid", name="Moodboard")).to_be_attached()
    drop_fixture(page, "similar-hopper.jpg", "image/jpeg")
    original = ready_items(server, moodboard, 1)[0]

    page.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    drop_fixture(page, "similar-hopper-q50-96.jpg", "image/jpeg")
    # Added all the same, and the person is told once where else it is.
    expect(page.locator("#announcer")).to_have_text("'similar-hopper-q50-96.jpg' is also in 'Moodboard'.")
    drop_fixture(page, "similar-flower.jpg", "image/jpeg")
    stored = ready_items(server, server.gallery_id, 2)
    copy = next(i for i in stored if i["title"] == "similar-hopper-q50-96.jpg")
    flower = next(i for i in stored if i["title"] == "similar-flower.jpg")

    # The viewer's details say where else the picture is.
    item_by_id(page, copy["id"]).dblclick()
    viewer = page.locator("#viewer")
    page.keyboard.press("i")
    panel = viewer.get_by_role("complementary", name="Details")
    expect(panel.locator('dt:text-is("Also in") + dd')).to_have_text("'Moodboard'")

    # Find Similar in the viewer's bar: the original, in its gallery.
    find = viewer.get_by_role("button", name="Find Similar")
    find.click()
    dialog = page.get_by_role("dialog", name="Similar images")
    expect(dialog).to_be_visible()
    links = dialog.get_by_role("link")
    expect(links).to_have_count(1)
    expect(links.first).to_have_text(re.compile("similar-hopper\\.jpg\\s*in Moodboard"))
    expect(links.first).to_have_attribute("href", f"/g/{moodboard}/items/{original['id']}")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(find).to_be_focused()

    # The other photo is in no other gallery, and finds nothing like it.
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    menu = open_menu_with_button(page, flower)
    menu.get_by_role("menuitem", name="Find Similar").click()
    expect(dialog.get_by_role("status")).to_have_text("No similar images.")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # Focus goes back to the item the menu was opened for.
    expect(item_by_id(page, flower["id"])).to_be_focused()

    # Following a link opens the image in its gallery.
    menu = open_menu_with_button(page, copy)
    menu.get_by_role("menuitem", name="Find Similar").click()
    dialog.get_by_role("link").first.click()
    expect(page).to_have_url(f"{server.base_url}/g/{moodboard}/items/{original['id']}")
    expect(page.locator("#viewer")).to_be_visible()
