"""Helpers for the tests of signing in and sharing: the owner's one-time setup link from the server's output, users
made with `image-gallery user add`, an API client signed in as someone (its cookie and CSRF token), and browser windows
signed in through the sign-in page as a person would."""

from __future__ import annotations

import re
import subprocess
from urllib.parse import urlsplit

from helpers import GalleryServer, JSONClient, wait_until

OWNER_PASSWORD = "owner's long password"
SETUP_LINE = re.compile(r"set the owner's password at (http://\S+/setup#token=\S+)")


def setup_link(server: GalleryServer) -> str:
    """The one-time setup link the server printed at its latest start (waits until it has)."""

    def latest():
        text = server.log_path.read_text(errors="replace")
        found = SETUP_LINE.findall(text.rsplit("=== start on port", 1)[-1])
        return found[-1] if found else None

    return wait_until(latest, message="the setup link in the server's output")


def setup_token(link: str) -> str:
    return urlsplit(link).fragment.removeprefix("token=")


def user_command(server: GalleryServer, *args: str, password: str) -> subprocess.CompletedProcess:
    """Runs `image-gallery user ARGS --data DIR` with the password on its standard input."""
    return subprocess.run([str(server.binary), "user", *args, "--data", str(server.data_dir)],
                          input=password + "\n", capture_output=True, text=True, timeout=60)


def add_user(server: GalleryServer, name: str, password: str) -> None:
    """Makes a user with `image-gallery user add NAME` (as the server's administrator would)."""
    result = user_command(server, "add", name, password=password)
    assert result.returncode == 0, f"user add {name} failed ({result.returncode}): {result.stdout}{result.stderr}"


class AccountClient(JSONClient):
    """The JSON API as one signed-in person: their session cookie and the CSRF token every change carries."""

    def __init__(self, server: GalleryServer) -> None:
        self.server = server
        self.base_url = server.base_url
        self.cookies: dict[str, str] = {}
        self.session: dict | None = None

    def received(self, headers) -> None:
        for header in headers.get_all("Set-Cookie") or []:
            name, _, value = header.split(";", 1)[0].partition("=")
            if value:
                self.cookies[name.strip()] = value.strip()
            else:
                self.cookies.pop(name.strip(), None)

    def extra_headers(self) -> dict:
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if self.session and self.session.get("csrfToken"):
            headers["X-CSRF-Token"] = self.session["csrfToken"]
        return headers

    def _take(self, method: str, path: str, body: dict) -> AccountClient:
        status, answer = self.request(method, path, body)
        assert status == 200, f"{method} {path} answered {status}: {answer}"
        assert self.cookies, f"{method} {path} set no cookie"
        self.session = answer
        return self

    def set_up_owner(self, link: str, name: str = "owner", password: str = OWNER_PASSWORD) -> AccountClient:
        return self._take("POST", "/api/setup", {"token": setup_token(link), "name": name, "password": password})

    def sign_in(self, name: str, password: str) -> AccountClient:
        return self._take("POST", "/api/session", {"name": name, "password": password})

    def open_link(self, url: str) -> AccountClient:
        """Opens a read-only link (`/s/TOKEN`) as its landing page does."""
        token = urlsplit(url).path.rsplit("/", 1)[-1]
        return self._take("POST", "/api/links/session", {"token": token})

    def galleries_by_name(self) -> dict:
        return {gallery["name"]: gallery for gallery in self.api("GET", "/api/galleries")["galleries"]}

    def share(self, gallery_id: str, name: str, role: str) -> None:
        self.api("PUT", f"/api/galleries/{gallery_id}/shares/{name}", {"role": role})


def sign_in_page(page, server: GalleryServer, name: str, password: str, path: str = "/galleries") -> None:
    """Signs in through the sign-in page, as a person would, coming back to `path`."""
    from playwright.sync_api import expect

    page.goto(f"{server.base_url}{path}")
    expect(page).to_have_url(re.compile(r"/signin"))
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page).not_to_have_url(re.compile(r"/signin"))
