"""A gallery of 50,000 items is held as a window near what is shown (issue "A million items"): it opens on one page,
jumps to its end and its middle reading only the pages there, is reordered there, follows a live move of an item it
never read, Select All + Move to Trash + Undo take the whole gallery in one request each, and a selection beyond the
items read moves by its ends (to a place, or to another gallery) in one request."""

import re

from filler import fill_directly, refill
from playwright.sync_api import expect

from helpers import drag_tile_to, pump_until
from pane_helpers import create_gallery

ITEM = '[role="row"]'
COUNT = 50_000


def focused(page):
    return page.locator(f"{ITEM}:focus")


def numbered_right(page, position_of) -> bool:
    """Whether the items shown are consecutive and each filler n is numbered `position_of(n)`."""
    labels = page.locator(ITEM).evaluate_all("rows => rows.map(row => row.getAttribute('aria-label'))")
    found = [re.search(r"filler(\d+)\.png, (\d+) of", label).groups() for label in labels if label]
    return bool(found) and all(position_of(int(number)) == int(position) for number, position in found)


def watching_the_middle(server, window):
    """A gallery of 6,000 items, and a window whose page looks at its middle (Go to position 3,500): a window of the
    gallery read there, far from its ends."""
    gallery = refill(server, 6_000)
    watcher = window()
    watcher.goto(f"{server.base_url}/g/{gallery}")
    expect(watcher.get_by_role("grid", name="My Gallery")).to_have_attribute("aria-rowcount", "6000")
    watcher.locator(ITEM).first.focus()
    watcher.keyboard.press("g")
    dialog = watcher.get_by_role("dialog", name="Go to position")
    dialog.get_by_label(re.compile("Position")).fill("3500")
    dialog.get_by_role("button", name="Go").click()
    expect(focused(watcher)).to_have_accessible_name(re.compile(r"^Image: filler3499\.png, 3500 of 6000$"))
    return gallery, watcher


def trash_run(server, gallery: str, first: int, last: int, session: dict) -> None:
    """Somebody else (`session`) trashes the items at positions `first` to `last` as one run, told by its ends."""
    ends = [server.api("GET", f"/api/galleries/{gallery}/items?limit=1&position={position}")["items"][0]["id"]
            for position in (first, last)]
    count = last - first + 1
    status, answer = server.request("POST", f"/api/galleries/{gallery}/trash", {
        "range": {"firstItemId": ends[0], "lastItemId": ends[1], "count": count}}, headers=session)
    assert status == 200 and answer["trashed"] == count, answer


def test_a_gallery_of_fifty_thousand_items_is_read_a_window_at_a_time(server, window):
    gallery = refill(server, COUNT)
    first = server.api("GET", f"/api/galleries/{gallery}/items?position=0&limit=1")["items"][0]

    page = window()
    reads = []
    page.on("request", lambda request: reads.append(request.url) if "/items?" in request.url else None)
    trash_requests = []
    page.on("request", lambda request: trash_requests.append(request.post_data_json)
            if request.method == "POST" and request.url.endswith(f"/api/galleries/{gallery}/trash") else None)
    page.goto(f"{server.base_url}/g/{gallery}")
    listing = page.get_by_role("grid", name="My Gallery")
    expect(listing).to_have_attribute("aria-rowcount", str(COUNT))
    expect(page.locator(ITEM).first).to_have_accessible_name(re.compile(rf"^Image: filler0\.png, 1 of {COUNT}$"))
    # The page shows the first screen from one page of items: it does not read the rest of the gallery.
    page.wait_for_timeout(500)
    assert len(reads) <= 2, reads
    assert page.locator(ITEM).count() < 300

    # End: the last item is read and focused, and only the pages there are read.
    page.locator(ITEM).first.focus()
    page.keyboard.press("End")
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler49999\.png, {COUNT} of {COUNT}$"))
    assert len(reads) <= 5, reads

    # Reordered there: the last item one place up, by keyboard, and the server has it so.
    page.keyboard.press("Alt+ArrowLeft")
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler49999\.png, {COUNT - 1} of {COUNT}$"))
    expect(page.locator('[aria-live="polite"]')).to_have_text(re.compile(rf"position {COUNT - 1} of {COUNT}"))
    pump_until(page, lambda: [item["title"] for item in server.api(
        "GET", f"/api/galleries/{gallery}/items?position={COUNT - 2}&limit=2")["items"]]
        == ["filler49999.png", "filler49998.png"], message="the move saved")

    # Another window moves the gallery's first item, never read here, to the end: it shows there, last of 50,000.
    server.api("POST", f"/api/galleries/{gallery}/moves", {"itemIds": [first["id"]], "at": {}})
    moved = page.locator(f'{ITEM}[data-item-id="{first["id"]}"]')
    expect(moved).to_have_accessible_name(re.compile(rf"^Image: filler0\.png, {COUNT} of {COUNT}$"))
    expect(listing).to_have_attribute("aria-rowcount", str(COUNT))

    # The middle, by the scroll bar: the items there are read (and only they), numbered by their place.
    scroller = page.locator(".gallery").first
    scroller.evaluate("element => { element.scrollTop = element.scrollHeight / 2; }")
    middle = page.locator(f'{ITEM}[aria-label^="Image: filler2"]')
    expect(middle.first).to_be_attached()
    label = middle.first.get_attribute("aria-label")
    number, position = re.search(r"filler(\d+)\.png, (\d+) of", label).groups()
    assert int(position) == int(number), label  # the first item moved to the end: filler n is n of 50,000
    assert len(reads) <= 10, reads

    # Select All is the whole gallery, read or not; Move to Trash sends it as one run, and one Undo brings it back.
    page.locator(f'{ITEM}[aria-label^="Image: filler2"]').first.focus()
    page.keyboard.press("Control+a")
    expect(page.locator('[aria-live="polite"]')).to_have_text(f"Selected all {COUNT} items.")
    page.keyboard.press("Delete")
    expect(page.locator('[aria-live="polite"]')).to_have_text(f"Moved {COUNT} items to the trash.", timeout=120_000)
    expect(page.locator(ITEM)).to_have_count(0)
    expect(listing).to_have_attribute("aria-rowcount", "0", timeout=120_000)
    assert len(trash_requests) == 1 and trash_requests[0]["range"]["count"] == COUNT, trash_requests
    gallery_now = server.api("GET", f"/api/galleries/{gallery}")
    assert (gallery_now["itemCount"], gallery_now["trashCount"]) == (0, COUNT)

    page.keyboard.press("Control+z")
    expect(listing).to_have_attribute("aria-rowcount", str(COUNT), timeout=120_000)
    gallery_now = server.api("GET", f"/api/galleries/{gallery}")
    assert (gallery_now["itemCount"], gallery_now["trashCount"]) == (COUNT, 0)
    expect(page.locator(ITEM).first).to_be_attached()
    assert page.locator(ITEM).count() < 300
    # Every item came back, those beyond the window too: the end reads as it did before the trash.
    page.locator(ITEM).first.focus()
    page.keyboard.press("End")
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler0\.png, {COUNT} of {COUNT}$"))
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_the_list_of_a_big_gallery_is_a_window_too(server, window):
    gallery = refill(server, COUNT)
    page = window()
    page.goto(f"{server.base_url}/g/{gallery}?view=list")
    listing = page.get_by_role("grid", name="My Gallery")
    expect(listing).to_have_attribute("aria-rowcount", str(COUNT))
    expect(page.locator(ITEM).first).to_have_accessible_name(re.compile(rf"^Image: filler0\.png, 1 of {COUNT}$"))
    page.locator(ITEM).first.focus()
    page.keyboard.press("End")
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler49999\.png, {COUNT} of {COUNT}$"))
    # Each row is where its place in the whole gallery puts it, and only the rows near the view are there.
    top = focused(page).evaluate(
        "row => row.getBoundingClientRect().top - row.parentElement.getBoundingClientRect().top")
    assert top == (COUNT - 1) * 56, top
    assert page.locator(ITEM).count() < 100
    page.keyboard.press("Home")
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler0\.png, 1 of {COUNT}$"))

    # Go to position… (G): any position of the gallery, read when it is not, and focused.
    page.keyboard.press("g")
    dialog = page.get_by_role("dialog", name="Go to position")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_text(f"1 to {COUNT}")).to_be_visible()
    dialog.get_by_label(re.compile("Position")).fill("25000")
    dialog.get_by_role("button", name="Go").click()
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler24999\.png, 25000 of {COUNT}$"))
    # Cancelled, focus goes back to where it was.
    page.keyboard.press("g")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler24999\.png, 25000 of {COUNT}$"))

    # An arrow key at the window's first item goes on to the item before it, read first.
    held, released = [], []
    page.route("**/items?*before=*", lambda route: route.continue_() if released else held.append(route))
    page.keyboard.press("End")
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler49999\.png, {COUNT} of {COUNT}$"))
    page.keyboard.press("g")
    dialog.get_by_label(re.compile("Position")).fill("49501")
    dialog.get_by_role("button", name="Go").click()
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler49500\.png, 49501 of {COUNT}$"))
    pump_until(page, lambda: held, message="the page before the window asked for")
    page.keyboard.press("ArrowUp")
    released.append(True)
    for route in held:
        route.continue_()
    expect(focused(page)).to_have_accessible_name(re.compile(rf"^Image: filler49499\.png, 49500 of {COUNT}$"))

    # Switched to the grid, the view shows the item that had the focus, not the start of the gallery.
    page.get_by_role("radio", name="Grid").check()
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler49499.png, "]')).to_be_in_viewport()


def test_the_board_of_a_big_gallery_is_read_by_the_region_it_shows(server, window):
    gallery = refill(server, 6_000)
    page = window()
    reads = []
    page.on("request", lambda request: reads.append(request.url) if "/api/galleries/" in request.url else None)
    page.goto(f"{server.base_url}/g/{gallery}")
    listing = page.get_by_role("grid", name="My Gallery")
    expect(listing).to_have_attribute("aria-rowcount", "6000")

    # On the board, the items not on it yet are put there by the server, in rows of 78 below the rest (none here), and
    # only what is shown is read: never the whole gallery.
    page.get_by_role("radio", name="Board").check()
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler0.png"]')).to_be_visible()
    pump_until(page, lambda: [url for url in reads if url.endswith("/board/rest")], message="the rest placed")
    assert not [url for url in reads if url.endswith("/board")], reads  # no placing by the page: it holds too few
    assert not [url for url in reads if "/items?" in url and "limit=1000" in url], reads
    def last_placed():
        return server.api("GET", f"/api/galleries/{gallery}/items?position=5999&limit=1")["items"][0]["board"]

    pump_until(page, last_placed, message="the last item placed")
    assert last_placed() == {"x": 71 * 264, "y": 76 * 264, "width": 240, "z": 0}
    pump_until(page, lambda: [url for url in reads if "/board?" in url], message="the region shown read")
    pump_until(page, lambda: 0 < page.locator(ITEM).count() < 200, message="the items of the region shown drawn")

    # Panned to the far corner, the region there is read and shown; the start is let go.
    board_reads = len([url for url in reads if "/board?" in url])
    page.mouse.move(300, 300)
    for _ in range(10):
        page.mouse.wheel(71 * 264 / 10, 76 * 264 / 10)
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5999.png"]')).to_be_visible()
    assert len([url for url in reads if "/board?" in url]) > board_reads
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler0.png"]')).to_have_count(0)

    # Home and End go to the gallery's first and last item, read by their positions (a region holds no order).
    page.locator(f'{ITEM}[aria-label="Image: filler5999.png"]').focus()
    page.keyboard.press("Home")
    expect(focused(page)).to_have_accessible_name("Image: filler0.png")
    expect(focused(page)).to_be_in_viewport()
    page.keyboard.press("End")
    expect(focused(page)).to_have_accessible_name("Image: filler5999.png")
    expect(focused(page)).to_be_in_viewport()

    # Somebody else moves an item the view never read into it: it shows where they put it.
    first = server.api("GET", f"/api/galleries/{gallery}/items?position=0&limit=1")["items"][0]
    status, _ = server.request("POST", f"/api/galleries/{gallery}/board", {
        "positions": [{"itemId": first["id"], "x": 71 * 264, "y": 75 * 264, "width": 240, "z": 9}]})
    assert status == 200
    # Items on the board of a big gallery are named without their place in the gallery, which the region does not know.
    expect(page.locator(f'{ITEM}[aria-label="Image: filler0.png"]')).to_be_visible()

    # Select All takes the whole gallery, read or not: Move to Trash takes it in one request, and Undo brings it back
    # where it lay.
    page.locator(f'{ITEM}[aria-label="Image: filler0.png"]').focus()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    expect(page.locator('[aria-live="polite"]')).to_have_text("Moved 6000 items to the trash.")
    expect(page.locator(ITEM)).to_have_count(0)
    assert server.gallery(gallery)["itemCount"] == 0
    page.keyboard.press("Control+z")
    expect(page.locator(f'{ITEM}[aria-label="Image: filler5999.png"]')).to_be_visible()
    assert server.gallery(gallery)["itemCount"] == 6_000

    # Zoom to Fit shows the whole board, which the page does not hold: the server says where it ends. So zoomed out,
    # more items lie in view than a region reads, and the page says so until it is zoomed in again.
    page.get_by_role("button", name="Zoom to Fit").click()
    expect(listing).to_have_attribute("data-zoom", "0.1")
    expect(page.locator(".pane-loading")).to_have_text("More than 1,000 items lie here: zoom in to see every one.")
    # The items read are those in view (the region around it holds more than a read takes), not beside it.
    pump_until(page, lambda: page.locator(ITEM).count() > 500, message="the view filled")
    expect(page.locator(ITEM).first).to_be_in_viewport()
    page.get_by_role("button", name="Zoom to 100%").click()
    expect(page.locator(".pane-loading")).to_be_hidden()
    expect(page.locator(ITEM).first).to_be_visible()

    # Back in the grid, the gallery is held as a window of its order again.
    page.get_by_role("radio", name="Grid").check()
    expect(listing).to_have_attribute("aria-rowcount", "6000")
    expect(page.locator(ITEM).first).to_be_attached()
    assert not [url for url in reads if "/items?" in url and "limit=1000" in url], reads
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_a_window_follows_a_run_trashed_elsewhere_and_brought_back_beyond_what_it_holds(server, window):
    gallery, watcher = watching_the_middle(server, window)
    listing = watcher.get_by_role("grid", name="My Gallery")
    dialog = watcher.get_by_role("dialog", name="Go to position")

    # Somebody else trashes items 2,001 to 4,000 as one run, told by its ends: the watcher's window loses the items
    # it held between them, and is read again to number the rest (it did not hold the ones before it).
    session = {"X-Gallery-Session": "someone-else-01"}
    trash_run(server, gallery, 2_000, 3_999, session)
    expect(listing).to_have_attribute("aria-rowcount", "4000")
    pump_until(watcher, lambda: numbered_right(watcher, lambda n: n + 1 - (2_000 if n >= 4_000 else 0)),
               message="the items shown numbered as the gallery is now")
    expect(watcher.locator(f'{ITEM}[aria-label^="Image: filler3499.png"]')).to_have_count(0)
    # Back at the run's end, the next item is numbered from it.
    watcher.locator(ITEM).first.focus()
    watcher.keyboard.press("g")
    dialog.get_by_label(re.compile("Position")).fill("2001")
    dialog.get_by_role("button", name="Go").click()
    expect(focused(watcher)).to_have_accessible_name(re.compile(r"^Image: filler4000\.png, 2001 of 4000$"))

    # Their undo brings them back: the watcher reads them again where it is.
    status, _ = server.request("POST", f"/api/galleries/{gallery}/undo", headers=session)
    assert status == 200
    expect(listing).to_have_attribute("aria-rowcount", "6000")
    pump_until(watcher, lambda: numbered_right(watcher, lambda n: n + 1), message="the items back, numbered")
    expect(focused(watcher)).to_have_accessible_name(re.compile(r"^Image: filler4000\.png, 4001 of 6000$"))
    # It stays where it was on the screen: the view follows it to its new place, not to where its place was.
    expect(focused(watcher)).to_be_in_viewport()
    watcher.wait_for_timeout(300)  # time for a view left at the old place to read a window there
    expect(focused(watcher)).to_have_accessible_name(re.compile(r"^Image: filler4000\.png, 4001 of 6000$"))
    watcher.keyboard.press("ArrowLeft")
    expect(focused(watcher)).to_have_accessible_name(re.compile(r"^Image: filler3999\.png, 4000 of 6000$"))
    assert not [problem for problem in watcher.problems if "filler" not in problem and "404" not in problem]


def test_a_run_trashed_elsewhere_that_empties_the_window_leaves_the_focus_on_an_item(server, window):
    gallery, watcher = watching_the_middle(server, window)
    listing = watcher.get_by_role("grid", name="My Gallery")

    # Somebody else trashes items 1,001 to 5,500, every item the watcher held: the window is read again where it was,
    # and the focus goes to an item there (not to the grid, where a screen reader hears no item).
    trash_run(server, gallery, 1_000, 5_499, {"X-Gallery-Session": "someone-else-02"})
    expect(listing).to_have_attribute("aria-rowcount", "1500")
    pump_until(watcher, lambda: numbered_right(watcher, lambda n: n + 1 - (4_500 if n >= 5_500 else 0)),
               message="the items shown numbered as the gallery is now")
    expect(focused(watcher)).to_have_accessible_name(re.compile(r"^Image: filler\d+\.png, \d+ of 1500$"))
    expect(focused(watcher)).to_be_in_viewport()
    position = int(re.search(r", (\d+) of", focused(watcher).get_attribute("aria-label")).group(1))
    watcher.keyboard.press("ArrowRight")
    expect(focused(watcher)).to_have_accessible_name(re.compile(rf"^Image: filler\d+\.png, {position + 1} of 1500$"))
    assert not [problem for problem in watcher.problems if "filler" not in problem and "404" not in problem]


def big_gallery_with_a_span(server, window, last: int, posted_to: str = "/moves"):
    """A gallery of 6,000 items open in a window, and a span of it selected read only at its ends: item 11 clicked, the
    end reached (the start is let go), Shift+click on `filler{last}`. Returns the gallery, the page, its listing and
    the bodies the page POSTs to addresses ending in `posted_to`."""
    gallery = refill(server, 6_000)
    page = window()
    posted = []
    page.on("request", lambda request: posted.append(request.post_data_json)
            if request.method == "POST" and request.url.endswith(posted_to) else None)
    page.goto(f"{server.base_url}/g/{gallery}")
    listing = page.get_by_role("grid", name="My Gallery")
    expect(listing).to_have_attribute("aria-rowcount", "6000")
    page.locator(f'{ITEM}[aria-label^="Image: filler10.png"]').click()
    page.keyboard.press("End")
    expect(focused(page)).to_have_accessible_name(re.compile(r"^Image: filler5999\.png, 6000 of 6000$"))
    page.locator(f'{ITEM}[aria-label^="Image: filler{last}.png"]').click(modifiers=["Shift"])
    return gallery, page, listing, posted


def test_shift_click_selects_a_span_of_a_big_gallery_read_or_not_and_trashes_it_as_one_run(server, window):
    # Item 11 clicked, the end reached (the start is let go), Shift+click on item 5,990: items 11 to 5,990.
    gallery, page, listing, trash_requests = big_gallery_with_a_span(server, window, 5989, posted_to="/trash")
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler10.png"]')).to_have_count(0)
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5989.png"]')).to_have_attribute("aria-selected", "true")
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5990.png"]')).to_have_attribute("aria-selected", "false")
    page.keyboard.press("Delete")
    expect(page.locator('[aria-live="polite"]')).to_have_text("Moved 5980 items to the trash.")
    expect(listing).to_have_attribute("aria-rowcount", "20")
    assert trash_requests == [{"range": {"firstItemId": trash_requests[0]["range"]["firstItemId"],
                                         "lastItemId": trash_requests[0]["range"]["lastItemId"], "count": 5_980}}]
    left = [f"filler{n}.png" for n in [*range(10), *range(5990, 6000)]]
    assert [item["title"] for item in server.items(gallery)] == left

    page.keyboard.press("Control+z")
    expect(listing).to_have_attribute("aria-rowcount", "6000")
    assert server.gallery(gallery)["itemCount"] == 6_000
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_a_span_beyond_the_items_read_gets_a_tag_in_one_request_and_loses_it_in_one_undo(server, window):
    # Items 11 to 5,990 (read only at their ends): Tags… from the item menu, one request by the span's ends.
    gallery, page, listing, posted = big_gallery_with_a_span(server, window, 5989, posted_to="/descriptions")
    page.keyboard.press("Shift+F10")
    page.get_by_role("menu").get_by_role("menuitem", name="Tags…").click()
    dialog = page.get_by_role("dialog", name="Tags of 5,980 items")
    dialog.get_by_role("combobox", name="Add a tag").fill("harbour")
    dialog.get_by_role("combobox", name="Add a tag").press("Enter")
    # 5,980 rows written (and indexed for search) in one transaction: a debug build on a busy machine takes seconds.
    expect(page.locator('[aria-live="polite"]')).to_have_text("Tagged 5,980 items 'harbour'.", timeout=30_000)
    assert [body["range"]["count"] for body in posted] == [5_980] and "itemIds" not in posted[0], posted

    def tags_at(position):
        return server.api("GET", f"/api/galleries/{gallery}/items?limit=1&position={position}")["items"][0]["tags"]

    assert [tags_at(position) for position in (9, 10, 3000, 5989, 5990)] == [[], ["harbour"], ["harbour"],
                                                                             ["harbour"], []]
    # The items shown are read again with their tag (shown on the tiles with the Tags switch).
    page.get_by_role("dialog").get_by_role("button", name="Done").click()
    page.locator(".show-tags").click()
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5989.png"]')).to_contain_text("harbour")
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5990.png"]')).not_to_contain_text("harbour")

    page.locator(ITEM).last.focus()
    page.keyboard.press("Control+z")
    pump_until(page, lambda: tags_at(3000) == [])
    assert [tags_at(position) for position in (10, 5989)] == [[], []]
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_a_selection_beyond_the_items_read_moves_as_one_run_by_its_ends(server, window):
    # Items 11 to 5,990 (a span read only at its ends) to the start, from the item menu by keyboard: one request.
    gallery, page, listing, moves = big_gallery_with_a_span(server, window, 5989)
    other = create_gallery(server, "Other")["id"]
    polite = page.locator('[aria-live="polite"]')

    def every_title(gallery_id):
        """The titles of all of a gallery's items, in order, read in pages by cursor."""
        titles, cursor = [], ""
        while True:
            page_read = server.api("GET", f"/api/galleries/{gallery_id}/items?limit=1000&cursor={cursor}")
            titles += [item["title"] for item in page_read["items"]]
            if not page_read.get("nextCursor"):
                return titles
            cursor = page_read["nextCursor"]

    def id_at(position):
        return server.api("GET", f"/api/galleries/{gallery}/items?limit=1&position={position}")["items"][0]["id"]

    ends = {position: id_at(position) for position in (0, 10, 5989, 5999)}
    page.keyboard.press("Shift+F10")
    page.get_by_role("menu").get_by_role("menuitem", name="Move to Start").click()
    expect(polite).to_have_text("Moved 5980 items to position 1 of 6000.")
    assert moves == [{"range": {"firstItemId": ends[10], "lastItemId": ends[5989], "count": 5_980},
                      "at": {"start": True}}]
    moved = [f"filler{n}.png" for n in [*range(10, 5990), *range(10), *range(5990, 6000)]]
    assert every_title(gallery) == moved
    # The page shows the new order where it is: the last ten, as they were.
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5999.png"]')).to_have_accessible_name(
        re.compile(r", 6000 of 6000$"))
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler9.png"]')).to_have_accessible_name(
        re.compile(r", 5990 of 6000$"))

    # One Undo puts the run back.
    page.keyboard.press("Control+z")
    pump_until(page, lambda: server.items(gallery)[0]["title"] == "filler0.png")
    assert every_title(gallery) == [f"filler{n}.png" for n in range(6_000)]
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler9.png"]')).to_have_count(0)

    # Select All to another gallery from the menu: the whole gallery, by its ends, and one Undo brings it back.
    page.locator(ITEM).last.focus()
    page.keyboard.press("Control+a")
    page.keyboard.press("Shift+F10")
    page.get_by_role("menu").get_by_role("menuitem", name="Move to Gallery…").click()
    picker = page.get_by_role("dialog", name="Move 6000 items to a gallery")
    picker.get_by_role("button", name="Move to Other").click()
    expect(polite).to_have_text("Moved 6000 items to Other.")
    expect(listing).to_have_attribute("aria-rowcount", "0")
    assert moves[-1] == {"range": {"firstItemId": ends[0], "lastItemId": ends[5999], "count": 6_000}}
    assert server.gallery(other)["itemCount"] == 6_000 and server.gallery(gallery)["itemCount"] == 0
    page.keyboard.press("Control+z")
    expect(listing).to_have_attribute("aria-rowcount", "6000")
    assert server.gallery(other)["itemCount"] == 0
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_a_span_beyond_the_items_read_lifted_by_keyboard_lands_where_it_is_dropped(server, window):
    gallery, page, listing, moves = big_gallery_with_a_span(server, window, 5989)
    polite = page.locator('[aria-live="polite"]')

    # Lifted, the span is the 5,980 items selected, not only the ones read; one step right is past filler5990.
    page.keyboard.press("Space")
    expect(polite).to_have_text(re.compile(r"^Picked up 5980 items\."))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(polite).to_have_text("Moved 5980 items.")
    assert len(moves) == 1 and moves[0]["range"]["count"] == 5_980
    first = server.api("GET", f"/api/galleries/{gallery}/items?limit=12")["items"]
    assert [item["title"] for item in first] == [f"filler{n}.png" for n in [*range(10), 5990, 10]]
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5989.png"]')).to_have_accessible_name(
        re.compile(r", 5991 of 6000$"))
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]


def test_a_span_beyond_the_items_read_dragged_with_the_mouse_moves_whole(server, window):
    gallery, page, listing, moves = big_gallery_with_a_span(server, window, 5994)
    at = {n: server.api("GET", f"/api/galleries/{gallery}/items?limit=1&position={n}")["items"][0]["id"]
          for n in (5994, 5997)}

    # Items 11 to 5,995 dragged by the last of them to after item 5,998.
    drag_tile_to(page, at[5994], at[5997], "after")

    expect(page.locator('[aria-live="polite"]')).to_have_text("Moved 5985 items.")
    first = server.api("GET", f"/api/galleries/{gallery}/items?limit=14")["items"]
    assert [item["title"] for item in first] == [f"filler{n}.png" for n in [*range(10), 5995, 5996, 5997, 10]]
    last = server.api("GET", f"/api/galleries/{gallery}/items?limit=3&position=5997")["items"]
    assert [item["title"] for item in last] == ["filler5994.png", "filler5998.png", "filler5999.png"]
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5994.png"]')).to_have_accessible_name(
        re.compile(r", 5998 of 6000$"))


def test_a_span_beyond_the_items_read_steps_one_place_with_alt_and_an_arrow(server, window):
    gallery, page, listing, moves = big_gallery_with_a_span(server, window, 5989)
    polite = page.locator('[aria-live="polite"]')

    page.keyboard.press("Alt+ArrowRight")
    expect(polite).to_have_text("Moved 5980 items to position 12 of 6000.")
    first = server.api("GET", f"/api/galleries/{gallery}/items?limit=12")["items"]
    assert [item["title"] for item in first] == [f"filler{n}.png" for n in [*range(10), 5990, 10]]
    # The window is read again where the run came: the items shown keep their places at the end (the view once swung
    # between the start and the end: a page read next to a held item the run had come past was joined to the window).
    expect(page.locator(f'{ITEM}[aria-label^="Image: filler5999.png"]')).to_have_accessible_name(
        re.compile(r", 6000 of 6000$"))
    page.locator(f'{ITEM}[aria-label^="Image: filler5999.png"]').click()
    # Select All has no place further to go: it is said, nothing moves.
    page.keyboard.press("Control+a")
    page.keyboard.press("Alt+ArrowRight")
    expect(polite).to_have_text("Already at the end.")


def test_the_scroll_bar_dragged_to_the_end_shows_the_last_row_whole_once_it_is_read(server, window):
    # 6,000 items: the first thousand square, the rest 4:3. The rows not read yet are estimated from the first window
    # (squares, four to a row), so the real rows at the end (three to a row) are taller than estimated: once they are
    # read the list grows under the view, and the view is kept at its end, the last row whole, with no more scrolling.
    gallery = server.gallery_id
    server.stop()
    fill_directly(server.data_dir / "gallery.sqlite", gallery, 1_000, size=(16, 16))
    fill_directly(server.data_dir / "gallery.sqlite", gallery, 5_000, start=1_000, size=(16, 12))
    server.start(server.port)
    page = window()
    page.goto(f"{server.base_url}/g/{gallery}")
    expect(page.get_by_role("grid", name="My Gallery")).to_have_attribute("aria-rowcount", "6000")
    scroller = page.locator(".gallery").first
    estimated = scroller.evaluate("element => element.scrollHeight")

    # What dragging the scroll bar to its end does: the scroll top at its greatest (headless Chromium draws no bar).
    scroller.evaluate("element => { element.scrollTop = element.scrollHeight - element.clientHeight; }")

    last = page.locator(f'{ITEM}[aria-label="Image: filler5999.png, 6000 of 6000"]')
    expect(last).to_be_in_viewport(ratio=1)
    view = scroller.evaluate("""element => {
      const tile = document.querySelector('[role="row"][aria-label$=", 6000 of 6000"]').getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return {top: element.scrollTop, end: element.scrollHeight - element.clientHeight, height: element.scrollHeight,
              tileTop: tile.top, tileBottom: tile.bottom, boxTop: box.top, boxBottom: box.bottom};
    }""")
    assert view["height"] > estimated + 1_000, (estimated, view)  # the rows read at the end are taller than estimated
    assert abs(view["top"] - view["end"]) <= 1, view  # the view is at the end of the corrected range
    assert view["boxTop"] <= view["tileTop"] and view["tileBottom"] <= view["boxBottom"] + 0.5, view
    assert not [problem for problem in page.problems if "filler" not in problem and "404" not in problem]
