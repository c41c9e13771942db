"""The smoke suite (smoke.py) in Firefox ESR, driven through Marionette; skips when firefox-esr or marionette-driver
is not installed."""

import pytest
from smoke import SmokeSuite


class TestFirefox(SmokeSuite):
    @pytest.fixture
    def browser_page(self, firefox):
        return firefox
