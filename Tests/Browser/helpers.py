"""Helpers for the browser tests: generated images, the "other site", the gallery server, and simulated drops.

Everything here talks only to 127.0.0.1.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import re
import signal
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_BINARY = REPO_ROOT / ".build" / "debug" / "image-gallery"


def server_binary() -> Path:
    """The gallery server binary: IMAGE_GALLERY_BIN, else the debug build of this checkout."""
    override = os.environ.get("IMAGE_GALLERY_BIN")
    return Path(override) if override else DEFAULT_BINARY


def stop_process(process: subprocess.Popen | None, timeout: float = 5.0) -> None:
    """Stops a process this harness started, by its own PID: SIGTERM, then SIGKILL if it has not ended in `timeout`."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(predicate: Callable[[], object], *, timeout: float = 10.0, message: str = "condition") -> object:
    """Polls a non-browser condition (the JSON API, a log) until it is truthy; browser states use `expect`."""
    deadline = time.monotonic() + timeout
    last_error: BaseException | None = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # noqa: BLE001 - reported below if it never succeeds
            last_error = error
        if time.monotonic() > deadline:
            detail = f" (last error: {last_error!r})" if last_error else ""
            raise AssertionError(f"timed out after {timeout}s waiting for {message}{detail}")
        time.sleep(0.05)


# --------------------------------------------------------------------------------------------------------------------
# Images


def png(width: int, height: int, rgb: tuple[int, int, int] = (200, 90, 40)) -> bytes:
    """A PNG of the given size (truecolour, a diagonal two-colour pattern), built with zlib and struct."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    first, second = bytes(rgb), bytes(255 - c for c in rgb)
    # The pattern repeats every 16 rows: make those rows once, then repeat them.
    period = [b"\x00" + b"".join(first if ((x + y) // 8) % 2 == 0 else second for x in range(width)) for y in range(16)]
    rows = b"".join(period[y % 16] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def _pillow_image(width: int, height: int, rgb: tuple[int, int, int]):
    from PIL import Image, ImageDraw  # required: see requirements.txt (the conftest says so if it is missing)

    image = Image.new("RGB", (width, height), rgb)
    draw = ImageDraw.Draw(image)
    draw.line((0, 0, width, height), fill=(255 - rgb[0], 255 - rgb[1], 255 - rgb[2]), width=3)
    return image


def jpeg(width: int, height: int, rgb: tuple[int, int, int] = (40, 120, 200)) -> bytes:
    """A baseline JPEG of the given size (made with Pillow)."""
    out = io.BytesIO()
    _pillow_image(width, height, rgb).save(out, format="JPEG", quality=85)
    return out.getvalue()


def gif(width: int, height: int, rgb: tuple[int, int, int] = (60, 160, 60)) -> bytes:
    """A GIF of the given size (made with Pillow)."""
    out = io.BytesIO()
    _pillow_image(width, height, rgb).convert("P").save(out, format="GIF")
    return out.getvalue()


IMAGE_MAKERS = {"png": (png, "image/png"), "jpeg": (jpeg, "image/jpeg"), "gif": (gif, "image/gif")}


def make_image(kind: str, width: int, height: int) -> tuple[bytes, str]:
    """(bytes, MIME type) of a generated image of the given kind (png, jpeg or gif)."""
    maker, mime = IMAGE_MAKERS[kind]
    return maker(width, height), mime


def data_url(data: bytes, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


# --------------------------------------------------------------------------------------------------------------------
# The other site


class OtherSite:
    """A small website on 127.0.0.1 standing in for the sites images are dragged from.

    Routes:
      /img/<name>    a registered image (see `image`), answered at once
      /slow/<name>   the same image, but after the headers (with Content-Length) and the first half of the body it
                     waits until the test calls `release(name)`
      /stall/<name>  the same image, but nothing at all is sent until `release(name)`
      /flaky/<name>  404 until the test calls `fix("/flaky/<name>")`, then the image
      /missing.png   404
      /text.txt      text/plain "hello"
      /page.html     an HTML page with an <img>
      /pages/<name>  an HTML page registered with `page(name, html)`
    """

    GATE_PATIENCE = 90.0  # a held request gives up after this long (the gallery's own fetch deadline is 30 s)

    def __init__(self) -> None:
        self.images: dict[str, tuple[bytes, str]] = {}
        self.pages: dict[str, str] = {}
        self.fixed: set[str] = set()
        self.requests: list[str] = []
        self._gates: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- control

    def image(self, name: str, width: int, height: int, kind: str = "png") -> str:
        """Registers an image under `name` and returns its /img/ URL."""
        self.images[name] = make_image(kind, width, height)
        return self.url(f"/img/{name}")

    def page(self, name: str, html: str) -> str:
        """Registers a web page under `name` and returns its /pages/ URL."""
        self.pages[name] = html
        return self.url(f"/pages/{name}")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def gate(self, name: str) -> threading.Event:
        with self._lock:
            return self._gates.setdefault(name, threading.Event())

    def release(self, name: str) -> None:
        """Lets the held /slow/<name> and /stall/<name> requests (and later ones) finish."""
        self.gate(name).set()

    def fix(self, path: str) -> None:
        """Makes a /flaky/ path answer with its image from now on."""
        with self._lock:
            self.fixed.add(path)

    def request_count(self, path: str) -> int:
        with self._lock:
            return sum(1 for seen in self.requests if seen == path)

    # -- lifecycle

    def start(self) -> OtherSite:
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, format: str, *args) -> None:  # noqa: A002 - quiet
                pass

            def do_GET(self) -> None:  # noqa: N802
                path = self.path.split("?", 1)[0]
                with site._lock:
                    site.requests.append(path)
                # The gallery server may go away while it is answered (restart tests).
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    site._answer(self, path)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="other-site", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        with self._lock:
            gates = list(self._gates.values())
        for gate in gates:
            gate.set()
        if self._httpd:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    # -- routes

    def _answer(self, handler: BaseHTTPRequestHandler, path: str) -> None:
        def send(status: int, body: bytes, content_type: str) -> None:
            handler.send_response(status)
            handler.send_header("Content-Type", content_type)
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body)

        def not_found() -> None:
            send(404, b"not found", "text/plain")

        if path == "/missing.png":
            return not_found()
        if path == "/text.txt":
            return send(200, b"hello", "text/plain")
        if path == "/page.html":
            names = sorted(self.images)
            imgs = "".join(f'<img src="/img/{name}" alt="{name}">' for name in names)
            return send(200, f"<!doctype html><title>Other site</title>{imgs}".encode(), "text/html; charset=utf-8")
        if path.startswith("/pages/") and path[len("/pages/"):] in self.pages:
            return send(200, self.pages[path[len("/pages/"):]].encode(), "text/html; charset=utf-8")
        match = re.fullmatch(r"/(img|slow|stall|flaky)/([^/]+)", path)
        if not match or match.group(2) not in self.images:
            return not_found()
        route, name = match.groups()
        body, mime = self.images[name]
        if route == "img":
            return send(200, body, mime)
        if route == "flaky":
            with self._lock:
                fixed = path in self.fixed
            return send(200, body, mime) if fixed else not_found()
        gate = self.gate(name)
        if route == "stall":
            gate.wait(self.GATE_PATIENCE)
            return send(200, body, mime)
        # slow: headers and half the body now, the rest once released
        handler.send_response(200)
        handler.send_header("Content-Type", mime)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        half = len(body) // 2
        handler.wfile.write(body[:half])
        handler.wfile.flush()
        gate.wait(self.GATE_PATIENCE)
        handler.wfile.write(body[half:])


# --------------------------------------------------------------------------------------------------------------------
# The gallery server


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
        return None


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_NO_REDIRECT_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class JSONClient:
    """The JSON API as a test uses it to set things up and check them. Every change (POST, PUT, PATCH, DELETE) carries
    `Content-Type: application/json` and a body (`{}` when there is nothing to send), as the server requires; a
    subclass adds headers (a signed-in client's CSRF token) and its own opener (its cookies)."""

    base_url: str
    opener = _OPENER

    def extra_headers(self) -> dict:
        return {}

    def received(self, headers) -> None:
        """Sees the headers of every answer (a signed-in client keeps its cookie)."""

    def request(self, method: str, path: str, body: dict | None = None, *,
                headers: dict | None = None, timeout: float = 10) -> tuple[int, object]:
        if body is None and method in UNSAFE_METHODS:
            body = {}
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{self.base_url}{path}", data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in {**self.extra_headers(), **(headers or {})}.items():
            request.add_header(name, value)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                self.received(response.headers)
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            self.received(error.headers)
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, raw.decode(errors="replace")

    def api(self, method: str, path: str, body: dict | None = None) -> object:
        status, payload = self.request(method, path, body)
        assert 200 <= status < 300, f"{method} {path} answered {status}: {payload}"
        return payload

    def gallery(self, gallery_id: str) -> dict:
        return self.api("GET", f"/api/galleries/{gallery_id}")

    def items(self, gallery_id: str) -> list[dict]:
        return self.api("GET", f"/api/galleries/{gallery_id}/items?limit=500")["items"]

    def drop_uris(self, gallery_id: str, urls: Iterable[str]) -> list[dict]:
        """Adds items through the API (for setting up a gallery), at the end."""
        payload = {"payload": {"uriList": "\r\n".join(urls)}}
        return self.api("POST", f"/api/galleries/{gallery_id}/drops", payload)["items"]

    def wait_settled(self, gallery_id: str, count: int, timeout: float = 15.0) -> list[dict]:
        """Waits until the gallery has `count` items and none is pending."""

        def settled():
            items = self.items(gallery_id)
            return items if len(items) == count and all(i["state"] != "pending" for i in items) else None

        return wait_until(settled, timeout=timeout, message=f"{count} settled items")


class GalleryServer(JSONClient):
    """One `image-gallery serve` process on 127.0.0.1, with its data folder; can be stopped and started again.

    Without `auth` it runs with `--no-auth` (every request acts as the owner: the tests of everything but signing in
    and sharing); with `auth` people sign in (auth_helpers.py sets up the owner and adds users)."""

    def __init__(self, binary: Path, data_dir: Path, log_path: Path, *,
                 fetch_allow: Iterable[str] = ("127.0.0.0/8",), extra_args: Iterable[str] = (),
                 auth: bool = False) -> None:
        self.binary = binary
        self.data_dir = data_dir
        self.log_path = log_path
        self.fetch_allow = list(fetch_allow)
        self.extra_args = list(extra_args)
        self.auth = auth
        self.port: int | None = None
        self.process: subprocess.Popen | None = None
        self._log = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        allow = [arg for cidr in self.fetch_allow for arg in ("--fetch-allow", cidr)]
        return [str(self.binary), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--data", str(self.data_dir), *allow, *([] if self.auth else ["--no-auth"]), *self.extra_args]

    def start(self, port: int | None = None) -> GalleryServer:
        """Starts the server; only its own options decide what it may fetch (IMAGE_GALLERY_FETCH_ALLOW and proxy
        variables are removed from its environment)."""
        assert self.process is None, "already running"
        self.port = port or self.port or free_port()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - kept open for the server's output; stop() closes it
        self._log.write(f"\n=== start on port {self.port}: {' '.join(self.command()[1:])} ===\n".encode())
        self._log.flush()
        env = {key: value for key, value in os.environ.items()
               if key != "IMAGE_GALLERY_FETCH_ALLOW" and "proxy" not in key.lower()}
        # The page of this checkout, whichever checkout the binary was built in.
        env.setdefault("IMAGE_GALLERY_WEB_ROOT", str(REPO_ROOT / "Web"))
        self.process = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, stdout=self._log,
                                        stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                code = self.process.returncode
                self.process = None
                raise RuntimeError(f"image-gallery exited with {code} at start:\n{self.log_tail()}")
            try:
                with _OPENER.open(f"{self.base_url}/api/galleries", timeout=2) as response:
                    if response.status == 200:
                        break
            except urllib.error.HTTPError as error:
                if error.code == 401 and self.auth:
                    break  # up, and asking for sign-in
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"image-gallery did not answer within 30 s:\n{self.log_tail()}")
            time.sleep(0.05)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        process, self.process = self.process, None
        stop_process(process, timeout)
        if self._log:
            self._log.close()
            self._log = None

    def restart(self, port: int | None = None) -> None:
        """Stops the process and starts a new one on the same data folder (and the same port unless given)."""
        self.stop()
        self.start(port or self.port)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    # -- the JSON API (JSONClient), and

    def open_gallery_id(self) -> str:
        """The gallery `/` redirects to (the first start creates "My Gallery")."""
        try:
            _NO_REDIRECT_OPENER.open(f"{self.base_url}/", timeout=10)
        except urllib.error.HTTPError as error:
            location = error.headers.get("Location", "")
            match = re.search(r"/g/([^/?#]+)", location)
            assert error.code in (301, 302, 303, 307) and match, f"/ answered {error.code} Location={location!r}"
            return match.group(1)
        raise AssertionError("/ did not redirect to a gallery")


# --------------------------------------------------------------------------------------------------------------------
# The page


@dataclass
class DropFile:
    """A file carried by a simulated drop."""

    name: str
    data: bytes
    type: str


ITEM = '[role="row"]'

_POINT_JS = """
(at) => {
  const gallery = document.querySelector('#gallery');
  if (!gallery) throw new Error('no #gallery element on the page');
  const items = [...gallery.querySelectorAll('[role="row"]')];
  const g = gallery.getBoundingClientRect();
  const visible = {
    left: Math.max(g.left, 0), top: Math.max(g.top, 0),
    right: Math.min(g.right, window.innerWidth), bottom: Math.min(g.bottom, window.innerHeight),
  };
  if (at !== null && at < items.length) {
    items[at].scrollIntoView({block: 'nearest'});
    const r = items[at].getBoundingClientRect();
    return {x: r.left + 2, y: r.top + r.height / 2};
  }
  if (items.length === 0) {
    return {x: (visible.left + visible.right) / 2, y: (visible.top + visible.bottom) / 2};
  }
  const last = items[items.length - 1];
  last.scrollIntoView({block: 'nearest'});
  const r = last.getBoundingClientRect();
  const x = Math.max(r.right - 2, visible.right - 30);
  const below = r.bottom + 8;
  return below < visible.bottom - 4 ? {x, y: below} : {x, y: r.top + r.height / 2};
}
"""

_DRAG_JS = """
async ({files, data, point, events}) => {
  const gallery = document.querySelector('#gallery');
  const dt = new DataTransfer();
  for (const [type, value] of data) dt.setData(type, value);
  for (const f of files) {
    const raw = atob(f.b64);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    dt.items.add(new File([bytes], f.name, {type: f.type}));
  }
  let target;
  if (events[0] === 'dragleave' && window.__galleryTestDragTarget && window.__galleryTestDragTarget.isConnected) {
    target = window.__galleryTestDragTarget;  // a drag leaves from where it last was
  } else {
    target = document.elementFromPoint(point.x, point.y);
    if (!target || !gallery.contains(target)) target = gallery;
  }
  window.__galleryTestDragTarget = target;
  const cancelled = {};
  for (const type of events) {
    const event = new DragEvent(type, {
      bubbles: true, cancelable: true, composed: true, dataTransfer: dt,
      clientX: point.x, clientY: point.y, screenX: point.x, screenY: point.y,
    });
    const notCancelled = target.dispatchEvent(event);
    cancelled[type] = !notCancelled;
    // let the page react between events, as between a real drag's events
    await new Promise(resolve => requestAnimationFrame(() => resolve()));
  }
  return {cancelled, target: target.tagName + (target.id ? '#' + target.id : ''),
          active: gallery.getAttribute('data-drop-active')};
}
"""


def drop_point(page, at: int | None = None) -> dict:
    """Client coordinates for dropping before item `at` (left edge + 2 px, vertical centre), or at the end, measured
    once no tile is moving (a tile sliding into place would give a point the page does not place the drop by)."""
    wait_tiles_still(page)
    return page.evaluate(_POINT_JS, at)


def _drag_data(uri_list, html, text, extra) -> list[list[str]]:
    data = []
    if uri_list is not None:
        data.append(["text/uri-list", uri_list])
    if html is not None:
        data.append(["text/html", html])
    if text is not None:
        data.append(["text/plain", text])
    for type_, value in (extra or {}).items():
        data.append([type_, value])
    return data


def drag(page, events: Iterable[str], *, files: Iterable[DropFile] = (), uri_list: str | None = None,
         html: str | None = None, text: str | None = None, extra: dict | None = None,
         at: int | None = None) -> dict:
    """Dispatches the given drag events (e.g. dragenter, dragover) carrying this data, at the point for `at`.

    The events go to the element under that point inside #gallery (as a real drag's would) and bubble to #gallery.
    Returns {"cancelled": {event: defaultPrevented}, "target": ..., "active": data-drop-active after the events}.
    """
    point = drop_point(page, at)
    encoded = [{"name": f.name, "type": f.type, "b64": base64.b64encode(f.data).decode("ascii")} for f in files]
    return page.evaluate(_DRAG_JS, {"files": encoded, "data": _drag_data(uri_list, html, text, extra),
                                    "point": point, "events": list(events)})


def drop(page, *, files: Iterable[DropFile] = (), uri_list: str | None = None, html: str | None = None,
         text: str | None = None, at: int | None = None, extra: dict | None = None) -> dict:
    """Simulates an external drop onto the gallery: dragenter, dragover, drop, before item `at` (else at the end).

    Checks what a real browser needs for the drop to happen and not navigate away: the page cancels dragover (else
    the browser would refuse the drop) and cancels drop (else the browser would open the dropped file or link).
    """
    result = drag(page, ["dragenter", "dragover", "drop"], files=files, uri_list=uri_list, html=html, text=text,
                  extra=extra, at=at)
    assert result["cancelled"]["dragover"], (
        f"the page did not call preventDefault() on dragover (target {result['target']}): "
        "a real browser would not allow this drop")
    assert result["cancelled"]["drop"], (
        f"the page did not call preventDefault() on drop (target {result['target']}): "
        "a real browser would navigate to the dropped data")
    return result


def uri_list(*urls: str, comment: str | None = "dragged from the other site") -> str:
    """A text/uri-list as browsers write it: CRLF line ends, optionally a leading # comment line."""
    lines = ([f"# {comment}"] if comment else []) + list(urls)
    return "\r\n".join(lines) + "\r\n"


def boxes(locator) -> list[dict]:
    """Bounding boxes ({x, y, width, height}) of every element the locator matches, in DOM order."""
    return locator.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {x: r.left, y: r.top, width: r.width, height: r.height}; })")


def wait_images_loaded(page, count: int) -> None:
    """Waits until the gallery shows `count` ready items whose <img> elements have all loaded (naturalWidth > 0)."""
    page.wait_for_function(
        """(count) => {
          const imgs = [...document.querySelectorAll('#gallery [role="row"][data-state="ready"] img')];
          return imgs.length === count && imgs.every(i => i.complete && i.naturalWidth > 0);
        }""",
        arg=count)


# --------------------------------------------------------------------------------------------------------------------
# Checks on the page (Playwright is imported lazily: conftest imports this module before checking it is installed)

GALLERY_ITEMS = f"#gallery {ITEM}"


def announced(page):
    """The page's polite live region: what a screen reader hears of the person's own actions and of news."""
    return page.locator('[aria-live="polite"]')


def items(page):
    """All rendered gallery items, in DOM order."""
    return page.locator(GALLERY_ITEMS)


def item_by_id(page, item_id: str):
    return page.locator(f'{GALLERY_ITEMS}[data-item-id="{item_id}"]')


def open_more_menu(page):
    """Opens the More menu of the first pane's toolbar (Open Beside…, Share…, Save Search…) as a person does, with its
    button; returns the menu."""
    from playwright.sync_api import expect

    first_pane = page.locator(".pane").first
    first_pane.get_by_role("button", name="More", exact=True).click()
    menu = first_pane.get_by_role("menu", name="More")
    expect(menu).to_be_visible()
    return menu


def more_menu_entry(page, name: str):
    """The entry `name` of the first pane's More menu, opened as a person does."""
    return open_more_menu(page).get_by_role("menuitem", name=name)


def sign_out_entry(page):
    """The Sign out entry of the header's account menu (the button with the person's name), opened as a person does."""
    from playwright.sync_api import expect

    page.locator(".app-header .account-button").click()
    menu = page.get_by_role("menu", name="Account")
    expect(menu).to_be_visible()
    return menu.get_by_role("menuitem", name="Sign out")


def open_menu_with_button(page, item: dict):
    """Opens the item menu of `item` (a stored item) with its Actions button; returns the menu."""
    from playwright.sync_api import expect

    tile = item_by_id(page, item["id"])
    tile.hover()
    tile.get_by_role("button", name=f"Actions for {item['title']}").click()
    menu = page.get_by_role("menu")
    expect(menu).to_be_visible()
    return menu


def dom_item_ids(page) -> list[str]:
    return items(page).evaluate_all("els => els.map(e => e.getAttribute('data-item-id'))")


def dom_snapshot(page) -> list[tuple[str, str]]:
    """(data-item-id, data-state) of every rendered item, in DOM order."""
    return [tuple(pair) for pair in items(page).evaluate_all(
        "els => els.map(e => [e.getAttribute('data-item-id'), e.getAttribute('data-state')])")]


def expect_snapshot(page, snapshot: list[tuple[str, str]]) -> None:
    """Waits until the page shows exactly these items, in this order, in these states."""
    from playwright.sync_api import expect

    expect(items(page)).to_have_count(len(snapshot))
    for index, (item_id, state) in enumerate(snapshot):
        expect(items(page).nth(index)).to_have_attribute("data-item-id", item_id)
        expect(items(page).nth(index)).to_have_attribute("data-state", state)


def expect_ready_image(page, server: GalleryServer, item_id: str, width: int, height: int) -> None:
    """The item shows its stored image: ready, an <img> with alt text whose src is the item's /media/ URL on our
    server, loaded, and rendered at the image's aspect ratio (within 2 %)."""
    from playwright.sync_api import expect

    item = item_by_id(page, item_id)
    expect(item).to_have_attribute("data-state", "ready")
    api_item = server.api("GET", f"/api/items/{item_id}")
    assert (api_item["width"], api_item["height"]) == (width, height), f"stored size of {api_item}"
    img = item.locator("img").first
    expect(img).to_have_attribute("alt", re.compile(r"\S"))
    src = img.evaluate("i => i.src")
    expected = f"{server.base_url}{api_item['imageURL']}"
    assert api_item["imageURL"].startswith("/media/"), api_item
    assert src == expected, f"img src {src!r}, expected the item's image {expected!r}"
    selector = f'{GALLERY_ITEMS}[data-item-id="{item_id}"] img'
    page.wait_for_function(
        "sel => { const i = document.querySelector(sel); return !!i && i.complete && i.naturalWidth > 0; }",
        arg=selector)
    natural, current, srcset = img.evaluate("i => [[i.naturalWidth, i.naturalHeight], i.currentSrc, i.srcset]")
    if srcset:
        # With thumbnails the browser picks one candidate (the original among them) and sizes it by `sizes`, so the
        # natural size only keeps the aspect ratio.
        candidates = [f"{server.base_url}{t['url']}" for t in api_item.get("thumbnails", [])] + [expected]
        assert current in candidates, f"the image shows {current!r}, not one of {candidates!r}"
        assert abs(natural[0] / natural[1] - width / height) <= 0.02 * width / height, (
            f"the loaded image is {natural}, not at the ratio of {[width, height]}")
    else:
        assert natural == [width, height], f"the loaded image is {natural}, expected {[width, height]}"
    box = img.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0, f"the image is not rendered: {box}"
    rendered, expected_ratio = box["width"] / box["height"], width / height
    assert abs(rendered - expected_ratio) / expected_ratio <= 0.02, (
        f"the image is rendered {box['width']:.1f}x{box['height']:.1f} (ratio {rendered:.3f}), "
        f"its own ratio is {width}x{height} ({expected_ratio:.3f})")


def expect_failed_tile(page, item_id: str, reason: str, *, retry: bool) -> None:
    """The item is a failed tile: square, showing `reason`, with a Remove button and (if `retry`) a Retry button."""
    from playwright.sync_api import expect

    item = item_by_id(page, item_id)
    expect(item).to_have_attribute("data-state", "failed")
    expect(item).to_contain_text(reason)
    expect(item.get_by_role("button", name="Remove")).to_be_visible()
    if retry:
        expect(item.get_by_role("button", name="Retry")).to_be_visible()
    else:
        expect(item.get_by_role("button", name="Retry")).to_have_count(0)
    box = item.bounding_box()
    assert box and abs(box["width"] - box["height"]) <= 2, f"the failed tile is not square: {box}"
    # However small the tile and long the reason, its buttons lie inside it, where they can be seen and pressed
    # (measured in one frame: a tile sliding into place carries its buttons along).
    outside = item.evaluate("""tile => {
        const box = tile.getBoundingClientRect();
        return [...tile.querySelectorAll("button")].filter((button) => button.offsetParent !== null)
          .map((button) => button.getBoundingClientRect())
          .filter((inner) => inner.left < box.left - 0.5 || inner.right > box.right + 0.5
            || inner.top < box.top - 0.5 || inner.bottom > box.bottom + 0.5)
          .map((inner) => [inner.left, inner.top, inner.width, inner.height, box.left, box.top, box.width]);
    }""")
    assert not outside, f"a button of the failed tile lies outside it (x, y, width, height; tile x, y, side): {outside}"


ROWS_JS = """
() => {
  // The ready items grouped into rows (by top), with the pane's width and the gutter, as the page draws them.
  const list = document.querySelector('#gallery [role="grid"]');
  const els = [...document.querySelectorAll('#gallery [role="row"][data-state="ready"]')];
  const pane = list.getBoundingClientRect();
  const gutter = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--gutter')) || 8;
  const rows = [];
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const box = {x: r.left - pane.left, y: r.top - pane.top, width: r.width, height: r.height};
    const row = rows.find(row => Math.abs(row[0].y - box.y) <= 2);
    if (row) row.push(box); else rows.push([box]);
  }
  rows.sort((a, b) => a[0].y - b[0].y);
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return {paneWidth: pane.width, gutter, rows};
}
"""

LAYOUT_JS = """
(n) => {
  const {paneWidth: W, gutter: g, rows} = (ROWS_JS)();
  if (rows.length === 0) return false;
  const target = (W - g * (n - 1)) / n;  // the height n square items have when they fill a row
  const atTarget = (row) => row.reduce((sum, b) => sum + b.width / b.height * target, 0) + g * (row.length - 1);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i], last = row[row.length - 1];
    if (row.some(b => Math.abs(b.height - row[0].height) > 1)) return false;             // one height per row
    const full = Math.abs(row[0].x) <= 1 && Math.abs(last.x + last.width - W) <= 1.5;   // spans the pane's width
    if (i < rows.length - 1) {
      if (!full) return false;
      // The row holds the items that reach the pane's edge at the target height: without its last item it would
      // fall short, with the next row's first item it would reach the edge.
      if (row.length > 1 && atTarget(row.slice(0, -1)) >= W + 1) return false;
      if (atTarget([...row, rows[i + 1][0]]) < W - 1) return false;
    } else if (!full && (Math.abs(row[0].height - target) > 1 || Math.abs(row[0].x) > 1)) {
      return false;                                         // a last row short of the edge keeps the target height
    }
  }
  return true;
}
""".replace("ROWS_JS", ROWS_JS.strip())


def expect_per_row(page, n: int, timeout: float = 10_000) -> None:
    """Waits until the ready items are laid out in justified rows for a target of n per row: every row but the last
    spans the pane's width with one height for its items, and breaks where its items reach the pane's edge at the
    target height (the height of n square items filling a row); a last row short of the edge keeps that height.
    (With items of one aspect ratio that is exactly n to a row for squares.)"""
    try:
        page.wait_for_function(LAYOUT_JS, arg=n, timeout=timeout)
    except Exception as error:  # noqa: BLE001 - replaced by a readable message
        layout = page.evaluate(ROWS_JS)
        rows = [[(round(b["x"]), round(b["width"]), round(b["height"])) for b in row] for row in layout["rows"]]
        raise AssertionError(f"the items are not laid out in justified rows for {n} per row in a pane "
                             f"{layout['paneWidth']:.0f} px wide; (x, w, h) of the ready items by row: "
                             f"{rows}") from error


def pump_until(page, predicate: Callable[[], object], timeout: float = 10.0, message: str = "condition") -> None:
    """Lets Playwright deliver its events (route handlers) until `predicate` holds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {message}")
        page.wait_for_timeout(25)


def expect_items_as_stored(page, server: GalleryServer, count: int) -> list[dict]:
    """Waits until the server has `count` items in the gallery and the page shows exactly those, in the same order
    (a page may show a placeholder under a provisional id until the server has answered the drop); returns them."""
    from playwright.sync_api import expect

    stored = wait_until(lambda: (lambda found: found if len(found) == count else None)(server.items(server.gallery_id)),
                        message=f"{count} items on the server")
    expect(items(page)).to_have_count(count)
    for index, item in enumerate(stored):
        expect(items(page).nth(index)).to_have_attribute("data-item-id", item["id"])
    return stored


# --------------------------------------------------------------------------------------------------------------------
# Galleries with items in them, the order, and drags that start inside the page (reorder, trash, drag out)

LOCAL_TYPE = "application/x-image-gallery+json"


def seed_gallery(page, server: GalleryServer, other_site: OtherSite, count: int, prefix: str = "img") -> list[dict]:
    """Puts `count` ready images (titles f"{prefix}{i}.png", all 4:3) in the gallery through the API, reloads the page
    and waits until it shows them all, loaded, in the stored order; returns the stored items."""
    urls = [other_site.image(f"{prefix}{i}.png", 120 + 4 * i, 90 + 3 * i) for i in range(count)]
    server.drop_uris(server.gallery_id, urls)
    stored = server.wait_settled(server.gallery_id, count)
    assert [i["state"] for i in stored] == ["ready"] * count, stored
    assert [i["sourceURL"] for i in stored] == urls, "the API did not keep the order of the dropped links"
    page.reload()
    wait_images_loaded(page, count)
    expect_order(page, server, [i["id"] for i in stored])
    wait_tiles_still(page)
    return stored


def api_ids(server: GalleryServer) -> list[str]:
    """Ids of the live items of the gallery, in gallery order, as the API lists them."""
    return [i["id"] for i in server.items(server.gallery_id)]


def trash_ids(server: GalleryServer) -> list[str]:
    return [i["id"] for i in server.api("GET", f"/api/galleries/{server.gallery_id}/trash")["items"]]


def expect_order(page, server: GalleryServer, ids: list[str], *, names: dict | None = None) -> None:
    """Waits until the API and the page both list exactly `ids`, in this order (`names` maps ids to readable names
    for the failure message)."""
    label = (lambda seq: [names.get(i, i) for i in seq]) if names else (lambda seq: seq)
    try:
        wait_until(lambda: api_ids(server) == ids, message="the order in the API")
    except AssertionError as error:
        raise AssertionError(f"the API lists {label(api_ids(server))}, expected {label(ids)}") from error
    try:
        page.wait_for_function(
            """(ids) => {
              const now = [...document.querySelectorAll('#gallery [role="row"]')].map(e => e.dataset.itemId);
              return now.length === ids.length && now.every((id, i) => id === ids[i]);
            }""", arg=ids, timeout=10_000)
    except Exception as error:  # noqa: BLE001 - replaced by a readable message
        raise AssertionError(f"the page shows {label(dom_item_ids(page))}, expected {label(ids)}") from error


def wait_tiles_still(page) -> None:
    """Waits until no tile is moving (their transform/size transitions have finished), so positions can be measured."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('#gallery [role="row"]')]
                 .every(t => t.getAnimations().every(a => a.playState !== 'running'))""")


def item_titles(stored: list[dict]) -> dict:
    return {i["id"]: i["title"] for i in stored}


_LOCAL_DRAG_START_JS = """
async (sourceId) => {
  const source = document.querySelector(`#gallery [role="row"][data-item-id="${sourceId}"]`);
  if (!source) throw new Error('no tile for ' + sourceId);
  const dt = new DataTransfer();
  const r = source.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const event = new DragEvent('dragstart', {bubbles: true, cancelable: true, composed: true, dataTransfer: dt,
                                            clientX: x, clientY: y, screenX: x, screenY: y});
  const notCancelled = source.dispatchEvent(event);
  window.__galleryTestLocalDrag = {dt, source};
  await new Promise(resolve => requestAnimationFrame(() => resolve()));
  const data = {};
  for (const type of dt.types) data[type] = dt.getData(type);
  return {cancelled: !notCancelled, types: [...dt.types], data};
}
"""

_LOCAL_DRAG_EVENTS_JS = """
async ({target, events}) => {
  const drag = window.__galleryTestLocalDrag;
  if (!drag) throw new Error('no local drag started');
  let element, x, y;
  if (target.selector) {
    element = document.querySelector(target.selector);
    if (!element) throw new Error('nothing matches ' + target.selector);
    const r = element.getBoundingClientRect();
    x = r.left + r.width / 2; y = r.top + r.height / 2;
  } else {
    element = document.querySelector('#gallery');
    const tile = document.querySelector(`#gallery [role="row"][data-item-id="${target.itemId}"]`);
    if (!tile) throw new Error('no tile for ' + target.itemId);
    const r = tile.getBoundingClientRect();
    x = target.side === 'after' ? r.right - 5 : r.left + 5;
    y = r.top + r.height / 2;
  }
  const cancelled = {};
  for (const type of events) {
    const event = new DragEvent(type, {bubbles: true, cancelable: true, composed: true, dataTransfer: drag.dt,
                                       clientX: x, clientY: y, screenX: x, screenY: y});
    cancelled[type] = !element.dispatchEvent(event);
    await new Promise(resolve => requestAnimationFrame(() => resolve()));
  }
  return {cancelled};
}
"""

_LOCAL_DRAG_END_JS = """
async () => {
  const drag = window.__galleryTestLocalDrag;
  if (!drag) return;
  delete window.__galleryTestLocalDrag;
  drag.source.dispatchEvent(new DragEvent('dragend', {bubbles: true, cancelable: false, composed: true,
                                                      dataTransfer: drag.dt}));
  await new Promise(resolve => requestAnimationFrame(() => resolve()));
}
"""


def start_local_drag(page, item_id: str) -> dict:
    """Starts a synthetic drag of a tile: a `dragstart` on it with a fresh DataTransfer that the page fills.
    Returns {"cancelled", "types", "data"} of that DataTransfer right after dragstart."""
    return page.evaluate(_LOCAL_DRAG_START_JS, item_id)


def local_drag_events(page, events: Iterable[str], *, selector: str | None = None, item_id: str | None = None,
                      side: str = "before") -> dict:
    """Dispatches drag events (same DataTransfer as the started drag) either on the element `selector` (at its centre)
    or on #gallery at the left (`side="before"`) or right (`side="after"`) edge, 5 px in, of the tile `item_id`.
    Returns {"cancelled": {event: defaultPrevented}}."""
    target = {"selector": selector} if selector else {"itemId": item_id, "side": side}
    return page.evaluate(_LOCAL_DRAG_EVENTS_JS, {"target": target, "events": list(events)})


def end_local_drag(page) -> None:
    """Ends the synthetic drag: `dragend` on the source tile."""
    page.evaluate(_LOCAL_DRAG_END_JS)


def synthetic_local_drop(page, item_id: str, *, selector: str | None = None, onto: str | None = None,
                         side: str = "before") -> dict:
    """A whole synthetic local drag: dragstart on the tile, dragenter/dragover/drop on the target, dragend."""
    start_local_drag(page, item_id)
    try:
        return local_drag_events(page, ["dragenter", "dragover", "drop"], selector=selector, item_id=onto, side=side)
    finally:
        end_local_drag(page)


def drag_tile_to(page, source_id: str, target_id: str, side: str = "before") -> None:
    """A real mouse drag (Playwright's drag_to) of one tile onto the left (before) or right (after) half of another,
    5 px in from that edge, vertically centred."""
    wait_tiles_still(page)
    target = item_by_id(page, target_id)
    box = target.bounding_box()
    assert box, f"the tile {target_id} is not rendered"
    x = 5 if side == "before" else box["width"] - 5
    item_by_id(page, source_id).drag_to(target, target_position={"x": x, "y": box["height"] / 2})


# --------------------------------------------------------------------------------------------------------------------
# A gallery server with its own fetch options (the fetch-safety tests)


class ConfiguredGalleryServer(GalleryServer):
    """A GalleryServer started with the given fetch options instead of the default `--fetch-allow 127.0.0.0/8`.

    `fetch_allow` lists the CIDR ranges passed as --fetch-allow (none: loopback and private addresses are refused);
    `extra_args` are appended (e.g. ["--fetch-timeout", "3"]).
    """

    def __init__(self, binary: Path, data_dir: Path, log_path: Path, *, fetch_allow: Iterable[str] = (),
                 extra_args: Iterable[str] = ()) -> None:
        super().__init__(binary, data_dir, log_path, fetch_allow=fetch_allow, extra_args=extra_args)


# ---- Gallery browser helpers ----

GALLERY_BROWSER_PATH = "/galleries"


def open_gallery_browser(page, server: GalleryServer) -> None:
    """Opens the gallery browser and waits until its list of galleries has loaded."""
    from playwright.sync_api import expect

    page.goto(f"{server.base_url}{GALLERY_BROWSER_PATH}")
    expect(gallery_cards(page).first).to_be_attached()
    expect(page.get_by_role("list", name="Galleries")).not_to_have_attribute("aria-busy", "true")


def gallery_cards(page):
    """The cards of the gallery browser, in page order."""
    return page.get_by_role("list", name="Galleries", exact=True).get_by_role("listitem")


def gallery_card(page, name: str):
    """The gallery browser's card whose name (a link) is exactly `name`."""
    return gallery_cards(page).filter(has=page.get_by_role("link", name=name, exact=True))


def fill_gallery(server: GalleryServer, other_site: OtherSite, gallery_id: str, count: int,
                 prefix: str = "img") -> list[dict]:
    """Puts `count` ready images in a gallery through the API (no page involved); returns the stored items."""
    urls = [other_site.image(f"{prefix}{i}.png", 300 + 4 * i, 225 + 3 * i) for i in range(count)]
    server.drop_uris(gallery_id, urls)
    stored = server.wait_settled(gallery_id, count)
    assert [i["state"] for i in stored] == ["ready"] * count, stored
    return stored


def galleries_by_name(server: GalleryServer, *, trashed: bool = False) -> dict:
    """The galleries the API lists (live, or the trash of galleries), by name."""
    path = "/api/galleries?trashed=true" if trashed else "/api/galleries"
    return {gallery["name"]: gallery for gallery in server.api("GET", path)["galleries"]}
