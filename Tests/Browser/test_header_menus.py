"""The header's menus (issue 31, "One frame for the whole app"): Add puts files, a link or a note into the gallery in
use, and makes a gallery of an archive (opened without loading the page); a bad address is refused in the dialog and
nothing is added; the menus work by keys."""

from __future__ import annotations

import urllib.request

from playwright.sync_api import expect

from helpers import png, wait_until


def open_add_menu(page):
    page.get_by_role("button", name="Add", exact=True).click()
    menu = page.get_by_role("menu", name="Add")
    expect(menu).to_be_visible()
    return menu


def test_add_puts_files_a_link_and_a_note_into_the_gallery_in_use(page, server, other_site):
    with page.expect_file_chooser() as chosen:
        open_add_menu(page).get_by_role("menuitem", name="Files…").click()
    chosen.value.set_files([{"name": "red.png", "mimeType": "image/png", "buffer": png(40, 30)}])
    stored = server.wait_settled(server.gallery_id, 1, timeout=30)
    assert stored[0]["title"] == "red.png" and stored[0]["state"] == "ready", stored

    address = other_site.page("kerning.html", "<title>Kerning in practice</title><p>Letters</p>")
    open_add_menu(page).get_by_role("menuitem", name="Link…").click()
    dialog = page.get_by_role("dialog", name="Add a Link")
    field = dialog.get_by_label("Address")
    expect(field).to_be_focused()
    field.fill("javascript:alert(1)")
    dialog.get_by_role("button", name="Add").click()
    expect(dialog.get_by_role("alert")).to_contain_text("starts with https:// or http://")
    assert len(server.items(server.gallery_id)) == 1
    field.fill(address)
    dialog.get_by_role("button", name="Add").click()
    expect(dialog).to_be_hidden()
    stored = server.wait_settled(server.gallery_id, 2, timeout=30)
    assert stored[1]["kind"] == "link" and stored[1]["title"] == "Kerning in practice", stored

    # By keys: the menu opens on its first entry; Note writes a note in place.
    page.get_by_role("button", name="Add", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("menuitem", name="Files…")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("menuitem", name="Note")).to_be_focused()
    page.keyboard.press("Enter")
    editor = page.locator("#gallery textarea")
    expect(editor).to_be_focused()
    page.keyboard.type("Written from the Add menu")
    page.keyboard.press("Control+Enter")
    wait_until(lambda: any(item.get("text") == "Written from the Add menu" for item in server.items(server.gallery_id)),
               message="the note kept")
    assert not page.problems, page.problems


def test_add_imports_an_archive_as_a_new_gallery_opened_in_the_page(page, server):
    server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": "Carried in the archive"})
    with urllib.request.urlopen(f"{server.base_url}/api/galleries/{server.gallery_id}/export", timeout=30) as answer:
        archive = answer.read()
    page.evaluate("window.__mark = 'kept'")
    with page.expect_file_chooser() as chosen:
        open_add_menu(page).get_by_role("menuitem", name="Import Gallery…").click()
    chosen.value.set_files([{"name": "mine.zip", "mimeType": "application/zip", "buffer": archive}])
    expect(page.locator("#gallery")).to_contain_text("Carried in the archive")
    expect(page).not_to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    assert page.evaluate("window.__mark") == "kept", "the page was loaded again"
    # Not an archive: said, and nothing made.
    before = len(server.api("GET", "/api/galleries")["galleries"])
    with page.expect_file_chooser() as chosen:
        open_add_menu(page).get_by_role("menuitem", name="Import Gallery…").click()
    chosen.value.set_files([{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}])
    expect(page.locator("#alert")).to_contain_text("'notes.txt' is no gallery archive")
    assert len(server.api("GET", "/api/galleries")["galleries"]) == before
