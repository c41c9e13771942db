"""The other engines the smoke suites drive: Firefox ESR through Marionette (the `marionette-driver` package) and
WebKitGTK through WebKitWebDriver (Selenium), each behind the same small `EnginePage` so one suite runs in both.

`EnginePage` answers the part of Playwright's page the shared helpers use (`evaluate` of a function expression with
one argument, `wait_for_function`, `reload`), so `helpers.drop`, `helpers.seed_gallery` and `helpers.expect_order`
work on it unchanged. Every process started here (Firefox, Xvfb, WebKitWebDriver) listens on loopback only and is
stopped by its own PID.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path

import helpers

FIREFOX = "firefox-esr"
WEBKIT_DRIVER = "WebKitWebDriver"
WEBKIT_BROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
VIEWPORT = (1280, 900)

# WebDriver's key codes (the W3C spec's table), for `press`.
KEYS = {"Alt": "\ue00a", "Control": "\ue009", "Shift": "\ue008", "Meta": "\ue03d", "ArrowLeft": "\ue012",
        "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015", "Delete": "\ue017", "Escape": "\ue00c",
        "Enter": "\ue007", "Home": "\ue011", "End": "\ue010"}

# Runs a function expression (put in place of SOURCE: no eval, which the page's Content Security Policy forbids) with
# one argument and hands back its awaited value, or its error, to the driver.
_EVALUATE = """
const [arg, done] = arguments;
Promise.resolve(arg).then(SOURCE).then(
  (value) => done({value: value === undefined ? null : value}),
  (error) => done({error: String(error) + (error && error.stack ? ' ' + error.stack : '')}));
"""


# Keeps the page's uncaught errors, unhandled rejections and console errors and warnings from now on (read back by
# `errors`); a WebDriver session has no console log to read in either engine.
_WATCH_ERRORS = """
() => {
  if (window.__engineErrors) return;
  const seen = window.__engineErrors = [];
  const text = (value) => (value && value.stack ? `${value} ${value.stack}` : String(value));
  window.addEventListener('error', (e) => seen.push(`error: ${e.message} at ${e.filename}:${e.lineno}`));
  window.addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection: ${text(e.reason)}`));
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { seen.push(`console ${level}: ${args.map(text).join(' ')}`); original(...args); };
  }
}
"""


def firefox_missing() -> str | None:
    """Why Firefox ESR cannot run here, or None."""
    if shutil.which(FIREFOX) is None:
        return "firefox-esr not installed (apt-get install firefox-esr)"
    if importlib.util.find_spec("marionette_driver") is None:
        return "marionette-driver not installed (pip install -r Tests/Browser/requirements.txt)"
    return None


def webkit_missing() -> str | None:
    """Why WebKitGTK cannot run here, or None."""
    if shutil.which(WEBKIT_DRIVER) is None:
        return "WebKitWebDriver not installed (apt-get install webkit2gtk-driver)"
    if shutil.which("Xvfb") is None:
        return "Xvfb not installed (apt-get install xvfb)"
    if importlib.util.find_spec("selenium") is None:
        return "selenium not installed (pip install -r Tests/Browser/requirements.txt)"
    return None


class EngineError(AssertionError):
    pass


class _Locator:
    def __init__(self, page: EnginePage, selector: str) -> None:
        self.page, self.selector = page, selector

    def evaluate_all(self, source: str) -> object:
        return self.page.evaluate(f"(sel) => ({source.strip()})([...document.querySelectorAll(sel)])", self.selector)


class EnginePage:
    """One browser (its current window) as the suites and the shared helpers use it. Subclasses give `_run` (execute an
    async script), `goto`, `reload`, the windows, and `_perform_keys`."""

    engine = "?"

    # -- what the shared helpers call (the Playwright page's names)

    def evaluate(self, source: str, arg: object = None) -> object:
        result = self._run(_EVALUATE.replace("SOURCE", f"(\n{source.strip()}\n)"), [arg])
        if not isinstance(result, dict):
            raise EngineError(f"{self.engine}: the script answered {result!r}")
        if "error" in result:
            raise EngineError(f"{self.engine}: the page's script failed: {result['error']}")
        return result["value"]

    def wait_for_function(self, source: str, arg: object = None, timeout: float = 10_000) -> object:
        deadline = time.monotonic() + timeout / 1000
        while True:
            value = self.evaluate(source, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise EngineError(f"{self.engine}: timed out after {timeout / 1000:.0f} s waiting for {source.strip()}")
            time.sleep(0.05)

    # -- more

    def open(self, url: str) -> None:
        """Goes to `url` and keeps the page's uncaught errors (see `errors`)."""
        self.goto(url)
        self.watch_errors()

    def watch_errors(self) -> None:
        self.evaluate(_WATCH_ERRORS)

    def errors(self) -> list[str]:
        return self.evaluate("() => window.__engineErrors || ['the page was not watched for errors']")

    def press(self, chord: str) -> None:
        """Presses a key with modifiers, e.g. "Alt+ArrowRight" or "Control+z", into the focused element."""
        *modifiers, key = chord.split("+")
        codes = [KEYS[m] for m in modifiers]
        code = KEYS.get(key, key)
        actions = ([{"type": "keyDown", "value": c} for c in codes]
                   + [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
                   + [{"type": "keyUp", "value": c} for c in reversed(codes)])
        self._perform_keys([{"type": "key", "id": "keyboard", "actions": actions}])

    def locator(self, selector: str) -> _Locator:
        """Enough of Playwright's locator for the helpers' failure messages (`evaluate_all`)."""
        return _Locator(self, selector)

    def close_other_windows(self) -> None:
        """Closes every window but the one the browser started with, and switches to that."""
        for handle in self.windows:
            if handle != self.main_window:
                self.switch_to(handle)
                self._close_window()
        self.switch_to(self.main_window)

    def focus(self, selector: str) -> None:
        self.evaluate("(sel) => { const e = document.querySelector(sel); if (!e) throw new Error('no ' + sel);"
                      " e.focus(); return document.activeElement === e; }", selector)


# --------------------------------------------------------------------------------------------------------------------
# Firefox ESR (Marionette)


class FirefoxPage(EnginePage):
    engine = "firefox-esr"

    def __init__(self) -> None:
        self.client = None
        self._profile_dir = tempfile.mkdtemp(prefix="engines-firefox-")
        prefs = {
            "network.proxy.type": 0,  # loopback only, never a system proxy
            "browser.shell.checkDefaultBrowser": False,
        }
        try:
            with warnings.catch_warnings():  # mozinfo and mozrunner use deprecated modules
                warnings.simplefilter("ignore", DeprecationWarning)
                from marionette_driver.marionette import Marionette

                # Starts firefox-esr -headless -marionette on a free loopback port, with a fresh profile.
                self.client = Marionette(bin=shutil.which(FIREFOX), port=0, headless=True, prefs=prefs,
                                         workspace=self._profile_dir, startup_timeout=60,
                                         gecko_log=str(Path(self._profile_dir, "gecko.log")))
            self.client.start_session()
            self.client.timeout.script = 30
            self.client.set_window_rect(width=VIEWPORT[0], height=VIEWPORT[1])
            self.main_window = self.window
        except BaseException:
            self.close()
            raise

    def _run(self, script: str, args: list) -> object:
        return self.client.execute_async_script(script, script_args=args, new_sandbox=False, sandbox=None)

    def goto(self, url: str) -> None:
        self.client.navigate(url)

    def reload(self) -> None:
        self.client.refresh()
        self.watch_errors()

    def _perform_keys(self, actions: list) -> None:
        self.client.actions.perform(actions)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.client.screenshot(format="binary"))

    @property
    def url(self) -> str:
        return self.client.get_url()

    def new_window(self) -> str:
        """Opens a second window (not a tab: both keep rendering) and switches to it; returns its handle."""
        handle = self.client.open(type="window", focus=True)["handle"]
        self.client.switch_to_window(handle)
        return handle

    @property
    def window(self) -> str:
        return self.client.current_window_handle

    @property
    def windows(self) -> list[str]:
        return self.client.window_handles

    def _close_window(self) -> None:
        self.client.close()

    def switch_to(self, handle: str) -> None:
        self.client.switch_to_window(handle, focus=True)

    def close(self) -> None:
        # Marionette's own clean-up ends the Firefox process it started (by its process handle) and removes the
        # profile; after that the profile must not try again when Python exits (it would print a traceback).
        instance = self.client.instance if self.client else None
        profile = instance.profile if instance else None
        if self.client:
            with contextlib.suppress(Exception):
                self.client.cleanup()
        if profile is not None:
            profile.restore = False
        shutil.rmtree(self._profile_dir, ignore_errors=True)


# --------------------------------------------------------------------------------------------------------------------
# WebKitGTK (WebKitWebDriver, Selenium)


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An Xvfb of our own on a free display (it picks one and writes its number to a pipe); returns it and ":N"."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{VIEWPORT[0] + 40}x{VIEWPORT[1] + 100}x24",
         "-nolisten", "tcp", "-nolisten", "unix", "-listen", "local"],
        pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    number = b""
    with os.fdopen(read_end, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        helpers.stop_process(process)
        raise EngineError("Xvfb did not start")
    return process, f":{number.decode().strip()}"


class WebKitPage(EnginePage):
    engine = "webkitgtk"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options

        self._xvfb = None
        self._driver_process = None
        try:
            # Always a display of its own (WebKitGTK has no headless mode): no window on a desktop, the same size
            # everywhere.
            env = {key: value for key, value in os.environ.items()
                   if "proxy" not in key.lower() and key not in ("WAYLAND_DISPLAY", "DISPLAY")}
            self._xvfb, env["DISPLAY"] = start_xvfb()
            env["GDK_BACKEND"] = "x11"
            port = helpers.free_port()
            self._log = tempfile.TemporaryFile()  # noqa: SIM115 - the driver's output, shown if it fails to start
            self._driver_process = subprocess.Popen([shutil.which(WEBKIT_DRIVER), f"--port={port}", "--host=local"],
                                                    stdin=subprocess.DEVNULL, stdout=self._log,
                                                    stderr=subprocess.STDOUT, env=env)
            url = f"http://127.0.0.1:{port}"
            helpers.wait_until(lambda: self._answers(url), timeout=30, message="WebKitWebDriver to answer")
            options = Options()
            if WEBKIT_BROWSER.exists():
                options.binary_location = str(WEBKIT_BROWSER)
            options.add_argument("--automation")
            with warnings.catch_warnings():  # Selenium deprecates its own way of taking a server's address
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.Remote(command_executor=url, options=options)
            self.driver.set_script_timeout(30)
            self.driver.set_window_size(*VIEWPORT)
            self.main_window = self.window
        except BaseException:
            self.close()
            raise

    def _answers(self, url: str) -> bool:
        if self._driver_process.poll() is not None:
            self._log.seek(0)
            raise EngineError(f"WebKitWebDriver exited: {self._log.read().decode(errors='replace')}")
        try:
            with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(f"{url}/status", timeout=2):
                return True
        except (urllib.error.URLError, OSError):
            return False

    def _run(self, script: str, args: list) -> object:
        return self.driver.execute_async_script(script, *args)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()
        self.watch_errors()

    def _perform_keys(self, actions: list) -> None:
        from selenium.webdriver.remote.command import Command

        self.driver.execute(Command.W3C_ACTIONS, {"actions": actions})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.driver.get_screenshot_as_png())

    @property
    def url(self) -> str:
        return self.driver.current_url

    def new_window(self) -> str:
        self.driver.switch_to.new_window("window")
        return self.driver.current_window_handle

    @property
    def window(self) -> str:
        return self.driver.current_window_handle

    @property
    def windows(self) -> list[str]:
        return self.driver.window_handles

    def _close_window(self) -> None:
        self.driver.close()

    def switch_to(self, handle: str) -> None:
        self.driver.switch_to.window(handle)

    def close(self) -> None:
        driver = getattr(self, "driver", None)
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()
        helpers.stop_process(self._driver_process)
        helpers.stop_process(self._xvfb)
