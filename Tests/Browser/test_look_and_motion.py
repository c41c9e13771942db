"""How the page looks for everyone: without motion when asked, in Windows High Contrast (forced colours), and in a
window 320 CSS pixels wide (what 400% zoom of a 1280-pixel screen leaves) without losing anything."""

import pytest
from playwright.sync_api import expect

from helpers import item_by_id, seed_gallery

# A colour a system keyword stands for, as the page computes it.
_SYSTEM_COLOUR_JS = """(keyword) => {
  const probe = document.createElement('span');
  probe.style.forcedColorAdjust = 'none';
  probe.style.color = keyword;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}"""


def test_reduced_motion_turns_transitions_and_animations_off(page, server, other_site):
    page.emulate_media(reduced_motion="reduce")
    stored = seed_gallery(page, server, other_site, 3, "calm")
    tile = item_by_id(page, stored[0]["id"])
    assert tile.evaluate("e => getComputedStyle(e).transitionDuration.split(',').every(d => parseFloat(d) === 0)")
    image = tile.locator("img")
    assert image.evaluate("e => getComputedStyle(e).transitionDuration.split(',').every(d => parseFloat(d) === 0)")
    # Deleting animates the tiles into the trash only with motion: here nothing runs.
    tile.focus()
    page.keyboard.press("Delete")
    expect(tile).to_have_count(0)
    assert page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length") == 0


def test_forced_colours_keep_selection_focus_and_the_insertion_line_visible(page, server, other_site):
    page.emulate_media(forced_colors="active")
    stored = seed_gallery(page, server, other_site, 3, "contrast")
    highlight = page.evaluate(_SYSTEM_COLOUR_JS, "Highlight")
    selected = item_by_id(page, stored[1]["id"])
    selected.click()
    # The selection is drawn on a frame after the click: wait for it, then for its mark in the Highlight colour.
    expect(selected).to_have_attribute("aria-selected", "true")
    page.wait_for_function(
        "([e, colour]) => { const s = getComputedStyle(e, '::after');"
        " return s.borderTopStyle === 'solid' && s.borderTopColor === colour; }",
        arg=[selected.element_handle(), highlight])

    page.get_by_role("radiogroup", name="View").get_by_role("radio", name="List").check()
    row = page.locator(f'#gallery .row[data-item-id="{stored[2]["id"]}"]')
    row.focus()
    page.keyboard.press("Space")  # lifted by keyboard: the insertion line shows where it would land
    page.keyboard.press("ArrowUp")
    line = page.locator("#gallery .insertion-line")
    expect(line).to_be_visible()
    assert line.evaluate("e => getComputedStyle(e).backgroundColor") == highlight
    page.keyboard.press("Escape")

    # The frame: the side bar's current gallery is outlined in Highlight (its tint is lost), and the header's menus
    # keep their borders.
    current = page.locator(".side-gallery[aria-current=page]")
    expect(current).to_be_visible()
    assert current.evaluate("e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineColor]") == [
        "solid", highlight]
    page.get_by_role("button", name="Add", exact=True).click()
    menu = page.get_by_role("menu", name="Add")
    expect(menu).to_be_visible()
    assert menu.evaluate("e => getComputedStyle(e).borderTopStyle") != "none"
    page.keyboard.press("Escape")


def test_a_window_320_pixels_wide_scrolls_only_up_and_down_and_keeps_every_control(window, server, other_site):
    narrow = window({"width": 320, "height": 640})
    narrow.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(narrow.get_by_role("grid", name="My Gallery")).to_be_attached()
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 320
    for name in ("Grid", "List", "Board"):
        expect(narrow.get_by_role("radio", name=name)).to_be_visible()
    for control in (narrow.get_by_role("button", name="New Note"), narrow.get_by_role("button", name="Trash"),
                    narrow.get_by_role("button", name="Undo")):
        expect(control).to_be_visible()
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 320, box
        assert box["width"] >= 24 and box["height"] >= 24, box


def test_text_at_200_percent_loses_nothing(page, server, other_site):
    seed_gallery(page, server, other_site, 2, "big")
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    for control in (page.get_by_role("button", name="New Note"), page.get_by_role("button", name="Trash"),
                    page.get_by_role("button", name="More", exact=True), page.get_by_role("radio", name="Board")):
        expect(control).to_be_visible()
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
    # The toolbar grows with its text instead of clipping it.
    heading = page.locator(".pane-name").first
    assert heading.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the gallery's name is cut"


# For each control Tab reaches: its focus outline's colour and width, and the colour behind the outline (the nearest
# opaque background around it, or its own when the outline is drawn inside it), as sRGB bytes (a canvas reads any CSS
# colour), and its size.
_FOCUS_LOOK_JS = """() => {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  // A radio button or a checkbox in its label: the label is what is clicked, and it shows the focus.
  const e = active.matches('input[type=radio], input[type=checkbox]') ? active.closest('label') ?? active : active;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (colour) => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = '#000';
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data];
  };
  const style = getComputedStyle(e);
  let behind = parseFloat(style.outlineOffset) < 0 ? e : e.parentElement;
  let background = null;
  while (behind) {
    const colour = rgba(getComputedStyle(behind).backgroundColor);
    if (colour[3] === 255) { background = colour; break; }
    behind = behind.parentElement;
  }
  if (!background) background = rgba('Canvas');
  const box = e.getBoundingClientRect();
  return { what: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30) || e.tagName,
           outline: rgba(style.outlineColor), outlineStyle: style.outlineStyle, width: parseFloat(style.outlineWidth),
           background, size: [box.width, box.height] };
}"""


def _luminance(rgb) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_control_tab_reaches_shows_its_focus_at_3_to_1_and_is_at_least_24_pixels(page, server, other_site,
                                                                                       scheme):
    page.emulate_media(color_scheme=scheme)
    seed_gallery(page, server, other_site, 3, "focus")
    page.locator("body").focus()
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        look = page.evaluate(_FOCUS_LOOK_JS)
        if look is None or look in seen:
            continue
        seen.append(look)
        assert look["outlineStyle"] != "none" and look["width"] >= 2, look
        assert contrast(look["outline"], look["background"]) >= 3, (scheme, look, contrast(look["outline"],
                                                                                          look["background"]))
        assert look["size"][0] >= 24 and look["size"][1] >= 24, (scheme, look["what"], look["size"])
    names = [look["what"] for look in seen]
    assert len(seen) >= 6 and any(name.startswith("Image: focus0.png") for name in names), names
