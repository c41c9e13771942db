"""Items of every kind (a note, a link, a video) dropped into a gallery as a user would, for tests that need them."""

from pathlib import Path

from helpers import DropFile, drop, uri_list, wait_until

FIXTURES = Path(__file__).resolve().parent.parent / "TestSupport" / "Fixtures"


def drop_fixture(page, name: str, mime: str) -> None:
    """Drops a file of Tests/TestSupport/Fixtures on the gallery."""
    drop(page, files=[DropFile(name, (FIXTURES / name).read_bytes(), mime)])


def drop_every_kind(page, server, other_site, *, text: str, page_html: str, page_name: str,
                    video: tuple[str, str] = ("faststart.mp4", "video/mp4")) -> dict[str, dict]:
    """Drops a note holding `text`, a link to a page of the other site (`page_html` under `page_name`) and a video
    fixture, waits until the three are ready, and returns them by kind."""
    drop(page, text=text)
    drop(page, uri_list=uri_list(other_site.page(page_name, page_html)))
    drop_fixture(page, *video)
    return wait_until(lambda: _ready_by_kind(server), message="a note, a link and a video ready")


def _ready_by_kind(server) -> dict[str, dict] | None:
    ready = {i["kind"]: i for i in server.items(server.gallery_id) if i["state"] == "ready"}
    return ready if sorted(ready) == ["link", "note", "video"] else None
