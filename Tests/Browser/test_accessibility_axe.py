"""Automated accessibility checks: axe-core (the axe-playwright-python package, which bundles axe-core's script) on
every view and state of the client, each with 0 violations of WCAG 2.0, 2.1 and 2.2 A and AA and of axe's best
practices, with no rule switched off. The pages follow the system's colour scheme (`color-scheme: light dark`), so each
state is checked in both: light, then dark.

The pages keep their strict Content Security Policy (no inline script, no eval) here: the package injects axe-core with
`page.evaluate`, which Playwright runs through the DevTools protocol, where the page's CSP does not apply, so no
context needs `bypass_csp`. Each check also asserts that the page logged no CSP violation while axe ran."""

from __future__ import annotations

import re

from kind_helpers import FIXTURES, drop_every_kind
from playwright.sync_api import expect

import helpers
from auth_helpers import OWNER_PASSWORD, add_user, setup_link, sign_in_page
from helpers import (
    DropFile,
    drag,
    drop,
    expect_failed_tile,
    expect_items_as_stored,
    fill_gallery,
    item_by_id,
    more_menu_entry,
    open_gallery_browser,
    open_more_menu,
    seed_gallery,
    uri_list,
    wait_until,
)
from pane_helpers import create_gallery, fill, pane, wait_pane_images

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError as error:  # a clear message rather than skipping every check
    raise ImportError("test_accessibility_axe.py needs axe-playwright-python: scripts/install-deps, or "
                      "pip install -r Tests/Browser/requirements.txt") from error

# WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices; every rule with one of these tags runs.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}

SETTLE_JS = """() => document.getAnimations().every(a => a.playState !== 'running' || a.effect?.getTiming().iterations
  === Infinity)"""


def settle(page) -> None:
    """Waits until no finite transition or animation runs (a half-faded element would be measured mid-fade)."""
    page.wait_for_function(SETTLE_JS)


def violations_report(violations: list[dict]) -> str:
    lines = [f"{len(violations)} axe violation(s):"]
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation['impact']}): {violation['help']} [{violation['helpUrl']}]")
        for node in violation["nodes"]:
            target = " ".join(" >> ".join(part) if isinstance(part, list) else part for part in node["target"])
            lines.append(f"    {target}: {node.get('failureSummary', '').replace(chr(10), ' / ')}")
    return "\n".join(lines)


def expect_no_axe_violations(page) -> None:
    """Runs axe-core on the whole page as it is now, in the light and in the dark colour scheme, and asserts it found
    nothing, listing what it found otherwise."""
    reports = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        settle(page)
        csp_before = len(csp_problems(page))
        results = Axe().run(page, options=AXE_OPTIONS)
        assert len(csp_problems(page)) == csp_before, f"the CSP refused something while axe ran: {csp_problems(page)}"
        violations = results.response["violations"]
        if violations:
            reports.append(f"{scheme} colour scheme: {violations_report(violations)}")
    page.emulate_media(color_scheme="light")
    assert not reports, "\n".join(reports)


def csp_problems(page) -> list[str]:
    return [p for p in getattr(page, "problems", []) if "Content Security Policy" in p]


def open_item_menu(page, item_id: str):
    tile = item_by_id(page, item_id)
    tile.hover()
    tile.get_by_role("button", name=re.compile("^Actions for")).click()
    menu = page.get_by_role("menu")
    expect(menu).to_be_visible()
    return menu


def choose_view(page, name: str) -> None:
    page.get_by_role("radiogroup", name="View").get_by_role("radio", name=name).check()


def add_pending_and_failed(page, server, other_site, count_before: int) -> tuple[str, str]:
    """Drops a link that stays pending (its site holds the rest of the image) and one that fails (404); returns
    (pending id, failed id)."""
    other_site.image("held.png", 240, 120)
    held, missing = other_site.url("/slow/held.png"), other_site.url("/missing.png")
    drop(page, uri_list=uri_list(held, missing))
    stored = expect_items_as_stored(page, server, count_before + 2)
    pending_id, failed_id = stored[-2]["id"], stored[-1]["id"]
    expect(item_by_id(page, pending_id)).to_have_attribute("data-state", "pending")
    expect(item_by_id(page, failed_id)).to_have_attribute("data-state", "failed")
    return pending_id, failed_id


# ---- The gallery page


def test_empty_gallery(page):
    expect(page.locator(".hint").first).to_be_visible()
    expect_no_axe_violations(page)


def test_full_grid(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 8, "grid")
    item_by_id(page, stored[1]["id"]).click()
    item_by_id(page, stored[2]["id"]).click(modifiers=["Control"])  # two selected, the second focused
    expect(item_by_id(page, stored[2]["id"])).to_have_attribute("data-selected", "true")
    expect_no_axe_violations(page)


def test_pending_tile(page, server, other_site):
    other_site.image("held.png", 240, 120)
    drop(page, uri_list=uri_list(other_site.url("/slow/held.png")))
    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    tile = item_by_id(page, item_id)
    expect(tile).to_have_attribute("data-state", "pending")
    expect(tile.locator("progress")).to_be_visible()
    expect_no_axe_violations(page)


def test_failed_tile(page, server, other_site):
    drop(page, uri_list=uri_list(other_site.url("/missing.png")))
    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_failed_tile(page, item_id, "The site answered 404 (not found)", retry=True)
    expect_no_axe_violations(page)


def test_undo_toast_with_its_undo_focused_and_after_it(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "toast")
    item_by_id(page, stored[3]["id"]).focus()
    page.keyboard.press("Alt+ArrowLeft")
    toast = page.locator("#undo-toast")
    expect(toast).to_contain_text("Moved 1 item")
    undo = toast.get_by_role("button", name="Undo")
    undo.focus()  # held while focused: it stays through both checks
    expect_no_axe_violations(page)
    undo.press("Enter")
    expect(toast).to_contain_text("Undid the move of 1 item.")
    toast.hover()
    expect_no_axe_violations(page)


def test_item_menu_open(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "menu")
    open_item_menu(page, stored[1]["id"])
    expect_no_axe_violations(page)


def test_move_to_position_dialog(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "pos")
    open_item_menu(page, stored[2]["id"]).get_by_role("menuitem", name="Move to Position…").click()
    expect(page.get_by_role("dialog", name=re.compile("position", re.I))).to_be_visible()
    expect_no_axe_violations(page)


def test_tags_dialog(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "tag")
    server.api("POST", f"/api/galleries/{server.gallery_id}/descriptions",
               {"itemIds": [stored[0]["id"], stored[1]["id"]], "addTags": ["red", "a rather long tag of many words"]})
    item_by_id(page, stored[0]["id"]).click()
    item_by_id(page, stored[2]["id"]).click(modifiers=["Shift"])
    open_item_menu(page, stored[0]["id"]).get_by_role("menuitem", name="Tags…").click()
    expect(page.get_by_role("dialog", name="Tags of 3 items").locator(".tags-count")).to_have_count(2)
    expect_no_axe_violations(page)


def test_move_to_gallery_dialog(page, server, other_site):
    fruit = create_gallery(server, "Fruit")
    fill(server, other_site, fruit["id"], 2, "f")
    create_gallery(server, "Empty")
    stored = seed_gallery(page, server, other_site, 3, "mv")
    open_item_menu(page, stored[0]["id"]).get_by_role("menuitem", name="Move to Gallery…").click()
    dialog = page.get_by_role("dialog", name=re.compile("Move"))
    expect(dialog.get_by_role("button", name="Move to Fruit")).to_be_visible()
    expect_no_axe_violations(page)


def test_open_beside_dialog(page, server, other_site):
    fruit = create_gallery(server, "Fruit")
    fill(server, other_site, fruit["id"], 2, "f")
    more_menu_entry(page, "Open Beside…").click()
    dialog = page.get_by_role("dialog", name=re.compile("gallery"))
    expect(dialog.get_by_role("button", name="Open Fruit")).to_be_visible()
    expect_no_axe_violations(page)


def test_trash_dialog(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "trash")
    server.api("POST", f"/api/galleries/{server.gallery_id}/trash", {"itemIds": [stored[1]["id"], stored[3]["id"]]})
    page.reload()
    expect(page.get_by_role("button", name="Trash, 2 items")).to_be_visible()
    page.get_by_role("button", name="Trash, 2 items").click()
    dialog = page.get_by_role("dialog", name="Trash")
    expect(dialog.locator("li[data-item-id]")).to_have_count(2)
    page.wait_for_function("() => [...document.querySelectorAll('dialog[open] img')].every(i => i.complete)")
    expect_no_axe_violations(page)


def test_side_by_side(page, server, other_site):
    fruit = create_gallery(server, "Fruit")
    fill(server, other_site, server.gallery_id, 3, "m")
    fill(server, other_site, fruit["id"], 2, "f")
    page.goto(f"{server.base_url}/g/{server.gallery_id}?beside={fruit['id']}")
    wait_pane_images(page, "My Gallery", 3)
    wait_pane_images(page, "Fruit", 2)
    expect(pane(page, "Fruit").get_by_role("button", name="Close")).to_be_visible()
    expect_no_axe_violations(page)


def test_side_by_side_on_a_narrow_screen(server, other_site, window):
    fruit = create_gallery(server, "Fruit")
    fill(server, other_site, server.gallery_id, 3, "m")
    fill(server, other_site, fruit["id"], 2, "f")
    page = window({"width": 420, "height": 800})
    page.goto(f"{server.base_url}/g/{server.gallery_id}?beside={fruit['id']}")
    wait_pane_images(page, "My Gallery", 3)
    wait_pane_images(page, "Fruit", 2)
    expect_no_axe_violations(page)


def add_every_kind(page, server, other_site) -> None:
    """Drops a note, a link to a page with a preview image and a video file, and waits until they are ready."""
    preview = other_site.image("card.png", 200, 120)
    drop_every_kind(page, server, other_site, text="A note\nwith two lines", page_name="axe",
                    page_html=f'<html><head><title>A page</title><meta property="og:image" content="{preview}">'
                    "</head></html>", video=("clip.webm", "video/webm"))


def test_every_kind_of_item(page, server, other_site):
    add_every_kind(page, server, other_site)
    expect(page.locator('#gallery [data-kind="video"] .video-play')).to_be_visible()
    expect_no_axe_violations(page)


def test_a_note_being_edited_and_a_video_playing(page, server, other_site):
    add_every_kind(page, server, other_site)
    video = page.locator('#gallery [data-kind="video"]')
    video.locator(".video-play").click()  # playing in its tile (Enter opens it in the viewer)
    expect(video.locator("video")).to_be_visible()
    note = page.locator('#gallery [data-kind="note"]')
    note.focus()
    page.keyboard.press("Enter")
    expect(note.get_by_role("textbox")).to_be_focused()
    expect_no_axe_violations(page)


def test_videos_that_cannot_be_played_in_the_browser_or_are_cut_short(window, tmp_path, monkeypatch):
    # Without ffmpeg, so that the HEVC video keeps its notice and its file to download.
    monkeypatch.setenv("IMAGE_GALLERY_DISABLE_FFMPEG", "1")
    server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / "server.log")
    server.start()
    try:
        page = window()
        page.goto(f"{server.base_url}/")
        expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
        whole = (FIXTURES / "faststart.mp4").read_bytes()
        drop(page, files=[DropFile("hevc.mov", (FIXTURES / "hevc.mov").read_bytes(), "video/quicktime"),
                          DropFile("cut.mp4", whole[: len(whole) // 2], "video/mp4")])
        expect(page.locator("#gallery .video-notice")).to_be_visible()
        expect(page.locator("#gallery .video-cut-short")).to_be_visible()
        expect_no_axe_violations(page)
    finally:
        server.stop()


def test_list_view(page, server, other_site):
    seed_gallery(page, server, other_site, 4, "row")
    add_pending_and_failed(page, server, other_site, 4)
    choose_view(page, "List")
    expect(page).to_have_url(re.compile(r"\?view=list$"))
    expect(page.locator('.row[role="row"]')).to_have_count(6)
    expect_no_axe_violations(page)


def test_board_view(page, server, other_site):
    seed_gallery(page, server, other_site, 4, "board")
    add_pending_and_failed(page, server, other_site, 4)
    choose_view(page, "Board")
    expect(page).to_have_url(re.compile(r"\?view=board$"))
    expect(page.get_by_role("button", name="Zoom to Fit")).to_be_visible()
    wait_until(lambda: sum(1 for i in server.items(server.gallery_id) if i.get("board")) >= 5,
               message="the items placed on the board")
    expect_no_axe_violations(page)


def test_drop_from_outside_in_progress(page, server, other_site):
    seed_gallery(page, server, other_site, 3, "drop")
    result = drag(page, ["dragenter", "dragover"], uri_list=uri_list(other_site.image("new.png", 50, 50)), at=1)
    assert result["active"] == "true", result
    expect(page.locator(".drop-gap")).to_have_count(1)
    expect_no_axe_violations(page)


def test_gallery_gone_notice(page, server, other_site):
    trip = create_gallery(server, "Trip")
    fill(server, other_site, trip["id"], 2, "trip")
    page.goto(f"{server.base_url}/g/{trip['id']}")
    wait_pane_images(page, "Trip", 2)
    server.api("DELETE", f"/api/galleries/{trip['id']}")
    expect(pane(page, "Trip").get_by_role("alert")).to_contain_text("no longer available", timeout=20_000)
    expect_no_axe_violations(page)


def test_keyboard_drag_in_progress(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 6, "kbd")
    item_by_id(page, stored[1]["id"]).focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    expect(page.locator('[aria-live="polite"]')).to_have_text("Position 3 of 6.")
    expect(page.locator("#gallery .drop-gap")).to_be_visible()
    expect_no_axe_violations(page)


def test_board_keyboard_drag_in_progress(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "bkd")
    choose_view(page, "Board")
    wait_until(lambda: all(i.get("board") for i in server.items(server.gallery_id)),
               message="the items placed on the board")
    item_by_id(page, stored[0]["id"]).focus()
    page.keyboard.press("Control+Space")
    page.keyboard.press("Alt+ArrowRight")
    page.keyboard.press("Control+Space")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowDown")
    expect(page.locator('[aria-live="polite"]')).to_have_text(re.compile(r"^At x -?\d+, y -?\d+\.$"))
    expect(page.locator('#gallery [data-moving="true"]')).to_have_count(2)
    expect_no_axe_violations(page)


# ---- The gallery browser


def test_gallery_browser(page, server, other_site):
    holiday = create_gallery(server, "Holiday")
    fill_gallery(server, other_site, holiday["id"], 2, "h")
    create_gallery(server, "Empty one")
    open_gallery_browser(page, server)
    page.wait_for_function("() => [...document.querySelectorAll('.gallery-cover img')].every(i => i.complete)")
    expect_no_axe_violations(page)


def test_gallery_browser_menu(page, server):
    create_gallery(server, "Fruit")
    open_gallery_browser(page, server)
    page.get_by_role("button", name="Actions for Fruit").click()
    expect(page.get_by_role("menu", name="Actions for Fruit")).to_be_visible()
    expect_no_axe_violations(page)


def test_gallery_browser_name_dialog(page, server):
    open_gallery_browser(page, server)
    page.get_by_role("button", name="New Gallery").click()
    dialog = page.get_by_role("dialog", name="New Gallery")
    dialog.get_by_label("Name").fill("   ")
    dialog.get_by_role("button", name="Create").click()  # no name: the dialog says what is wrong
    expect(dialog.get_by_role("alert")).to_be_visible()
    expect_no_axe_violations(page)


def test_gallery_browser_trash(page, server):
    old = create_gallery(server, "Old")
    create_gallery(server, "Kept")
    server.api("DELETE", f"/api/galleries/{old['id']}")
    open_gallery_browser(page, server)
    page.get_by_role("button", name=re.compile("^Trash")).click()
    dialog = page.get_by_role("dialog", name="Trash")
    expect(dialog.get_by_role("list", name="Galleries in the trash")).not_to_have_attribute("aria-busy", "true")
    expect_no_axe_violations(page)


def test_gallery_browser_error_message(page, server):
    fruit = create_gallery(server, "Fruit")
    open_gallery_browser(page, server)
    server.api("DELETE", f"/api/galleries/{fruit['id']}")  # as another tab would
    page.get_by_role("button", name="Actions for Fruit").click()
    page.get_by_role("menuitem", name="Move to Trash").click()
    expect(page.locator("#alert")).to_be_visible()
    expect_no_axe_violations(page)


# ---- Signing in, sharing and read-only links


def test_setup_page(auth_server, window):
    page = window()
    page.goto(setup_link(auth_server))
    expect(page.get_by_role("button", name="Set password and sign in")).to_be_visible()
    expect_no_axe_violations(page)


def test_sign_in_page(auth_server, owner, window):
    page = window()
    page.goto(f"{auth_server.base_url}/signin")
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    expect_no_axe_violations(page)


def test_sign_in_page_after_a_wrong_password(auth_server, owner, window):
    page = window()
    page.goto(f"{auth_server.base_url}/signin")
    page.get_by_label("Name").fill("owner")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect_no_axe_violations(page)


def test_view_only_gallery(auth_server, owner, other_site, window):
    holiday = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    fill_gallery(owner, other_site, holiday["id"], 3, "holiday")
    add_user(auth_server, "bob", "bob's long password")
    owner.share(holiday["id"], "bob", "viewer")
    page = window()
    sign_in_page(page, auth_server, "bob", "bob's long password", path=f"/g/{holiday['id']}")
    expect(page.get_by_text("View only")).to_be_visible()
    page.wait_for_function("() => [...document.querySelectorAll('.tile img')].every(i => i.complete)")
    expect_no_axe_violations(page)


def test_share_dialog(auth_server, owner, other_site, window):
    holiday = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    fill_gallery(owner, other_site, holiday["id"], 2, "holiday")
    add_user(auth_server, "bob", "bob's long password")
    owner.share(holiday["id"], "bob", "viewer")
    owner.api("POST", f"/api/galleries/{holiday['id']}/links", {})
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path=f"/g/{holiday['id']}")
    expect(page.get_by_role("grid", name="Holiday")).to_be_attached()
    more_menu_entry(page, "Share…").click()
    dialog = page.get_by_role("dialog", name="Share Holiday")
    expect(dialog.get_by_text("bob")).to_be_visible()
    expect_no_axe_violations(page)

    dialog.get_by_role("button", name="Create Link").click()  # the new link is shown once, in a field to copy
    expect(dialog.get_by_label("New link (shown only now)")).to_be_focused()
    expect_no_axe_violations(page)


def test_read_only_link(auth_server, owner, other_site, window):
    holiday = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    fill_gallery(owner, other_site, holiday["id"], 3, "holiday")
    link = owner.api("POST", f"/api/galleries/{holiday['id']}/links")
    page = window()
    page.goto(f"{auth_server.base_url}{link['url']}")
    expect(page).to_have_url(f"{auth_server.base_url}/g/{holiday['id']}")
    expect(page.locator(".toolbar").get_by_text("View only", exact=True)).to_be_visible()
    page.wait_for_function("() => [...document.querySelectorAll('.tile img')].every(i => i.complete)")
    expect_no_axe_violations(page)

    owner.api("DELETE", f"/api/galleries/{holiday['id']}/links/{link['id']}")
    revoked = window()
    revoked.goto(f"{auth_server.base_url}{link['url']}")
    expect(revoked.get_by_role("status")).to_have_text("This link does not work any more.")
    expect_no_axe_violations(revoked)


# ---- The first minute and the theme (issue 31)


def test_empty_gallery_with_its_keys_and_sample_pictures(page):
    card = page.locator("#gallery .intro[data-empty]")
    expect(card.get_by_role("button", name="Add Sample Pictures")).to_be_visible()
    expect(card.get_by_role("list", name="Keys")).to_be_visible()
    expect_no_axe_violations(page)


def test_empty_gallery_on_a_short_phone_in_landscape(window, server):
    phone = window({"width": 740, "height": 320})
    phone.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(phone.get_by_role("button", name="Add Sample Pictures")).to_be_visible()
    expect_no_axe_violations(phone)


def test_empty_search(page, server):
    page.goto(f"{server.base_url}/search?q=nothingmatchesthis")
    expect(page.get_by_role("heading", name="Nothing matches this search")).to_be_visible()
    expect_no_axe_violations(page)


def test_gallery_being_read_shows_placeholders(page, server):
    held = []
    page.route(re.compile(r"/api/galleries/[^/]+/items\?"), lambda route: held.append(route))
    page.goto(f"{server.base_url}/g/{server.gallery_id}", wait_until="domcontentloaded")
    expect(page.locator("#gallery .placeholder-tiles")).to_be_visible()
    expect_no_axe_violations(page)
    for route in held:
        route.continue_()


def test_gallery_browser_being_read_shows_placeholders(page, server):
    held = []
    page.route(re.compile(r"/api/galleries(\?.*)?$"), lambda route: held.append(route))
    page.goto(f"{server.base_url}/galleries", wait_until="domcontentloaded")
    expect(page.locator(".placeholder-cards")).to_be_visible()
    expect_no_axe_violations(page)
    for route in held:
        route.continue_()


def test_empty_trash_dialog(page):
    page.get_by_role("button", name="Trash").click()
    dialog = page.get_by_role("dialog", name="Trash")
    expect(dialog).to_contain_text("The trash is empty.")
    expect_no_axe_violations(page)


def test_share_dialog_with_nobody_and_no_link(auth_server, owner, window):
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/")
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    more_menu_entry(page, "Share…").click()
    dialog = page.get_by_role("dialog", name=re.compile("^Share"))
    expect(dialog.get_by_role("list", name="People")).to_contain_text("Nobody yet.")
    expect_no_axe_violations(page)


def test_account_dialog_with_a_new_token_and_an_error(auth_server, owner, window):
    owner.api("POST", "/api/tokens", {"name": "backup script"})
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/")
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    page.locator(".app-header .account-button").click()
    page.get_by_role("menu", name="Account").get_by_role("menuitem", name="API Tokens…").click()
    dialog = page.get_by_role("dialog", name="Account")
    expect(dialog.get_by_role("list", name="API tokens")).to_contain_text("backup script")
    dialog.locator("#token-name").fill("phone shortcut")
    dialog.get_by_role("button", name="Create Token").click()
    expect(dialog.get_by_label("New token (shown only now)")).to_be_focused()
    expect_no_axe_violations(page)

    dialog.get_by_label("Current password").fill("not my password")
    dialog.get_by_label("New password").fill("a brand new password")
    dialog.get_by_role("button", name="Change Password").click()
    expect(dialog.get_by_role("alert")).to_have_text("The current password is wrong.")
    expect_no_axe_violations(page)


def test_empty_gallery_for_someone_who_may_only_look(auth_server, owner, window):
    empty = owner.api("POST", "/api/galleries", {"name": "Empty"})
    add_user(auth_server, "bob", "bob's long password")
    owner.share(empty["id"], "bob", "viewer")
    page = window()
    sign_in_page(page, auth_server, "bob", "bob's long password", path=f"/g/{empty['id']}")
    expect(page.get_by_role("heading", name="This gallery is empty")).to_be_visible()
    expect_no_axe_violations(page)


def test_themes_chosen_against_the_system(page, server, other_site):
    """The theme switch's Light on a dark system and Dark on a light one (the system's are checked everywhere else),
    on the gallery and on the gallery browser."""
    seed_gallery(page, server, other_site, 4, "theme")
    for path in (f"/g/{server.gallery_id}", "/galleries"):
        page.goto(f"{server.base_url}{path}")
        switch = page.get_by_role("combobox", name="Theme")
        for system, chosen in (("light", "dark"), ("dark", "light")):
            page.emulate_media(color_scheme=system)
            switch.select_option(chosen)
            expect(page.locator("html")).to_have_attribute("data-theme", chosen)
            settle(page)
            results = Axe().run(page, options=AXE_OPTIONS)
            violations = results.response["violations"]
            assert not violations, f"{chosen} theme on {path}: {violations_report(violations)}"
        switch.select_option("system")
    page.emulate_media(color_scheme="light")


def test_side_bar_with_galleries_searches_and_tags(page, server):
    for name in ("Sky", "A gallery whose name is far too long to be shown whole in the side bar " * 2, "معرض الصور"):
        server.api("POST", "/api/galleries", {"name": name[:200]})
    note = server.api("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": "Kerning"})["items"][0]["id"]
    server.api("PATCH", f"/api/items/{note}", {"tags": ["type"]})
    server.api("POST", "/api/searches", {"name": "Kerning", "q": "kerning"})
    page.reload()
    side_bar = page.get_by_role("navigation", name="Library")
    expect(side_bar.get_by_role("link", name="type, 1 item")).to_be_visible()
    expect(side_bar.get_by_role("link", name="Kerning")).to_be_visible()
    side_bar.get_by_role("link", name="Sky, 0 items").focus()
    expect_no_axe_violations(page)


def test_side_bar_as_a_drawer_on_a_phone(window, server):
    phone = window({"width": 390, "height": 844})
    phone.goto(f"{server.base_url}/g/{server.gallery_id}")
    phone.get_by_role("button", name="Side Bar").click()
    drawer = phone.get_by_role("navigation", name="Library")
    expect(drawer.get_by_role("link", name="My Gallery, 0 items")).to_be_focused()


# ---- The pane toolbar (issue 31, part 2)


def test_toolbar_more_menu_open(page, server, other_site):
    seed_gallery(page, server, other_site, 4, "more")
    menu = open_more_menu(page)
    expect(menu.get_by_role("menuitem", name="Open Beside…")).to_be_focused()
    expect_no_axe_violations(page)


def test_toolbar_on_a_phone_with_its_more_menu_open_on_the_board(window, server, other_site):
    fill_gallery(server, other_site, server.gallery_id, 4, "phone")
    drop_failed = other_site.url("/missing.png")
    server.drop_uris(server.gallery_id, [drop_failed])
    server.wait_settled(server.gallery_id, 5)
    phone = window({"width": 390, "height": 844})
    phone.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(phone.get_by_role("grid", name="My Gallery")).to_be_attached()
    phone.wait_for_function("() => [...document.querySelectorAll('.tile img')].every(i => i.complete)")
    expect_no_axe_violations(phone)  # icons only, and a failed tile's reason on one line beside its buttons

    phone.get_by_role("radio", name="Board").check()
    menu = open_more_menu(phone)
    expect(menu.get_by_role("menuitemradio", name="Drags Move")).to_be_visible()
    expect(menu.get_by_role("menuitemcheckbox", name="Show Tags")).to_be_visible()
    expect_no_axe_violations(phone)


# ---- The header's menus (issue 31, part 1)


def test_header_add_menu_open(page):
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_role("menu", name="Add").get_by_role("menuitem", name="Files…")).to_be_focused()
    expect_no_axe_violations(page)


def test_header_account_menu_open(auth_server, owner, window):
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/galleries")
    page.locator(".app-header .account-button").click()
    # The menu opens on its first entry (Account…, then API Tokens… and Sign out).
    expect(page.get_by_role("menu", name="Account").get_by_role("menuitem", name="Account…")).to_be_focused()
    expect_no_axe_violations(page)
