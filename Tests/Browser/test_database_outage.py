"""A PostgreSQL server that goes away and comes back: while it is gone, changes are refused with a clear 503 (and the
page says so, keeping what it showed), readiness says not ready; once it is back, the same server process works
again without a restart. Connections the database ends (an administrator, a restart) are made again: a request that
meets one is refused as unreachable at once, never left waiting. Runs on a PostgreSQL cluster of its own (it is stopped
and started), when PostgreSQL is installed."""

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

import helpers
from helpers import item_by_id, wait_until
from pane_helpers import expect_pane_order, fill, ids_in, open_window, wait_pane_images

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "postgres-for-tests"
MINE = "My Gallery"


@pytest.fixture
def cluster():
    """A PostgreSQL cluster of this test's own: (folder, address)."""
    started = subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, check=False)
    if started.returncode != 0:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    folder, url = started.stdout.split()
    yield folder, url
    subprocess.run(["bash", str(SCRIPT), "stop", folder], check=False)


@pytest.fixture
def server_on_cluster(tmp_path, cluster, request):
    _, url = cluster
    server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / "server.log",
                                   extra_args=["--database", url])
    server.start()
    server.gallery_id = server.open_gallery_id()
    yield server
    server.stop()
    if any(getattr(request.node, f"report_{when}", None) is not None
           and getattr(request.node, f"report_{when}").failed for when in ("setup", "call")):
        print(f"\n--- server log ---\n{server.log_tail()}")


@pytest.fixture
def window(browser, server_on_cluster, other_site):
    """A window on the server's gallery showing three images (their ids are `window.ids`). Afterwards, the page must
    have had no problem but refused requests (503) and its live socket's, met while the database was out of reach."""
    server = server_on_cluster
    ids = [i["id"] for i in fill(server, other_site, server.gallery_id, 3, "outage")]
    opened = open_window(browser, server, f"/g/{server.gallery_id}", list_name=MINE)
    opened.ids = ids
    wait_pane_images(opened, MINE, 3)
    yield opened
    problems = [p for p in opened.problems if "WebSocket" not in p and "503" not in p]
    opened.context.close()
    assert problems == [], problems


def expect_a_move_by_the_keys_shown_and_stored(window, server) -> None:
    a, b, c = window.ids
    item_by_id(window, a).focus()
    window.keyboard.press("Alt+ArrowRight")
    expect_pane_order(window, MINE, [b, a, c])
    wait_until(lambda: ids_in(server, server.gallery_id) == [b, a, c], message="the move stored")


def test_changes_are_refused_clearly_while_the_database_is_gone_and_work_again_when_it_is_back(
        cluster, server_on_cluster, window):
    folder, _ = cluster
    server = server_on_cluster
    a, b, c = window.ids

    subprocess.run(["bash", str(SCRIPT), "pause", folder], check=True)

    status, answer = server.request("PATCH", f"/api/galleries/{server.gallery_id}", {"name": "Renamed"})
    assert status == 503, answer
    assert answer["error"]["message"] == "The database cannot be reached just now. Try again in a moment.", answer
    status, _ = server.request("GET", "/readyz")
    assert status == 503
    status, _ = server.request("GET", "/healthz")
    assert status == 200

    # In the page: a keyboard move is refused, said as such, and the order shown stays as it was.
    item_by_id(window, a).focus()
    window.keyboard.press("Alt+ArrowRight")
    expect(window.get_by_role("alert")).to_have_text(re.compile("The database cannot be reached just now"))
    expect_pane_order(window, MINE, [a, b, c])

    subprocess.run(["bash", str(SCRIPT), "resume", folder], check=True)

    wait_until(lambda: server.request("GET", "/readyz")[0] == 200, timeout=20, message="ready again")
    expect_a_move_by_the_keys_shown_and_stored(window, server)
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"name": "Renamed"})
    assert server.gallery(server.gallery_id)["name"] == "Renamed"


def end_every_connection(url: str) -> None:
    """Ends every other client connection to the cluster, as an administrator (or a restart) would."""
    subprocess.run(["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", url, "-c",
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'"],
                   check=True, capture_output=True)


def test_connections_the_database_ends_are_made_again_and_no_request_is_left_waiting(
        cluster, server_on_cluster, window):
    _, url = cluster
    server = server_on_cluster

    # Each time, a request may still be given a connection that was ended before the server heard: it is refused as
    # unreachable, at once (server.request gives up after 10 s), and one sent again works on a new connection.
    for round_ in range(15):
        end_every_connection(url)
        statuses = []
        for _ in range(20):
            status, answer = server.request("PATCH", f"/api/galleries/{server.gallery_id}", {"name": f"Round {round_}"})
            statuses.append(status)
            if status == 200:
                break
            assert status == 503, answer
            assert answer["error"]["message"] == "The database cannot be reached just now. Try again in a moment."
        assert statuses[-1] == 200, statuses
        assert server.gallery(server.gallery_id)["name"] == f"Round {round_}"

    # The page goes on working on the new connections: it hears of the change of name, and a move by the keys is
    # shown and stored. (Its side bar's own reads, made as it heard of each rename, may have met an ended connection
    # too and been refused with a 503; the fixture allows those.)
    server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"name": MINE})
    expect(window.get_by_role("region", name=MINE)).to_be_visible()
    expect_a_move_by_the_keys_shown_and_stored(window, server)
