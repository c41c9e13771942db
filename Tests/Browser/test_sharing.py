"""Sharing: a second user sees only the galleries shared with them, with their role; a viewer's page is view only
(no drop target, no move, no trash, no undo; dragging out still works); an editor changes items but does not delete
the gallery; a read-only link shows one gallery, refuses changes, and stops working once revoked."""

import re

import pytest
from filler import fill_directly
from playwright.sync_api import expect

from auth_helpers import OWNER_PASSWORD, AccountClient, add_user, sign_in_page
from helpers import (
    drag,
    end_local_drag,
    fill_gallery,
    gallery_card,
    item_by_id,
    items,
    more_menu_entry,
    open_more_menu,
    start_local_drag,
    wait_images_loaded,
    wait_until,
)

BOB_PASSWORD = "bob's long password"
FETCH_JS = """async ([method, path, body]) => {
  const session = await (await fetch('/api/session')).json();
  const response = await fetch(path, {method, body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken}});
  return response.status;
}"""


@pytest.fixture
def shared(owner, auth_server, other_site):
    """The owner's "Holiday" (3 images) and "Private" (1 image), and a user "bob" Holiday is not shared with yet."""
    holiday = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    private = owner.api("POST", "/api/galleries", {"name": "Private"})
    stored = fill_gallery(owner, other_site, holiday["id"], 3, "holiday")
    fill_gallery(owner, other_site, private["id"], 1, "private")
    add_user(auth_server, "bob", BOB_PASSWORD)
    return {"holiday": holiday, "private": private, "items": stored}


def bob_window(window, auth_server, path):
    page = window()
    sign_in_page(page, auth_server, "bob", BOB_PASSWORD, path=path)
    return page


def open_as_bob(window, auth_server, gallery):
    page = bob_window(window, auth_server, f"/g/{gallery['id']}")
    expect(page.get_by_role("grid", name=gallery["name"])).to_be_attached()
    return page


def test_a_second_user_sees_only_what_was_shared_with_them_with_their_role(shared, owner, auth_server, window):
    owner.share(shared["holiday"]["id"], "bob", "viewer")
    page = bob_window(window, auth_server, "/galleries")
    expect(gallery_card(page, "Holiday")).to_be_visible()
    expect(gallery_card(page, "Holiday")).to_contain_text("Shared with you · viewer")
    expect(gallery_card(page, "Holiday")).to_contain_text("3 items")
    expect(gallery_card(page, "Private")).to_have_count(0)
    bob = AccountClient(auth_server).sign_in("bob", BOB_PASSWORD)
    assert "Private" not in bob.galleries_by_name()
    assert bob.request("GET", f"/api/galleries/{shared['private']['id']}")[0] in (403, 404)

    page.get_by_role("button", name="Actions for Holiday").click()
    menu = page.get_by_role("menu", name="Actions for Holiday")
    expect(menu.get_by_role("menuitem", name="Duplicate")).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Rename…")).to_have_count(0)
    expect(menu.get_by_role("menuitem", name="Move to Trash")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Actions for Holiday")).to_be_focused()


def test_a_viewers_page_is_view_only_but_items_can_still_be_dragged_out(shared, owner, auth_server, window):
    owner.share(shared["holiday"]["id"], "bob", "viewer")
    gallery_id = shared["holiday"]["id"]
    ids = [item["id"] for item in shared["items"]]
    page = open_as_bob(window, auth_server, shared["holiday"])
    wait_images_loaded(page, 3)

    expect(page.locator(".toolbar").get_by_text("View only", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Trash"))).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Undo"))).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Redo"))).to_have_count(0)
    expect(open_more_menu(page).get_by_role("menuitem", name="Share…")).to_have_count(0)
    page.keyboard.press("Escape")

    # No drop target: a drag from outside is not taken.
    result = drag(page, ["dragenter", "dragover"], uri_list="https://example.com/a.png")
    assert not result["cancelled"]["dragover"], "a viewer's gallery took a drop"
    assert result["active"] is None
    drag(page, ["dragleave"], uri_list="https://example.com/a.png")

    # No move by keys, and no item menu.
    item_by_id(page, ids[0]).click()
    page.keyboard.press("Alt+ArrowRight")
    expect(page.locator(".pane-status")).to_have_text("This gallery is view only.")
    page.keyboard.press("Shift+F10")
    expect(page.locator("#item-menu")).to_be_hidden()
    page.keyboard.press("Delete")
    expect(items(page)).to_have_count(3)
    assert [item["id"] for item in owner.items(gallery_id)] == ids
    expect(item_by_id(page, ids[0]).get_by_role("button", name=re.compile("^Actions for"))).to_be_hidden()

    # Images per row change here only.
    page.get_by_label("Images per row").fill("2")
    expect(page.get_by_label("Images per row")).to_have_value("2")
    page.wait_for_timeout(600)  # longer than the page waits before saving a change of images per row
    assert owner.gallery(gallery_id)["imagesPerRow"] == 4

    # Dragging out still offers the items to other apps (but not a move here).
    started = start_local_drag(page, ids[1])
    assert not started["cancelled"] and "text/uri-list" in started["types"], started
    end_local_drag(page)

    # The server refuses a viewer's changes anyway.
    assert page.evaluate(FETCH_JS, ["POST", f"/api/galleries/{gallery_id}/moves",
                                    {"itemIds": [ids[0]], "at": {"start": True}}]) == 403
    assert [item["id"] for item in owner.items(gallery_id)] == ids


def test_an_editor_changes_the_items_but_cannot_delete_the_gallery(shared, owner, auth_server, window):
    owner.share(shared["holiday"]["id"], "bob", "editor")
    ids = [item["id"] for item in shared["items"]]
    page = open_as_bob(window, auth_server, shared["holiday"])
    wait_images_loaded(page, 3)
    expect(page.locator(".view-only")).to_be_hidden()

    item_by_id(page, ids[0]).click()
    page.keyboard.press("Alt+ArrowRight")
    wait_until(lambda: [item["id"] for item in owner.items(shared["holiday"]["id"])] == [ids[1], ids[0], ids[2]],
               message="the editor's move")

    page.goto(f"{auth_server.base_url}/galleries")
    expect(gallery_card(page, "Holiday")).to_contain_text("Shared with you · editor")
    page.get_by_role("button", name="Actions for Holiday").click()
    menu = page.get_by_role("menu", name="Actions for Holiday")
    expect(menu.get_by_role("menuitem", name="Rename…")).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Move to Trash")).to_have_count(0)


def test_a_read_only_link_shows_one_gallery_refuses_changes_and_stops_working_once_revoked(
        shared, owner, auth_server, window):
    gallery_id = shared["holiday"]["id"]
    link = owner.api("POST", f"/api/galleries/{gallery_id}/links")
    assert link["url"].startswith("/s/"), link
    page = window()
    page.goto(f"{auth_server.base_url}{link['url']}")

    expect(page).to_have_url(f"{auth_server.base_url}/g/{gallery_id}")
    expect(page.get_by_role("grid", name="Holiday")).to_be_attached()
    wait_images_loaded(page, 3)
    expect(page.locator(".toolbar").get_by_text("View only", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Galleries")).to_have_count(0)
    # Nor any other gallery to open beside: the More menu, which would offer it, has nothing to offer at all.
    expect(page.locator(".open-beside")).to_be_hidden()
    expect(page.get_by_role("button", name="More", exact=True)).to_have_count(0)
    expect(page.locator(".app-header .account")).to_be_hidden()
    result = drag(page, ["dragenter", "dragover"], uri_list="https://example.com/a.png")
    assert not result["cancelled"]["dragover"], "a read-only link's gallery took a drop"
    ids = [item["id"] for item in shared["items"]]
    assert page.evaluate(FETCH_JS, ["POST", f"/api/galleries/{gallery_id}/trash", {"itemIds": [ids[0]]}]) == 403
    assert page.evaluate(FETCH_JS, ["POST", "/api/galleries", {"name": "Mine"}]) in (401, 403)
    assert len(owner.items(gallery_id)) == 3

    owner.api("DELETE", f"/api/galleries/{gallery_id}/links/{link['id']}")

    again = window()
    again.goto(f"{auth_server.base_url}{link['url']}")
    expect(again.get_by_role("status")).to_have_text("This link does not work any more.")
    expect(again).to_have_url(f"{auth_server.base_url}{link['url']}")


def test_a_read_only_link_shows_a_big_board_nobody_has_put_its_items_on_yet(owner, auth_server, window):
    # 6,000 items (a board read by region) added while nobody showed the board: none of them is on it yet.
    gallery = owner.api("POST", "/api/galleries", {"name": "Archive"})
    owner.api("PATCH", f"/api/galleries/{gallery['id']}", {"view": "board"})
    link = owner.api("POST", f"/api/galleries/{gallery['id']}/links")
    auth_server.stop()
    fill_directly(auth_server.data_dir / "gallery.sqlite", gallery["id"], 6_000)
    auth_server.start(auth_server.port)

    page = window()
    page.goto(f"{auth_server.base_url}{link['url']}")

    # The viewer's page asks the server to put them there (where they go follows from the gallery), and shows them.
    expect(page.locator(".toolbar").get_by_text("View only", exact=True)).to_be_visible()
    expect(page.locator('[role="row"][aria-label="Image: filler0.png"]')).to_be_visible()
    last = owner.api("GET", f"/api/galleries/{gallery['id']}/items?position=5999&limit=1")["items"][0]
    assert last["board"] == {"x": 71 * 264, "y": 76 * 264, "width": 240, "z": 0}
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def open_share_dialog(page, name):
    more_menu_entry(page, "Share…").click()
    dialog = page.get_by_role("dialog", name=f"Share {name}")
    expect(dialog).to_be_visible()
    return dialog


def owner_window(window, auth_server, gallery):
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path=f"/g/{gallery['id']}")
    expect(page.get_by_role("grid", name=gallery["name"])).to_be_attached()
    return page


def test_the_owner_shares_a_gallery_by_name_as_editor_and_stops_sharing_it(shared, owner, auth_server, window):
    gallery = shared["holiday"]
    page = owner_window(window, auth_server, gallery)
    dialog = open_share_dialog(page, "Holiday")
    expect(dialog.get_by_label("Name")).to_be_focused()
    expect(dialog.get_by_role("list", name="People")).to_contain_text("Nobody yet.")

    dialog.get_by_label("Name").fill("nobody")
    dialog.get_by_role("button", name="Add").click()
    expect(dialog.get_by_role("alert")).to_contain_text("nobody")
    expect(dialog.get_by_label("Name")).to_be_focused()

    dialog.get_by_label("Name").fill("bob")
    dialog.get_by_label("Role").select_option("editor")
    dialog.get_by_role("button", name="Add").click()

    expect(dialog.get_by_role("list", name="People")).to_contain_text("bob · editor")
    expect(page.locator("#announcer")).to_have_text("Shared Holiday with bob as editor.")
    expect(dialog.get_by_label("Name")).to_be_focused()
    assert owner.api("GET", f"/api/galleries/{gallery['id']}/shares")["users"] == [{"name": "bob", "role": "editor"}]
    bob = AccountClient(auth_server).sign_in("bob", BOB_PASSWORD)
    assert bob.galleries_by_name()["Holiday"]["role"] == "editor"

    dialog.get_by_role("button", name="Stop sharing with bob").click()
    expect(dialog.get_by_role("list", name="People")).to_contain_text("Nobody yet.")
    expect(dialog.get_by_label("Name")).to_be_focused()
    assert owner.api("GET", f"/api/galleries/{gallery['id']}/shares")["users"] == []
    assert "Holiday" not in bob.galleries_by_name()

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="More", exact=True)).to_be_focused()  # the menu's button, Share… was in


def test_the_owner_makes_a_read_only_link_copies_it_and_revokes_it(shared, owner, auth_server, window):
    gallery = shared["holiday"]
    page = owner_window(window, auth_server, gallery)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=auth_server.base_url)
    dialog = open_share_dialog(page, "Holiday")
    expect(dialog.get_by_role("list", name="Read-only links")).to_contain_text("No links.")

    dialog.get_by_role("button", name="Create Link").click()

    field = dialog.get_by_label("New link (shown only now)")
    expect(field).to_be_focused()
    expect(field).to_have_value(re.compile(rf"^{re.escape(auth_server.base_url)}/s/\S+$"))
    url = field.input_value()
    links = owner.api("GET", f"/api/galleries/{gallery['id']}/shares")["links"]
    assert len(links) == 1, links
    expect(dialog.get_by_role("list", name="Read-only links").get_by_role("listitem")).to_have_count(1)

    dialog.get_by_role("button", name="Copy").click()
    expect(page.locator("#announcer")).to_have_text("Copied the link.")
    assert page.evaluate("navigator.clipboard.readText()") == url

    visitor = window()
    visitor.goto(url)
    expect(visitor).to_have_url(f"{auth_server.base_url}/g/{gallery['id']}")
    expect(visitor.locator(".toolbar").get_by_text("View only", exact=True)).to_be_visible()

    dialog.get_by_role("button", name=re.compile("^Revoke the link made")).click()
    expect(dialog.get_by_role("list", name="Read-only links")).to_contain_text("No links.")
    expect(dialog.get_by_role("button", name="Create Link")).to_be_focused()
    assert owner.api("GET", f"/api/galleries/{gallery['id']}/shares")["links"] == []

    late = window()
    late.goto(url)
    expect(late.get_by_role("status")).to_have_text("This link does not work any more.")
