"""What the gallery keeps across a page reload and a server restart."""

from playwright.sync_api import expect

from helpers import (
    dom_snapshot,
    drop,
    expect_items_as_stored,
    expect_ready_image,
    expect_snapshot,
    item_by_id,
    uri_list,
)


def _fill_gallery(page, server, other_site):
    """Three items through the page: ready, failed, ready; returns the (id, state) snapshot once settled."""
    first = other_site.image("first.png", 120, 80)
    second = other_site.image("second.png", 80, 120, "jpeg")
    drop(page, uri_list=uri_list(first, other_site.url("/missing.png"), second))
    expect_items_as_stored(page, server, 3)
    stored = server.wait_settled(server.gallery_id, 3)
    snapshot = [(i["id"], i["state"]) for i in stored]
    assert [state for _, state in snapshot] == ["ready", "failed", "ready"], stored
    expect_snapshot(page, snapshot)
    return snapshot


def test_reload_keeps_the_items_in_order_with_their_states(page, server, other_site):
    snapshot = _fill_gallery(page, server, other_site)

    page.reload()

    expect_snapshot(page, snapshot)
    expect_ready_image(page, server, snapshot[0][0], 120, 80)
    expect_ready_image(page, server, snapshot[2][0], 80, 120)


def test_server_restart_keeps_the_items_in_order_with_their_states(page, server, other_site):
    snapshot = _fill_gallery(page, server, other_site)

    server.restart()
    page.goto(f"{server.base_url}/")

    expect(page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect_snapshot(page, snapshot)
    assert [(i["id"], i["state"]) for i in server.items(server.gallery_id)] == snapshot
    expect_ready_image(page, server, snapshot[0][0], 120, 80)
    expect_ready_image(page, server, snapshot[2][0], 80, 120)


def test_item_still_loading_at_a_restart_is_fetched_again_afterwards(page, server, other_site):
    other_site.image("late.png", 150, 100)
    stalled = other_site.url("/stall/late.png")  # answers nothing until released
    drop(page, uri_list=uri_list(stalled))
    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect(item_by_id(page, item_id)).to_have_attribute("data-state", "pending")

    server.restart()
    other_site.release("late.png")  # the site answers now
    page.reload()

    expect_ready_image(page, server, item_id, 150, 100)
    assert other_site.request_count("/stall/late.png") >= 2, "the item was not fetched again after the restart"
    assert dom_snapshot(page) == [(item_id, "ready")]
