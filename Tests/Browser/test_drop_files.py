"""Dropping image files from the desktop."""

from playwright.sync_api import expect

from helpers import (
    DropFile,
    drop,
    expect_failed_tile,
    expect_items_as_stored,
    expect_ready_image,
    item_by_id,
    items,
    png,
    pump_until,
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


def test_a_drop_of_more_files_than_one_drop_adds_is_refused_whole_saying_the_limit(page, server):
    image = png(2, 2)
    drop(page, files=[DropFile(f"photo{n}.png", image, "image/png") for n in range(600)])

    expect(page.get_by_role("alert")).to_contain_text("adds at most 500 items at once; this one holds 600 files")
    expect(items(page)).to_have_count(0)
    assert server.api("GET", f"/api/galleries/{server.gallery_id}/items")["items"] == []


def test_dropped_file_that_is_not_an_image_fails_with_a_reason_and_no_retry(page, server):
    drop(page, files=[DropFile("notes.txt", b"hello, not an image", "text/plain")])

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_failed_tile(page, item_id, "Not an image", retry=False)
    [stored] = server.items(server.gallery_id)
    assert stored["state"] == "failed" and stored["failure"]["code"] == "not-an-image", stored
