"""The smoke suite (smoke.py) in WebKitGTK, driven through WebKitWebDriver with Selenium (under an Xvfb of its own:
WebKitGTK has no headless mode); skips when webkit2gtk-driver, Xvfb or selenium is not installed."""

import pytest
from smoke import SmokeSuite


class TestWebKit(SmokeSuite):
    @pytest.fixture
    def browser_page(self, webkit):
        return webkit
