"""The account menu's Account… and API Tokens… (issue 31, "One frame for the whole app": the account menu holds the
account, tokens and sign out): a person makes a token for a script (its secret shown once, working at once as
`Authorization: Bearer`), revokes it by keys, and changes their password, which signs out every other browser and
keeps this one working; every refusal is said in the dialog, where the focus stays."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

from playwright.sync_api import expect

from auth_helpers import OWNER_PASSWORD, AccountClient, sign_in_page
from helpers import wait_until

SESSION_JS = "async () => (await fetch('/api/session')).status"


def bearer_status(server, token: str) -> int:
    request = urllib.request.Request(f"{server.base_url}/api/galleries", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            json.load(answer)
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def unexpected(problems: list[str]) -> list[str]:
    """The page's problems but the refusals the test asked for (the browser logs each answer of 400 or more)."""
    return [problem for problem in problems if "Failed to load resource" not in problem]


def open_account_entry(page, entry: str):
    page.locator(".app-header .account-button").click()
    page.get_by_role("menu", name="Account").get_by_role("menuitem", name=entry).click()
    dialog = page.get_by_role("dialog", name="Account")
    expect(dialog).to_be_visible()
    return dialog


def test_a_token_is_made_shown_once_used_by_a_script_and_revoked_by_keys(owner, auth_server, window):
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/galleries")
    dialog = open_account_entry(page, "API Tokens…")
    expect(dialog.locator(".account-dialog-name")).to_have_text("owner")
    name = dialog.get_by_label("Name")
    expect(name).to_be_focused()
    expect(dialog.get_by_role("list", name="API tokens")).to_contain_text("No tokens")

    dialog.get_by_role("button", name="Create Token").click()
    expect(dialog.get_by_role("alert")).to_have_text("Enter a name to tell the token by.")
    expect(name).to_be_focused()
    name.fill("back/up")
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("alert")).to_contain_text("only letters, digits, spaces")

    name.fill("backup script")
    page.keyboard.press("Enter")
    secret_field = dialog.get_by_label("New token (shown only now)")
    expect(secret_field).to_be_focused()
    secret = secret_field.input_value()
    assert len(secret) > 20, secret
    expect(dialog.get_by_role("alert")).to_be_hidden()
    row = dialog.get_by_role("listitem").filter(has_text="backup script")
    expect(row).to_contain_text("made ")
    assert bearer_status(auth_server, secret) == 200

    name.fill("backup script")
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("alert")).to_contain_text("already a token named 'backup script'")

    # Revoked by keys: the focus goes to the name field (no row is left), and the script is refused from then on.
    revoke = dialog.get_by_role("button", name="Revoke the token backup script")
    revoke.focus()
    page.keyboard.press("Enter")
    expect(name).to_be_focused()
    expect(dialog.get_by_role("list", name="API tokens")).to_contain_text("No tokens")
    expect(secret_field).to_be_hidden()
    assert bearer_status(auth_server, secret) == 401

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator(".app-header .account-button")).to_be_focused()
    assert owner.api("GET", "/api/tokens") == {"tokens": []}
    assert not unexpected(page.problems), page.problems


def test_changing_the_password_signs_out_other_browsers_and_keeps_this_one(owner, auth_server, window):
    token = owner.api("POST", "/api/tokens", {"name": "nightly"})["token"]
    other = window()
    sign_in_page(other, auth_server, "owner", OWNER_PASSWORD, path="/galleries")
    page = window()
    sockets = []
    page.on("websocket", lambda socket: sockets.append(socket))
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/galleries")
    gallery_id = owner.galleries_by_name()["My Gallery"]["id"]
    page.goto(f"{auth_server.base_url}/g/{gallery_id}")
    dialog = open_account_entry(page, "Account…")
    current = dialog.get_by_label("Current password")
    new = dialog.get_by_label("New password")
    expect(current).to_be_focused()
    expect(dialog.get_by_role("listitem").filter(has_text="nightly")).to_be_visible()

    current.fill("not my password")
    new.fill("a brand new password")
    dialog.get_by_role("button", name="Change Password").click()
    expect(dialog.get_by_role("alert")).to_have_text("The current password is wrong.")
    expect(current).to_be_focused()
    expect(current).to_have_attribute("aria-invalid", "true")

    current.fill(OWNER_PASSWORD)
    new.fill("short")
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("alert")).to_contain_text("at least 8 characters")
    expect(new).to_be_focused()

    new.fill("a brand new password")
    page.keyboard.press("Enter")
    expect(page.locator("#announcer")).to_contain_text("Changed your password")
    expect(dialog.get_by_role("alert")).to_be_hidden()
    expect(current).to_have_value("")
    page.keyboard.press("Escape")
    expect(page).to_have_url(re.compile(r"/g/"))

    # This page goes on working, its changes carrying the new session's CSRF token: a note through the Add menu.
    assert page.evaluate(SESSION_JS) == 200
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_role("menu", name="Add").get_by_role("menuitem", name="Note").click()
    editor = page.locator("#gallery textarea")
    expect(editor).to_be_focused()
    page.keyboard.type("Written after a new password")
    page.keyboard.press("Control+Enter")
    renewed = AccountClient(auth_server).sign_in("owner", "a brand new password")
    wait_until(lambda: any(item.get("text") == "Written after a new password"
                           for item in renewed.api("GET", f"/api/galleries/{gallery_id}/items")["items"]),
               message="the note kept")
    # The live feed of the old session closes as signed out (within the server's 5-second check): this page, still
    # signed in, connects again and hears a change made elsewhere (not "this gallery is no longer available").
    feed = f"/api/galleries/{gallery_id}/live"

    def old_feed_closed():
        page.wait_for_timeout(100)  # lets Playwright take the socket's events
        return any(socket.is_closed() for socket in sockets if feed in socket.url)

    wait_until(old_feed_closed, timeout=20, message="the old session's feed closed")
    renewed.api("PATCH", f"/api/galleries/{gallery_id}", {"name": "Renamed elsewhere"})
    expect(page.locator("#gallery-name")).to_have_text("Renamed elsewhere", timeout=20_000)
    expect(page.get_by_text("no longer available")).to_have_count(0)
    assert not unexpected(page.problems), page.problems

    # The other browser is signed out at its next request; the old password no longer signs in; the token works.
    other.reload()
    expect(other).to_have_url(re.compile(r"/signin"))
    old_password = {"name": "owner", "password": OWNER_PASSWORD}
    status, _ = AccountClient(auth_server).request("POST", "/api/session", old_password)
    assert status == 401
    assert bearer_status(auth_server, token) == 200
