"""A drop on the board is one change of the gallery: the drop's request carries the board point, the server puts the
new items there (fanned out, none over another) in the change that adds them, and the page sends no second request to
place them. One Undo takes them away.

How requests are counted: every request the page sends is recorded (Playwright's "request" event); a request that
changes the gallery is one that is not a GET and goes to the gallery's own API (/api/galleries/{id}/…). The files'
bytes go with PUT to /api/items/{id}/content, each into its placeholder: an upload, not a change of the gallery, so
they are counted apart (one per file)."""

import base64
from urllib.parse import urlparse

from board_helpers import board, close_to, stored_board, switch_to_board, tiles, transform
from playwright.sync_api import expect

from helpers import _DRAG_JS, item_by_id, png, seed_gallery, wait_until


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_a_drop_of_three_files_on_the_board_is_one_request_puts_them_at_the_point_and_one_undo_removes_them(
        page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "before")
    switch_to_board(page, server, 2)
    known = {i["id"] for i in stored}
    t = transform(page)
    box = board(page).bounding_box()
    point = {"x": box["x"] + 500, "y": box["y"] + 300}
    sizes = [(80, 60), (60, 90), (100, 100)]
    files = [{"name": f"dropped{n}.png", "type": "image/png", "b64": base64.b64encode(png(w, h)).decode("ascii")}
             for n, (w, h) in enumerate(sizes)]
    sent = []
    page.on("request", lambda request: sent.append((request.method, urlparse(request.url).path)))

    result = page.evaluate(_DRAG_JS, {"files": files, "point": point, "events": ["dragenter", "dragover", "drop"],
                                      "data": []})
    assert result["cancelled"]["drop"]

    def new_ready():
        items = [i for i in server.items(server.gallery_id) if i["id"] not in known]
        return items if len(items) == 3 and all(i["state"] == "ready" for i in items) else None

    new = wait_until(new_ready, message="the three dropped files loaded")
    for item in new:
        expect(item_by_id(page, item["id"])).to_have_attribute("data-state", "ready", timeout=10_000)
    page.wait_for_timeout(300)  # time enough for a placing request, if the page wrongly sent one
    changes = [(method, path) for method, path in sent
               if method != "GET" and path.startswith(f"/api/galleries/{server.gallery_id}/")]
    uploads = [(method, path) for method, path in sent if method != "GET" and path.startswith("/api/items/")]
    assert changes == [("POST", f"/api/galleries/{server.gallery_id}/drops")], sent
    assert sorted(uploads) == sorted(("PUT", f"/api/items/{i['id']}/content") for i in new), sent

    # At the point (the first one's corner), and none over another, as the server and the page both have them.
    expected = ((500 - t["panX"]) / t["zoom"], (300 - t["panY"]) / t["zoom"])
    first = new[0]["board"]
    assert close_to(first["x"], expected[0]) and close_to(first["y"], expected[1]), first
    rects = [(i["board"]["x"], i["board"]["y"], i["board"]["width"], i["board"]["width"] * i["height"] / i["width"])
             for i in new]
    for a in range(len(rects)):
        for b in range(a + 1, len(rects)):
            assert not overlap(rects[a], rects[b]), f"{rects[a]} overlaps {rects[b]}"
    for item in new:
        tile = item_by_id(page, item["id"])
        expect(tile).to_have_attribute("data-x", str(item["board"]["x"]).removesuffix(".0"))
        expect(tile).to_have_attribute("data-y", str(item["board"]["y"]).removesuffix(".0"))

    undo = page.locator("#gallery").locator("xpath=..").locator(".undo")
    expect(undo).to_have_text("Undo Drop")
    undo.click()
    expect(tiles(page)).to_have_count(2)
    wait_until(lambda: {i["id"] for i in server.items(server.gallery_id)} == known, message="the drop undone")
    assert set(stored_board(server)) == known
