"""Signing in: the owner's first start through the one-time setup link, signing in and out, a wrong password, the
sign-in page for a page opened without a session (and back to it afterwards), and the changes a signed-in page makes
(each carries its CSRF token)."""

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from auth_helpers import OWNER_PASSWORD, add_user, setup_link, sign_in_page
from helpers import DropFile, drop, open_more_menu, png, sign_out_entry, wait_until

SESSION_JS = "async () => (await fetch('/api/session')).status"
GALLERIES_JS = "async () => { const r = await fetch('/api/galleries'); return [r.status, await r.json()]; }"


def expect_sign_in_for(page, path: str) -> None:
    """The page went to the sign-in page, which will come back to `path`."""
    expect(page).to_have_url(re.compile(r"/signin\?next="))
    query = parse_qs(urlsplit(page.url).query)
    assert query.get("next") == [path], page.url


def toolbar_account(page):
    """Who is signed in: the header's account button, its menu holding Sign out."""
    return page.locator(".app-header .account-button")


def test_first_start_prints_a_setup_link_where_the_owner_sets_a_password_and_is_signed_in(auth_server, window):
    link = setup_link(auth_server)
    assert link.startswith(f"{auth_server.base_url}/setup#token="), link
    page = window()
    page.goto(link)

    expect(page.get_by_role("heading", name="Set up Image Gallery")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("owner")
    expect(page.get_by_label("Password", exact=True)).to_be_focused()
    expect(page).to_have_url(f"{auth_server.base_url}/setup")  # the token leaves the address bar at once

    page.get_by_label("Password", exact=True).fill("a long password")
    page.get_by_label("Password again").fill("another password")
    page.get_by_role("button", name="Set password and sign in").click()
    expect(page.get_by_role("alert")).to_have_text("The two passwords are not the same.")
    expect(page.get_by_label("Password again")).to_be_focused()

    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Password again").fill("short")
    page.get_by_role("button", name="Set password and sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("8")  # the server's message: at least 8 characters

    page.get_by_label("Password", exact=True).fill(OWNER_PASSWORD)
    page.get_by_label("Password again").fill(OWNER_PASSWORD)
    page.get_by_role("button", name="Set password and sign in").click()

    expect(page).to_have_url(re.compile(r"/g/[^/]+$"))
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    expect(page.locator("#gallery-name")).to_be_visible()
    expect(toolbar_account(page)).to_be_visible()
    expect(page.locator(".account-name")).to_have_text(re.compile(r"owner$"))
    assert page.evaluate(SESSION_JS) == 200


def test_sign_out_ends_the_session_and_shows_the_sign_in_page(owner, auth_server, window):
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/galleries")
    expect(page).to_have_url(f"{auth_server.base_url}/galleries")
    expect(page.locator(".account-name")).to_have_text(re.compile(r"owner$"))

    sign_out_entry(page).click()

    expect(page).to_have_url(f"{auth_server.base_url}/signin")
    expect(page.get_by_role("heading", name="Sign in to Image Gallery")).to_be_visible()
    assert page.evaluate(SESSION_JS) == 401
    status, body = page.evaluate(GALLERIES_JS)
    assert status == 401 and body == {"error": {"message": "Sign in first."}}, (status, body)


def test_a_wrong_password_shows_the_servers_message_and_lets_the_person_try_again(owner, auth_server, window):
    page = window()
    page.goto(f"{auth_server.base_url}/signin")
    expect(page.get_by_label("Name")).to_be_focused()
    page.get_by_label("Name").fill("owner")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()

    expect(page.get_by_role("alert")).to_have_text("Wrong name or password.")
    expect(page.get_by_label("Password")).to_be_focused()
    expect(page.get_by_label("Password")).to_have_attribute("aria-invalid", "true")
    expect(page).to_have_url(f"{auth_server.base_url}/signin")
    assert page.evaluate(SESSION_JS) == 401

    page.get_by_label("Password").fill(OWNER_PASSWORD)
    page.keyboard.press("Enter")
    expect(page).not_to_have_url(re.compile(r"/signin"))
    assert page.evaluate(SESSION_JS) == 200


def test_a_gallery_opened_without_a_session_asks_to_sign_in_and_comes_back_to_it(owner, auth_server, window):
    gallery = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    page = window()
    page.goto(f"{auth_server.base_url}/g/{gallery['id']}")

    expect_sign_in_for(page, f"/g/{gallery['id']}")
    page.get_by_label("Name").fill("owner")
    page.get_by_label("Password").fill(OWNER_PASSWORD)
    page.get_by_role("button", name="Sign in").click()

    expect(page).to_have_url(f"{auth_server.base_url}/g/{gallery['id']}")
    expect(page.get_by_role("grid", name="Holiday")).to_be_attached()


def test_a_page_whose_session_ended_goes_to_sign_in_at_its_next_request(owner, auth_server, window):
    gallery = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path=f"/g/{gallery['id']}")
    expect(page.get_by_role("grid", name="Holiday")).to_be_attached()

    page.context.clear_cookies()  # the session ends (signed out elsewhere, expired)
    page.get_by_role("button", name=re.compile("^Trash")).click()  # asks the server for the trash

    expect_sign_in_for(page, f"/g/{gallery['id']}")


def test_a_gallery_page_signed_out_in_another_tab_goes_to_sign_in_by_itself(owner, auth_server, window):
    """Its live feed closes as signed out (4401), not as a gallery gone; the page finds its cookie ended and goes to
    the sign-in page without being touched."""
    gallery = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path=f"/g/{gallery['id']}")
    expect(page.get_by_role("grid", name="Holiday")).to_be_attached()

    other_tab = page.context.new_page()
    other_tab.goto(f"{auth_server.base_url}/galleries")
    sign_out_entry(other_tab).click()
    expect(other_tab).to_have_url(f"{auth_server.base_url}/signin")

    expect(page).to_have_url(re.compile(r"/signin\?next="), timeout=20_000)  # within the feed's 5-second check
    expect_sign_in_for(page, f"/g/{gallery['id']}")


def test_a_signed_in_page_drops_links_and_uploads_files(owner, auth_server, window, other_site):
    """Every change the page makes carries its CSRF token and a JSON content type (an upload: the file's type), else
    the server would refuse it."""
    gallery = owner.api("POST", "/api/galleries", {"name": "Holiday"})
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path=f"/g/{gallery['id']}")
    expect(page.get_by_role("grid", name="Holiday")).to_be_attached()

    drop(page, uri_list=other_site.image("linked.png", 120, 90))
    drop(page, files=[DropFile("uploaded.png", png(100, 80), "image/png")])

    stored = owner.wait_settled(gallery["id"], 2)
    assert sorted(item["state"] for item in stored) == ["ready", "ready"], stored
    expect(page.locator('#gallery [role="row"][data-state="ready"]')).to_have_count(2)
    page.get_by_label("Images per row").fill("3")
    wait_until(lambda: owner.gallery(gallery["id"])["imagesPerRow"] == 3, message="images per row saved")


def test_a_second_user_made_on_the_command_line_signs_in(owner, auth_server, window):
    add_user(auth_server, "bob", "bob's long password")
    page = window()
    sign_in_page(page, auth_server, "bob", "bob's long password", path="/galleries")
    expect(page.locator(".account-name")).to_have_text(re.compile(r"bob$"))


def test_without_sign_in_nobody_is_shown_as_signed_in(page):
    expect(page.locator(".account")).to_be_hidden()
    expect(page.get_by_role("menuitem", name="Sign out")).to_have_count(0)
    expect(page.get_by_role("button", name="Sign out")).to_have_count(0)
    expect(open_more_menu(page).get_by_role("menuitem", name="Share…")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.locator(".view-only")).to_be_hidden()
