"""Helpers for the tests of two panes side by side, live updates and undo: more windows on one server, panes found by
their gallery's name, drags between panes, and API requests made in a page's undo session."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from helpers import UNSAFE_METHODS, GalleryServer, OtherSite, wait_until

ITEM = '[role="row"]'
SESSION_KEY = "image-gallery-session"
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def open_window(browser, server: GalleryServer, path: str | None, *, viewport: dict | None = None,
                list_name: str | None = None):
    """A new browser context (a separate window, with its own undo session) on `path` (None: nowhere yet), after the
    list `list_name` shows. Page errors and console errors are collected in `page.problems`."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" else None)
    page.problems = problems
    if path is not None:
        page.goto(f"{server.base_url}{path}")
    if list_name:
        expect(page.get_by_role("grid", name=list_name, exact=True)).to_be_attached()
    return page


def create_gallery(server: GalleryServer, name: str) -> dict:
    return server.api("POST", "/api/galleries", {"name": name})


def fill(server: GalleryServer, other_site: OtherSite, gallery_id: str, count: int, prefix: str) -> list[dict]:
    """`count` ready images (titles f"{prefix}{i}.png") added at the end of a gallery through the API."""
    urls = [other_site.image(f"{prefix}{i}.png", 120 + 4 * i, 90 + 3 * i) for i in range(count)]
    before = len(server.items(gallery_id))
    server.drop_uris(gallery_id, urls)
    stored = server.wait_settled(gallery_id, before + count)
    assert all(i["state"] == "ready" for i in stored), stored
    return stored[before:]


def ids_in(server: GalleryServer, gallery_id: str) -> list[str]:
    return [i["id"] for i in server.items(gallery_id)]


# ---- Panes


def pane(page, name: str):
    """The pane (a region named after its gallery) showing the gallery `name`."""
    return page.get_by_role("region", name=name, exact=True)


def pane_items(page, name: str):
    return pane(page, name).locator(f".gallery {ITEM}")


def pane_tile(page, name: str, item_id: str):
    return pane(page, name).locator(f'.gallery {ITEM}[data-item-id="{item_id}"]')


def expect_pane_order(page, name: str, ids: list[str], timeout: float = 10_000) -> None:
    """Waits until the pane shows exactly `ids`, in this order."""
    try:
        page.wait_for_function(
            """([name, ids]) => {
              const pane = [...document.querySelectorAll('section.pane')]
                .find(p => p.getAttribute('aria-label') === name);
              if (!pane) return false;
              const now = [...pane.querySelectorAll('.gallery [role="row"]')].map(e => e.dataset.itemId);
              return now.length === ids.length && now.every((id, i) => id === ids[i]);
            }""", arg=[name, ids], timeout=timeout)
    except Exception as error:  # noqa: BLE001 - replaced by a readable message
        shown = pane_items(page, name).evaluate_all("els => els.map(e => e.dataset.itemId)")
        raise AssertionError(f"the pane {name!r} shows {shown}, expected {ids}") from error


def expect_stored(server: GalleryServer, gallery_id: str, ids: list[str]) -> None:
    try:
        wait_until(lambda: ids_in(server, gallery_id) == ids, message="the order in the API")
    except AssertionError as error:
        raise AssertionError(f"the API lists {ids_in(server, gallery_id)}, expected {ids}") from error


def wait_pane_images(page, name: str, count: int) -> None:
    """Waits until the pane shows `count` ready items with loaded images and no tile is moving."""
    page.wait_for_function(
        """([name, count]) => {
          const pane = [...document.querySelectorAll('section.pane')].find(p => p.getAttribute('aria-label') === name);
          if (!pane) return false;
          const tiles = [...pane.querySelectorAll('.gallery [role="row"]')];
          const imgs = tiles.map(t => t.querySelector('img'));
          return tiles.length === count && imgs.every(i => i && i.complete && i.naturalWidth > 0)
            && tiles.every(t => t.getAnimations().every(a => a.playState !== 'running'));
        }""", arg=[name, count])


# ---- Drags between panes (synthetic DragEvents sharing one DataTransfer, as the reorder helpers do)

_PANE_DRAG_JS = """
async ({sourceId, targetPane, targetId, side, altKey}) => {
  const source = document.querySelector(`.gallery [role="row"][data-item-id="${sourceId}"]`);
  if (!source) throw new Error('no tile for ' + sourceId);
  const pane = [...document.querySelectorAll('section.pane')].find(p => p.getAttribute('aria-label') === targetPane);
  if (!pane) throw new Error('no pane named ' + targetPane);
  const scroller = pane.querySelector('.gallery');
  const dt = new DataTransfer();
  // A DataTransfer made by a script ignores dropEffect and effectAllowed; these own properties record what the page
  // sets, as a real drag would show it.
  for (const name of ['dropEffect', 'effectAllowed']) {
    let value = 'none';
    Object.defineProperty(dt, name, {get: () => value, set: (v) => { value = v; }, configurable: true});
  }
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
  const s = source.getBoundingClientRect();
  const started = source.dispatchEvent(new DragEvent('dragstart', {bubbles: true, cancelable: true, composed: true,
    dataTransfer: dt, clientX: s.left + s.width / 2, clientY: s.top + s.height / 2}));
  await frame();
  let x, y;
  if (targetId) {
    const tile = scroller.querySelector(`[role="row"][data-item-id="${targetId}"]`);
    if (!tile) throw new Error('no tile for ' + targetId + ' in ' + targetPane);
    const r = tile.getBoundingClientRect();
    x = side === 'after' ? r.right - 5 : r.left + 5; y = r.top + r.height / 2;
  } else {
    const r = scroller.getBoundingClientRect();
    x = r.right - 20; y = r.bottom - 20;  // below the last item: the end
  }
  const target = document.elementFromPoint(x, y);
  const element = target && scroller.contains(target) ? target : scroller;
  const result = {started, effects: {}, cancelled: {}, gap: false};
  for (const type of ['dragenter', 'dragover', 'drop']) {
    dt.dropEffect = 'none';
    const event = new DragEvent(type, {bubbles: true, cancelable: true, composed: true, dataTransfer: dt,
                                       clientX: x, clientY: y, altKey});
    result.cancelled[type] = !element.dispatchEvent(event);
    result.effects[type] = dt.dropEffect;
    if (type === 'dragover') result.gap = !!scroller.querySelector('.drop-gap');
    await frame();
  }
  result.effectAllowed = dt.effectAllowed;
  source.dispatchEvent(new DragEvent('dragend', {bubbles: true, composed: true, dataTransfer: dt}));
  await frame();
  return result;
}
"""


def drag_between_panes(page, source_id: str, target_pane: str, *, onto: str | None = None, side: str = "before",
                       alt: bool = False) -> dict:
    """A synthetic drag of the tile `source_id` (and the items selected with it) into the pane `target_pane`, dropped
    on the left (before) or right (after) edge of the tile `onto`, or below the last item; `alt` holds Alt/Option.
    Returns {"started", "cancelled": {event: defaultPrevented}, "effects": {event: dropEffect}, "effectAllowed",
    "gap": a gap was shown on dragover}."""
    return page.evaluate(_PANE_DRAG_JS, {"sourceId": source_id, "targetPane": target_pane, "targetId": onto,
                                         "side": side, "altKey": alt})


# ---- Requests in a page's undo session


def session_of(page) -> str:
    """The undo session token of a page (its tab)."""
    return page.evaluate(f"sessionStorage.getItem('{SESSION_KEY}')")


def session_request(server: GalleryServer, session: str | None, method: str, path: str,
                    body: dict | None = None) -> tuple[int, object]:
    """An API request carrying `X-Gallery-Session: session` (as the page's own requests do; a change carries a JSON
    body, `{}` when there is nothing to send)."""
    if body is None and method in UNSAFE_METHODS:
        body = {}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{server.base_url}{path}", data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if session:
        request.add_header("X-Gallery-Session", session)
    try:
        with _OPENER.open(request, timeout=10) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw)
        except ValueError:
            return error.code, raw.decode(errors="replace")


def session_api(server: GalleryServer, session: str | None, method: str, path: str, body: dict | None = None):
    status, payload = session_request(server, session, method, path, body)
    assert 200 <= status < 300, f"{method} {path} answered {status}: {payload}"
    return payload
