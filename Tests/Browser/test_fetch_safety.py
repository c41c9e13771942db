"""Fetch safety of dropped links, through the HTTP API only (no browser).

* A "canary" TCP listener on 127.0.0.1 (and ::1) counts every connection made to it: the gallery, started without
  --fetch-allow, must refuse every spelling of a loopback/unspecified address before connecting.
* A small "public" site on 127.0.0.2 (the gallery is started with `--fetch-allow 127.0.0.2/32`, so only that loopback
  address is open) redirects to the canary and to file://, serves redirect chains, dribbles bytes, and sends bodies
  larger than --max-image-bytes.
"""

from __future__ import annotations

import re
import socket
import struct
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from helpers import ConfiguredGalleryServer, png, server_binary, wait_until

PUBLIC_HOST = "127.0.0.2"
SETTLE_TIMEOUT = 10.0  # seconds an item may stay pending (fetches of refused addresses should fail at once)


# --------------------------------------------------------------------------------------------------------------------
# The canary: counts every TCP connection made to it


class Canary:
    """Listens on 127.0.0.1:port and (if possible) [::1]:port; records every accepted connection.

    It answers whatever it is asked with a small PNG, so a fetch that gets through shows up as a ready item.
    """

    def __init__(self) -> None:
        self.connections: list[dict] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._listeners: list[socket.socket] = []
        self._threads: list[threading.Thread] = []
        self.port = 0
        self.ipv6 = False
        self.body = png(8, 8)

    def start(self) -> Canary:
        for _ in range(50):
            v4 = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            v4.bind(("127.0.0.1", 0))
            port = v4.getsockname()[1]
            try:
                v6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
            except OSError:
                v6 = None  # no IPv6 at all: the v4 canary alone
            if v6 is not None:
                try:
                    v6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                    v6.bind(("::1", port))
                except OSError as error:
                    v6.close()
                    if getattr(error, "errno", None) == 98:  # EADDRINUSE: try another port
                        v4.close()
                        continue
                    v6 = None  # ::1 cannot be bound here
            break
        else:
            raise RuntimeError("no port free on both 127.0.0.1 and ::1")
        self.port = port
        self.ipv6 = v6 is not None
        for listener in (v4, v6):
            if listener is None:
                continue
            listener.listen(64)
            listener.settimeout(0.1)
            self._listeners.append(listener)
            thread = threading.Thread(target=self._accept_loop, args=(listener,), daemon=True, name="canary")
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(2)
        for listener in self._listeners:
            listener.close()

    def count(self) -> int:
        with self._lock:
            return len(self.connections)

    def since(self, index: int) -> list[dict]:
        with self._lock:
            return [dict(c) for c in self.connections[index:]]

    def _accept_loop(self, listener: socket.socket) -> None:
        while not self._stop.is_set():
            try:
                conn, peer = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            record = {"listener": listener.getsockname()[0], "peer": peer[0], "request": None}
            with self._lock:
                self.connections.append(record)
            threading.Thread(target=self._answer, args=(conn, record), daemon=True).start()

    def _answer(self, conn: socket.socket, record: dict) -> None:
        try:
            conn.settimeout(3)
            head = b""
            while b"\r\n\r\n" not in head and len(head) < 16384:
                data = conn.recv(4096)
                if not data:
                    break
                head += data
            with self._lock:
                record["request"] = head.decode("latin-1", "replace").split("\r\n\r\n")[0]
            conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: image/png\r\nContent-Length: "
                         + str(len(self.body)).encode() + b"\r\nConnection: close\r\n\r\n" + self.body)
        except OSError:
            pass
        finally:
            conn.close()


# --------------------------------------------------------------------------------------------------------------------
# The "public" site on 127.0.0.2


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


BIG_FILLER = 300_000
# A valid PNG signature and IHDR (1000x1000, truecolour), then an IDAT chunk header announcing BIG_FILLER bytes.
BIG_HEAD = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", 1000, 1000, 8, 2, 0, 0, 0))
            + struct.pack(">I", BIG_FILLER) + b"IDAT")
BIG_BODY = BIG_HEAD + bytes(BIG_FILLER)


class PublicSite:
    """A website on 127.0.0.2 (any free port).

    Routes:
      /img.png          a 64x48 PNG
      /to-canary        302 to http://127.0.0.1:<canary>/x.png
      /to-file          302 to file:///etc/passwd
      /chain/<n>        302 to /chain/<n+1>; /chain/6 is the PNG (starting at /chain/0: six redirects)
      /chain5/<n>       302 to /chain5/<n+1>; /chain5/5 is the PNG (starting at /chain5/0: five redirects)
      /dribble          Content-Length 1000, then one byte of a PNG per second
      /big-length       a PNG header + 300,000 bytes, with Content-Length; then holds the connection open
      /big-close        the same without Content-Length (the body ends when the connection closes, which it does not
                        do for a long while)
      /big-chunked      the same with Transfer-Encoding: chunked (no final chunk for a long while)
    """

    HOLD = 20.0  # how long the big routes keep the connection open after the body

    def __init__(self, canary_port: int = 0) -> None:
        self.canary_port = canary_port
        self.image = png(64, 48)
        self.requests: list[str] = []
        self.sent: dict[str, int] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None

    def url(self, path: str) -> str:
        return f"http://{PUBLIC_HOST}:{self.port}{path}"

    def seen(self, path: str) -> int:
        with self._lock:
            return self.requests.count(path)

    def start(self) -> PublicSite:
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args) -> None:  # noqa: A002 - quiet
                pass

            def do_GET(self) -> None:  # noqa: N802
                path = self.path.split("?", 1)[0]
                with site._lock:
                    site.requests.append(path)
                try:
                    site._answer(self, path)
                except (TimeoutError, BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

        self._httpd = ThreadingHTTPServer((PUBLIC_HOST, 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        threading.Thread(target=self._httpd.serve_forever, name="public-site", daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._httpd:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def _count(self, path: str, n: int) -> None:
        with self._lock:
            self.sent[path] = self.sent.get(path, 0) + n

    def _answer(self, h: BaseHTTPRequestHandler, path: str) -> None:
        def head(status: int, headers: dict) -> None:
            h.send_response(status)
            for key, value in headers.items():
                h.send_header(key, value)
            h.send_header("Connection", "close")
            h.end_headers()
            h.wfile.flush()

        def redirect(location: str) -> None:
            head(302, {"Location": location, "Content-Length": "0"})

        def image() -> None:
            head(200, {"Content-Type": "image/png", "Content-Length": str(len(self.image))})
            h.wfile.write(self.image)

        if path == "/img.png":
            return image()
        if path == "/to-canary":
            return redirect(f"http://127.0.0.1:{self.canary_port}/x.png")
        if path == "/to-file":
            return redirect("file:///etc/passwd")
        match = re.fullmatch(r"/(chain|chain5)/(\d+)", path)
        if match:
            route, n = match.group(1), int(match.group(2))
            last = 6 if route == "chain" else 5
            return image() if n >= last else redirect(f"/{route}/{n + 1}")
        if path == "/dribble":
            head(200, {"Content-Type": "image/png", "Content-Length": "1000"})
            body = self.image.ljust(1000, b"\0")
            for i in range(1000):
                if self._stop.wait(1.0):
                    return
                h.wfile.write(body[i:i + 1])
                h.wfile.flush()
                self._count(path, 1)
            return
        if path in ("/big-length", "/big-close", "/big-chunked"):
            headers = {"Content-Type": "image/png"}
            if path == "/big-length":
                headers["Content-Length"] = str(len(BIG_BODY))
            if path == "/big-chunked":
                headers["Transfer-Encoding"] = "chunked"
            head(200, headers)
            step = 16384
            for start in range(0, len(BIG_BODY), step):
                piece = BIG_BODY[start:start + step]
                if path == "/big-chunked":
                    h.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                else:
                    h.wfile.write(piece)
                self._count(path, len(piece))
            h.wfile.flush()
            # Hold the connection open: a fetcher that only checks the size once the body has ended would wait here.
            self._stop.wait(self.HOLD)
            return
        head(404, {"Content-Type": "text/plain", "Content-Length": "9"})
        h.wfile.write(b"not found")


# --------------------------------------------------------------------------------------------------------------------
# Fixtures and API helpers


def _start_gallery(tmp_path, name: str, *, fetch_allow=(), extra_args=()) -> ConfiguredGalleryServer:
    folder = tmp_path / name
    server = ConfiguredGalleryServer(server_binary(), folder / "data", folder / "server.log",
                                     fetch_allow=fetch_allow, extra_args=extra_args)
    server.start()
    server.gallery_id = server.open_gallery_id()
    return server


def _stop_gallery(server: ConfiguredGalleryServer) -> None:
    server.stop()
    # Shown by pytest only when the test failed.
    print(f"\n--- server log ({server.log_path}) ---\n{server.log_tail()}")


@pytest.fixture(scope="module")
def canary():
    c = Canary().start()
    yield c
    c.stop()


@pytest.fixture(scope="module")
def refusing_gallery(tmp_path_factory):
    """A gallery started without --fetch-allow: loopback and private addresses are refused."""
    server = _start_gallery(tmp_path_factory.mktemp("refusing"), "gallery")
    yield server
    _stop_gallery(server)


@pytest.fixture
def public_site(canary):
    site = PublicSite(canary.port).start()
    yield site
    site.stop()


@pytest.fixture
def make_gallery(tmp_path):
    """Starts gallery servers with the given options on fresh data folders; stops them after the test."""
    started: list[ConfiguredGalleryServer] = []

    def make(*, fetch_allow=(), extra_args=()) -> ConfiguredGalleryServer:
        server = _start_gallery(tmp_path, f"gallery{len(started)}", fetch_allow=fetch_allow, extra_args=extra_args)
        started.append(server)
        return server

    yield make
    for server in started:
        _stop_gallery(server)


def drop_url(server: ConfiguredGalleryServer, url: str) -> dict:
    """Drops one link through the API; returns the created (pending) item."""
    status, payload = server.request("POST", f"/api/galleries/{server.gallery_id}/drops",
                                     {"payload": {"uriList": url}})
    assert status == 201, f"dropping {url!r} answered {status}: {payload}"
    created = payload["items"]
    assert len(created) == 1, f"dropping {url!r} created {created}"
    return created[0]


def settle(server: ConfiguredGalleryServer, item_id: str, timeout: float = SETTLE_TIMEOUT) -> dict:
    """Polls GET /api/items/{id} until the item is no longer pending; returns it."""
    last: dict = {}

    def done():
        last.update(server.api("GET", f"/api/items/{item_id}"))
        return last if last.get("state") != "pending" else None

    try:
        return wait_until(done, timeout=timeout, message=f"item {item_id} to leave the pending state")
    except AssertionError as error:
        raise AssertionError(f"{error}; the item is still {last}") from None


def fetch_result(server: ConfiguredGalleryServer, url: str, timeout: float = SETTLE_TIMEOUT) -> dict:
    return settle(server, drop_url(server, url)["id"], timeout)


def describe(item: dict) -> str:
    return f"state={item.get('state')!r} failure={item.get('failure')!r}"


# --------------------------------------------------------------------------------------------------------------------
# 1. Spellings of loopback/unspecified addresses: refused before any connection


LOOPBACK_SPELLINGS = [
    "http://127.0.0.1:{port}/x.png",
    "http://127.1:{port}/x.png",
    "http://2130706433:{port}/x.png",
    "http://0x7f000001:{port}/x.png",
    "http://0177.0.0.1:{port}/x.png",
    "http://[::1]:{port}/x.png",
    "http://[::ffff:127.0.0.1]:{port}/x.png",
    "http://localhost:{port}/x.png",
    "http://0.0.0.0:{port}/x.png",
]

# More spellings beyond the brief (names from /etc/hosts, trailing dots, case, other forms of the same addresses).
EXTRA_SPELLINGS = [
    "http://localhost.:{port}/x.png",
    "http://LOCALHOST:{port}/x.png",
    "http://127.0.0.1.:{port}/x.png",
    "http://0:{port}/x.png",
    "http://[::]:{port}/x.png",
    "http://[0:0:0:0:0:0:0:1]:{port}/x.png",
    "http://[::ffff:7f00:1]:{port}/x.png",
    "http://127.000.000.001:{port}/x.png",
    "http://0x7f.0.0.1:{port}/x.png",
    "http://%31%32%37.0.0.1:{port}/x.png",
    "http://user@127.0.0.1:{port}/x.png",
] + [f"http://{name}:{{port}}/x.png" for name in ("vm", "runsc")
     if any(line.split()[1:].count(name)
            for line in Path("/etc/hosts").read_text().splitlines() if line.strip() and not line.startswith("#"))]


def _check_refused(refusing_gallery, canary, spelling: str, accepted_codes: tuple[str, ...]) -> None:
    url = spelling.format(port=canary.port)
    before = canary.count()
    item = fetch_result(refusing_gallery, url)
    time.sleep(0.3)  # a connection the fetcher made just before failing has been accepted by now
    connections = canary.since(before)
    assert not connections, (
        f"{url}: the gallery CONNECTED to the canary ({len(connections)} connection(s): {connections}); "
        f"the item ended {describe(item)}")
    assert item["state"] == "failed", f"{url}: expected a failed item, got {describe(item)}"
    failure = item.get("failure") or {}
    assert failure.get("code") in accepted_codes, (
        f"{url}: failed with {failure!r} (no connection was made), expected code in {accepted_codes}")
    if failure.get("code") == "address-not-allowed":
        assert failure.get("message") == "Address not allowed", failure


def test_canary_listens(canary):
    """The canary itself counts connections (so that zero below means something)."""
    before = canary.count()
    with socket.create_connection(("127.0.0.1", canary.port), timeout=2) as sock:
        sock.sendall(b"GET /probe HTTP/1.0\r\nHost: canary\r\n\r\n")
        assert sock.recv(64).startswith(b"HTTP/1.0 200")
    wait_until(lambda: canary.count() == before + 1, timeout=2, message="the canary to count the probe")
    if canary.ipv6:
        with socket.create_connection(("::1", canary.port), timeout=2):
            pass
        wait_until(lambda: canary.count() == before + 2, timeout=2, message="the v6 canary to count the probe")


@pytest.mark.parametrize("spelling", LOOPBACK_SPELLINGS)
def test_loopback_spelling_is_refused_without_connecting(refusing_gallery, canary, spelling):
    _check_refused(refusing_gallery, canary, spelling, ("address-not-allowed",))


@pytest.mark.parametrize("spelling", EXTRA_SPELLINGS)
def test_more_loopback_spellings_never_connect(refusing_gallery, canary, spelling):
    """Beyond the brief: any failure without a connection is acceptable here (the code is reported on failure)."""
    _check_refused(refusing_gallery, canary, spelling,
                   ("address-not-allowed", "invalid-url", "host-not-found"))


def test_public_site_address_is_refused_without_fetch_allow(refusing_gallery, public_site):
    """127.0.0.2 is loopback too: without --fetch-allow the public site gets no request."""
    item = fetch_result(refusing_gallery, public_site.url("/img.png"))
    assert (item["state"], (item.get("failure") or {}).get("code")) == ("failed", "address-not-allowed"), describe(item)
    assert public_site.seen("/img.png") == 0


# --------------------------------------------------------------------------------------------------------------------
# 2. Redirects (the gallery may fetch from 127.0.0.2 only)


@pytest.fixture
def allowing_gallery(make_gallery):
    return make_gallery(fetch_allow=[f"{PUBLIC_HOST}/32"])


def test_public_site_is_fetched_when_allowed(allowing_gallery, public_site):
    item = fetch_result(allowing_gallery, public_site.url("/img.png"))
    assert item["state"] == "ready", describe(item)
    assert (item["width"], item["height"]) == (64, 48)


def test_redirect_to_loopback_is_refused_without_connecting(allowing_gallery, public_site, canary):
    before = canary.count()
    item = fetch_result(allowing_gallery, public_site.url("/to-canary"))
    time.sleep(0.3)
    connections = canary.since(before)
    assert public_site.seen("/to-canary") >= 1, "the gallery never asked the public site"
    assert not connections, f"the redirect made the gallery CONNECT to the canary: {connections}; {describe(item)}"
    assert item["state"] == "failed", describe(item)
    assert item["failure"]["code"] == "address-not-allowed", describe(item)
    assert item["failure"]["message"] == "Address not allowed", describe(item)


def test_redirect_to_a_file_url_is_refused(allowing_gallery, public_site):
    item = fetch_result(allowing_gallery, public_site.url("/to-file"))
    assert public_site.seen("/to-file") >= 1, "the gallery never asked the public site"
    assert item["state"] == "failed", describe(item)
    assert item["failure"]["code"] == "invalid-url", describe(item)
    assert "root:" not in str(item), item


def test_six_redirects_are_too_many(allowing_gallery, public_site):
    item = fetch_result(allowing_gallery, public_site.url("/chain/0"))
    assert item["state"] == "failed", describe(item)
    assert item["failure"]["code"] == "too-many-redirects", describe(item)
    assert [public_site.seen(f"/chain/{n}") for n in range(6)] == [1] * 6, public_site.requests
    assert public_site.seen("/chain/6") == 0, "the gallery followed a sixth redirect"


def test_five_redirects_are_followed(allowing_gallery, public_site):
    item = fetch_result(allowing_gallery, public_site.url("/chain5/0"))
    assert item["state"] == "ready", describe(item)
    assert (item["width"], item["height"]) == (64, 48)
    assert public_site.seen("/chain5/5") == 1, public_site.requests


# --------------------------------------------------------------------------------------------------------------------
# 3. A site that dribbles its bytes: the whole fetch has a deadline


def test_slow_site_times_out(make_gallery, public_site):
    gallery = make_gallery(fetch_allow=[f"{PUBLIC_HOST}/32"], extra_args=["--fetch-timeout", "3"])
    item = fetch_result(gallery, public_site.url("/dribble"), timeout=15)
    assert public_site.seen("/dribble") == 1
    assert item["state"] == "failed", describe(item)
    assert item["failure"]["code"] == "timed-out", describe(item)
    assert item["failure"]["message"] == "Timed out", describe(item)


# --------------------------------------------------------------------------------------------------------------------
# 4. Bodies larger than --max-image-bytes fail while streaming (the site holds the connection open after the body,
#    so a fetcher that only checks the size at the end would not finish within the wait)


@pytest.fixture
def small_limit_gallery(make_gallery):
    return make_gallery(fetch_allow=[f"{PUBLIC_HOST}/32"], extra_args=["--max-image-bytes", "100000"])


@pytest.mark.parametrize("route", ["/big-length", "/big-close", "/big-chunked"])
def test_body_over_the_byte_limit_is_too_large(small_limit_gallery, public_site, route):
    item = fetch_result(small_limit_gallery, public_site.url(route))
    assert public_site.seen(route) == 1
    assert item["state"] == "failed", describe(item)
    assert item["failure"]["code"] == "too-large", describe(item)
    assert item["failure"]["message"].startswith("Too large (the limit is "), describe(item)
