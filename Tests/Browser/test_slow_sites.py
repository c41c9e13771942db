"""A slow site: the placeholder waits in its place while the gallery goes on being used."""

from playwright.sync_api import expect

from helpers import dom_item_ids, drop, expect_items_as_stored, expect_ready_image, item_by_id, uri_list


def test_placeholder_of_a_slow_link_waits_in_place_while_another_drop_lands_before_it(page, server, other_site):
    other_site.image("slow.png", 240, 120)
    fast_url = other_site.image("fast.png", 100, 100)
    slow_url = other_site.url("/slow/slow.png")  # sends its size and half its bytes, then waits

    drop(page, uri_list=uri_list(slow_url))

    slow_id = expect_items_as_stored(page, server, 1)[0]["id"]
    slow = item_by_id(page, slow_id)
    expect(slow).to_have_attribute("data-state", "pending")
    expect(slow).to_have_attribute("aria-busy", "true")
    expect(slow).to_be_visible()
    expect(slow.locator("progress")).to_be_visible()  # the site told the size

    drop(page, uri_list=uri_list(fast_url), at=0)

    fast_id = expect_items_as_stored(page, server, 2)[0]["id"]
    assert fast_id != slow_id
    expect_ready_image(page, server, fast_id, 100, 100)
    expect(item_by_id(page, slow_id)).to_have_attribute("data-state", "pending")
    assert dom_item_ids(page) == [fast_id, slow_id]
    assert [(i["id"], i["sourceURL"]) for i in server.items(server.gallery_id)] == [
        (fast_id, fast_url), (slow_id, slow_url)]

    other_site.release("slow.png")

    expect_ready_image(page, server, slow_id, 240, 120)
    assert dom_item_ids(page) == [fast_id, slow_id]
