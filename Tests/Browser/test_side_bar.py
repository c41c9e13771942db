"""The side bar (issue 31, "One frame for the whole app"): the person's galleries with their counts, shared ones,
saved searches and tags; a gallery opens without loading the page and Back returns; items dropped on a gallery in it
move there (Alt copies); galleries arranged by keys stay so after a reload; 500 galleries are windowed; long, emoji
and right-to-left names end in an ellipsis with the whole name to hover and to screen readers; it collapses
(remembered) and is a drawer on a phone."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from helpers import wait_until

NOTE = "/api/galleries/{}/notes"


def make_gallery(server, name: str, notes: list[str] = ()) -> str:
    gallery_id = server.api("POST", "/api/galleries", {"name": name})["id"]
    for text in notes:
        server.api("POST", NOTE.format(gallery_id), {"text": text})
    return gallery_id


def side_bar(page):
    return page.get_by_role("navigation", name="Library")


def gallery_link(page, name: str):
    return side_bar(page).get_by_role("link", name=name)


def mark_document(page) -> None:
    """Leaves a mark on this document: a page load would take it away."""
    page.evaluate("window.__sideBarMark = 'kept'")


def document_kept(page) -> bool:
    return page.evaluate("window.__sideBarMark === 'kept' && performance.getEntriesByType('navigation').length === 1")


def test_a_gallery_opens_from_the_side_bar_without_a_page_load_and_back_returns(page, server):
    sky = make_gallery(server, "Sky", ["Cirrus at noon"])
    server.api("POST", NOTE.format(server.gallery_id), {"text": "Harbour"})
    page.reload()
    link = gallery_link(page, "Sky, 1 item")
    expect(link).to_be_visible()
    expect(gallery_link(page, "My Gallery, 1 item")).to_have_attribute("aria-current", "page")
    mark_document(page)
    entries = page.evaluate("history.length")

    link.click()
    expect(page).to_have_url(f"{server.base_url}/g/{sky}")
    expect(page.get_by_role("grid", name="Sky")).to_be_attached()
    expect(page.locator("#gallery")).to_contain_text("Cirrus at noon")
    expect(link).to_have_attribute("aria-current", "page")
    assert document_kept(page), "the gallery was opened by loading the page again"
    assert page.evaluate("history.length") == entries + 1
    # Focus is in the gallery opened, ready for its keys.
    assert page.evaluate("document.activeElement.closest('.gallery') !== null")

    page.go_back()
    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    expect(page.locator("#gallery")).to_contain_text("Harbour")
    page.go_forward()
    expect(page.get_by_role("grid", name="Sky")).to_be_attached()
    assert document_kept(page)
    assert not page.problems, page.problems


_DROP_ON_ROW_JS = """
async ({itemId, galleryId, altKey}) => {
  const source = document.querySelector(`.gallery [role="row"][data-item-id="${itemId}"]`);
  // Looked up for each event, as a pointer finds what is under it (the list may be drawn again meanwhile).
  const rowNow = () => document.querySelector(`#side-bar li.side-row[data-gallery-id="${galleryId}"] a`);
  const dt = new DataTransfer();
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
  source.dispatchEvent(new DragEvent('dragstart', {bubbles: true, cancelable: true, dataTransfer: dt}));
  await frame();
  const shown = {};
  for (const type of ['dragenter', 'dragover', 'drop']) {
    const row = rowNow();
    const box = row.getBoundingClientRect();
    const at = {clientX: box.left + 10, clientY: box.top + box.height / 2};
    const event = new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: dt, altKey, ...at});
    row.dispatchEvent(event);
    if (type === 'dragover') shown.state = row.parentElement.dataset.dropState ?? null;
    shown[type] = event.defaultPrevented;
    await frame();
  }
  source.dispatchEvent(new DragEvent('dragend', {bubbles: true, dataTransfer: dt}));
  return shown;
}
"""


def test_items_dropped_on_a_gallery_in_the_side_bar_move_there_and_alt_copies(page, server):
    sky = make_gallery(server, "Sky")
    moved = server.api("POST", NOTE.format(server.gallery_id), {"text": "Goes to the sky"})["items"][0]["id"]
    copied = server.api("POST", NOTE.format(server.gallery_id), {"text": "Copied to the sky"})["items"][0]["id"]
    page.reload()
    expect(gallery_link(page, "Sky, 0 items")).to_be_visible()

    shown = page.evaluate(_DROP_ON_ROW_JS, {"itemId": moved, "galleryId": sky, "altKey": False})
    assert shown["state"] == "accept" and shown["drop"], shown
    expect(page.locator(f'#gallery [data-item-id="{moved}"]')).to_have_count(0)
    assert [item["id"] for item in server.items(sky)] == [moved]
    expect(page.locator("#announcer")).to_contain_text("Moved 'Goes to the sky' to Sky.")
    # The toast offers the move to undo, though no pane shows Sky.
    expect(page.locator("#undo-toast")).to_contain_text("Undo")

    page.evaluate(_DROP_ON_ROW_JS, {"itemId": copied, "galleryId": sky, "altKey": True})
    wait_until(lambda: len(server.items(sky)) == 2, message="the copy in Sky")
    expect(page.locator(f'#gallery [data-item-id="{copied}"]')).to_have_count(1)
    # The counts follow: Sky's from the gallery list's live feed.
    expect(gallery_link(page, "Sky, 2 items")).to_be_visible()
    assert not page.problems, page.problems


def test_a_view_only_gallery_in_the_side_bar_refuses_items(window, auth_server, owner):
    from auth_helpers import add_user, sign_in_page

    add_user(auth_server, "bob", "a long password for bob")
    theirs = owner.api("POST", "/api/galleries", {"name": "Owner's photos"})["id"]
    owner.api("PUT", f"/api/galleries/{theirs}/shares/bob", {"role": "viewer"})
    page = window()
    sign_in_page(page, auth_server, "bob", "a long password for bob", path=f"/g/{theirs}")
    shared = page.get_by_role("navigation", name="Library").get_by_role("region", name="Shared with Me")
    expect(shared.get_by_role("link", name="Owner's photos, 0 items, view only")).to_be_visible()


def next_second() -> None:
    """Waits for the clock's next second: the API tells when a gallery changed to the second."""
    start = int(time.time())
    wait_until(lambda: int(time.time()) > start, message="the next second")


def test_galleries_arranged_by_keys_stay_so_after_a_reload(page, server):
    for name in ("Alpha", "Beta"):
        next_second()
        make_gallery(server, name)
    page.reload()
    names = side_bar(page).locator(".side-galleries .side-name")
    expect(names).to_have_text(["Beta", "Alpha", "My Gallery"])  # most recently changed first
    gallery_link(page, "Beta, 0 items").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect(names).to_have_text(["Alpha", "Beta", "My Gallery"])
    expect(page.locator("#announcer")).to_contain_text("Moved Beta to place 2 of 3.")
    assert page.evaluate("document.activeElement.textContent").startswith("Beta")
    page.keyboard.press("Alt+ArrowDown")
    page.reload()
    expect(names).to_have_text(["Alpha", "My Gallery", "Beta"])
    # Arrow keys go through the list; Enter opens.
    gallery_link(page, "Alpha, 0 items").focus()
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.textContent").startswith("Beta")
    page.keyboard.press("Enter")
    expect(page.get_by_role("grid", name="Beta")).to_be_attached()


def name_box(page, name):
    """The size of gallery `name`'s name in the side bar, found and measured in one step: the list may draw its row
    again between two steps of a locator, and a row taken out of the page measures 0 by 0."""
    return page.evaluate(
        """(name) => {
          const link = [...document.querySelectorAll('#side-bar a.side-gallery')].find((each) => each.title === name);
          const box = link?.querySelector('.side-name');
          return box && {scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
                         scrollHeight: box.scrollHeight, clientHeight: box.clientHeight};
        }""",
        name,
    )


def test_500_galleries_are_windowed_and_every_one_is_reached_by_keys(page, server):
    long_name = "A very long gallery name " * 7
    odd = [long_name[:200].strip(), "Ünïcödé 🎨🖼️ mood board", "معرض الصور الجميلة"]
    for index in range(497):
        server.api("POST", "/api/galleries", {"name": f"Gallery {index:03d}"})
    # Made in a second of their own, after the others: the most recently changed, at the top.
    next_second()
    for name in odd:
        server.api("POST", "/api/galleries", {"name": name})
    page.reload()
    rows = side_bar(page).locator(".side-galleries li.side-row")
    expect(rows.first).to_be_visible()
    drawn = rows.count()
    assert 5 < drawn < 60, f"{drawn} rows drawn for 501 galleries"
    # End reaches the last of the 501 and shows it; Home the first; only the rows in sight are drawn meanwhile.
    rows.first.get_by_role("link").focus()
    for key, place in (("End", "501"), ("PageUp", None), ("Home", "1"), ("ArrowDown", "2")):
        page.keyboard.press(key)
        focused = page.evaluate("""() => {
          const link = document.activeElement, row = link.closest('li'), bar = document.querySelector('.side-scroll');
          const box = link.getBoundingClientRect(), sight = bar.getBoundingClientRect();
          return {place: row?.getAttribute('aria-posinset'), size: row?.getAttribute('aria-setsize'),
                  seen: box.top >= sight.top - 1 && box.bottom <= sight.bottom + 1};
        }""")
        assert focused["size"] == "501" and focused["seen"], (key, focused)
        if place:
            assert focused["place"] == place, (key, focused)
        assert rows.count() < 60
    # Long, emoji and right-to-left names: one line with an ellipsis, the whole name as title and accessible name.
    page.keyboard.press("Home")
    for name in odd:
        link = side_bar(page).locator(f'a.side-gallery[title="{name}"]')
        expect(link).to_have_count(1)
        expect(link).to_have_accessible_name(f"{name}, 0 items")
        box = name_box(page, name)
        assert box["clientHeight"] > 0 and box["scrollHeight"] <= box["clientHeight"] + 1, (name, box)
    box = name_box(page, odd[0])
    assert box["clientWidth"] > 0 and box["scrollWidth"] > box["clientWidth"], box
    assert not page.problems, page.problems


def test_saved_searches_and_tags_are_listed_and_open_in_the_page(page, server):
    note = server.api("POST", NOTE.format(server.gallery_id), {"text": "Kerning specimen"})["items"][0]["id"]
    server.api("PATCH", f"/api/items/{note}", {"tags": ["Type"]})
    server.api("POST", "/api/searches", {"name": "Kerning", "q": "kerning"})
    page.reload()
    mark_document(page)
    tag = side_bar(page).get_by_role("region", name="Tags").get_by_role("link", name="Type, 1 item")
    tag.click()
    expect(page).to_have_url(f"{server.base_url}/search?tag=Type")
    expect(page.get_by_role("grid")).to_contain_text("Kerning specimen")
    side_bar(page).get_by_role("link", name="Kerning").click()
    expect(page).to_have_url(f"{server.base_url}/search?q=kerning")
    expect(page.get_by_role("grid")).to_contain_text("Kerning specimen")
    assert document_kept(page)
    page.go_back()
    page.go_back()
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    assert not page.problems, page.problems


def test_the_side_bar_collapses_remembered_and_is_a_drawer_on_a_phone(page, server):
    toggle = page.get_by_role("button", name="Side Bar")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(side_bar(page)).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    page.reload()
    expect(side_bar(page)).to_be_hidden()
    toggle.click()
    expect(side_bar(page)).to_be_visible()

    page.set_viewport_size({"width": 390, "height": 844})
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(gallery_link(page, "My Gallery, 0 items")).to_be_hidden()
    toggle.click()
    link = gallery_link(page, "My Gallery, 0 items")
    expect(link).to_be_visible()
    expect(link).to_be_focused()
    page.keyboard.press("Escape")
    expect(link).to_be_hidden()
    expect(toggle).to_be_focused()
    # Opening a gallery from the drawer closes it.
    other = make_gallery(server, "Other")
    toggle.click()
    gallery_link(page, "Other, 0 items").click()
    expect(page).to_have_url(f"{server.base_url}/g/{other}")
    expect(gallery_link(page, "Other, 0 items")).to_be_hidden()


_ROW_ONTO_ROW_JS = """
async ({moving, onto}) => {
  const link = (title) => [...document.querySelectorAll('#side-bar a.side-gallery')].find((a) => a.title === title);
  const source = link(moving);
  const dt = new DataTransfer();
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
  source.dispatchEvent(new DragEvent('dragstart', {bubbles: true, cancelable: true, dataTransfer: dt}));
  await frame();
  let state = null;
  for (const type of ['dragenter', 'dragover', 'drop']) {
    const target = link(onto);  // what is under the pointer now
    const box = target.getBoundingClientRect();
    const at = {clientX: box.left + 10, clientY: box.top + 4};
    target.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: dt, ...at}));
    if (type === "dragover") state = target.parentElement.dataset.dropState ?? null;
    await frame();
  }
  source.dispatchEvent(new DragEvent('dragend', {bubbles: true, dataTransfer: dt}));
  return state;
}
"""


def test_a_gallery_dragged_onto_another_in_the_side_bar_goes_before_it(page, server):
    for name in ("Alpha", "Beta", "Gamma"):
        next_second()
        make_gallery(server, name)
    page.reload()
    names = side_bar(page).locator(".side-galleries .side-name")
    expect(names).to_have_text(["Gamma", "Beta", "Alpha", "My Gallery"])
    assert page.evaluate(_ROW_ONTO_ROW_JS, {"moving": "My Gallery", "onto": "Beta"}) == "before"
    expect(names).to_have_text(["Gamma", "My Gallery", "Beta", "Alpha"])
    page.reload()
    expect(names).to_have_text(["Gamma", "My Gallery", "Beta", "Alpha"])
