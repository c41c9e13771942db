"""Tags and captions on the page (issue "Find anything"): Tags… in the item menu adds and removes a tag on an item or a
whole selection in one change that one Undo takes back, with the tags already used as suggestions; the list view shows
the tags; an image's caption is its alternative text and part of its name."""

import re

from playwright.sync_api import expect

from helpers import item_by_id, open_menu_with_button, wait_until


def notes(server, *texts):
    """Notes holding `texts`, in order, as stored."""
    for text in texts:
        server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": text, "at": {}})
    return server.items(server.gallery_id)


def tags_of(server, items):
    return [server.api("GET", f"/api/items/{i['id']}")["tags"] for i in items]


def test_a_selection_of_three_is_tagged_in_one_change_and_undo_takes_it_back(page, server):
    stored = notes(server, "one", "two", "three", "four")
    page.reload()
    server.api("POST", f"/api/galleries/{server.gallery_id}/descriptions",
               {"itemIds": [stored[3]["id"]], "addTags": ["Red wine"]})
    expect(item_by_id(page, stored[2]["id"])).to_be_visible()
    item_by_id(page, stored[0]["id"]).click()
    item_by_id(page, stored[2]["id"]).click(modifiers=["Shift"])

    open_menu_with_button(page, stored[0]).get_by_role("menuitem", name="Tags…").click()
    dialog = page.get_by_role("dialog", name="Tags of 3 items")
    expect(dialog).to_be_visible()
    field = dialog.get_by_label("Add a tag")
    expect(field).to_be_focused()
    # The tags already used are suggested as one types (a tag of another item, without regard to case).
    field.fill("red")
    wait_until(lambda: dialog.locator("datalist option").evaluate_all("os => os.map(o => o.value)") == ["Red wine"],
               message="the suggestion")
    field.fill("  Café ")
    field.press("Enter")
    expect(dialog.locator(".tags-held li")).to_have_text([re.compile("^Café\\s*on all")])
    expect(page.locator("#announcer")).to_have_text("Tagged 3 items 'Café'.")
    assert tags_of(server, stored) == [["Café"], ["Café"], ["Café"], ["Red wine"]]
    expect(field).to_have_value("")

    # A tag the server refuses says why in the dialog, and changes nothing.
    field.fill("x" * 101)
    dialog.get_by_role("button", name="Add").click()
    expect(dialog.get_by_role("status")).to_have_text(re.compile("at most 100 characters"))
    assert tags_of(server, stored)[:3] == [["Café"]] * 3

    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()
    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    expect(undo).to_be_enabled()
    undo.click()
    wait_until(lambda: tags_of(server, stored) == [[], [], [], ["Red wine"]], message="the tagging undone")

    # Removed from one item through the same dialog.
    open_menu_with_button(page, stored[3]).get_by_role("menuitem", name="Tags…").click()
    dialog = page.get_by_role("dialog", name="Tags of 'four'")
    dialog.get_by_role("button", name="Remove the tag Red wine").click()
    expect(dialog.locator(".tags-none")).to_be_visible()
    wait_until(lambda: tags_of(server, stored)[3] == [], message="the tag removed")
    expect(dialog.get_by_label("Add a tag")).to_be_focused()
    page.keyboard.press("Escape")
    # The refused tag's answer is the one problem the console saw.
    assert [p for p in page.problems if "400 (Bad Request)" not in p] == [], page.problems


def test_the_list_shows_tags_and_another_tab_sees_them_live(page, server, window):
    stored = notes(server, "alpha", "beta")
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"view": "list"})
    page.reload()
    other = window()
    other.goto(f"{server.base_url}/g/{server.gallery_id}")
    server.api("POST", f"/api/galleries/{server.gallery_id}/descriptions",
               {"itemIds": [stored[1]["id"]], "addTags": ["kerning", "type"]})
    for tab in (page, other):
        expect(item_by_id(tab, stored[1]["id"]).locator(".row-tags .tag")).to_have_text(["kerning", "type"])
        expect(item_by_id(tab, stored[0]["id"]).locator(".row-tags")).to_have_count(0)
    assert not page.problems, page.problems


def test_a_caption_is_the_images_alternative_text_and_part_of_its_name(page, server, other_site):
    server.drop_uris(server.gallery_id, [other_site.image("harbour.png", 300, 200)])
    [stored] = server.wait_settled(server.gallery_id, 1)
    page.reload()
    tile = item_by_id(page, stored["id"])
    expect(tile).to_have_attribute("aria-label", re.compile("^Image: harbour.png, 1 of 1"))
    server.api("PATCH", f"/api/items/{stored['id']}", {"caption": "Boats at dawn"})
    expect(tile).to_have_attribute("aria-label", re.compile("^Image: harbour.png — Boats at dawn, 1 of 1"))
    expect(tile.locator("img")).to_have_attribute("alt", "Boats at dawn")
    assert not page.problems, page.problems


def test_the_tags_switch_shows_each_tiles_tags_and_is_remembered(page, server):
    stored = notes(server, "one", "two")
    server.api("POST", f"/api/galleries/{server.gallery_id}/descriptions",
               {"itemIds": [stored[0]["id"]], "addTags": ["kerning", "Café"]})
    page.reload()
    tags = item_by_id(page, stored[0]["id"]).locator(".tile-tags .tag")
    expect(tags).to_have_count(2)
    expect(tags.first).to_be_hidden()
    switch = page.get_by_role("button", name="Tags", exact=True)
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(tags).to_have_text(["kerning", "Café"])
    expect(tags.first).to_be_visible()
    expect(page.locator("#announcer")).to_have_text("Tags shown on the tiles.")
    expect(item_by_id(page, stored[1]["id"]).locator(".tile-tags")).to_have_count(0)
    # A tag added elsewhere shows at once.
    server.api("POST", f"/api/galleries/{server.gallery_id}/descriptions",
               {"itemIds": [stored[1]["id"]], "addTags": ["serif"]})
    expect(item_by_id(page, stored[1]["id"]).locator(".tile-tags .tag")).to_have_text(["serif"])
    # Remembered across a reload, and not an undoable change of the gallery.
    page.reload()
    expect(page.get_by_role("button", name="Tags", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(item_by_id(page, stored[0]["id"]).locator(".tile-tags .tag").first).to_be_visible()
    expect(page.locator("#gallery").locator("xpath=..").locator(".undo")).to_be_disabled()
