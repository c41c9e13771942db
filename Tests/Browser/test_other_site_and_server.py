"""The test fixtures themselves: the other site answers as the tests expect, and the gallery page loads."""

import threading
import urllib.error
import urllib.request

from playwright.sync_api import expect

from helpers import GalleryServer, OtherSite, png

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def fetch(url):
    try:
        with OPENER.open(url, timeout=10) as response:
            return response.status, response.headers.get("Content-Type"), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read()


def test_other_site_serves_images_errors_and_switchable_routes(other_site: OtherSite):
    url = other_site.image("a.png", 30, 20)
    assert fetch(url) == (200, "image/png", png(30, 20))
    assert fetch(other_site.url("/missing.png"))[0] == 404
    assert fetch(other_site.url("/text.txt")) == (200, "text/plain", b"hello")
    assert b'<img src="/img/a.png"' in fetch(other_site.url("/page.html"))[2]
    assert fetch(other_site.url("/flaky/a.png"))[0] == 404
    other_site.fix("/flaky/a.png")
    assert fetch(other_site.url("/flaky/a.png"))[0] == 200


def test_other_site_holds_slow_answers_until_released(other_site: OtherSite):
    other_site.image("b.png", 40, 40)
    results = {}
    thread = threading.Thread(target=lambda: results.setdefault("slow", fetch(other_site.url("/slow/b.png"))))
    thread.start()
    thread.join(0.3)
    assert thread.is_alive(), "the slow route answered before it was released"
    other_site.release("b.png")
    thread.join(10)
    assert results["slow"] == (200, "image/png", png(40, 40))


def test_root_redirects_to_the_gallery_page_with_its_list_and_slider(page, server: GalleryServer):
    gallery = server.gallery(server.gallery_id)
    assert gallery["name"] == "My Gallery"
    expect(page.locator("#gallery")).to_be_visible()
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    slider = page.get_by_label("Images per row")
    expect(slider).to_have_attribute("type", "range")
    expect(slider).to_have_attribute("min", "1")
    expect(slider).to_have_attribute("max", "12")
    expect(slider).to_have_value("4")
    errors = [p for p in page.problems if p.startswith("page error")]
    assert not errors, errors
