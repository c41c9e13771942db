"""Links that cannot become images: failed tiles with their reason, Retry and Remove."""

from playwright.sync_api import expect

from helpers import drop, expect_failed_tile, expect_items_as_stored, expect_ready_image, item_by_id, items, uri_list


def test_links_that_fail_show_square_tiles_with_their_reasons(page, server, other_site):
    missing, text = other_site.url("/missing.png"), other_site.url("/text.txt")

    drop(page, uri_list=uri_list(missing, text))

    stored = expect_items_as_stored(page, server, 2)
    assert [i["sourceURL"] for i in stored] == [missing, text]
    expect_failed_tile(page, stored[0]["id"], "The site answered 404 (not found)", retry=True)
    expect_failed_tile(page, stored[1]["id"], "Not an image", retry=True)


def test_retry_after_the_site_is_fixed_makes_the_image_appear(page, server, other_site):
    other_site.image("pic.png", 160, 90)
    flaky = other_site.url("/flaky/pic.png")

    drop(page, uri_list=uri_list(flaky))

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_failed_tile(page, item_id, "The site answered 404 (not found)", retry=True)

    other_site.fix("/flaky/pic.png")
    item_by_id(page, item_id).get_by_role("button", name="Retry").click()

    expect_ready_image(page, server, item_id, 160, 90)
    assert other_site.request_count("/flaky/pic.png") == 2


def test_remove_takes_the_failed_tile_away_for_good(page, server, other_site):
    good = other_site.image("keep.png", 50, 50)
    missing = other_site.url("/missing.png")
    drop(page, uri_list=uri_list(missing, good))
    failed_id, kept_id = [i["id"] for i in expect_items_as_stored(page, server, 2)]
    expect_failed_tile(page, failed_id, "The site answered 404 (not found)", retry=True)

    item_by_id(page, failed_id).get_by_role("button", name="Remove").click()

    expect(item_by_id(page, failed_id)).to_have_count(0)
    expect(items(page)).to_have_count(1)
    assert [i["id"] for i in server.items(server.gallery_id)] == [kept_id]
    page.reload()
    expect(items(page)).to_have_count(1)
    expect_ready_image(page, server, kept_id, 50, 50)


def test_link_to_a_refused_address_fails_without_connecting(page, server, other_site):
    # 0.0.0.0 is refused by default (not in --fetch-allow 127.0.0.0/8); were it fetched, the connection would reach
    # the other site on this machine (and show in its log), never another host.
    other_site.image("x.png", 10, 10)
    refused = f"http://0.0.0.0:{other_site.port}/img/x.png"

    drop(page, uri_list=uri_list(refused))

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_failed_tile(page, item_id, "Address not allowed", retry=True)
    [stored] = server.items(server.gallery_id)
    assert stored["failure"]["code"] == "address-not-allowed", stored
    assert other_site.request_count("/img/x.png") == 0
