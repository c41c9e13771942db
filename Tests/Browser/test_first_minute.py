"""The first minute (issue 31): an empty gallery says what can be dropped and the keys that matter, and adds the sample
pictures shipped with the app through the page's own drop path; an empty search, an empty trash and the share
dialog's empty lists say something useful; grey boxes shaped like what is coming show while a gallery is read; the
app's icons and manifest are served, before sign-in too, with their types."""

from __future__ import annotations

import io
import json
import re
import urllib.request
from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from auth_helpers import OWNER_PASSWORD, add_user, sign_in_page
from helpers import REPO_ROOT, more_menu_entry, wait_images_loaded

SAMPLES = ["mountains-at-dawn.jpg", "sea-at-dusk.jpg", "circles-and-squares.jpg", "northern-lights.jpg",
           "pine-forest.jpg"]


def empty_card(page):
    return page.locator("#gallery .intro[data-empty]")


def test_an_empty_gallery_says_what_to_drop_and_which_keys_matter(page):
    card = empty_card(page)
    expect(card).to_be_visible()
    expect(card.get_by_role("heading", name="Nothing here yet")).to_be_visible()
    expect(card).to_contain_text("Drop images, videos, files, links or text here")
    keys = card.get_by_role("list", name="Keys")
    for what in ("pastes", "undoes", "searches every gallery", "pictures per row"):
        expect(keys).to_contain_text(what)
    expect(card.get_by_role("button", name="Add Sample Pictures")).to_be_visible()


def test_the_sample_pictures_become_ordinary_items_with_thumbnails(page, server):
    page.get_by_role("button", name="Add Sample Pictures").click()
    expect(empty_card(page)).to_have_count(0)
    stored = server.wait_settled(server.gallery_id, len(SAMPLES), timeout=30)
    assert [item["state"] for item in stored] == ["ready"] * len(SAMPLES), stored
    assert [item["kind"] for item in stored] == ["image"] * len(SAMPLES)
    assert [item["title"] for item in stored] == SAMPLES
    assert all(item["width"] > 0 and item["height"] > 0 for item in stored)
    wait_images_loaded(page, len(SAMPLES))
    # Each tile shows the server's thumbnail of the upload, not the file the page read.
    sources = page.locator('#gallery [role="row"] img').evaluate_all("imgs => imgs.map(i => i.currentSrc)")
    assert all("/samples/" not in source for source in sources), sources
    expect(page.get_by_role("button", name="Add Sample Pictures")).to_be_hidden()
    assert not page.problems, page.problems


def test_the_sample_pictures_are_public_domain_and_small():
    folder = REPO_ROOT / "Web" / "samples"
    licence = (folder / "LICENSE").read_text()
    assert "CC0" in licence and "public domain" in licence
    for name in SAMPLES:
        assert name in licence
        data = (folder / name).read_bytes()
        assert len(data) < 150 * 1024, (name, len(data))
        assert Image.open(io.BytesIO(data)).format == "JPEG"
    assert sorted(p.name for p in folder.glob("*.jpg")) == sorted(SAMPLES)


def test_who_may_only_look_sees_an_empty_gallery_without_the_samples_button(auth_server, owner, window):
    empty = owner.api("POST", "/api/galleries", {"name": "Empty"})
    add_user(auth_server, "bob", "bob's long password")
    owner.share(empty["id"], "bob", "viewer")
    page = window()
    sign_in_page(page, auth_server, "bob", "bob's long password", path=f"/g/{empty['id']}")
    card = empty_card(page)
    expect(card.get_by_role("heading", name="This gallery is empty")).to_be_visible()
    expect(page.get_by_role("button", name="Add Sample Pictures")).to_have_count(0)
    expect(card.get_by_role("list", name="Keys")).to_be_hidden()


def test_an_empty_search_says_how_words_match(page, server):
    page.goto(f"{server.base_url}/search?q=nothingmatchesthis")
    card = empty_card(page)
    expect(card.get_by_role("heading", name="Nothing matches this search")).to_be_visible()
    expect(card).to_contain_text("Try fewer words, or clear the filters")
    expect(page.get_by_role("button", name="Add Sample Pictures")).to_be_hidden()


def test_the_empty_trash_and_the_share_dialogs_empty_lists_say_what_they_are_for(auth_server, owner, window):
    page = window()
    sign_in_page(page, auth_server, "owner", OWNER_PASSWORD, path="/")
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    page.get_by_role("button", name="Trash").click()
    trash = page.get_by_role("dialog", name="Trash")
    expect(trash).to_contain_text("The trash is empty. Items you delete")
    expect(trash).to_contain_text("Restore puts them back where they were")
    trash.get_by_role("button", name="Close").click()
    more_menu_entry(page, "Share…").click()
    share = page.get_by_role("dialog", name=re.compile("^Share"))
    expect(share.get_by_role("list", name="People")).to_contain_text("Add someone by the name they sign in with")
    expect(share.get_by_role("list", name="Read-only links")).to_contain_text("without signing in")


def test_grey_boxes_shaped_like_tiles_show_while_the_gallery_is_read(page, server):
    held = []  # the requests held back, let go by the test (a route's handler must not block: it runs on this thread)
    page.route(re.compile(r"/api/galleries/[^/]+/items\?"), lambda route: held.append(route))
    page.goto(f"{server.base_url}/g/{server.gallery_id}", wait_until="domcontentloaded")
    boxes = page.locator("#gallery .placeholder-tiles")
    expect(boxes).to_be_visible()
    expect(boxes.locator("span").first).to_be_visible()
    size = boxes.locator("span").first.bounding_box()
    assert size["width"] > 100 and size["height"] > 60, size  # shaped like a tile, not a line
    expect(empty_card(page)).to_have_count(0)
    for route in held:
        route.continue_()
    expect(boxes).to_be_hidden()
    expect(empty_card(page)).to_be_visible()


def test_grey_cards_show_while_the_list_of_galleries_is_read(page, server):
    held = []  # the requests held back, let go by the test (a route's handler must not block: it runs on this thread)
    released = []
    page.route(re.compile(r"/api/galleries(\?.*)?$"),
               lambda route: route.continue_() if released else held.append(route))
    page.goto(f"{server.base_url}/galleries", wait_until="domcontentloaded")
    cards = page.locator(".placeholder-cards")
    expect(cards).to_be_visible()
    assert cards.locator(".placeholder-card").first.bounding_box()["height"] > 100
    released.append(True)
    for route in held:
        route.continue_()
    expect(cards).to_be_hidden()
    expect(page.locator("#gallery-cards").get_by_role("link", name="My Gallery")).to_be_visible()


def test_the_icons_and_the_manifest_are_served_with_their_types_before_sign_in(auth_server):
    def get(path: str):
        with urllib.request.urlopen(f"{auth_server.base_url}{path}", timeout=10) as response:
            return response.headers.get_content_type(), response.read()

    svg_type, svg = get("/icons/icon.svg")
    assert svg_type == "image/svg+xml" and svg.lstrip().startswith(b"<svg")
    assert get("/icons/favicon.svg")[0] == "image/svg+xml"
    manifest_type, manifest = get("/manifest.webmanifest")
    assert manifest_type == "application/manifest+json"
    icons = {icon["sizes"]: icon for icon in json.loads(manifest)["icons"]}
    for size in (192, 512):
        png_type, png = get(icons[f"{size}x{size}"]["src"])
        assert png_type == "image/png"
        assert Image.open(io.BytesIO(png)).size == (size, size)
    assert get("/theme.js")[0] == "text/javascript"


def test_every_page_names_its_icon_and_manifest():
    for name in ("index.html", "galleries.html", "signin.html", "setup.html", "link.html"):
        html = Path(REPO_ROOT, "Web", name).read_text()
        assert '<link rel="icon" href="/icons/favicon.svg" type="image/svg+xml">' in html, name
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, name
        # The theme is put on the page by a script of its own before the styles (no inline script: the CSP).
        assert html.index('<script src="/theme.js"></script>') < html.index('rel="stylesheet"'), name
