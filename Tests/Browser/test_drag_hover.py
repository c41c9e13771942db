"""Feedback while something is dragged over the gallery."""

from playwright.sync_api import expect

from helpers import (
    boxes,
    drag,
    drop,
    expect_items_as_stored,
    expect_ready_image,
    items,
    uri_list,
    wait_images_loaded,
    wait_tiles_still,
)


def test_usable_drag_marks_the_gallery_and_shows_the_gap_where_it_would_land(page, server, other_site):
    urls = [other_site.image(f"h{index}.png", 120, 90) for index in range(3)]
    server.drop_uris(server.gallery_id, urls)
    server.wait_settled(server.gallery_id, 3)
    page.reload()
    wait_images_loaded(page, 3)
    gallery = page.locator("#gallery")
    expect(gallery).not_to_have_attribute("data-drop-active", "true")

    result = drag(page, ["dragenter", "dragover"], uri_list=uri_list(other_site.url("/img/h0.png")), at=1)

    assert result["cancelled"]["dragover"], "dragover was not cancelled: a real browser would refuse the drop"
    expect(gallery).to_have_attribute("data-drop-active", "true")
    gap = page.locator("#gallery .drop-gap")
    expect(gap).to_be_visible()
    wait_tiles_still(page)  # the tiles move aside in 180 ms: measured mid-way, the gap overlaps the next one
    [gap_box] = boxes(gap.first)
    first, second = boxes(items(page))[:2]

    def centre(box):
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def before(a, b):  # reading order: a row above, or the same row and to the left
        (ax, ay), (bx, by) = centre(a), centre(b)
        if ay < b["y"]:
            return True
        if by < a["y"]:
            return False
        return ax < bx

    assert before(first, gap_box) and before(gap_box, second), (
        f"the gap {gap_box} is not between the first item {first} and the second {second}")

    drag(page, ["dragleave"], uri_list=uri_list(other_site.url("/img/h0.png")))

    expect(gallery).not_to_have_attribute("data-drop-active", "true")
    expect(gap).to_be_hidden()
    expect(items(page)).to_have_count(3)


def test_drag_of_nothing_usable_is_not_offered_and_adds_nothing(page, server, other_site):
    gallery = page.locator("#gallery")

    result = drag(page, ["dragenter", "dragover"], extra={"application/x-custom": "something"})

    assert result["active"] != "true", "the gallery offered itself as a drop target for an unusable drag"
    expect(gallery).not_to_have_attribute("data-drop-active", "true")

    drag(page, ["drop"], extra={"application/x-custom": "something"})
    # A usable drop afterwards is the only item: the unusable one added nothing.
    url = other_site.image("usable.png", 70, 70)
    drop(page, uri_list=uri_list(url))

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_ready_image(page, server, item_id, 70, 70)
    assert [i["sourceURL"] for i in server.items(server.gallery_id)] == [url]
