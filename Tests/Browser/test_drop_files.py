"""Dropping image files from the desktop."""

from kind_helpers import FIXTURES
from playwright.sync_api import expect

from helpers import (
    DropFile,
    announced,
    drop,
    expect_failed_tile,
    expect_items_as_stored,
    expect_ready_image,
    item_by_id,
    items,
    png,
    pump_until,
    wait_until,
)


def test_dropped_image_file_shows_a_placeholder_then_the_image_at_its_aspect_ratio(page, server):
    held = []
    # Hold the upload so the placeholder can be seen before the bytes arrive.
    page.route("**/api/items/*/content", lambda route: held.append(route))

    drop(page, files=[DropFile("wide.png", png(300, 150), "image/png")])

    expect(items(page)).to_have_count(1)
    placeholder = items(page).first
    expect(placeholder).to_have_attribute("data-state", "pending")
    expect(placeholder).to_have_attribute("aria-busy", "true")
    pump_until(page, lambda: held, message="the upload request")
    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect(item_by_id(page, item_id)).to_have_attribute("data-state", "pending")
    expect(item_by_id(page, item_id)).to_have_attribute("aria-busy", "true")

    held[0].continue_()
    page.unroute("**/api/items/*/content")

    expect(item_by_id(page, item_id)).to_have_attribute("data-state", "ready")
    expect(item_by_id(page, item_id)).not_to_have_attribute("aria-busy", "true")
    expect_ready_image(page, server, item_id, 300, 150)


def test_a_drop_of_more_files_than_one_request_adds_is_taken_whole_in_parts_in_drop_order(page, server):
    image = png(2, 2)
    names = [f"photo{n:03}.png" for n in range(900)]
    drop(page, files=[DropFile(name, image, "image/png") for name in names])

    expect(announced(page)).to_have_text("Adding 900 files, 500 at a time.")

    def all_ready():
        stored = server.api("GET", f"/api/galleries/{server.gallery_id}/items?limit=1000")["items"]
        return stored if len(stored) == 900 and all(item["state"] == "ready" for item in stored) else None

    stored = wait_until(all_ready, timeout=120, message="900 ready items")
    assert [item["title"] for item in stored] == names
    expect(page.get_by_role("alert")).to_have_count(0)


def test_a_drop_whose_later_part_is_refused_keeps_the_parts_added_and_says_how_many(page, server):
    answered = []

    def second_part_busy(route):
        answered.append(route.request.url)
        if len(answered) == 2:
            route.fulfill(
                status=503,
                content_type="application/json",
                body='{"error": {"message": "The server is busy; try again in 5 seconds."}}',
            )
        else:
            route.continue_()

    page.route("**/api/galleries/*/drops", second_part_busy)
    image = png(2, 2)
    drop(page, files=[DropFile(f"photo{n:03}.png", image, "image/png") for n in range(700)])

    expect(page.get_by_role("alert")).to_contain_text(
        "500 of 700 files were added; the rest were not: The server is busy; try again in 5 seconds."
    )
    stored = server.wait_settled(server.gallery_id, 500, timeout=120)
    assert [item["title"] for item in stored] == [f"photo{n:03}.png" for n in range(500)]


def test_a_long_reason_in_a_small_failed_tile_leaves_its_button_inside_and_is_whole_on_hover(page, server):
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"imagesPerRow": 12})
    page.reload()
    broken = (FIXTURES / "png-broken-data.png").read_bytes()
    drop(page, files=[DropFile("png-broken-data.png", broken, "image/png")])

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    reason = "The image cannot be decoded: its compressed image data is damaged"
    expect_failed_tile(page, item_id, "The image cannot be decoded", retry=False)
    expect(item_by_id(page, item_id).locator(".reason")).to_have_attribute("title", reason)


def test_dropped_file_that_is_not_an_image_fails_with_a_reason_and_no_retry(page, server):
    drop(page, files=[DropFile("notes.txt", b"hello, not an image", "text/plain")])

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_failed_tile(page, item_id, "Not an image", retry=False)
    [stored] = server.items(server.gallery_id)
    assert stored["state"] == "failed" and stored["failure"]["code"] == "not-an-image", stored
