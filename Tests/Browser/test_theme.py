"""The theme switch (issue 31): System, Light or Dark, remembered per person across reloads, put on the page before it
is first drawn (no white flash before a dark page), with a dark theme of neutral greys for looking at pictures, and
focus that stays at 3:1 in a theme chosen against the system's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_look_and_motion import _FOCUS_LOOK_JS, contrast

from auth_helpers import OWNER_PASSWORD, add_user, sign_in_page
from helpers import seed_gallery, sign_out_entry

# The theme on <html> as it was when <body> first came to be: before any module script ran, and before the first paint
# (which waits for the page's styles, and they read it).
_FIRST_LOOK_JS = """
new MutationObserver((changes, observer) => {
  if (!document.body) return;
  observer.disconnect();
  window.firstLook = { theme: document.documentElement.dataset.theme ?? null };
}).observe(document, { childList: true, subtree: true });
"""


def theme_switch(page):
    return page.get_by_role("combobox", name="Theme")


def signed_in(page, server, name: str, password: str) -> None:
    """Signs in through the sign-in page and waits for the gallery browser's script (and so the switch's) to run."""
    sign_in_page(page, server, name, password)
    expect(page.get_by_role("list", name="Galleries")).not_to_have_attribute("aria-busy", "true")


def background(page) -> list[int]:
    return page.evaluate("""() => {
      const c = document.createElement('canvas').getContext('2d');
      c.fillStyle = getComputedStyle(document.body).backgroundColor; c.fillRect(0, 0, 1, 1);
      return [...c.getImageData(0, 0, 1, 1).data].slice(0, 3);
    }""")


def test_the_theme_chosen_is_kept_across_a_reload_and_drawn_from_the_first_paint(page):
    page.emulate_media(color_scheme="light")
    switch = theme_switch(page)
    expect(switch).to_have_value("system")
    assert background(page) == [255, 255, 255]
    switch.select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == [22, 22, 22]

    page.add_init_script(_FIRST_LOOK_JS)
    page.reload()
    expect(theme_switch(page)).to_have_value("dark")
    assert page.evaluate("window.firstLook") == {"theme": "dark"}
    assert background(page) == [22, 22, 22]

    theme_switch(page).select_option("system")  # the system's again: light here
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    page.reload()
    expect(theme_switch(page)).to_have_value("system")
    assert page.evaluate("window.firstLook") == {"theme": None}
    assert background(page) == [255, 255, 255]


def test_light_chosen_stays_light_on_a_dark_system_and_the_gallery_browser_follows(page, server):
    page.emulate_media(color_scheme="dark")
    assert background(page) == [22, 22, 22]
    theme_switch(page).select_option("light")
    assert background(page) == [255, 255, 255]
    page.goto(f"{server.base_url}/galleries")
    expect(theme_switch(page)).to_have_value("light")
    assert background(page) == [255, 255, 255]


def test_a_theme_chosen_in_one_tab_is_taken_up_by_the_others(page, server):
    other = page.context.new_page()
    other.goto(f"{server.base_url}/galleries")
    expect(theme_switch(other)).to_have_value("system")
    theme_switch(page).select_option("dark")
    expect(theme_switch(other)).to_have_value("dark")
    expect(other.locator("html")).to_have_attribute("data-theme", "dark")


def test_each_person_keeps_their_own_theme_on_a_shared_browser(auth_server, owner, window):
    add_user(auth_server, "bob", "bob's long password")
    page = window()
    page.emulate_media(color_scheme="light")
    signed_in(page, auth_server, "owner", OWNER_PASSWORD)
    theme_switch(page).select_option("dark")
    sign_out_entry(page).click()
    expect(page).to_have_url(f"{auth_server.base_url}/signin")
    # The sign-in page keeps the look of whoever used this browser last.
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")

    signed_in(page, auth_server, "bob", "bob's long password")
    expect(theme_switch(page)).to_have_value("system")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert background(page) == [255, 255, 255]
    sign_out_entry(page).click()
    expect(page).to_have_url(f"{auth_server.base_url}/signin")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")  # bob's: the system's

    signed_in(page, auth_server, "owner", OWNER_PASSWORD)
    expect(theme_switch(page)).to_have_value("dark")
    assert background(page) == [22, 22, 22]


def test_the_dark_theme_puts_pictures_on_neutral_greys(page, server, other_site):
    stored = seed_gallery(page, server, other_site, 2, "dark")
    theme_switch(page).select_option("dark")
    neutral = page.evaluate("""(id) => {
      const c = document.createElement('canvas').getContext('2d');
      const rgb = (e) => { c.clearRect(0, 0, 1, 1); c.fillStyle = getComputedStyle(e).backgroundColor;
                           c.fillRect(0, 0, 1, 1); return [...c.getImageData(0, 0, 1, 1).data]; };
      return [document.body, document.querySelector('#gallery'), document.querySelector(`[data-item-id="${id}"]`)]
        .map(rgb);
    }""", stored[0]["id"])
    for r, g, b, a in neutral:
        assert a == 0 or (r == g == b and r < 64), neutral  # transparent, or a dark neutral grey


@pytest.mark.parametrize(("system", "chosen"), [("light", "dark"), ("dark", "light")])
def test_focus_stays_at_3_to_1_in_a_theme_chosen_against_the_systems(page, server, other_site, system, chosen):
    page.emulate_media(color_scheme=system)
    seed_gallery(page, server, other_site, 2, "focus")
    theme_switch(page).select_option(chosen)
    page.locator("body").focus()
    seen = []
    for _ in range(16):
        page.keyboard.press("Tab")
        look = page.evaluate(_FOCUS_LOOK_JS)
        if look is None or look in seen:
            continue
        seen.append(look)
        assert look["outlineStyle"] != "none" and look["width"] >= 2, look
        assert contrast(look["outline"], look["background"]) >= 3, (chosen, look)
    # The switch itself (a <select>, named by its options' text here) and the items were among them.
    names = [look["what"] for look in seen]
    assert any(name.startswith("System") for name in names), names
    assert any(name.startswith("Image: focus0.png") for name in names), names
