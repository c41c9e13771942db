"""Running the server as a service (issue "Beyond one machine", Operations): health and readiness checks a supervisor
can ask without signing in, and log lines a log collector can read."""

import json
import subprocess
import urllib.error
import urllib.request

import helpers

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def answer(url: str) -> tuple[int, dict]:
    try:
        with OPENER.open(url, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def test_health_and_readiness_answer_without_signing_in_and_every_log_line_is_json(tmp_path):
    log = tmp_path / "server.log"
    server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", log, auth=True,
                                   extra_args=["--log-format", "json", "--log-level", "debug"])
    server.start()
    try:
        assert answer(f"{server.base_url}/healthz") == (200, {"status": "ok"})
        assert answer(f"{server.base_url}/readyz") == (200, {"status": "ready"})
        # Nothing else is answered without signing in.
        assert answer(f"{server.base_url}/api/galleries")[0] == 401
    finally:
        server.stop()
    lines = [line for line in log.read_text().splitlines() if line and not line.startswith("=== start")]
    records = [json.loads(line) for line in lines]
    assert {"time", "level", "label", "message"} <= set(records[0])
    messages = [record["message"] for record in records]
    assert any(message.startswith("Image Gallery: set the owner's password at") for message in messages)
    assert any(record["level"] == "debug" for record in records), "--log-level debug lets debug lines through"


def test_a_wrong_log_level_or_format_is_refused_with_the_choices(tmp_path):
    for option, value in (("--log-level", "loud"), ("--log-format", "xml")):
        result = subprocess.run([str(helpers.server_binary()), "serve", "--data", str(tmp_path), option, value],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode != 0
        assert f"{option} must be" in result.stderr


def test_metrics_count_the_open_gallery_views_live_feeds(server, page):
    def live_feeds() -> float | None:
        with OPENER.open(f"{server.base_url}/metrics", timeout=5) as response:
            text = response.read().decode()
        line = next((line for line in text.splitlines() if line.startswith("image_gallery_live_feeds ")), None)
        return float(line.split()[1]) if line else None

    # The gallery view's feed and the side bar's (the list of galleries).
    helpers.wait_until(lambda: live_feeds() == 2, message="two live feeds counted")
    page.close()
    helpers.wait_until(lambda: live_feeds() == 0, message="the feeds counted out")
