"""openapi.yaml against the real server: Schemathesis (https://schemathesis.readthedocs.io) generates requests for
every operation the document describes, valid and invalid ones, sends them to a server that asks for sign-in, signed
in with an API token (`Authorization: Bearer`, made with `image-gallery token create`), and checks the answers.

The assertion is that nothing is answered with a server error (5xx) — and, since the document should be true to the
server, that every status code, content type, header and JSON body that comes back is one the document describes.
Before the run, the server is given something to work on (galleries, ready, pending, failed and trashed items, a
user to share with, a read-only link), and those ids are offered to Schemathesis next to the ones it makes up, so
that most requests reach the handlers rather than stopping at 404.

The run is bounded (a few examples per operation, 1 worker) and reproducible (a fixed seed, no example database):
about a minute. Its output and reports are kept in the test's tmp folder and printed when it fails.

Needs the Python package `schemathesis` (in requirements.txt; `scripts/install-deps` installs it).
"""

from __future__ import annotations

import base64
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import auth_helpers
import helpers

ROOT = Path(__file__).resolve().parents[2]
OPENAPI = ROOT / "openapi.yaml"

#: Test cases per operation and phase; with 37 operations the whole run sends about 1,600 requests.
MAX_EXAMPLES = 10
SEED = 20260101
#: The run must end well within CI's patience; it takes about a minute.
RUN_TIMEOUT_S = 300

#: Checked on every answer. Left out, with why:
#: - positive_data_acceptance / negative_data_rejection: the server is stricter than a schema can say in places
#:   (a gallery name of only white space or with a control character, a password with one, a malformed `cursor`: 400)
#:   and lenient in others on purpose (`limit` above 1000 is capped, `since` below 0 is 0, `trashed=maybe` is false,
#:   bodies of calls that read none are ignored);
#: - unsupported_method: a method the document does not list (TRACE, say) meets the change rules first and is answered
#:   415, 403 or 401 rather than 405;
#: - use_after_free / ensure_resource_availability: deleting a gallery moves it to the trash of galleries, where
#:   `GET` still finds it (by design), and trashed items stay readable.
CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "ignored_auth",
]

FRIEND = "friend"
FRIEND_PASSWORD = "the friend's long password"

def png_bytes() -> bytes:
    """A small PNG (made with Pillow, like the other tests' images)."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 40, 90)).save(buffer, format="PNG")
    return buffer.getvalue()


class TokenClient(helpers.JSONClient):
    """The JSON API with an API token (no cookie, no CSRF token)."""

    def __init__(self, server: helpers.GalleryServer, token: str) -> None:
        self.base_url = server.base_url
        self.token = token

    def extra_headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}


def make_token(server: helpers.GalleryServer, user: str = "owner") -> str:
    result = subprocess.run([str(server.binary), "token", "create", "schemathesis", "--user", user,
                             "--data", str(server.data_dir)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"token create failed ({result.returncode}): {result.stdout}{result.stderr}"
    return result.stdout.strip().splitlines()[-1].strip()


def seed(client: TokenClient, server: helpers.GalleryServer) -> dict[str, list[str]]:
    """Galleries, items in every state, a user to share with and a read-only link; returns their ids (and image
    file names, and the setup and link tokens) by kind."""
    galleries = [gallery["id"] for gallery in client.api("GET", "/api/galleries")["galleries"]]
    galleries.append(client.api("POST", "/api/galleries", {"name": "Fuzzed"})["id"])
    shared = client.api("POST", "/api/galleries", {"name": "Shared"})["id"]
    galleries.append(shared)
    first = galleries[0]
    inline = "data:image/png;base64," + base64.b64encode(png_bytes()).decode()
    drop = client.api("POST", f"/api/galleries/{first}/drops", {"payload": {
        "uriList": "\n".join([inline, inline, "http://127.0.0.1:9/nothing-here.png"]),
        "files": [{"name": "upload.png", "type": "image/png", "size": 100}],
    }})
    items = [item["id"] for item in drop["items"]]
    # The remote one fails (nothing listens on port 9), the inline ones get ready; the file stays pending.
    helpers.wait_until(lambda: all(item["state"] != "pending" for item in
                                   client.api("GET", f"/api/galleries/{first}/items")["items"]
                                   if item["origin"] != "upload"), timeout=20, message="the dropped items to load")
    client.api("POST", f"/api/galleries/{first}/trash", {"itemIds": [items[0]]})
    copies = client.api("POST", f"/api/galleries/{shared}/copies", {"itemIds": [items[1]]})
    items += [item["id"] for item in copies["items"]]
    auth_helpers.add_user(server, FRIEND, FRIEND_PASSWORD)
    client.api("PUT", f"/api/galleries/{shared}/shares/{FRIEND}", {"role": "viewer"})
    link = client.api("POST", f"/api/galleries/{shared}/links", {})
    media = []
    for item in client.api("GET", f"/api/galleries/{first}/items")["items"]:
        urls = [item.get("imageURL")] + [each["url"] for each in item["thumbnails"]]
        media += [url.rsplit("/", 1)[-1] for url in urls if url]
    # The setup link's token and the read-only link's: POST /api/setup and /api/links/session may then succeed.
    tokens = [auth_helpers.setup_token(auth_helpers.setup_link(server)), link["url"].rsplit("/", 1)[-1]]
    return {"galleries": galleries, "items": items, "users": [FRIEND, "owner"], "links": [link["id"]],
            "media": media, "tokens": tokens}


def config_toml(token: str, ids: dict[str, list[str]]) -> str:
    """Schemathesis's configuration: the token for the `apiToken` scheme, the seeded ids offered for the path
    parameters and item ids most of the time (made-up ones the rest)."""

    def values(kind: str) -> str:
        return json.dumps(ids[kind])

    return f"""
[auth.openapi.apiToken]
bearer = {json.dumps(token)}

[dictionaries]
galleries = {{ values = {values("galleries")} }}
items = {{ values = {values("items")} }}
users = {{ values = {values("users")} }}
links = {{ values = {values("links")} }}
media = {{ values = {values("media")} }}
tokens = {{ values = {values("tokens")} }}

[parameters]
"path.galleryId" = {{ dictionary = "galleries", probability = 0.8 }}
"path.itemId" = {{ dictionary = "items", probability = 0.8 }}
"path.userName" = {{ dictionary = "users", probability = 0.8 }}
"path.linkId" = {{ dictionary = "links", probability = 0.5 }}
"path.file" = {{ dictionary = "media", probability = 0.5 }}
"body.itemIds[*]" = {{ dictionary = "items", probability = 0.8 }}
"body.token" = {{ dictionary = "tokens", probability = 0.5 }}

[generation]
database = "none"
# The generated cookie and CSRF header of the other scheme would only be ignored next to the token.
with-security-parameters = false
"""


def test_openapi_document_holds_against_the_server(auth_server, tmp_path):
    try:
        import schemathesis  # noqa: F401
    except ImportError:
        pytest.fail("needs the Python package schemathesis: pip install -r Tests/Browser/requirements.txt")
    token = make_token(auth_server)
    client = TokenClient(auth_server, token)
    ids = seed(client, auth_server)
    config = tmp_path / "schemathesis.toml"
    config.write_text(config_toml(token, ids))
    reports = tmp_path / "reports"
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run", str(OPENAPI),
        "--url", auth_server.base_url,
        "--max-examples", str(MAX_EXAMPLES), "--seed", str(SEED), "--workers", "1",
        "--checks", ",".join(CHECKS),
        "--request-timeout", "20", "--no-color",
        "--report", "ndjson", "--report-dir", str(reports),
    ]
    # The hooks say how a zip body is sent (schemathesis_hooks.py, beside this file).
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, cwd=tmp_path, env=env)
    output = result.stdout + result.stderr
    (tmp_path / "schemathesis.txt").write_text(output)
    requests, operations, server_errors = summarize(reports)
    print(f"\nschemathesis: {operations} operations, {requests} requests, exit {result.returncode}")
    print("\n".join(output.splitlines()[-25:]))
    assert not server_errors, "server errors:\n" + "\n".join(server_errors[:20]) + "\n\n" + output[-20000:]
    assert result.returncode == 0, f"schemathesis failed ({result.returncode}):\n{output[-30000:]}"
    assert operations >= 37 and requests > 37 * MAX_EXAMPLES, f"too little was tested:\n{output[-5000:]}"


def summarize(reports: Path) -> tuple[int, int, list[str]]:
    """The number of requests and of the operations tested (besides the stateful sequences) in the run's ndjson
    report, and every request answered 5xx."""
    requests = 0
    operations: set[str] = set()
    server_errors: list[str] = []
    for path in reports.glob("*.ndjson"):
        for line in path.read_text().splitlines():
            finished = json.loads(line).get("ScenarioFinished")
            if not finished:
                continue
            recorder = finished.get("recorder") or {}
            for interaction in (recorder.get("interactions") or {}).values():
                requests += 1
                if recorder.get("label", "").split(" ")[0] in ("GET", "POST", "PUT", "PATCH", "DELETE"):
                    operations.add(recorder["label"])
                request, response = interaction.get("request") or {}, interaction.get("response") or {}
                if int(response.get("status_code") or 0) >= 500:
                    body = request.get("body")
                    server_errors.append(f"{response['status_code']}: {request.get('method')} {request.get('uri')} "
                                         f"body={json.dumps(body)[:300] if body is not None else '-'}")
    return requests, len(operations), server_errors
