"""Attacks on a gallery server left running, made by another website in the victim's own Chromium: a page on a name
that rebinds to the server (DNS rebinding), forms and fetches that try to change galleries (CSRF), WebSockets opened
from the other site (hijacking the live feeds), and frames of the gallery's pages (clickjacking).

Each attack must fail, and afterwards the real user must see, through the API, exactly what they saw before (their
galleries, their gallery's name, items and trash). Each runs against a victim who signed in to the gallery first (their
browser holds the session cookie) and against a server started with `--no-auth` (nobody needs a cookie).

The other site is a small server of attacker pages on loopback, either on another port of 127.0.0.1 (the same *site* as
the gallery: the victim's SameSite=Strict cookie goes along with its requests) or on 127.0.0.2 (another site).
"""

from __future__ import annotations

import contextlib
import html
import json
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

import helpers
from auth_helpers import OWNER_PASSWORD, sign_in_page
from helpers import GalleryServer, JSONClient, fill_gallery

REBIND_NAME = "rebind.attacker.test"
SESSION_COOKIE = "ig_session"
TIMEOUT_MS = 10_000


# --------------------------------------------------------------------------------------------------------------------
# The attacker's website


class AttackerSite:
    """Serves the attacker's pages (registered with `page`) on a loopback address; nothing else."""

    def __init__(self, host: str, *, same_site: bool = False) -> None:
        self.pages: dict[str, str] = {}
        self.same_site = same_site  # whether the victim's SameSite=Strict cookie goes along with its requests
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - the http.server name
                page = site.pages.get(self.path.split("?", 1)[0])
                body = (page or "not found").encode()
                self.send_response(200 if page is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8" if page is not None else "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # quiet
                pass

        self._httpd = ThreadingHTTPServer((host, 0), Handler)
        self._httpd.daemon_threads = True
        self.origin = f"http://{host}:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    def page(self, path: str, body: str) -> str:
        """Publishes an HTML page at `path`; returns its URL."""
        self.pages[path] = f"<!doctype html><meta charset=utf-8><title>A harmless page</title>{body}"
        return self.url(path)

    def url(self, path: str) -> str:
        return f"{self.origin}{path}"

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(5)


ATTACKER_PLACES = {
    # Another port of the gallery's own address: the same site, so the victim's SameSite=Strict cookie goes along.
    "another port": "127.0.0.1",
    # Another loopback address: another site.
    "another address": "127.0.0.2",
}


@pytest.fixture(params=list(ATTACKER_PLACES), ids=lambda place: f"from {place}")
def attacker(request):
    site = AttackerSite(ATTACKER_PLACES[request.param], same_site=request.param == "another port")
    yield site
    site.stop()


# --------------------------------------------------------------------------------------------------------------------
# The victim


@pytest.fixture(scope="module")
def attack_browser(browser):
    """A Chromium of its own in which the name REBIND_NAME leads to the gallery's address, 127.0.0.1 (any port)."""
    chromium = browser.browser_type.launch(
        executable_path=shutil.which("chromium"), headless=True,
        args=["--no-sandbox", "--no-proxy-server", f"--host-resolver-rules=MAP {REBIND_NAME} 127.0.0.1"])
    yield chromium
    chromium.close()


@dataclass
class Victim:
    server: GalleryServer
    user: JSONClient  # the API as the real user: what they see is checked through it
    gallery_id: str
    item_ids: list
    page: object  # the victim's browser tab, which goes on to visit the attacker's pages
    signed_in: bool

    @property
    def gallery_url(self) -> str:
        return f"{self.server.base_url}/g/{self.gallery_id}"

    def url(self, path: str) -> str:
        return f"{self.server.base_url}{path}"


@pytest.fixture(params=["signed in", "no auth"], ids=lambda kind: f"victim {kind}")
def victim(request, attack_browser, other_site):
    """A gallery with three images, open in the victim's browser: signed in as the owner through the sign-in page
    (the browser holds the session cookie), or on a server started with --no-auth."""
    if request.param == "signed in":
        server = request.getfixturevalue("auth_server")
        user = request.getfixturevalue("owner")
        gallery_id = user.api("POST", "/api/galleries", {"name": "Holiday"})["id"]
    else:
        server = request.getfixturevalue("server")
        user = server
        gallery_id = server.gallery_id
    item_ids = [item["id"] for item in fill_gallery(user, other_site, gallery_id, 3)]
    context = attack_browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    name = user.gallery(gallery_id)["name"]
    if request.param == "signed in":
        sign_in_page(page, server, "owner", OWNER_PASSWORD, path=f"/g/{gallery_id}")
        assert SESSION_COOKIE in {cookie["name"] for cookie in context.cookies(server.base_url)}
    else:
        page.goto(f"{server.base_url}/g/{gallery_id}")
    expect(page.get_by_role("grid", name=name)).to_be_attached()
    yield Victim(server, user, gallery_id, item_ids, page, request.param == "signed in")
    context.close()


def what_the_user_sees(victim: Victim) -> dict:
    """Everything an attack could change, as the real user sees it through the API."""
    user, gallery_id = victim.user, victim.gallery_id
    return {
        "galleries": user.api("GET", "/api/galleries")["galleries"],
        "trashed galleries": user.api("GET", "/api/galleries?trashed=true")["galleries"],
        "gallery": user.gallery(gallery_id),
        "items": user.items(gallery_id),
        "trash": user.api("GET", f"/api/galleries/{gallery_id}/trash")["items"],
    }


def expect_unchanged(victim: Victim, before: dict) -> None:
    after = what_the_user_sees(victim)
    for part in before:
        assert after[part] == before[part], f"the attack changed the {part}: {before[part]} -> {after[part]}"


def answer_to(page, method: str, url: str, action: Callable[[], object]) -> tuple:
    """Runs `action`; returns the gallery's answer (a Playwright Response) to the request it makes, and what `action`
    returned."""
    with page.expect_response(lambda response: response.request.method == method and response.url == url) as answer:
        result = action()
    return answer.value, result


def expect_refused(response) -> None:
    """The gallery server refused the request: it answered, with a 4xx."""
    assert 400 <= response.status < 500, (
        f"{response.request.method} {response.url} from the attacker's page answered {response.status}: "
        f"{response.text()}")


# The bodies of the changes the attacks try; each would change what the user sees.
def create_gallery_body() -> dict:
    return {"name": "Pwned"}


def trash_items_body(victim: Victim) -> dict:
    return {"itemIds": victim.item_ids}


def drop_link_body(other_site) -> dict:
    return {"payload": {"uriList": other_site.image("planted.png", 64, 48)}}


# --------------------------------------------------------------------------------------------------------------------
# 1. DNS rebinding


READ_JS = """
async () => {
  const answer = await fetch('/api/galleries');
  return [answer.status, await answer.text()];
}
"""

CREATE_JS = """
async (body) => {
  const answer = await fetch('/api/galleries', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                body: JSON.stringify(body)});
  return [answer.status, await answer.text()];
}
"""


def open_rebinding_page(page, port: int, attacker_site: AttackerSite) -> str:
    """Opens the attacker's page at http://REBIND_NAME:<port>/ as DNS rebinding would: the name's first answer is the
    attacker's own server (on 127.0.0.2: Playwright sends the page's request there, as the attacker's DNS would), and
    every later request of the page goes where the name leads now, the gallery server on 127.0.0.1:<port>. The page is
    thus of the origin http://REBIND_NAME:<port>, which can read its own answers."""
    url = f"http://{REBIND_NAME}:{port}/rebind.html"
    served = attacker_site.page("/rebind.html", "<h1>Cute cats</h1>")
    page.route(url, lambda route: route.continue_(url=served))
    page.goto(url)
    page.unroute(url)
    assert page.evaluate("location.origin") == f"http://{REBIND_NAME}:{port}"
    return url


@pytest.fixture
def rebinding_site():
    site = AttackerSite("127.0.0.2")
    yield site
    site.stop()


def test_a_page_on_a_rebinding_name_cannot_read_or_create_galleries(victim, rebinding_site):
    before = what_the_user_sees(victim)
    page = victim.page
    open_rebinding_page(page, victim.server.port, rebinding_site)

    status, body = page.evaluate(READ_JS)
    assert status == 421, f"reading the galleries by the rebinding name answered {status}: {body}"
    assert victim.gallery_id not in body and "Holiday" not in body and "My Gallery" not in body, body

    status, body = page.evaluate(CREATE_JS, create_gallery_body())
    assert status == 421, f"creating a gallery by the rebinding name answered {status}: {body}"

    events = open_sockets(page, [f"ws://{REBIND_NAME}:{victim.server.port}/api/galleries/live",
                                 f"ws://{REBIND_NAME}:{victim.server.port}/api/galleries/{victim.gallery_id}/live"
                                 "?since=0"])
    expect_no_socket_let_in(events)
    expect_unchanged(victim, before)


def test_the_rebinding_page_does_reach_a_server_that_was_told_to_answer_to_its_name(tmp_path, attack_browser,
                                                                                    rebinding_site):
    """The control of the test above: the same page reads and changes galleries of a server started with
    `--allowed-host REBIND_NAME`, so it is the server's check of the name that stops it there."""
    server = GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / "server.log",
                           extra_args=["--allowed-host", REBIND_NAME])
    server.start()
    context = attack_browser.new_context()
    try:
        page = context.new_page()
        open_rebinding_page(page, server.port, rebinding_site)
        status, body = page.evaluate(READ_JS)
        assert status == 200 and "My Gallery" in body, (status, body)
        status, body = page.evaluate(CREATE_JS, create_gallery_body())
        assert status == 201, (status, body)
        assert "Pwned" in helpers.galleries_by_name(server)
    finally:
        context.close()
        server.stop()


# --------------------------------------------------------------------------------------------------------------------
# 2. Forms on another site


def form_page(attacker: AttackerSite, path: str, action: str, enctype: str, body: dict) -> str:
    """A page whose form posts itself at once: one field whose name is the JSON body but for its end, and whose value
    ends it, so `text/plain` sends `{...,"padding":"="}`, valid JSON (URL encoding mangles it, but an attacker
    tries)."""
    name = json.dumps({**body, "padding": ""})[:-2]
    value = '"}'
    return attacker.page(path, f"""
<form method="post" action="{html.escape(action)}" enctype="{enctype}">
  <input type="hidden" name="{html.escape(name)}" value="{html.escape(value)}">
</form>
<script>document.forms[0].submit()</script>""")


@pytest.mark.parametrize("enctype", ["text/plain", "application/x-www-form-urlencoded"])
def test_a_form_on_another_site_cannot_create_a_gallery_or_trash_items(victim, attacker, enctype):
    before = what_the_user_sees(victim)
    page = victim.page
    attacks = [
        ("/create.html", victim.url("/api/galleries"), create_gallery_body()),
        ("/trash.html", victim.url(f"/api/galleries/{victim.gallery_id}/trash"), trash_items_body(victim)),
    ]
    for path, action, body in attacks:
        url = form_page(attacker, path, action, enctype, body)
        response, _ = answer_to(page, "POST", action, lambda url=url: page.goto(url))
        expect_refused(response)
    expect_unchanged(victim, before)


# --------------------------------------------------------------------------------------------------------------------
# 3. Fetches from another site


NO_CORS_POST_JS = """
async ({url, body}) => {
  try {
    const answer = await fetch(url, {method: 'POST', mode: 'no-cors', credentials: 'include',
                                     headers: {'Content-Type': 'text/plain'}, body: JSON.stringify(body)});
    return answer.type;
  } catch (error) {
    return String(error);
  }
}
"""


def test_a_no_cors_fetch_from_another_site_cannot_create_drop_or_trash(victim, attacker, other_site):
    before = what_the_user_sees(victim)
    page = victim.page
    page.goto(attacker.page("/fetch.html", "<h1>Cute cats</h1>"))
    attacks = [
        (victim.url("/api/galleries"), create_gallery_body()),
        (victim.url(f"/api/galleries/{victim.gallery_id}/drops"), drop_link_body(other_site)),
        (victim.url(f"/api/galleries/{victim.gallery_id}/trash"), trash_items_body(victim)),
    ]
    for url, body in attacks:
        response, outcome = answer_to(
            page, "POST", url, lambda url=url, body=body: page.evaluate(NO_CORS_POST_JS, {"url": url, "body": body}))
        assert outcome == "opaque", f"the no-cors fetch of {url}: {outcome}"  # sent, and its answer is unreadable
        expect_refused(response)
    expect_unchanged(victim, before)


CORS_JS = """
async ({url, method, body}) => {
  try {
    const answer = await fetch(url, {method, credentials: 'include', headers: {'Content-Type': 'application/json'},
                                     body: JSON.stringify(body)});
    return 'answered ' + answer.status;
  } catch (error) {
    return String(error);
  }
}
"""


def test_a_json_fetch_from_another_site_is_never_let_through_its_preflight(victim, attacker):
    before = what_the_user_sees(victim)
    page = victim.page
    page.goto(attacker.page("/cors.html", "<h1>Cute cats</h1>"))
    answered = []  # the answers of the gallery server to anything but a preflight
    page.on("response", lambda response: answered.append(f"{response.request.method} {response.url} {response.status}")
            if response.url.startswith(victim.server.base_url) and response.request.method != "OPTIONS" else None)
    attacks = [
        ("POST", victim.url("/api/galleries"), create_gallery_body()),
        ("PATCH", victim.url(f"/api/galleries/{victim.gallery_id}"), {"name": "Pwned"}),
        ("POST", victim.url(f"/api/galleries/{victim.gallery_id}/trash"), trash_items_body(victim)),
        ("DELETE", victim.url(f"/api/galleries/{victim.gallery_id}"), {}),
    ]
    for method, url, body in attacks:
        outcome = page.evaluate(CORS_JS, {"url": url, "method": method, "body": body})
        assert outcome.startswith("TypeError"), f"{method} {url} with JSON from another site: {outcome}"
    assert answered == [], f"requests from the other site reached the gallery: {answered}"
    expect_unchanged(victim, before)


# --------------------------------------------------------------------------------------------------------------------
# 4. The live sockets, opened from another site


OPEN_SOCKETS_JS = """
(urls) => {
  window.attackSockets = urls.map(url => {
    const record = {url, events: []};
    const socket = new WebSocket(url);
    socket.onopen = () => record.events.push('open');
    socket.onmessage = (event) => record.events.push('message ' + String(event.data).slice(0, 200));
    socket.onerror = () => record.events.push('error');
    socket.onclose = (event) => { record.events.push('close ' + event.code); record.closed = true; };
    return record;
  });
}
"""

SOCKETS_SETTLED_JS = """
() => window.attackSockets.every(s => s.closed || s.events.some(e => e.startsWith('message')))
"""


def open_sockets(page, urls: list[str]) -> dict:
    """Opens a WebSocket to each URL from the page and waits until each has closed or received a message (a socket let
    in gets one at once: the feed of galleries says "changed", a gallery's feed sends its events since 0); returns the
    events of each, by URL."""
    page.evaluate(OPEN_SOCKETS_JS, urls)
    with contextlib.suppress(PlaywrightTimeoutError):  # reported below, with what did happen
        page.wait_for_function(SOCKETS_SETTLED_JS)
    events = {record["url"]: record["events"] for record in page.evaluate("() => window.attackSockets")}
    assert all(happened and (happened[-1].startswith("close") or any(e.startswith("message") for e in happened))
               for happened in events.values()), f"sockets neither closed nor received anything: {events}"
    return events


def expect_no_socket_let_in(events: dict) -> None:
    for url, happened in events.items():
        assert not any(e == "open" or e.startswith("message") for e in happened), f"{url} let the page in: {happened}"


def live_urls(victim: Victim) -> list[str]:
    ws = victim.server.base_url.replace("http://", "ws://")
    return [f"{ws}/api/galleries/{victim.gallery_id}/live?since=0", f"{ws}/api/galleries/live"]


def test_a_page_on_another_site_receives_nothing_from_the_live_sockets(victim, attacker):
    # The control: from the gallery's own page the same sockets open and receive the feeds.
    for url, happened in open_sockets(victim.page, live_urls(victim)).items():
        assert "open" in happened and any(e.startswith("message") for e in happened), (url, happened)

    victim.page.goto(attacker.page("/live.html", "<h1>Cute cats</h1>"))
    expect_no_socket_let_in(open_sockets(victim.page, live_urls(victim)))


# --------------------------------------------------------------------------------------------------------------------
# 5. Frames


FRAMES_JS = """
(urls) => {
  for (const url of urls) {
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.width = 600;
    frame.height = 400;
    frame.onload = () => { frame.dataset.loaded = 'yes'; };
    document.body.append(frame);
  }
}
"""

FRAMES_LOADED_JS = "() => [...document.querySelectorAll('iframe')].every(frame => frame.dataset.loaded === 'yes')"


def test_a_page_on_another_site_cannot_show_the_gallery_in_a_frame(victim, attacker):
    own = attacker.page("/own.html", "<p id=own>the attacker's own frame</p>")
    framed = [victim.gallery_url, victim.url("/galleries"), victim.url("/index.html"), victim.url("/signin")]
    page = victim.page
    page.goto(attacker.page("/frames.html", "<h1>Click the button to win</h1>"))
    answers = {}
    page.on("response", lambda response: answers.setdefault(response.url, response.status))
    page.evaluate(FRAMES_JS, [own, *framed])
    page.wait_for_function(FRAMES_LOADED_JS)  # every frame has loaded: an error page, or the attacker's own

    if attacker.same_site or not victim.signed_in:
        # The gallery's page itself came back (not a redirect to sign in): from the same site the victim's cookie went
        # along; without sign-in none is needed. Only the framing rules keep it out of the frame.
        assert answers.get(victim.gallery_url) == 200, answers
    frames = [handle.content_frame() for handle in page.locator("iframe").element_handles()]
    assert frames[0].url == own and frames[0].locator("#own").count() == 1  # the control: frames do show
    for url, frame in zip(framed, frames[1:], strict=True):
        assert not frame.url.startswith(victim.server.base_url), f"{url} rendered in the frame as {frame.url}"
        assert "Image Gallery" not in frame.title(), f"{url} shows the app in a frame: {frame.title()!r}"
        assert frame.locator("#gallery, form, input, script[src]").count() == 0, f"{url} shows the app in a frame"
