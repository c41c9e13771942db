"""Text inside images (issue 28, "Find anything"): with Tesseract installed, the server reads a dropped image's printed
text in the background, and the viewer's details panel shows it as "Text in image"."""

import shutil

import pytest
from kind_helpers import drop_fixture
from playwright.sync_api import expect

from helpers import item_by_id, wait_until

pytestmark = pytest.mark.skipif(
    shutil.which("tesseract") is None, reason="tesseract is not installed (apt install tesseract-ocr tesseract-ocr-eng)"
)


def test_the_details_panel_shows_the_text_read_in_an_image(page, server):
    drop_fixture(page, "printed-text.png", "image/png")
    scan = wait_until(lambda: next((i for i in server.items(server.gallery_id) if i["state"] == "ready"), None),
                      message="the image ready")
    read = wait_until(lambda: server.api("GET", f"/api/items/{scan['id']}").get("imageText"),
                      message="its text read in the background")
    assert "INVOICE" in read, read
    item_by_id(page, scan["id"]).dblclick()
    page.keyboard.press("i")
    panel = page.locator("#viewer").get_by_role("complementary", name="Details")
    expect(panel).to_be_visible()
    expect(panel.locator('dt:text-is("Text in image") + dd')).to_contain_text("INVOICE kerning 2026")
    found = server.api("GET", "/api/search?q=kerning")["items"]
    assert [item["id"] for item in found] == [scan["id"]], found
    assert not page.problems, page.problems
