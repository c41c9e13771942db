#!/usr/bin/env python3
"""Takes the README's screenshots (docs/*.png) of the real server in Debian's Chromium: a gallery of the sample
pictures (Web/samples) and a few notes, as a grid at 1280 × 800, 768 × 1024 and 390 × 844 in light and dark, as a list,
on a board, and open in the viewer with its details.

    python3 scripts/take-screenshots.py [--bin .build/debug/image-gallery]

The server runs on 127.0.0.1 with a temporary data folder and is stopped by its own PID.
"""

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))

import helpers  # noqa: E402 - the test harness starts and stops the server

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
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
