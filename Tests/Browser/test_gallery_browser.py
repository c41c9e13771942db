"""The gallery browser: every gallery as a card (cover, name linking to its page, item count), New Gallery, Rename,
Duplicate, Export, Import, Delete to the trash of galleries and Restore from it, by mouse and by keyboard."""

import base64
import io
import json
import re
import urllib.request
import zipfile

import pytest
from playwright.sync_api import expect

from helpers import (
    fill_gallery,
    galleries_by_name,
    gallery_card,
    gallery_cards,
    open_gallery_browser,
)

VIEWPORT = {"width": 1280, "height": 900}
DEFAULT_TIMEOUT_MS = 10_000
LIVE = 3_000  # ms: the goal is "within a second"; the tests allow some slack


@pytest.fixture
def browser_page(browser, server, request, tmp_path):
    """A fresh browser context on the gallery browser of `server`; fails the test if the page logged an error or a
    warning other than a refused request."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
            if message.type in ("error", "warning") else None)
    open_gallery_browser(page, server)
    yield page
    failed = any(getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call"))
    if failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot), full_page=True)
        print(f"\n--- screenshot: {shot}\n--- browser console ---\n" + "\n".join(problems))
    context.close()
    # A refused request is logged by the browser and is expected where a test provokes one; anything else (an
    # uncaught error, a blocked script or style) is a failure.
    unexpected = [problem for problem in problems if "Failed to load resource" not in problem]
    assert not unexpected, unexpected


def card_names(page) -> list[str]:
    return gallery_cards(page).get_by_role("link").all_inner_texts()


def announcement(page):
    return page.locator("#announcer[aria-live=polite]")


def cover_image_loads(card) -> None:
    card.locator("img").wait_for(state="attached")
    card.page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=card.locator("img").element_handle())


def test_each_gallery_is_a_card_with_its_name_as_a_link_its_item_count_and_its_cover(browser_page, server, other_site):
    page = browser_page
    stored = fill_gallery(server, other_site, server.gallery_id, 3, "card")
    empty = server.api("POST", "/api/galleries", {"name": "Empty"})
    one = server.api("POST", "/api/galleries", {"name": "Single"})
    fill_gallery(server, other_site, one["id"], 1, "single")
    page.reload()

    expect(gallery_cards(page)).to_have_count(3)
    assert card_names(page) == ["Empty", "My Gallery", "Single"]
    mine = gallery_card(page, "My Gallery")
    expect(mine.get_by_role("link", name="My Gallery")).to_have_attribute("href", f"/g/{server.gallery_id}")
    expect(mine).to_contain_text("3 items")
    expect(gallery_card(page, "Single")).to_contain_text("1 item")
    expect(gallery_card(page, "Empty")).to_contain_text("No items")

    cover_image_loads(mine)
    cover = server.gallery(server.gallery_id)["cover"]
    assert cover["itemId"] == stored[0]["id"], "the cover is the first ready item"
    src = mine.locator("img").evaluate("img => new URL(img.src).pathname")
    wide = sorted((t for t in cover.get("thumbnails") or [] if t["width"] >= 256), key=lambda t: t["width"])
    assert src == (wide[0]["url"] if wide else cover["imageURL"])
    expect(gallery_card(page, "Empty").locator("img")).to_have_count(0)
    expect(gallery_card(page, "Empty").locator(".gallery-cover-placeholder")).to_be_visible()
    expect(gallery_card(page, "Empty").get_by_role("button", name="Actions for Empty")).to_be_visible()
    expect(gallery_card(page, "Empty").get_by_role("link", name="Empty")).to_have_attribute("href", f"/g/{empty['id']}")


def test_a_gallery_whose_first_item_is_a_multi_page_tiff_has_a_cover_the_browser_shows(browser_page, server):
    from test_thumbnails import _libvips_available

    if not _libvips_available():
        pytest.skip("libvips is not installed (apt install libvips42): without it a TIFF is refused")
    from kind_helpers import FIXTURES

    # Two 10x10 pages, green then red (Tests/TestSupport/Fixtures/make-images.py): too small for thumbnails, so the
    # cover is the image itself, which must be the WebP copy of page one, not the TIFF.
    tiff = (FIXTURES / "tiff-two-pages.tif").read_bytes()
    files = {"files": [{"name": "pages.tif", "type": "image/tiff", "size": len(tiff)}]}
    [upload] = server.api("POST", f"/api/galleries/{server.gallery_id}/drops", {"payload": files})["uploads"]
    request = urllib.request.Request(f"{server.base_url}{upload['uploadURL']}", data=tiff, method="PUT",
                                     headers={"Content-Type": "application/octet-stream"})
    with server.opener.open(request, timeout=10) as response:
        assert json.loads(response.read())["state"] == "ready"
    page = browser_page
    page.reload()

    card = gallery_card(page, "My Gallery")
    cover_image_loads(card)
    assert card.locator("img").evaluate("img => new URL(img.src).pathname").startswith("/media/display/")
    color = card.locator("img").evaluate(
        """img => {
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0);
          return Array.from(context.getImageData(5, 5, 1, 1).data.slice(0, 3));
        }""")
    assert color[1] > 150 and color[0] < 100, f"the cover should show page one (green), shows {color}"


def test_new_gallery_makes_a_card_and_focuses_it(browser_page, server):
    page = browser_page
    page.get_by_role("button", name="New Gallery").click()
    dialog = page.get_by_role("dialog", name="New Gallery")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("Name")).to_be_focused()

    dialog.get_by_label("Name").fill("Fruit")
    dialog.get_by_role("button", name="Create").click()

    expect(dialog).to_be_hidden()
    card = gallery_card(page, "Fruit")
    expect(card).to_contain_text("No items")
    expect(card.get_by_role("link", name="Fruit")).to_be_focused()
    assert card_names(page) == ["Fruit", "My Gallery"]
    created = galleries_by_name(server)["Fruit"]
    expect(card.get_by_role("link", name="Fruit")).to_have_attribute("href", f"/g/{created['id']}")
    expect(announcement(page)).to_have_text("Made the gallery Fruit.")


def test_a_name_the_server_refuses_shows_its_message_and_the_dialog_stays_open(browser_page, server):
    page = browser_page
    page.get_by_role("button", name="New Gallery").click()
    dialog = page.get_by_role("dialog", name="New Gallery")
    dialog.get_by_label("Name").fill("   ")
    dialog.get_by_role("button", name="Create").click()

    expect(dialog.get_by_role("alert")).to_have_text("A gallery needs a name.")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("Name")).to_be_focused()
    expect(dialog.get_by_label("Name")).to_have_attribute("aria-invalid", "true")
    assert list(galleries_by_name(server)) == ["My Gallery"]

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(gallery_cards(page)).to_have_count(1)


def test_rename_prefills_the_name_and_the_new_name_is_kept(browser_page, server):
    page = browser_page
    page.get_by_role("button", name="Actions for My Gallery").click()
    page.get_by_role("menuitem", name="Rename…").click()
    dialog = page.get_by_role("dialog", name="Rename Gallery")
    name = dialog.get_by_label("Name")
    expect(name).to_have_value("My Gallery")
    expect(name).to_be_focused()

    name.fill("Holidays")
    name.press("Enter")

    expect(dialog).to_be_hidden()
    expect(gallery_card(page, "Holidays").get_by_role("link", name="Holidays")).to_be_focused()
    expect(gallery_card(page, "My Gallery")).to_have_count(0)
    expect(announcement(page)).to_have_text("Renamed My Gallery to Holidays.")
    assert server.gallery(server.gallery_id)["name"] == "Holidays"

    page.reload()
    expect(gallery_cards(page)).to_have_count(1)
    assert card_names(page) == ["Holidays"]


def test_a_rename_here_can_be_undone_in_the_same_tab(browser_page, server):
    page = browser_page
    page.get_by_role("button", name="Actions for My Gallery").click()
    page.get_by_role("menuitem", name="Rename…").click()
    page.get_by_role("dialog", name="Rename Gallery").get_by_label("Name").fill("Holidays")
    page.keyboard.press("Enter")
    expect(gallery_card(page, "Holidays")).to_be_visible()

    history = page.evaluate("""async (id) => {
      const session = sessionStorage.getItem('image-gallery-session');
      const response = await fetch(`/api/galleries/${id}/history`, {headers: {'X-Gallery-Session': session}});
      return response.json();
    }""", server.gallery_id)

    # The undo names the rename, says it in words (the toast's) and which entry it is.
    assert history["undo"]["name"] == "Rename", history
    assert history["undo"]["summary"] == "Renamed the gallery to 'Holidays'", history
    assert isinstance(history["undo"]["entry"], int), history


def test_duplicate_of_a_gallery_with_images_has_the_same_count_and_a_cover_that_loads(browser_page, server, other_site):
    page = browser_page
    stored = fill_gallery(server, other_site, server.gallery_id, 3, "dup")
    page.reload()
    expect(gallery_card(page, "My Gallery")).to_contain_text("3 items")

    page.get_by_role("button", name="Actions for My Gallery").click()
    page.get_by_role("menuitem", name="Duplicate").click()

    copy_card = gallery_card(page, "My Gallery copy")
    expect(copy_card).to_contain_text("3 items")
    expect(copy_card.get_by_role("link", name="My Gallery copy")).to_be_focused()
    cover_image_loads(copy_card)
    copy = galleries_by_name(server)["My Gallery copy"]
    assert copy["id"] != server.gallery_id
    copied = server.items(copy["id"])
    assert [i["title"] for i in copied] == [i["title"] for i in stored]
    assert not {i["id"] for i in copied} & {i["id"] for i in stored}, "the copies have new ids"
    assert len(server.items(server.gallery_id)) == 3, "the original keeps its items"
    expect(gallery_card(page, "My Gallery")).to_contain_text("3 items")


def test_delete_moves_a_gallery_to_the_trash_and_restore_brings_it_back(browser_page, server, other_site):
    page = browser_page
    fruit = server.api("POST", "/api/galleries", {"name": "Fruit"})
    fill_gallery(server, other_site, fruit["id"], 2, "fruit")
    page.reload()
    expect(gallery_cards(page)).to_have_count(2)

    page.get_by_role("button", name="Actions for Fruit").click()
    page.get_by_role("menuitem", name="Move to Trash").click()

    expect(gallery_card(page, "Fruit")).to_have_count(0)
    expect(announcement(page)).to_have_text("Moved Fruit to the trash.")
    expect(gallery_card(page, "My Gallery").get_by_role("link")).to_be_focused()
    assert "Fruit" not in galleries_by_name(server)
    assert galleries_by_name(server, trashed=True)["Fruit"]["trashed"] is True
    assert server.request("GET", f"/api/galleries/{fruit['id']}")[0] == 404
    trash_button = page.get_by_role("button", name=re.compile(r"^Trash"))
    expect(trash_button).to_have_accessible_name("Trash, 1 gallery")

    trash_button.click()
    dialog = page.get_by_role("dialog", name="Trash")
    expect(dialog).to_be_visible()
    trashed = dialog.get_by_role("list", name="Galleries in the trash").get_by_role("listitem")
    expect(trashed).to_have_count(1)
    expect(trashed.first).to_contain_text("Fruit")
    expect(trashed.first).to_contain_text("2 items")

    dialog.get_by_role("button", name="Restore Fruit").click()

    expect(dialog.get_by_text("The trash is empty.")).to_be_visible()
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    expect(announcement(page)).to_have_text("Restored Fruit.")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(gallery_card(page, "Fruit")).to_contain_text("2 items")
    expect(trash_button).to_have_accessible_name("Trash")
    assert server.gallery(fruit["id"])["itemCount"] == 2
    assert galleries_by_name(server, trashed=True) == {}


def test_deleting_a_gallery_another_tab_deleted_shows_the_servers_message(browser_page, server):
    page = browser_page
    fruit = server.api("POST", "/api/galleries", {"name": "Fruit"})
    # The page has not heard of the other tab's change yet: its live list stays quiet (else it may take the card away
    # before the click, as it should, and there is nothing to click).
    page.route_web_socket("**/api/galleries/live", lambda socket: None)
    page.reload()
    expect(gallery_cards(page)).to_have_count(2)
    server.api("DELETE", f"/api/galleries/{fruit['id']}")
    status, body = server.request("DELETE", f"/api/galleries/{fruit['id']}")
    assert status == 404, (status, body)

    page.get_by_role("button", name="Actions for Fruit").click()
    page.get_by_role("menuitem", name="Move to Trash").click()

    expect(page.get_by_role("alert").filter(has_text=body["error"]["message"])).to_be_visible()
    expect(gallery_card(page, "Fruit")).to_have_count(0)  # the list was loaded again
    expect(page.get_by_role("button", name=re.compile(r"^Trash"))).to_have_accessible_name("Trash, 1 gallery")


def test_restoring_a_gallery_another_tab_restored_shows_the_servers_message_in_the_trash(browser_page, server):
    page = browser_page
    fruit = server.api("POST", "/api/galleries", {"name": "Fruit"})
    server.api("DELETE", f"/api/galleries/{fruit['id']}")
    page.route_web_socket("**/api/galleries/live", lambda socket: None)  # not heard of the other tab's change yet
    page.reload()
    page.get_by_role("button", name="Trash, 1 gallery").click()
    dialog = page.get_by_role("dialog", name="Trash")
    expect(dialog.get_by_role("button", name="Restore Fruit")).to_be_visible()
    server.api("POST", f"/api/galleries/{fruit['id']}/restore")
    status, body = server.request("POST", f"/api/galleries/{fruit['id']}/restore")
    assert status >= 400, (status, body)

    dialog.get_by_role("button", name="Restore Fruit").click()

    expect(dialog.get_by_role("alert")).to_have_text(body["error"]["message"])
    expect(dialog.get_by_role("button", name="Restore Fruit")).to_have_count(0)  # the trash was loaded again
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    dialog.get_by_role("button", name="Close").click()
    expect(gallery_card(page, "Fruit")).to_be_visible()


def test_the_name_link_opens_the_gallery(browser_page, server):
    page = browser_page
    fruit = server.api("POST", "/api/galleries", {"name": "Fruit"})
    page.reload()

    gallery_card(page, "Fruit").get_by_role("link", name="Fruit").click()

    expect(page).to_have_url(f"{server.base_url}/g/{fruit['id']}")
    expect(page.get_by_role("grid", name="Fruit")).to_be_attached()


def test_everything_works_from_the_keyboard(browser_page, server):
    page = browser_page
    # The header's side bar button comes first, then its search (its field, then its button).
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Side Bar")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("searchbox", name="Search")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    new_button = page.get_by_role("button", name="New Gallery")
    expect(new_button).to_be_focused()
    assert new_button.evaluate("b => getComputedStyle(b).outlineStyle") != "none", "focus is not visible"
    page.keyboard.press("Enter")
    page.keyboard.type("Keys")
    page.keyboard.press("Enter")
    keys_link = gallery_card(page, "Keys").get_by_role("link", name="Keys")
    expect(keys_link).to_be_focused()
    assert keys_link.evaluate("a => getComputedStyle(a).outlineStyle") != "none", "focus is not visible"

    page.keyboard.press("Tab")
    actions = page.get_by_role("button", name="Actions for Keys")
    expect(actions).to_be_focused()
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu", name="Actions for Keys")
    expect(menu).to_be_visible()
    expect(actions).to_have_attribute("aria-expanded", "true")
    expect(menu.get_by_role("menuitem", name="Rename…")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Duplicate")).to_be_focused()
    page.keyboard.press("End")
    expect(menu.get_by_role("menuitem", name="Move to Trash")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(actions).to_be_focused()
    expect(actions).to_have_attribute("aria-expanded", "false")

    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Enter")  # Rename…
    dialog = page.get_by_role("dialog", name="Rename Gallery")
    expect(dialog.get_by_label("Name")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert "Keys" in galleries_by_name(server)

    page.get_by_role("button", name=re.compile(r"^Trash")).focus()
    page.keyboard.press("Enter")
    trash = page.get_by_role("dialog", name="Trash")
    expect(trash).to_be_visible()
    page.keyboard.press("Escape")
    expect(trash).to_be_hidden()


def test_the_list_follows_changes_made_in_other_windows_without_reloading(browser_page, server, other_site):
    page = browser_page
    page.evaluate("window.__loadedOnce = 'still the same page'")

    made = server.api("POST", "/api/galleries", {"name": "Made Elsewhere"})
    expect(gallery_card(page, "Made Elsewhere")).to_be_visible(timeout=LIVE)

    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"name": "Renamed Elsewhere"})
    expect(gallery_card(page, "Renamed Elsewhere")).to_be_visible(timeout=LIVE)
    expect(gallery_card(page, "My Gallery")).to_have_count(0)

    fill_gallery(server, other_site, made["id"], 2, "live")
    expect(gallery_card(page, "Made Elsewhere")).to_contain_text("2 items", timeout=LIVE)
    cover_image_loads(gallery_card(page, "Made Elsewhere"))

    server.api("POST", f"/api/galleries/{made['id']}/duplicate")
    expect(gallery_card(page, "Made Elsewhere copy")).to_be_visible(timeout=LIVE)

    server.api("DELETE", f"/api/galleries/{made['id']}")
    expect(gallery_card(page, "Made Elsewhere")).to_have_count(0, timeout=LIVE)
    expect(page.get_by_role("button", name=re.compile(r"^Trash"))).to_have_accessible_name("Trash, 1 gallery",
                                                                                          timeout=LIVE)
    assert card_names(page) == ["Made Elsewhere copy", "Renamed Elsewhere"]
    assert page.evaluate("window.__loadedOnce") == "still the same page", "the page was reloaded"


def test_when_another_window_deletes_the_focused_gallery_focus_goes_to_the_next_card(browser_page, server):
    page = browser_page
    for name in ("Beta", "Gamma"):
        server.api("POST", "/api/galleries", {"name": name})
    expect(gallery_cards(page)).to_have_count(3, timeout=LIVE)
    beta = next(g for g in server.api("GET", "/api/galleries")["galleries"] if g["name"] == "Beta")
    gallery_card(page, "Beta").get_by_role("link").focus()

    server.api("DELETE", f"/api/galleries/{beta['id']}")

    expect(gallery_card(page, "Beta")).to_have_count(0, timeout=LIVE)
    expect(gallery_card(page, "Gamma").get_by_role("link")).to_be_focused()


def test_the_list_is_loaded_again_when_the_page_becomes_visible_while_the_live_socket_is_down(browser_page, server):
    page = browser_page
    page.route_web_socket(re.compile(r"/api/galleries/live"), lambda ws: ws.close(code=1011, reason="blocked"))
    page.reload()
    expect(gallery_cards(page)).to_have_count(1)
    server.api("POST", "/api/galleries", {"name": "Made Elsewhere"})
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"name": "Renamed Elsewhere"})
    expect(gallery_cards(page)).to_have_count(1)

    _leave_and_come_back(page)

    expect(gallery_card(page, "Made Elsewhere")).to_be_visible()
    expect(gallery_card(page, "Renamed Elsewhere")).to_be_visible()
    expect(gallery_card(page, "My Gallery")).to_have_count(0)


def _leave_and_come_back(page) -> None:
    """Headless Chromium never hides a page behind another tab, so the page is told it was hidden and is visible
    again, as a browser tells it when the user switches tabs and back."""
    page.evaluate("""() => {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
      }
    }""")


def test_export_downloads_the_gallery_as_a_zip_and_import_makes_a_gallery_of_it(browser_page, server, other_site,
                                                                                tmp_path):
    page = browser_page
    stored = fill_gallery(server, other_site, server.gallery_id, 3, "take")
    page.reload()
    expect(gallery_card(page, "My Gallery")).to_contain_text("3 items")

    page.get_by_role("button", name="Actions for My Gallery").click()
    with page.expect_download() as downloading:
        page.get_by_role("menuitem", name="Export").click()
    download = downloading.value
    assert download.suggested_filename == "My Gallery.zip"
    archive = tmp_path / "My Gallery.zip"
    download.save_as(archive)
    with zipfile.ZipFile(archive) as opened:
        manifest = json.loads(opened.read("gallery.json"))
        assert manifest["name"] == "My Gallery"
        assert [item["title"] for item in manifest["items"]] == [item["title"] for item in stored]
        assert len([name for name in opened.namelist() if name.startswith("files/")]) == 3
    expect(announcement(page)).to_contain_text("Exporting My Gallery")

    # Imported (here, as someone would on another server): a new gallery of the same items, focused.
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"name": "Original"})
    page.reload()
    with page.expect_file_chooser() as choosing:
        page.get_by_role("button", name="Import…").click()
    choosing.value.set_files(str(archive))
    card = gallery_card(page, "My Gallery")
    expect(card).to_contain_text("3 items")
    expect(card.get_by_role("link", name="My Gallery")).to_be_focused()
    expect(announcement(page)).to_have_text("Imported My Gallery: 3 items.")
    cover_image_loads(card)
    imported = galleries_by_name(server)["My Gallery"]
    assert [i["title"] for i in server.items(imported["id"])] == [i["title"] for i in stored]


def test_a_file_that_is_no_archive_or_a_hostile_archive_imports_nothing_and_says_why(browser_page, server, tmp_path):
    page = browser_page
    before = set(galleries_by_name(server))
    picture = tmp_path / "photo.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n")
    with page.expect_file_chooser() as choosing:
        page.get_by_role("button", name="Import…").click()
    choosing.value.set_files(str(picture))
    alert = page.get_by_role("alert").filter(has_text="no gallery archive")
    expect(alert).to_contain_text("'photo.png' is no gallery archive")
    expect(page.get_by_role("button", name="Import…")).to_be_focused()

    # A zip reaching outside itself, dropped on the page: the server's refusal is shown, and nothing is made.
    hostile = io.BytesIO()
    with zipfile.ZipFile(hostile, "w") as archive:
        archive.writestr("gallery.json", json.dumps(
            {"format": "image-gallery/1", "name": "Evil", "imagesPerRow": 4, "view": "grid", "items": []}))
        archive.writestr("../../etc/passwd", "root")
    page.evaluate("""([name, b64]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: "application/zip" }));
      const main = document.getElementById("gallery-browser");
      main.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      main.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }""", ["evil.zip", base64.b64encode(hostile.getvalue()).decode()])
    expect(page.get_by_role("alert").filter(has_text="Nothing was imported")).to_contain_text("'..'")
    assert set(galleries_by_name(server)) == before
    expect(page.locator("#gallery-browser")).not_to_have_attribute("data-drop-active", "true")
