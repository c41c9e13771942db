"""The pane toolbar (issue 31, part 2): one row of icon buttons that leaves the pictures room on a phone, named beside
their icons on a wide screen and by tooltips and accessible names on a narrow one; the More menu with the actions used
less, worked with the keys of a menu button; and (part 6) a failed tile that says why in one line beside its buttons,
never over them, at every number of images per row."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import fill_gallery, item_by_id, items, wait_until
from pane_helpers import create_gallery

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
# A wide screen: the toolbar has the room to name its buttons beside the side bar (a laptop's 1280 has it once the
# side bar is hidden).
WIDER = {"width": 1600, "height": 900}

# Toolbar buttons by the names the tests (and screen readers) know them by.
NAMED_BUTTONS = ("New Note", "Undo", "Redo", "Tags")

# Bounding boxes of the first pane's toolbar and of its controls that are shown.
_TOOLBAR_JS = """() => {
  const toolbar = document.querySelector('.pane .toolbar');
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height};
  };
  const shown = [...toolbar.querySelectorAll('.toolbar-controls > *, .toolbar-title > *')]
    .filter((e) => e.getClientRects().length > 0);
  return {toolbar: box(toolbar), controls: shown.map((e) => ({name: e.className, ...box(e)}))};
}"""

# For a failed tile: its box, its reason's (and whether it shows, on how many lines), and its buttons' shown.
_FAILED_TILE_JS = """(tile) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height};
  };
  const reason = tile.querySelector('.reason');
  const style = getComputedStyle(reason);
  const lineHeight = parseFloat(style.lineHeight);
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).clip !== 'rect(0px, 0px, 0px, 0px)'
    && e.getBoundingClientRect().width > 1;
  return {
    tile: box(tile),
    reason: {...box(reason), shown: shown(reason),
             lines: Math.round(reason.getBoundingClientRect().height / lineHeight),
             text: reason.textContent, title: reason.title, whiteSpace: style.whiteSpace},
    buttons: [...tile.querySelectorAll('button')]
      .filter((b) => b.getClientRects().length > 0 && getComputedStyle(b).display !== 'none')
      .map((b) => ({name: b.getAttribute('aria-label') || b.textContent.trim(), ...box(b)})),
  };
}"""


def _overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


def _inside(inner: dict, outer: dict) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def _open_gallery(window, server, viewport, path=None):
    page = window(viewport)
    page.goto(f"{server.base_url}{path or f'/g/{server.gallery_id}'}")
    expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
    return page


def _more(page):
    return page.locator(".pane").first.get_by_role("button", name="More", exact=True)


def _menu(page):
    return page.locator(".pane").first.get_by_role("menu", name="More")


# ---- Room for the pictures on a phone


def test_on_a_phone_the_toolbar_is_one_row_and_the_first_picture_starts_in_the_top_120_pixels(window, server,
                                                                                             other_site):
    fill_gallery(server, other_site, server.gallery_id, 6, "phone")
    page = _open_gallery(window, server, PHONE)
    expect(items(page)).to_have_count(6)

    first = items(page).first.bounding_box()
    assert first["y"] <= 120, f"the first picture starts {first['y']:.0f} px down"
    layout = page.evaluate(_TOOLBAR_JS)
    toolbar = layout["toolbar"]
    assert toolbar["height"] <= 48, f"the toolbar is {toolbar['height']:.0f} px high"
    for control in layout["controls"]:
        assert _inside(control, toolbar), f"{control} lies outside the toolbar {toolbar} (a second row?)"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_each_view_shows_its_own_controls_on_a_phone(window, server, other_site):
    fill_gallery(server, other_site, server.gallery_id, 3, "views")
    page = _open_gallery(window, server, PHONE)
    slider = page.get_by_label("Images per row")
    fit = page.get_by_role("button", name="Zoom to Fit")
    actual = page.get_by_role("button", name="Zoom to 100%")
    expect(slider).to_be_visible()
    expect(fit).to_be_hidden()
    expect(actual).to_be_hidden()

    page.get_by_role("radio", name="Board").check()
    expect(fit).to_be_visible()
    expect(actual).to_be_visible()
    expect(slider).to_be_hidden()
    # The board's Move/Copy switch is in the More menu on a phone, and works from there.
    expect(page.get_by_role("radiogroup", name="Drag mode")).to_be_hidden()
    _more(page).click()
    copy = _menu(page).get_by_role("menuitemradio", name="Drags Copy")
    expect(_menu(page).get_by_role("menuitemradio", name="Drags Move")).to_have_attribute("aria-checked", "true")
    copy.click()
    expect(_menu(page)).to_be_hidden()
    _more(page).click()
    expect(copy).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Escape")
    first = items(page).first.bounding_box()
    assert first["y"] <= 120, f"the board starts {first['y']:.0f} px down"

    page.get_by_role("radio", name="List").check()
    expect(slider).to_be_hidden()
    expect(fit).to_be_hidden()


# ---- Icons and names


def test_wide_toolbar_names_its_buttons_beside_their_icons_and_a_phone_shows_icons_with_the_same_names(
        window, server, other_site):
    fill_gallery(server, other_site, server.gallery_id, 2, "names")
    labels_js = """() => [...document.querySelector('.pane .toolbar').querySelectorAll('.tool-label')]
      .filter((l) => l.closest('button, label').getClientRects().length > 0)
      .map((l) => ({text: l.textContent, width: l.getBoundingClientRect().width}))"""

    wide = _open_gallery(window, server, WIDER)
    for name in NAMED_BUTTONS:
        expect(wide.get_by_role("button", name=name, exact=True)).to_be_visible()
    shown = wide.evaluate(labels_js)
    assert {label["text"] for label in shown} >= {"Grid", "List", "Board", "Note", "Undo", "Redo", "Tags", "More"}
    assert all(label["width"] > 10 for label in shown), f"a label is not shown beside its icon: {shown}"
    laptop = _open_gallery(window, server, WIDE)
    laptop.get_by_role("button", name="Side Bar").click()
    shown = laptop.evaluate(labels_js)
    assert all(label["width"] > 10 for label in shown), f"a label is not shown beside its icon at 1280: {shown}"

    phone = _open_gallery(window, server, PHONE)
    shown = phone.evaluate(labels_js)
    assert shown and all(label["width"] <= 1 for label in shown), f"a label is shown on a phone: {shown}"
    for name in ("Undo", "New Note", "Trash", "More"):
        button = phone.locator(".pane").first.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible()
        assert button.get_attribute("title"), f"{name} has no tooltip"
    for name in ("Grid", "List", "Board"):
        expect(phone.get_by_role("radio", name=name)).to_be_attached()
        assert phone.get_by_role("radio", name=name).locator("xpath=..").get_attribute("title") == name
    expect(phone.get_by_label("Images per row")).to_be_visible()
    # A phone's Redo is in the More menu, by the same name, and not chosen while there is nothing to redo.
    expect(phone.get_by_role("button", name="Redo", exact=True)).to_have_count(0)
    _more(phone).click()
    redo = _menu(phone).get_by_role("menuitem", name="Redo", exact=True)
    expect(redo).to_have_attribute("aria-disabled", "true")
    redo.click(force=True)  # (Playwright waits for an enabled entry otherwise)
    expect(_menu(phone)).to_be_visible()


# ---- The More menu


def test_the_more_menu_works_from_the_keyboard(window, server):
    create_gallery(server, "Fruit")
    page = _open_gallery(window, server, WIDE)
    more, menu = _more(page), _menu(page)
    expect(more).to_have_attribute("aria-haspopup", "menu")
    expect(more).to_have_attribute("aria-expanded", "false")

    page.get_by_role("button", name="Trash", exact=True).focus()
    page.keyboard.press("Tab")
    expect(more).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "true")
    entries = menu.get_by_role("menuitem")
    expect(entries.first).to_be_focused()
    expect(menu.get_by_role("menuitem", name="Open Beside…")).to_be_focused()

    # The arrows go round: up from the first is the last, down from the last the first.
    page.keyboard.press("ArrowUp")
    expect(entries.last).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Open Beside…")).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=re.compile("gallery"))
    expect(dialog).to_be_visible()
    expect(menu).to_be_hidden()
    expect(dialog.get_by_role("button", name="Open Fruit")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(more).to_be_focused()  # the dialog gives the focus back to the menu's button

    # ArrowDown opens it too; Escape closes it and puts the focus back on More.
    page.keyboard.press("ArrowDown")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Open Beside…")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(more).to_be_focused()
    expect(more).to_have_attribute("aria-expanded", "false")

    # Space chooses as Enter does.
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(more).to_be_focused()
    expect(menu).to_be_hidden()

    # Tab closes it and moves on from More.
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Tab")
    expect(menu).to_be_hidden()
    assert page.evaluate("document.activeElement !== document.body"), "the focus was lost"
    expect(more).not_to_be_focused()


def test_a_key_pressed_as_a_dialog_closes_is_not_undone_by_the_dialog_giving_the_focus_back(window, server):
    # Closing a dialog puts the focus back on what opened it at once, and the dialog's "close" event, where it gives
    # the focus to its own choice, comes a task later. A key pressed in between (here ArrowDown on More, which opens
    # the menu on its first entry) keeps its effect: the late "close" does not take the focus back to More.
    create_gallery(server, "Fruit")
    page = _open_gallery(window, server, WIDE)
    more, menu = _more(page), _menu(page)
    more.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # Open Beside…
    dialog = page.get_by_role("dialog", name=re.compile("gallery"))
    expect(dialog.get_by_role("button", name="Open Fruit")).to_be_focused()
    page.evaluate("""async () => {
      const dialog = document.querySelector('dialog[open]');
      const more = document.querySelector('.pane .more-button');
      const closed = new Promise((resolve) => dialog.addEventListener('close', resolve, {once: true}));
      dialog.close();
      more.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true, cancelable: true}));
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }""")
    expect(dialog).to_be_hidden()
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Open Beside…")).to_be_focused()

    # With no key in between, the focus is given back to More as before.
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("button", name="Open Fruit")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(50)
    expect(more).to_be_focused()
    expect(menu).to_be_hidden()


def test_the_more_menu_closes_on_a_click_outside_and_its_entries_do_what_the_buttons_did(window, server):
    page = _open_gallery(window, server, WIDE)
    more, menu = _more(page), _menu(page)
    more.click()
    expect(menu).to_be_visible()
    page.locator("#gallery").click(position={"x": 300, "y": 300})
    expect(menu).to_be_hidden()
    expect(more).to_have_attribute("aria-expanded", "false")

    more.click()
    more.click()  # the button closes its menu too
    expect(menu).to_be_hidden()

    # On a phone, the Tags switch and Redo are in the menu and do what their buttons do.
    phone = _open_gallery(window, server, PHONE)
    _more(phone).click()
    tags = _menu(phone).get_by_role("menuitemcheckbox", name="Show Tags")
    expect(tags).to_have_attribute("aria-checked", "false")
    tags.click()
    expect(phone.locator(".pane").first).to_have_attribute("data-show-tags", "true")
    _more(phone).click()
    expect(tags).to_have_attribute("aria-checked", "true")
    phone.keyboard.press("Escape")

    phone.get_by_role("button", name="New Note").click()
    wait_until(lambda: len(server.items(server.gallery_id)) == 1, message="the note stored")
    phone.keyboard.press("Escape")  # leaves the note's editor
    undo = phone.locator(".pane").first.get_by_role("button", name=re.compile(r"^Undo"))
    expect(undo).to_be_enabled()
    undo.click()
    wait_until(lambda: len(server.items(server.gallery_id)) == 0, message="the note undone")
    _more(phone).click()
    redo = _menu(phone).get_by_role("menuitem", name=re.compile(r"^Redo "))
    expect(redo).to_have_attribute("aria-disabled", "false")
    redo.click()
    expect(_menu(phone)).to_be_hidden()
    wait_until(lambda: len(server.items(server.gallery_id)) == 1, message="the note redone")
    assert server.items(server.gallery_id)[0]["kind"] == "note"


# ---- A failed tile


def _expect_failed_tile_in_order(page, item_id: str, reason: str, where: str) -> None:
    tile = item_by_id(page, item_id)
    expect(tile).to_have_attribute("data-state", "failed")
    found = tile.evaluate(_FAILED_TILE_JS)
    box, said, buttons = found["tile"], found["reason"], found["buttons"]
    assert said["text"] == reason and said["title"] == reason, f"{where}: the reason is not whole: {said}"
    names = [button["name"] for button in buttons]
    assert {"Retry", "Remove"} <= set(names), f"{where}: buttons {names}"
    for button in buttons:
        assert _inside(button, box), f"{where}: {button} lies outside the tile {box}"
        assert button["width"] > 0 and button["height"] > 0, f"{where}: {button}"
    for index, button in enumerate(buttons):
        for other in buttons[index + 1:]:
            assert not _overlap(button, other), f"{where}: {button} lies over {other}"
    if said["shown"]:
        assert said["lines"] == 1 and said["whiteSpace"] == "nowrap", f"{where}: the reason is not one line: {said}"
        assert _inside(said, box), f"{where}: the reason {said} lies outside the tile {box}"
        for button in buttons:
            assert not _overlap(said, button), f"{where}: the reason {said} lies over {button}"
    else:  # the smallest tile: the buttons alone, the reason for screen readers (and in the buttons' tooltips)
        assert box["width"] < 72 or box["height"] < 72, f"{where}: a tile of {box} hides its reason"


def test_a_failed_tile_says_why_in_one_line_beside_its_buttons_at_every_size(window, server, other_site):
    # First, so that it is drawn (near the top) however large the tiles are.
    missing = other_site.url("/missing-picture-with-a-long-name.png")
    pictures = [other_site.image(f"ok{index}.png", 160, 120) for index in range(2)]
    server.drop_uris(server.gallery_id, [missing, *pictures])
    stored = server.wait_settled(server.gallery_id, 3)
    assert [item["state"] for item in stored] == ["failed", "ready", "ready"], stored
    failed_id = stored[0]["id"]
    reason = stored[0]["failure"]["message"]
    assert reason == "The site answered 404 (not found)"

    for viewport in (WIDE, PHONE):
        page = _open_gallery(window, server, viewport)
        for per_row in range(1, 13):
            server.api("PATCH", f"/api/galleries/{server.gallery_id}", {"imagesPerRow": per_row})
            page.reload()
            expect(page.get_by_label("Images per row")).to_have_value(str(per_row))
            expect(item_by_id(page, failed_id)).to_have_attribute("data-state", "failed")
            page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
            _expect_failed_tile_in_order(page, failed_id, reason, f"{viewport['width']} px, {per_row} per row")
