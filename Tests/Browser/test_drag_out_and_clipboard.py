"""What other apps get from a drag out of the gallery or a copy, and pasting images and links into it."""

import base64
import re

from playwright.sync_api import expect

from helpers import (
    LOCAL_TYPE,
    DropFile,
    drop,
    end_local_drag,
    expect_items_as_stored,
    expect_order,
    item_by_id,
    item_titles,
    items,
    png,
    pump_until,
    seed_gallery,
    start_local_drag,
    wait_until,
)

_COPY_JS = """
() => {
  const dt = new DataTransfer();
  const target = document.activeElement || document.body;
  const event = new ClipboardEvent('copy', {clipboardData: dt, bubbles: true, cancelable: true});
  const notCancelled = target.dispatchEvent(event);
  const data = {};
  for (const type of dt.types) data[type] = dt.getData(type);
  return {cancelled: !notCancelled, types: [...dt.types], data};
}
"""

_PASTE_JS = """
({file, uriList}) => {
  const dt = new DataTransfer();
  if (file) {
    const raw = atob(file.b64);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    dt.items.add(new File([bytes], file.name, {type: file.type}));
  }
  if (uriList) dt.setData('text/uri-list', uriList);
  const target = document.activeElement || document.body;
  return !target.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
}
"""


def media_url(server, item: dict) -> str:
    assert item["imageURL"].startswith("/media/"), item
    return f"{server.base_url}{item['imageURL']}"


def drag_out(page, item_id: str) -> dict:
    """The DataTransfer a dragstart on the tile is given, as {"types": [...], "data": {type: value}} (lower-case
    types, as DataTransfer keeps them); the drag is ended afterwards."""
    try:
        return start_local_drag(page, item_id)
    finally:
        end_local_drag(page)


def test_drag_out_of_a_linked_item_offers_its_link_html_and_a_download_url(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "out")
    item = stored[1]
    own = media_url(server, item)
    port = server.base_url.rsplit(":", 1)[1]

    result = drag_out(page, item["id"])

    assert not result["cancelled"], "the page cancelled dragstart of a ready tile"
    types, data = result["types"], result["data"]
    for needed in (LOCAL_TYPE, "text/uri-list", "text/plain", "text/html", "downloadurl"):
        assert needed in types, f"the drag does not offer {needed}: {types}"
    assert data["text/uri-list"].strip() == item["sourceURL"], data["text/uri-list"]
    assert item["sourceURL"] in data["text/plain"], data["text/plain"]
    html = data["text/html"]
    assert f'<img src="{own}"' in html, f"the HTML does not show our copy {own}: {html}"
    assert f"http://127.0.0.1:{port}/media/" in html
    assert re.search(r'alt="[^"]*out1[^"]*"', html), f"the HTML has no alt text naming the item: {html}"
    download = data["downloadurl"]
    assert re.fullmatch(
        rf"image/png:[^:]+\.png:http://127\.0\.0\.1:{port}/media/[0-9A-Za-z_-]+\.png", download), download
    assert download.endswith(":" + own), f"DownloadURL {download!r} does not point at {own}"
    assert item["id"] in data[LOCAL_TYPE], data[LOCAL_TYPE]
    expect(item_by_id(page, item["id"])).not_to_have_attribute("data-dragging", "true")


def test_drag_out_of_a_dropped_file_offers_our_own_media_url(page, server):
    drop(page, files=[DropFile("from-desktop.png", png(90, 60), "image/png")])
    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect(item_by_id(page, item_id)).to_have_attribute("data-state", "ready")
    item = server.api("GET", f"/api/items/{item_id}")
    assert not item.get("sourceURL"), item
    own = media_url(server, item)

    data = drag_out(page, item_id)["data"]

    assert data["text/uri-list"].strip() == own, data["text/uri-list"]
    assert f'<img src="{own}"' in data["text/html"], data["text/html"]
    assert data["downloadurl"].startswith("image/png:") and data["downloadurl"].endswith(":" + own), data["downloadurl"]


def test_copy_puts_the_selected_items_links_and_html_on_the_clipboard(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "copy")
    first, third = stored[0], stored[2]
    item_by_id(page, first["id"]).click()
    item_by_id(page, third["id"]).click(modifiers=["Control"])
    expect(item_by_id(page, third["id"])).to_have_attribute("data-selected", "true")

    result = page.evaluate(_COPY_JS)

    assert result["cancelled"], "the page did not cancel the copy event: its data would not reach the clipboard"
    uris = [line for line in result["data"].get("text/uri-list", "").splitlines() if line and not line.startswith("#")]
    assert uris == [first["sourceURL"], third["sourceURL"]], f"text/uri-list: {result['data']}"
    html = result["data"].get("text/html", "")
    for item in (first, third):
        assert f'<img src="{media_url(server, item)}"' in html, f"the HTML lacks {item['title']}: {html}"
    assert stored[1]["sourceURL"] not in result["data"]["text/uri-list"]


def test_pasted_image_file_appears_after_the_last_selected_item(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 3, "paste")
    a, b, c = (i["id"] for i in stored)
    item_by_id(page, a).click()
    expect(item_by_id(page, a)).to_have_attribute("data-selected", "true")
    held = []
    page.route("**/api/items/*/content", lambda route: held.append(route))

    file = {"name": "pasted.png", "type": "image/png", "b64": base64.b64encode(png(80, 60)).decode("ascii")}
    page.evaluate(_PASTE_JS, {"file": file, "uriList": None})

    expect(items(page)).to_have_count(4)
    expect(items(page).nth(1)).to_have_attribute("data-state", "pending")
    pump_until(page, lambda: held, message="the upload request")
    stored_now = wait_until(lambda: (lambda found: found if len(found) == 4 else None)(server.items(server.gallery_id)),
                            message="4 items on the server")
    new = [i["id"] for i in stored_now if i["id"] not in (a, b, c)][0]
    held[0].continue_()
    page.unroute("**/api/items/*/content")

    expect(item_by_id(page, new)).to_have_attribute("data-state", "ready")
    expect_order(page, server, [a, new, b, c], names={**item_titles(stored), new: "pasted.png"})


def test_pasted_link_with_nothing_selected_appears_at_the_end(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "link")
    ids = [i["id"] for i in stored]
    url = other_site.image("pasted-link.png", 100, 50)

    page.evaluate(_PASTE_JS, {"file": None, "uriList": url + "\r\n"})

    stored_now = expect_items_as_stored(page, server, 3)
    assert [i["id"] for i in stored_now[:2]] == ids and stored_now[2]["sourceURL"] == url, stored_now
    expect(item_by_id(page, stored_now[2]["id"])).to_have_attribute("data-state", "ready")
