"""Fixtures for the smoke suites in Firefox ESR and WebKitGTK (the real server comes from ../conftest.py: `server`,
`other_site`), and the line that says which engines ran.

Run them with `python3 -m pytest Tests/Browser/engines -q` (no Chromium needed). Each engine's suite skips, saying
why, when its browser, driver or Python package is missing (`scripts/install-deps` installs them). With
ENGINES_SUMMARY=FILE the closing line "firefox-esr ran, webkitgtk skipped: ..." is also written to FILE (scripts/test
prints it with Chromium's).
"""

from __future__ import annotations

import os

import drivers
import pytest

ENGINES = {"test_firefox_smoke.py": "firefox-esr", "test_webkit_smoke.py": "webkitgtk"}
_outcomes: dict[str, dict[str, int]] = {engine: {} for engine in ENGINES.values()}
_skip_reasons: dict[str, str] = {}


def _engine_of(nodeid: str) -> str | None:
    return ENGINES.get(nodeid.split("::")[0].rsplit("/", 1)[-1])


def pytest_runtest_logreport(report):
    engine = _engine_of(report.nodeid)
    if engine is None or not (report.when == "call" or report.outcome != "passed"):
        return
    if report.skipped:
        _skip_reasons.setdefault(engine, str(report.longrepr[2]).removeprefix("Skipped: "))
    counts = _outcomes[engine]
    counts[report.outcome] = counts.get(report.outcome, 0) + 1


def engines_line() -> str:
    """ "firefox-esr ran (5 passed), webkitgtk skipped: WebKitWebDriver not installed" """
    parts = []
    for engine, counts in _outcomes.items():
        ran = {outcome: n for outcome, n in counts.items() if outcome != "skipped"}
        if ran:
            parts.append(f"{engine} ran ({', '.join(f'{n} {outcome}' for outcome, n in sorted(ran.items()))})")
        elif counts:
            parts.append(f"{engine} skipped: {_skip_reasons.get(engine, 'skipped')}")
        else:
            parts.append(f"{engine} not run")
    return ", ".join(parts)


def pytest_terminal_summary(terminalreporter):
    line = engines_line()
    terminalreporter.write_line(f"engines: {line}")
    target = os.environ.get("ENGINES_SUMMARY")
    if target:
        with open(target, "w", encoding="utf-8") as out:
            out.write(line + "\n")


def _browser(make, missing):
    reason = missing()
    if reason:
        pytest.skip(reason)
    opened = make()
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def firefox():
    """Firefox ESR, headless, through Marionette: one browser for the module."""
    yield from _browser(drivers.FirefoxPage, drivers.firefox_missing)


@pytest.fixture(scope="module")
def webkit():
    """WebKitGTK's MiniBrowser through WebKitWebDriver (under an Xvfb of its own)."""
    yield from _browser(drivers.WebKitPage, drivers.webkit_missing)
