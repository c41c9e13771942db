"""The smoke suite every other engine runs against the real server: open the gallery, drop files, drop a link as
Firefox writes it (`text/x-moz-url`), drop text (a note) and a link to a page (a link card), reorder by keyboard
(Alt+arrows, and a drag by keyboard), undo, and see a change made in a second window.

Drops are synthesized in the page (dragenter, dragover, drop with a real DataTransfer) by the shared helpers, as in
the Chromium tests; keys go through WebDriver's input actions, so the browser itself makes the key events.
"""

from __future__ import annotations

import pytest

import helpers
from helpers import DropFile, drag, drop, expect_order, seed_gallery, wait_images_loaded, wait_until

LIST = '#gallery [role="grid"][aria-label="My Gallery"]'


def tile(item_id: str) -> str:
    return f'#gallery [role="row"][data-item-id="{item_id}"]'


def open_gallery(page, server) -> None:
    """Opens `/` (which redirects to My Gallery) and waits until its list is there."""
    page.open(f"{server.base_url}/")
    wait_until(lambda: page.url == f"{server.base_url}/g/{server.gallery_id}", message=f"/g/{server.gallery_id}")
    page.wait_for_function("(sel) => !!document.querySelector(sel)", LIST)


def states(page) -> list[list[str]]:
    return page.evaluate("""() => [...document.querySelectorAll('#gallery [role="row"]')]
                                      .map(e => [e.dataset.itemId, e.dataset.state])""")


def expect_ready_tiles(page, server, count: int) -> list[dict]:
    """The server has `count` ready items and the page shows exactly those, in order, ready, their images loaded."""
    stored = server.wait_settled(server.gallery_id, count)
    assert [i["state"] for i in stored] == ["ready"] * count, stored
    try:
        page.wait_for_function("""(ids) => {
            const tiles = [...document.querySelectorAll('#gallery [role="row"]')];
            return tiles.length === ids.length
              && tiles.every((t, i) => t.dataset.itemId === ids[i] && t.dataset.state === 'ready');
          }""", [i["id"] for i in stored])
    except AssertionError as error:
        raise AssertionError(f"the page shows {states(page)}, the server has {[i['id'] for i in stored]}") from error
    wait_images_loaded(page, count)
    return stored


def no_errors(page) -> None:
    assert page.errors() == [], f"{page.engine}: the page had errors: {page.errors()}"


class SmokeSuite:
    """The tests; a module subclasses it as Test<Engine> with a `browser_page` fixture (drivers.EnginePage)."""

    @pytest.fixture
    def page(self, browser_page, server, request, tmp_path):
        """The engine's one window on My Gallery of a fresh server (other windows of a former test closed). After a
        failure it keeps a screenshot of each window and prints the page's errors."""
        browser_page.close_other_windows()
        open_gallery(browser_page, server)
        yield browser_page
        if any(getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call")):
            for index, handle in enumerate(browser_page.windows):
                try:
                    browser_page.switch_to(handle)
                    browser_page.screenshot(tmp_path / f"failure-{index}.png")
                    print(f"\n--- {browser_page.engine} screenshot: {tmp_path / f'failure-{index}.png'}")
                    print(f"--- the page's errors: {browser_page.errors()}")
                except Exception as error:  # noqa: BLE001 - a failure report must not fail
                    print(f"\n--- no screenshot: {error}")
        browser_page.close_other_windows()

    def test_opens_the_gallery(self, page, server):
        assert page.evaluate("(sel) => document.querySelector(sel).children.length", LIST) == 0
        title = page.evaluate("() => document.title")
        assert "My Gallery" in title, title
        no_errors(page)

    def test_dropped_files_become_images(self, page, server):
        result = drop(page, files=[DropFile("wide.png", helpers.png(300, 150), "image/png"),
                                   DropFile("photo.jpg", helpers.jpeg(160, 120), "image/jpeg")])
        assert result["cancelled"]["drop"], result

        stored = expect_ready_tiles(page, server, 2)
        assert sorted((i["width"], i["height"]) for i in stored) == [(160, 120), (300, 150)], stored
        no_errors(page)

    def test_a_dropped_moz_url_link_is_fetched(self, page, server, other_site):
        url = other_site.image("linked.png", 200, 100)

        # Only Firefox's own type: the link and its title on two lines, no text/uri-list.
        link = {"text/x-moz-url": f"{url}\nA linked image"}
        hover = drag(page, ["dragenter", "dragover"], extra=link)
        assert hover["cancelled"]["dragover"] and hover["active"] == "true", f"not offered as a drop target: {hover}"
        drag(page, ["dragleave"], extra=link)
        page.wait_for_function("() => document.querySelector('#gallery').dataset.dropActive === undefined")
        drop(page, extra=link)

        [stored] = expect_ready_tiles(page, server, 1)
        assert stored["sourceURL"] == url, stored
        assert (stored["width"], stored["height"]) == (200, 100), stored
        assert other_site.request_count("/img/linked.png") >= 1
        no_errors(page)

    def test_dropped_text_is_a_note_and_a_moz_url_to_a_page_is_a_link(self, page, server, other_site):
        drop(page, text="Lisbon\n<b>Porto</b>")
        article = other_site.page("smoke", "<html><head><title>A page</title></head></html>")
        drop(page, extra={"text/x-moz-url": f"{article}\nA page"})
        stored = wait_until(lambda: (items := server.items(server.gallery_id)) and len(items) == 2
                            and all(i["state"] == "ready" for i in items) and items, message="a note and a link")
        assert [i["kind"] for i in stored] == ["note", "link"], stored
        expected = [["note", "Lisbon\n<b>Porto</b>"], ["link", "A page"]]
        shown_js = """() => [...document.querySelectorAll('#gallery [role="row"]')]
            .map(e => [e.dataset.kind, (e.querySelector('.note-text, .link-title') || {}).textContent])"""
        shown = wait_until(lambda: (now := page.evaluate(shown_js)) == expected and now,
                           message="the note and the link card")
        assert shown == expected, shown
        no_errors(page)

    def test_space_lifts_an_item_and_arrows_and_space_move_it(self, page, server, other_site):
        a, b, c = (i["id"] for i in seed_gallery(page, server, other_site, 3, prefix="lift"))
        page.focus(tile(a))
        page.press(" ")
        page.press("ArrowRight")
        page.press(" ")
        expect_order(page, server, [b, a, c])
        no_errors(page)

    def test_reorder_by_keyboard_then_undo(self, page, server, other_site):
        a, b, c = (i["id"] for i in seed_gallery(page, server, other_site, 3, prefix="k"))

        page.focus(tile(a))
        page.press("Alt+ArrowRight")
        expect_order(page, server, [b, a, c])
        page.wait_for_function("(sel) => document.activeElement === document.querySelector(sel)", tile(a))

        page.press("Control+z")
        expect_order(page, server, [a, b, c])
        no_errors(page)

    def test_a_second_window_sees_a_change_live(self, page, server, other_site):
        a, b, c = (i["id"] for i in seed_gallery(page, server, other_site, 3, prefix="w"))
        first = page.window
        page.evaluate("() => { window.__notReloaded = true; }")

        page.new_window()
        open_gallery(page, server)
        wait_images_loaded(page, 3)
        page.focus(tile(c))
        page.press("Alt+ArrowLeft")
        expect_order(page, server, [a, c, b])
        link = {"text/x-moz-url": f"{other_site.image('late.png', 90, 60)}\nLate"}
        drag(page, ["dragenter", "dragover"], extra=link, at=0)
        gap, first_tile = page.evaluate("""(sel) => [document.querySelector('#gallery .drop-gap'),
                                                     document.querySelector(sel)].map(e => {
            const r = e && e.getBoundingClientRect(); return r && [r.left, r.top, r.width, r.height]; })""", tile(a))
        assert gap and gap[2] > 0 and gap[3] > 0, f"no gap shown where the link would land: {gap}"
        assert gap[0] < first_tile[0] and abs(gap[1] - first_tile[1]) < first_tile[3], (
            f"the gap {gap} is not before the first tile {first_tile}")
        drag(page, ["dragleave"], extra=link)  # (the drop measures the tiles again: without the gap)
        drop(page, extra=link, at=0)
        late = wait_until(lambda: next((i["id"] for i in server.items(server.gallery_id) if i["id"] not in (a, b, c)),
                                       None), message="the dropped link on the server")
        no_errors(page)

        page.switch_to(first)
        expect_ready_tiles(page, server, 4)
        expect_order(page, server, [late, a, c, b])
        assert page.evaluate("() => window.__notReloaded === true"), "the first window reloaded"
        no_errors(page)
