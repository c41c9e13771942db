"""Reordering items by dragging them inside the gallery.

Playwright's `drag_to` (and mouse down/move/up) produce real HTML5 drag events in headless Chromium, so these tests
drag with the mouse; one test also drives the same move with synthetic DragEvents sharing one DataTransfer.
"""

from playwright.sync_api import expect

from helpers import (
    api_ids,
    drag_tile_to,
    expect_order,
    item_by_id,
    item_titles,
    seed_gallery,
    synthetic_local_drop,
    wait_tiles_still,
)


def test_dragging_an_item_onto_the_left_half_of_another_puts_it_before_that_item(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "left")
    a, b, c, d = (i["id"] for i in stored)

    drag_tile_to(page, a, c, "before")

    expect_order(page, server, [b, a, c, d], names=item_titles(stored))
    page.reload()
    expect_order(page, server, [b, a, c, d], names=item_titles(stored))


def test_dragging_an_item_onto_the_right_half_of_another_puts_it_after_that_item(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "right")
    a, b, c, d = (i["id"] for i in stored)

    drag_tile_to(page, d, a, "after")

    expect_order(page, server, [a, d, b, c], names=item_titles(stored))
    page.reload()
    expect_order(page, server, [a, d, b, c], names=item_titles(stored))


def test_a_gap_opens_where_a_dragged_item_would_land_and_closes_after_the_drop(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "gap")
    a, b, c, d = (i["id"] for i in stored)
    gap = page.locator("#gallery .drop-gap")
    expect(gap).to_have_count(0)

    source, target = item_by_id(page, a).bounding_box(), item_by_id(page, c).bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=4)
    page.mouse.move(target["x"] + 5, target["y"] + target["height"] / 2, steps=4)

    expect(gap).to_be_visible()
    page.mouse.up()

    expect_order(page, server, [b, a, c, d], names=item_titles(stored))
    expect(gap).to_have_count(0)


def test_dropping_an_item_onto_itself_changes_nothing(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "self")
    a, b, c, d = (i["id"] for i in stored)
    names = item_titles(stored)

    drag_tile_to(page, b, b, "before")

    expect(item_by_id(page, b)).not_to_have_attribute("data-dragging", "true")  # the drag is over
    expect_order(page, server, [a, b, c, d], names=names)
    # A move afterwards lands on the unchanged order (a late change from the first drop would show up here).
    drag_tile_to(page, d, a, "before")
    expect_order(page, server, [d, a, b, c], names=names)


def test_synthetic_local_drag_events_move_the_item_as_well(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 4, "synth")
    a, b, c, d = (i["id"] for i in stored)

    result = synthetic_local_drop(page, a, onto=d, side="after")

    assert result["cancelled"]["dragover"], "the gallery did not cancel dragover of a local drag: no drop allowed"
    assert result["cancelled"]["drop"], "the gallery did not cancel the drop of a local drag"
    expect_order(page, server, [b, c, d, a], names=item_titles(stored))
    wait_tiles_still(page)
    assert api_ids(server) == [b, c, d, a]


def test_moves_api_places_items_where_asked_and_refuses_an_unknown_item_without_moving_anything(server, other_site):
    """The server side of every move (no page): start, end, an index among the items that stay (openapi.yaml),
    after an item; one unknown id is refused and nothing moves."""
    gallery = server.gallery_id
    server.drop_uris(gallery, [other_site.image(f"api{i}.png", 40, 30) for i in range(5)])
    a, b, c, d, e = (i["id"] for i in server.wait_settled(gallery, 5))
    moves = f"/api/galleries/{gallery}/moves"

    def move(ids, at=None):
        body = {"itemIds": ids} if at is None else {"itemIds": ids, "at": at}
        answer = server.api("POST", moves, body)
        assert sorted(i["id"] for i in answer["items"]) == sorted(ids), answer
        return api_ids(server)

    assert move([e], {"start": True}) == [e, a, b, c, d]
    assert move([a, c]) == [e, b, d, a, c]
    assert move([c], {"index": 1}) == [e, c, b, d, a]
    assert move([b], {"after": a}) == [e, c, d, a, b]
    assert move([d], {"before": c}) == [e, d, c, a, b]

    status, answer = server.request("POST", moves, {"itemIds": [a, "00000000-0000-4000-8000-000000000000"],
                                                    "at": {"start": True}})
    assert 400 <= status < 500, f"a move naming an unknown item answered {status}: {answer}"
    assert api_ids(server) == [e, d, c, a, b], "a refused move changed the order"
