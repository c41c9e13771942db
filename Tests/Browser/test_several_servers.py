"""Several servers behind one address: two `image-gallery serve` processes on two ports, on one PostgreSQL database
and one data folder, behave as one: a drop through one shows, loaded, in a window on the other; a move shows live
across them; an undo sent to the other server undoes the move, and the first window sees it; a link being loaded by a
server that is killed is loaded by the other once the first one's lease runs out. Runs when
IMAGE_GALLERY_TEST_POSTGRESQL_URL names a PostgreSQL server (scripts/test starts one)."""

import contextlib
import os
import re
import signal
import subprocess
import uuid

import pytest
from playwright.sync_api import expect

import helpers
from helpers import drop, item_by_id, uri_list, wait_until
from pane_helpers import expect_pane_order, fill, ids_in, open_window, wait_pane_images

POSTGRESQL = os.environ.get("IMAGE_GALLERY_TEST_POSTGRESQL_URL")
MINE = "My Gallery"
LIVE = 3_000  # ms: "within a second", with some slack

pytestmark = pytest.mark.skipif(not POSTGRESQL, reason="IMAGE_GALLERY_TEST_POSTGRESQL_URL is not set")


def psql(sql: str) -> None:
    subprocess.run(["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", POSTGRESQL, "-c", sql],
                   check=True, capture_output=True)


@contextlib.contextmanager
def own_database():
    """A new, empty database on the test PostgreSQL server: its address; dropped afterwards."""
    name = f"gallery_{uuid.uuid4().hex[:12]}"
    psql(f"CREATE DATABASE {name}")
    try:
        yield "postgresql://" + re.sub(r"/[^/?]*(\?|$)", rf"/{name}\1", POSTGRESQL.split("://", 1)[1], count=1)
    finally:
        psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def servers(tmp_path, request):
    """Two servers on a new database of their own and one shared data folder."""
    with own_database() as database_url:
        yield from started_servers(tmp_path, request, database_url)


def started_servers(tmp_path, request, database_url):
    started = []
    try:
        for index in range(2):
            # Leases of 2 seconds: a killed server's loading is taken on within seconds, not a minute.
            server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / f"server{index}.log",
                                           extra_args=["--database", database_url, "--work-lease", "2"])
            started.append(server.start())
        started[0].gallery_id = started[0].open_gallery_id()
        started[1].gallery_id = started[1].open_gallery_id()
        yield started
    finally:
        for server in started:
            server.stop()
        if any(getattr(request.node, f"report_{when}", None) is not None
               and getattr(request.node, f"report_{when}").failed for when in ("setup", "call")):
            for server in started:
                print(f"\n--- {server.log_path} ---\n{server.log_tail()}")


@pytest.fixture
def windows(browser, servers, other_site):
    """A window on each server, both on My Gallery, with three images in it."""
    first, second = servers
    assert first.gallery_id == second.gallery_id, "both servers open the same gallery"
    stored = fill(first, other_site, first.gallery_id, 3, "shared")
    opened = [open_window(browser, server, f"/g/{server.gallery_id}", list_name=MINE) for server in servers]
    for window in opened:
        wait_pane_images(window, MINE, 3)
    yield opened, [i["id"] for i in stored]
    for window in opened:
        problems = [p for p in window.problems if "WebSocket" not in p and "ERR_CONNECTION_REFUSED" not in p]
        window.context.close()
        assert problems == [], f"browser problems: {problems}"


def test_a_drop_through_one_server_shows_loaded_in_a_window_on_the_other(windows, servers, other_site):
    (one, other), ids = windows
    first, second = servers
    url = other_site.image("arrived.png", 200, 150)

    # Each server says where its database is (never its password).
    for server in servers:
        assert re.search(r"Image Gallery: PostgreSQL database \S+@127\.0\.0\.1:\d+/gallery_\w+, images in ",
                         server.log_path.read_text()), server.log_tail()

    drop(one, uri_list=uri_list(url), at=1)

    new_id = wait_until(lambda: next((i["id"] for i in second.items(second.gallery_id) if i["id"] not in ids), None),
                        message="the dropped item, read through the other server")
    expect_pane_order(other, MINE, [ids[0], new_id, *ids[1:]], timeout=LIVE)
    tile = item_by_id(other, new_id)
    expect(tile).to_have_attribute("data-state", "ready", timeout=LIVE)
    # Its image, stored by the first server in the shared folder, comes from the second.
    image = tile.locator("img")
    expect(image).to_be_visible()
    wait_until(lambda: image.evaluate("i => i.complete && i.naturalWidth > 0"), message="the image shown")
    assert image.evaluate("i => i.currentSrc").startswith(second.base_url)


def test_a_move_shows_live_across_servers_and_an_undo_sent_to_the_other_server_undoes_it(windows, servers):
    (one, other), (a, b, c) = windows
    first, second = servers

    item_by_id(one, a).focus()
    one.keyboard.press("Alt+ArrowRight")
    expect_pane_order(other, MINE, [b, a, c], timeout=LIVE)
    assert ids_in(second, second.gallery_id) == [b, a, c]

    # The first window's next request might reach either server: its undo session is in the database.
    session = one.evaluate("() => sessionStorage.getItem('image-gallery-session')")
    status, answer = second.request("POST", f"/api/galleries/{second.gallery_id}/undo",
                                    headers={"X-Gallery-Session": session})
    assert status == 200, answer
    expect_pane_order(one, MINE, [a, b, c], timeout=LIVE)
    expect_pane_order(other, MINE, [a, b, c], timeout=LIVE)
    assert ids_in(first, first.gallery_id) == [a, b, c]


def test_a_link_a_killed_server_was_loading_is_loaded_by_the_other(windows, servers, other_site):
    (one, other), ids = windows
    first, second = servers
    other_site.image("held.png", 300, 200)

    drop(one, uri_list=uri_list(other_site.url("/slow/held.png")), at=0)
    new_id = wait_until(lambda: next((i["id"] for i in second.items(second.gallery_id) if i["id"] not in ids), None),
                        message="the dropped item, read through the other server")
    tile = item_by_id(other, new_id)
    expect(tile).to_have_attribute("data-state", "pending", timeout=LIVE)

    # The first server dies mid-load (no shutdown: its lease is left to run out).
    first.process.send_signal(signal.SIGKILL)
    first.process.wait(timeout=5)
    first.process = None
    other_site.release("held.png")

    expect(tile).to_have_attribute("data-state", "ready", timeout=15_000)
    stored = next(i for i in second.items(second.gallery_id) if i["id"] == new_id)
    assert stored["state"] == "ready" and stored["width"] == 300, stored


def test_a_data_folder_migrated_onto_postgresql_opens_there_as_it_was(browser, tmp_path, other_site):
    """`image-gallery migrate --from sqlite:DATA --to postgresql://…`, then a server on PostgreSQL with the same data
    folder: the gallery shows the same images in the same order, and its trash came along; a second run copies
    nothing."""
    data = tmp_path / "data"
    on_sqlite = helpers.GalleryServer(helpers.server_binary(), data, tmp_path / "sqlite.log").start()
    try:
        gallery = on_sqlite.open_gallery_id()
        stored = fill(on_sqlite, other_site, gallery, 4, "kept")
        ids = [i["id"] for i in stored]
        on_sqlite.api("POST", f"/api/galleries/{gallery}/moves", {"itemIds": [ids[3]], "at": {"start": True}})
        on_sqlite.api("POST", f"/api/galleries/{gallery}/trash", {"itemIds": [ids[1]]})
        expected = ids_in(on_sqlite, gallery)
    finally:
        on_sqlite.stop()
    assert expected == [ids[3], ids[0], ids[2]]

    with own_database() as database_url:
        copied = subprocess.run([str(helpers.server_binary()), "migrate", "--from", f"sqlite:{data}", "--to",
                                 database_url], capture_output=True, text=True, timeout=120)
        assert copied.returncode == 0, copied.stderr
        assert "Copied 1 gallery (4 items) in " in copied.stdout, copied.stdout
        again = subprocess.run([str(helpers.server_binary()), "migrate", "--from", f"sqlite:{data}", "--to",
                                database_url], capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stderr
        assert "Copied 0 galleries (0 items) in" in again.stdout and "1 already there" in again.stdout, again.stdout

        server = helpers.GalleryServer(helpers.server_binary(), data, tmp_path / "postgres.log",
                                       extra_args=["--database", database_url]).start()
        try:
            page = open_window(browser, server, f"/g/{gallery}", list_name=MINE)
            wait_pane_images(page, MINE, 3)
            expect_pane_order(page, MINE, expected)
            assert [i["id"] for i in server.api("GET", f"/api/galleries/{gallery}/trash")["items"]] == [ids[1]]
            page.context.close()
            assert page.problems == []
        finally:
            server.stop()


def test_backup_on_postgresql_says_how_and_copies_nothing(tmp_path):
    """`image-gallery backup` cannot copy a PostgreSQL database consistently itself: it says how, and makes nothing."""
    with own_database() as database_url:
        said = subprocess.run([str(helpers.server_binary()), "backup", str(tmp_path / "backup"), "--data",
                               str(tmp_path / "data"), "--database", database_url],
                              capture_output=True, text=True, timeout=60)
    assert said.returncode == 2
    assert 'pg_dump --format=custom --file=gallery.dump "$IMAGE_GALLERY_DATABASE_URL"' in said.stderr, said.stderr
    assert "Usage" not in said.stderr
    assert not (tmp_path / "backup").exists()
