"""Fixtures for the browser tests: the gallery server, the "other site" images come from, and a Chromium page.

Needs Debian's Chromium (`apt-get install chromium`), the Python packages in requirements.txt
(`pip install -r Tests/Browser/requirements.txt`; never `playwright install`: the tests drive the system Chromium), and
a built server (`swift build`, or IMAGE_GALLERY_BIN pointing at the binary).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import auth_helpers
import helpers

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # reported by pytest_configure
    sync_playwright = None
    expect = None

try:
    import PIL  # noqa: F401 - the JPEG and GIF images are made with it
except ImportError:
    PIL = None

VIEWPORT = {"width": 1280, "height": 900}
DEFAULT_TIMEOUT_MS = 10_000


def _engines_only(config) -> bool:
    """Whether only the other engines' smoke suites (engines/, no Chromium) were asked for."""
    engines = Path(__file__).resolve().parent / "engines"
    paths = [Path(config.invocation_params.dir, arg.split("::")[0]).resolve() for arg in config.args]
    return bool(paths) and all(path == engines or engines in path.parents for path in paths)


def pytest_configure(config):
    missing = []
    chromium = not _engines_only(config)
    if chromium and shutil.which("chromium") is None:
        missing.append("Chromium: apt-get install chromium")
    python_missing = [name for name, module in (("playwright", sync_playwright), ("pillow", PIL))
                      if module is None and (chromium or name != "playwright")]
    if python_missing:
        missing.append(
            f"the Python packages {', '.join(python_missing)}: pip install -r Tests/Browser/requirements.txt")
    binary = helpers.server_binary()
    if not binary.exists():
        missing.append(f"the server binary {binary}: run `swift build` (or set IMAGE_GALLERY_BIN)")
    if missing:
        pytest.exit("The browser tests need " + "; and ".join(missing) + ".", returncode=4)
    if expect is not None:
        expect.set_options(timeout=DEFAULT_TIMEOUT_MS)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _failed(request) -> bool:
    return any(getattr(request.node, f"report_{when}", None) is not None
               and getattr(request.node, f"report_{when}").failed for when in ("setup", "call"))


@pytest.fixture
def other_site():
    site = helpers.OtherSite().start()
    yield site
    site.stop()


@pytest.fixture
def server(tmp_path, request):
    """A gallery server on a fresh data folder, without sign-in (`--no-auth`: every request acts as the owner);
    `server.gallery_id` is the gallery `/` opens ("My Gallery")."""
    gallery_server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / "server.log")
    gallery_server.start()
    gallery_server.gallery_id = gallery_server.open_gallery_id()
    yield gallery_server
    gallery_server.stop()
    if _failed(request):
        print(f"\n--- server log ({gallery_server.log_path}) ---\n{gallery_server.log_tail()}")


@pytest.fixture
def auth_server(tmp_path, request):
    """A gallery server on a fresh data folder that asks for sign-in (no owner's password yet: see auth_helpers)."""
    gallery_server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / "server.log",
                                           auth=True)
    gallery_server.start()
    yield gallery_server
    gallery_server.stop()
    if _failed(request):
        print(f"\n--- server log ({gallery_server.log_path}) ---\n{gallery_server.log_tail()}")


@pytest.fixture
def owner(auth_server):
    """`auth_server` set up through its one-time link (the owner is "owner"): an API client signed in as the owner."""
    return auth_helpers.AccountClient(auth_server).set_up_owner(auth_helpers.setup_link(auth_server))


def open_watched_page(browser, viewport, **options):
    """A page in a fresh browser context (cookies of its own; `options` for the context, e.g. `has_touch`) that
    collects its errors and console errors and warnings in `page.problems`."""
    context = browser.new_context(viewport=viewport, **options)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    new_page = context.new_page()
    problems: list[str] = []
    new_page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    new_page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
                if message.type in ("error", "warning") else None)
    new_page.problems = problems
    return context, new_page


@pytest.fixture
def window(browser, request, tmp_path):
    """Opens fresh browser windows, each with its own cookies (a person of their own); every page collects its errors
    and console errors and warnings in `page.problems`."""
    opened = []

    def open_window(viewport=VIEWPORT):
        context, new_page = open_watched_page(browser, viewport)
        opened.append((context, new_page))
        return new_page

    yield open_window
    if _failed(request):
        for index, (_, each) in enumerate(opened):
            shot = tmp_path / f"failure-{index}.png"
            try:
                each.screenshot(path=str(shot), full_page=True)
                print(f"\n--- screenshot: {shot}")
            except Exception as error:  # noqa: BLE001
                print(f"\n--- no screenshot: {error}")
            if each.problems:
                print("--- browser console ---\n" + "\n".join(each.problems))
    for context, _ in opened:
        context.close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), headless=True, args=["--no-sandbox", "--no-proxy-server"])
        yield chromium
        chromium.close()


@pytest.fixture
def touch_page(browser, server):
    """A page on the gallery of `server`, as `page`, in a context with a touch screen."""
    context, touch = open_watched_page(browser, VIEWPORT, has_touch=True)
    touch.goto(f"{server.base_url}/")
    expect(touch.get_by_role("grid", name="My Gallery")).to_be_attached()
    yield touch
    context.close()


@pytest.fixture
def page(browser, server, request, tmp_path):
    """A fresh browser context on the gallery page of `server`, after the list has appeared."""
    context, gallery_page = open_watched_page(browser, VIEWPORT)
    gallery_page.goto(f"{server.base_url}/")
    expect(gallery_page).to_have_url(f"{server.base_url}/g/{server.gallery_id}")
    expect(gallery_page.get_by_role("grid", name="My Gallery")).to_be_attached()
    yield gallery_page
    if _failed(request):
        shot = tmp_path / "failure.png"
        try:
            gallery_page.screenshot(path=str(shot), full_page=True)
            print(f"\n--- screenshot: {shot}")
        except Exception as error:  # noqa: BLE001
            print(f"\n--- no screenshot: {error}")
        if gallery_page.problems:
            print("--- browser console ---\n" + "\n".join(gallery_page.problems))
    context.close()
