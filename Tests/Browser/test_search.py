"""Search across galleries on the page (issue "Find anything"): the header's search field (/ focuses it) finds, as one
types, a note, a link and an image holding a word in two galleries, each saying its gallery; the kind filter narrows
them; the address holds the search (reload and Back keep it); a result opens in its gallery selected and focused; a
result dragged onto a gallery beside is copied there; a person finds nothing of a gallery not shared with them."""

import re

from playwright.sync_api import expect

from auth_helpers import add_user, sign_in_page
from helpers import more_menu_entry, wait_until
from pane_helpers import create_gallery, drag_between_panes, pane, pane_items

TYPE = "Type specimens"
RESULTS = "Search “kern”"


def kept_things(server, other_site):
    """A note and an image holding "kerning" in My Gallery, a link in "Type specimens", and a note that does not."""
    server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": "Notes on kerning pairs", "at": {}})
    server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": "Shopping list", "at": {}})
    server.drop_uris(server.gallery_id, [other_site.image("kerning-sample.png", 320, 240)])
    specimens = create_gallery(server, TYPE)
    link = other_site.page("guide.html", "<html><head><title>Kerning, a guide</title></head><body>Text</body></html>")
    server.drop_uris(specimens["id"], [link])
    server.wait_settled(server.gallery_id, 3)
    server.wait_settled(specimens["id"], 1)
    return specimens


def results(page):
    """The items of the pane of search results (named after the search)."""
    return page.locator("section.pane[data-search] .gallery [role=row]")


def result_names(page):
    return results(page).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


def test_typing_a_word_finds_a_note_a_link_and_an_image_from_two_galleries(page, server, other_site):
    kept_things(server, other_site)
    page.reload()
    expect(pane_items(page, "My Gallery")).to_have_count(3)

    page.keyboard.press("/")
    field = page.get_by_role("searchbox", name="Search")
    expect(field).to_be_focused()
    field.press_sequentially("kern", delay=30)
    expect(page).to_have_url(re.compile(r"/search\?q=kern$"))
    expect(pane_items(page, RESULTS)).to_have_count(3)  # the pane is named after the search
    names = result_names(page)
    assert sorted(re.sub(r", \d of 3$", "", name) for name in names) == sorted([
        "Note: Notes on kerning pairs, in My Gallery",
        "Image: kerning-sample.png, in My Gallery",
        "Link: Kerning, a guide, 127.0.0.1, in Type specimens",
    ]), names
    expect(page.locator(".search-count")).to_have_text("3 results")
    expect(field).to_be_focused()  # typing went on in the field while the results came
    # At a laptop's width the filters are one line under the field (the brand's name gives them its room).
    tops = page.locator(".search-filter").evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(tops) == 5 and len(set(tops)) == 1, tops
    expect(page.locator(".brand-mark")).to_be_visible()
    # Each result shows its gallery.
    assert sorted(pane(page, RESULTS).locator(".found-in").all_inner_texts()) == sorted(
        ["My Gallery", "My Gallery", TYPE])

    # The kind filter narrows the results, and the address says so.
    page.get_by_label("Kind").select_option("link")
    expect(page).to_have_url(re.compile(r"/search\?q=kern&kind=link$"))
    expect(results(page)).to_have_count(1)
    expect(page.locator(".search-count")).to_have_text("1 result")

    # Only what was added in a range of days: none from tomorrow on, all three up to today.
    tomorrow = page.evaluate("() => { const d = new Date(); d.setDate(d.getDate() + 1); "
                             "return d.toLocaleDateString('en-CA'); }")
    page.get_by_role("textbox", name="Added from").fill(tomorrow)
    expect(page).to_have_url(re.compile(rf"/search\?q=kern&kind=link&from={tomorrow}$"))
    expect(page.locator(".search-count")).to_have_text("No results")
    page.get_by_role("textbox", name="Added from").fill("")
    page.get_by_role("textbox", name="Added to").fill(tomorrow)
    expect(results(page)).to_have_count(1)
    page.get_by_role("textbox", name="Added to").fill("")
    expect(page).to_have_url(re.compile(r"/search\?q=kern&kind=link$"))

    # Reload keeps the search; Back returns to the gallery, Forward to the search.
    page.reload()
    expect(results(page)).to_have_count(1)
    expect(page.get_by_role("searchbox", name="Search")).to_have_value("kern")
    expect(page.get_by_label("Kind")).to_have_value("link")
    page.go_back()
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect(pane_items(page, "My Gallery")).to_have_count(3)
    page.go_forward()
    expect(results(page)).to_have_count(1)

    # A word nothing holds says so; a search of FTS syntax is only words.
    field = page.get_by_role("searchbox", name="Search")
    field.fill('"kern* NEAR( title: -')
    expect(page.locator(".search-count")).to_have_text("No results")
    expect(results(page)).to_have_count(0)
    assert [p for p in page.problems if "favicon" not in p] == [], page.problems


def test_a_result_opens_in_its_gallery_selected_and_focused(page, server, other_site):
    specimens = kept_things(server, other_site)
    [link] = server.items(specimens["id"])
    page.goto(f"{server.base_url}/search?q=kern&kind=link")
    expect(page.get_by_role("heading", name="Search “kern” in links")).to_be_visible()
    result = results(page).first
    expect(result).to_have_attribute("data-item-id", link["id"])
    result.dblclick()
    expect(page).to_have_url(f"{server.base_url}/g/{specimens['id']}?select={link['id']}")
    tile = pane(page, TYPE).locator(f'[data-item-id="{link["id"]}"]')
    expect(tile).to_be_focused()
    expect(tile).to_have_attribute("aria-selected", "true")


def test_a_result_dragged_onto_a_gallery_beside_is_copied_there(page, server, other_site):
    specimens = kept_things(server, other_site)
    note = next(i for i in server.items(server.gallery_id) if i.get("kind") == "note" and "kerning" in i["title"])
    page.goto(f"{server.base_url}/search?q=kerning&kind=note")
    expect(results(page)).to_have_count(1)
    more_menu_entry(page, "Open Beside…").click()
    page.get_by_role("dialog", name=re.compile("gallery")).get_by_role("button", name=f"Open {TYPE}").click()
    expect(page).to_have_url(re.compile(rf"/search\?q=kerning&kind=note&beside={specimens['id']}$"))
    expect(pane_items(page, TYPE)).to_have_count(1)

    dragged = drag_between_panes(page, note["id"], TYPE)
    assert dragged["cancelled"].get("drop"), dragged
    stored = wait_until(lambda: (lambda found: found if len(found) == 2 else None)(server.items(specimens["id"])),
                        message="the copy in Type specimens")
    copy = stored[1]
    assert copy["id"] != note["id"] and copy["text"] == note["text"], copy
    # The original stays where it was.
    assert note["id"] in [i["id"] for i in server.items(server.gallery_id)]
    expect(pane_items(page, TYPE)).to_have_count(2)


def test_a_person_finds_nothing_of_a_gallery_not_shared_with_them(owner, auth_server, window):
    owner.api("POST", f"/api/galleries/{owner.api('GET', '/api/galleries')['galleries'][0]['id']}/notes",
              {"text": "secret kerning plans", "at": {}})
    add_user(auth_server, "bob", "bob's long password")
    page = window()
    sign_in_page(page, auth_server, "bob", "bob's long password", path="/search?q=kerning")
    expect(page).to_have_url(re.compile(r"/search\?q=kerning$"))
    expect(page.locator(".search-count")).to_have_text("No results")
    expect(page.locator(".gallery [role=row]")).to_have_count(0)
    # Nor is the gallery offered as a filter.
    assert page.get_by_label("Gallery").locator("option").all_inner_texts() == ["All galleries"]


def test_a_saved_search_is_listed_with_the_galleries_and_a_new_match_appears_in_it_live(page, server, other_site):
    kept_things(server, other_site)
    page.goto(f"{server.base_url}/search?q=kerning")
    expect(results(page)).to_have_count(3)
    save = more_menu_entry(page, "Save Search…")
    save.click()
    dialog = page.get_by_role("dialog", name="Save Search")
    expect(dialog.get_by_label("Name")).to_have_value("kerning")
    # The field holds at most 200 characters, as the server; a name of spaces alone is refused saying why.
    dialog.get_by_label("Name").fill("x" * 201)
    expect(dialog.get_by_label("Name")).to_have_value("x" * 200)
    dialog.get_by_label("Name").fill("   ")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_role("alert")).to_have_text("Give the search a name.")
    dialog.get_by_label("Name").fill("Kerning everywhere")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#announcer")).to_have_text(
        "Saved the search 'Kerning everywhere'. It is listed with your galleries.")
    expect(page.get_by_role("button", name="More", exact=True)).to_be_focused()  # the menu's, Save Search… was in

    page.goto(f"{server.base_url}/galleries")
    saved = page.get_by_role("list", name="Saved searches").get_by_role("listitem")
    expect(saved).to_have_count(1)
    expect(saved.first).to_contain_text("Search “kerning”")
    saved.first.get_by_role("link", name="Kerning everywhere").click()
    expect(page).to_have_url(re.compile(r"/search\?q=kerning$"))
    expect(results(page)).to_have_count(3)

    # A note written elsewhere that matches appears in the results, live.
    server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": "More kerning tables", "at": {}})
    expect(results(page)).to_have_count(4, timeout=10_000)
    expect(page.locator(".search-count")).to_have_text("4 results")

    page.goto(f"{server.base_url}/galleries")
    page.get_by_role("button", name="Delete the saved search Kerning everywhere").click()
    expect(page.get_by_role("list", name="Saved searches")).to_be_hidden()
    expect(page.locator("#search-field")).to_be_focused()
    assert server.api("GET", "/api/searches")["searches"] == []
