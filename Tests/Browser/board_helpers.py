"""What the board's browser tests share: choosing a view, the board and its tiles, the positions the server keeps, the
transform the view draws with, and comparisons within a pixel or two."""

from playwright.sync_api import expect

from helpers import wait_until

TOLERANCE = 2.0


def choose_view(page, name):
    page.get_by_role("radiogroup", name="View").get_by_role("radio", name=name).check()


def board(page):
    return page.get_by_role("grid", name="My Gallery")


def tiles(page):
    return board(page).locator('[role="row"]')


def stored_board(server) -> dict:
    """Item id → its board position ({x, y, width, z}, or None), as the server has it."""
    return {i["id"]: i["board"] for i in server.items(server.gallery_id)}


def all_on_board(server) -> dict | None:
    positions = stored_board(server)
    return positions if positions and all(positions.values()) else None


def transform(page) -> dict:
    """The board's zoom and pan, as the view draws them."""
    return board(page).evaluate(
        "el => ({zoom: Number(el.dataset.zoom), panX: Number(el.dataset.panX), panY: Number(el.dataset.panY)})")


def switch_to_board(page, server, count):
    """Shows the gallery as a board, and waits until its `count` items are drawn and saved there."""
    choose_view(page, "Board")
    expect(tiles(page)).to_have_count(count)
    return wait_until(lambda: all_on_board(server), message="every item saved on the board")


def close_to(actual, expected) -> bool:
    return abs(actual - expected) <= TOLERANCE


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
