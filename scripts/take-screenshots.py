#!/usr/bin/env python3
"""Takes the README's screenshots (docs/*.png) of the real server in Debian's Chromium: a gallery of the sample
pictures (Web/samples) and a few notes, as a grid at 1280 × 800, 768 × 1024 and 390 × 844 in light and dark, as a list,
on a board, and open in the viewer with its details; then, with a second gallery that holds a note and a smaller copy of
one picture, a search across both, the Tags… dialog of a selection of three, and Find Similar's list.

    python3 scripts/take-screenshots.py [--bin .build/debug/image-gallery]

The server runs on 127.0.0.1 with a temporary data folder and is stopped by its own PID.
"""

import argparse
import io
import shutil
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
sys.path.insert(0, str(ROOT / "Benchmarks"))

from big_gallery import upload_files  # noqa: E402 - files uploaded the way the page uploads them

import helpers  # noqa: E402 - the test harness starts and stops the server
from helpers import item_by_id, open_menu_with_button  # noqa: E402

NOTES = [
    "Kerning notes\nTighten AV and To in the headline; leave the body copy alone.",
    "Palette for the poster: dusk blue, pine green, a warm accent from the aurora shot.",
    "Ideas for the cover\n- the sea at dusk, cropped square\n- mountains with the title in the sky",
]
SIZES = {"1280x800": (1280, 800), "768x1024": (768, 1024), "390x844": (390, 844)}


def fill(server, browser) -> str:
    """A gallery "Moodboard" of the sample pictures (added by the empty gallery's own button, as a person would) and
    the notes; returns its id once every item is ready."""
    gallery = server.api("POST", "/api/galleries", {"name": "Moodboard"})["id"]
    page = browser.new_page()
    page.goto(f"{server.base_url}/g/{gallery}")
    page.get_by_role("button", name="Add Sample Pictures").click()
    helpers.wait_until(lambda: len(server.items(gallery)) == len(list((ROOT / "Web" / "samples").glob("*.jpg"))),
                       timeout=60, message="the sample pictures dropped")
    # The page sends their files: it stays open until they are in.
    helpers.wait_until(lambda: all(item["state"] == "ready" for item in server.items(gallery)), timeout=120,
                       message="the sample pictures loaded")
    page.close()
    for text in NOTES:
        server.api("POST", f"/api/galleries/{gallery}/drops", {"payload": {"plainText": text}})
    helpers.wait_until(lambda: all(item["state"] == "ready" and (item["kind"] != "image" or item["thumbnails"])
                                   for item in server.items(gallery)), timeout=120, message="every item ready")
    return gallery


def second_gallery(server) -> str:
    """A gallery "Cover ideas" holding a note and a smaller, recompressed copy of the sea at dusk (a near-duplicate
    that Find Similar lists); returns its id once both are ready."""
    cover = server.api("POST", "/api/galleries", {"name": "Cover ideas"})["id"]
    server.api("POST", f"/api/galleries/{cover}/drops",
               {"payload": {"plainText": "Dusk over the harbour\nFor the back cover: the last light on the water."}})
    picture = Image.open(ROOT / "Web" / "samples" / "sea-at-dusk.jpg")
    smaller = io.BytesIO()
    picture.resize((picture.width // 2, picture.height // 2)).save(smaller, "JPEG", quality=70)
    upload_files(server, cover, [(smaller.getvalue(), "sea-at-dusk-small.jpg", "image/jpeg")])
    helpers.wait_until(lambda: all(item["state"] == "ready" and (item["kind"] != "image" or item["thumbnails"])
                                   for item in server.items(cover)) and len(server.items(cover)) == 2,
                       timeout=60, message="the second gallery ready")
    return cover


def shoot(browser, url: str, path: Path, size: tuple[int, int], scheme: str, then=None) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, color_scheme=scheme)
    page.goto(url)
    page.wait_for_selector("[role=row] img")
    page.wait_for_timeout(1_000)  # thumbnails decoded, fonts settled
    if then:
        then(page)
    page.screenshot(path=str(path))
    page.close()
    print(f"wrote {path.relative_to(ROOT)}")


def find_anything(browser, server, gallery: str, docs: Path) -> None:
    """The search page across two galleries, a selection of three tagged, and the images similar to one."""
    second_gallery(server)
    pictures = [item for item in server.items(gallery) if item["kind"] == "image"]
    server.api("POST", f"/api/galleries/{gallery}/descriptions",
               {"itemIds": [item["id"] for item in pictures[:3]], "addTags": ["cover"]})
    server.api("POST", f"/api/galleries/{gallery}/descriptions",
               {"itemIds": [pictures[0]["id"]], "addTags": ["dusk"]})
    shoot(browser, f"{server.base_url}/search?q=dusk", docs / "search.png", SIZES["1280x800"], "light")
    url = f"{server.base_url}/g/{gallery}"

    def tags_of_three(page):
        item_by_id(page, pictures[0]["id"]).click()
        item_by_id(page, pictures[2]["id"]).click(modifiers=["Shift"])
        open_menu_with_button(page, pictures[0]).get_by_role("menuitem", name="Tags…").click()
        page.get_by_role("dialog", name="Tags of 3 items").wait_for()
        page.wait_for_timeout(500)

    shoot(browser, url, docs / "tags.png", SIZES["1280x800"], "light", then=tags_of_three)
    sea = next(item for item in pictures if item["title"] == "sea-at-dusk.jpg")

    def similar(page):
        open_menu_with_button(page, sea).get_by_role("menuitem", name="Find Similar").click()
        page.get_by_role("dialog", name="Similar images").get_by_role("link").first.wait_for()
        page.wait_for_timeout(500)

    shoot(browser, url, docs / "similar.png", SIZES["1280x800"], "light", then=similar)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "image-gallery"))
    args = parser.parse_args()
    docs = ROOT / "docs"
    with tempfile.TemporaryDirectory() as folder:
        server = helpers.GalleryServer(Path(args.bin), Path(folder) / "data", Path(folder) / "server.log")
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
                gallery = fill(server, browser)
                url = f"{server.base_url}/g/{gallery}"
                for name, size in SIZES.items():
                    for scheme in ("light", "dark"):
                        shoot(browser, url, docs / f"grid-{name}-{scheme}.png", size, scheme)
                shoot(browser, url, docs / "grid-view.png", SIZES["1280x800"], "light")
                shoot(browser, f"{url}?view=list", docs / "list-view.png", SIZES["1280x800"], "light")

                def open_viewer(page):
                    page.locator("[role=row] img").first.dblclick()
                    page.get_by_role("dialog").wait_for()
                    page.keyboard.press("i")
                    page.wait_for_timeout(1_500)

                shoot(browser, url, docs / "viewer.png", SIZES["1280x800"], "dark", then=open_viewer)
                server.api("PATCH", f"/api/galleries/{gallery}", {"view": "board"})
                time.sleep(1)
                shoot(browser, url, docs / "board-view.png", SIZES["1280x800"], "light")
                server.api("PATCH", f"/api/galleries/{gallery}", {"view": "grid"})
                find_anything(browser, server, gallery, docs)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
