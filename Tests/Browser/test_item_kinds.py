"""Notes, links and videos: dropped, edited, opened, played, moved and dragged out like images."""

import re

from kind_helpers import drop_every_kind, drop_fixture
from playwright.sync_api import expect

from helpers import LOCAL_TYPE, drop, end_local_drag, start_local_drag, uri_list, wait_until
from pane_helpers import create_gallery, ids_in


def tile(page, item_id: str):
    return page.locator(f'#gallery [role="row"][data-item-id="{item_id}"]')


def stored_items(server, gallery_id=None) -> list[dict]:
    return server.items(gallery_id or server.gallery_id)


def one_item(server, kind: str, gallery_id=None) -> dict:
    found = wait_until(lambda: next((i for i in stored_items(server, gallery_id) if i["kind"] == kind
                                     and i["state"] != "pending"), None), message=f"a {kind} item")
    return found


def test_dropped_text_becomes_a_note_that_is_edited_undone_and_redone(page, server):
    text = "Lisbon\nPorto\n\n  Faro  "
    drop(page, text=text)
    note = one_item(server, "note")
    assert note["text"] == text
    shown = tile(page, note["id"])
    expect(shown).to_have_attribute("data-kind", "note")
    expect(shown.locator(".note-text")).to_have_text(text, use_inner_text=False)

    shown.focus()
    page.keyboard.press("Enter")
    field = shown.get_by_role("textbox")
    expect(field).to_be_focused()
    field.fill("Shopping\nmilk")
    page.keyboard.press("Control+Enter")
    expect(shown).to_be_focused()
    wait_until(lambda: server.api("GET", f"/api/items/{note['id']}")["text"] == "Shopping\nmilk",
               message="the edit is kept")
    expect(shown.locator(".note-text")).to_have_text("Shopping\nmilk", use_inner_text=False)
    # Its first line, with more after it, is its title: set apart, bold.
    expect(shown.locator(".note-title")).to_have_text("Shopping\n", use_inner_text=False)
    assert int(shown.locator(".note-title").evaluate("e => getComputedStyle(e).fontWeight")) >= 600

    undo = page.get_by_role("button", name="Undo Edit Note")
    undo.click()
    wait_until(lambda: server.api("GET", f"/api/items/{note['id']}")["text"] == text, message="the undo")
    expect(shown.locator(".note-text")).to_have_text(text, use_inner_text=False)
    page.get_by_role("button", name="Redo Edit Note").click()
    expect(shown.locator(".note-text")).to_have_text("Shopping\nmilk", use_inner_text=False)
    assert not page.problems, page.problems


def test_an_edit_reaches_another_tab_live_and_escape_cancels(page, server, window):
    drop(page, text="first")
    note = one_item(server, "note")
    other = window()
    other.goto(f"{server.base_url}/g/{server.gallery_id}")
    expect(tile(other, note["id"]).locator(".note-text")).to_have_text("first")

    shown = tile(page, note["id"])
    shown.dblclick()
    field = shown.get_by_role("textbox")
    field.fill("changed in one tab")
    page.keyboard.press("Control+Enter")
    expect(tile(other, note["id"]).locator(".note-text")).to_have_text("changed in one tab")

    shown.focus()
    page.keyboard.press("Enter")
    shown.get_by_role("textbox").fill("never kept")
    page.keyboard.press("Escape")
    expect(shown).to_be_focused()
    expect(shown.locator(".note-text")).to_have_text("changed in one tab")
    assert server.api("GET", f"/api/items/{note['id']}")["text"] == "changed in one tab"


def test_new_note_and_the_n_key_make_a_note_in_edit_mode(page, server):
    page.get_by_role("button", name="New Note").click()
    field = page.locator("#gallery .note-field")
    expect(field).to_be_focused()
    page.keyboard.type("From the button")
    page.keyboard.press("Control+Enter")
    wait_until(lambda: [i["text"] for i in stored_items(server)] == ["From the button"], message="the note")

    notes = stored_items(server)
    tile(page, notes[0]["id"]).focus()
    page.keyboard.press("n")
    expect(page.locator("#gallery .note-field")).to_be_focused()
    page.keyboard.type("After the first")
    page.keyboard.press("Tab")  # leaving the field keeps the text
    wait_until(lambda: [i["text"] for i in stored_items(server)] == ["From the button", "After the first"],
               message="the second note after the focused one")


def test_a_note_holding_html_shows_its_characters_and_runs_nothing(page, server):
    hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    drop(page, text=hostile)
    note = one_item(server, "note")
    shown = tile(page, note["id"])
    expect(shown.locator(".note-text")).to_have_text(hostile)
    assert shown.locator(".note-text img, .note-text script").count() == 0
    assert page.evaluate("window.__pwned") is None


def test_a_text_over_20000_characters_is_refused_with_the_limit_and_nothing_is_added(page, server):
    drop(page, text="a" * 20_001)
    expect(page.get_by_role("alert")).to_contain_text("at most 20,000 characters")
    expect(page.get_by_role("alert")).to_contain_text("20,001")
    assert stored_items(server) == []


def test_a_text_with_a_nul_character_is_refused_saying_where_and_nothing_is_cut_or_added(page, server):
    drop(page, text="before\0after")
    expect(page.get_by_role("alert")).to_contain_text("cannot hold the NUL character (U+0000)")
    expect(page.get_by_role("alert")).to_contain_text("at character 7")
    assert stored_items(server) == []


def test_a_link_to_a_page_becomes_a_card_with_its_title_and_preview(page, server, other_site):
    preview = other_site.image("preview.png", 120, 80)
    article = other_site.page("article", f"""<!doctype html><html><head>
      <meta property="og:title" content="Caf&eacute; guide">
      <meta property="og:site_name" content="Coffee Site">
      <meta property="og:image" content="{preview}"></head><body>Hi</body></html>""")
    drop(page, uri_list=uri_list(article))
    link = wait_until(lambda: next((i for i in stored_items(server) if i["kind"] == "link"), None),
                      message="the link")
    shown = tile(page, link["id"])
    expect(shown).to_have_attribute("data-kind", "link")
    anchor = shown.locator("a.link-open")
    expect(anchor).to_have_attribute("href", article)
    expect(anchor).to_have_attribute("target", "_blank")
    expect(anchor).to_have_attribute("rel", "noopener noreferrer")
    expect(anchor).to_contain_text("Café guide")
    expect(anchor).to_contain_text("Coffee Site")
    image = shown.locator("img")
    wait_until(lambda: image.evaluate("img => img.complete && img.naturalWidth > 0"), message="the preview")


def test_a_dropped_video_shows_its_poster_and_duration_and_plays_in_place(page, server):
    drop_fixture(page, "clip.webm", "video/webm")
    video = wait_until(lambda: next((i for i in stored_items(server) if i["kind"] == "video"), None),
                       message="the video")
    shown = tile(page, video["id"])
    expect(shown).to_have_attribute("data-kind", "video")
    expect(shown.locator(".video-duration")).to_have_text("0:02")
    if video["posterURL"]:
        wait_until(lambda: shown.locator("img").evaluate("img => img.complete && img.naturalWidth > 0"),
                   message="the poster")
    # Its Play button plays it in its tile (Enter opens it in the viewer: test_viewer.py).
    shown.locator(".video-play").click()
    player = shown.locator("video")
    expect(player).to_have_attribute("src", video["videoURL"])
    wait_until(lambda: player.evaluate("v => v.readyState >= 2"), timeout=20, message="the video plays")


def test_each_kind_moves_to_another_gallery_and_survives_a_reload(page, server, other_site):
    fruit = create_gallery(server, "Fruit")
    drop_every_kind(page, server, other_site, text="a note", page_name="plain",
                    page_html="<html><head><title>Plain page</title></head></html>")
    for item in stored_items(server):
        tile(page, item["id"]).get_by_role("button", name=re.compile("^Actions for")).click()
        page.get_by_role("menu").get_by_role("menuitem", name="Move to Gallery…").click()
        page.get_by_role("dialog").get_by_role("button", name="Move to Fruit").click()
        expect(tile(page, item["id"])).to_have_count(0)
    wait_until(lambda: len(ids_in(server, fruit["id"])) == 3, message="all moved")
    page.goto(f"{server.base_url}/g/{fruit['id']}")
    for kind in ("note", "link", "video"):
        expect(page.locator(f'#gallery [role="row"][data-kind="{kind}"]')).to_have_count(1)
    expect(page.locator('#gallery [data-kind="note"] .note-text')).to_have_text("a note")
    expect(page.locator('#gallery [data-kind="link"] .link-title')).to_have_text("Plain page")


def test_drag_out_carries_what_each_kind_offers(page, server, other_site):
    by_kind = drop_every_kind(page, server, other_site, text="Line one\n<b>two</b>", page_name="out",
                              page_html="<html><head><title>Out</title></head></html>")
    article = by_kind["link"]["pageURL"]

    def drag_out(item_id):
        try:
            return start_local_drag(page, item_id)
        finally:
            end_local_drag(page)

    note = drag_out(by_kind["note"]["id"])["data"]
    assert note["text/plain"] == "Line one\n<b>two</b>"
    assert note["text/html"] == "<p>Line one<br>&lt;b&gt;two&lt;/b&gt;</p>"
    assert LOCAL_TYPE in note

    link = drag_out(by_kind["link"]["id"])["data"]
    assert link["text/uri-list"] == article
    assert link["text/plain"] == article
    assert link["text/html"] == f'<a href="{article}">Out</a>'

    video = by_kind["video"]
    absolute = f"{server.base_url}{video['videoURL']}"
    dragged = drag_out(video["id"])["data"]
    assert dragged["text/uri-list"] == absolute
    assert dragged["text/plain"] == absolute
    assert dragged["downloadurl"] == f"video/mp4:faststart.mp4:{absolute}"


def test_a_dropped_tiff_is_shown_through_its_copy_and_drags_out_as_itself(page, server):
    drop_fixture(page, "photo.tif", "image/tiff")
    item = wait_until(lambda: next((i for i in stored_items(server) if i["state"] != "pending"), None),
                      message="the TIFF settled")
    if item["state"] == "failed":  # without libvips a TIFF is refused, saying so
        assert item["failure"]["code"] == "unsupported-format", item
        return
    shown = tile(page, item["id"])
    image = shown.locator("img")
    expect(image).to_have_attribute("src", item["imageURL"])
    wait_until(lambda: image.evaluate("img => img.complete && img.naturalWidth === 40"), message="the WebP copy")
    try:
        dragged = start_local_drag(page, item["id"])["data"]
    finally:
        end_local_drag(page)
    assert dragged["downloadurl"] == f"image/tiff:photo.tif:{server.base_url}{item['originalURL']}"


def test_a_playing_video_pauses_when_scrolled_out_of_view(page, server, other_site):
    drop_fixture(page, "clip.webm", "video/webm")
    video = wait_until(lambda: next((i for i in stored_items(server) if i["kind"] == "video"), None),
                       message="the video")
    urls = [other_site.image(f"below{i}.png", 400, 300) for i in range(24)]
    server.drop_uris(server.gallery_id, urls)
    server.wait_settled(server.gallery_id, 25)
    shown = tile(page, video["id"])
    shown.locator(".video-play").click()  # in its tile (Enter opens it in the viewer)
    player = shown.locator("video")
    player.evaluate("v => { v.loop = true; v.muted = true; return v.play(); }")
    wait_until(lambda: player.evaluate("v => !v.paused && v.readyState >= 2"), message="the video plays")
    page.locator("#gallery").evaluate("g => g.scrollTo(0, g.scrollHeight)")
    wait_until(lambda: player.evaluate("v => v.paused"), message="paused once out of view")


def test_an_unchanged_edit_sends_nothing_and_a_too_long_one_stays_in_the_field_unsent(page, server):
    drop(page, text="short")
    note = one_item(server, "note")
    shown = tile(page, note["id"])
    expect(shown.locator(".note-text")).to_have_text("short")
    sent = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "PUT" else None)

    shown.focus()
    page.keyboard.press("Enter")
    expect(shown.get_by_role("textbox")).to_be_focused()
    page.keyboard.press("Control+Enter")
    expect(shown).to_be_focused()
    expect(shown.get_by_role("textbox")).to_have_count(0)

    page.keyboard.press("Enter")
    field = shown.get_by_role("textbox")
    too_long = "x" * 20_001
    field.fill(too_long)
    page.keyboard.press("Control+Enter")
    expect(page.get_by_role("alert")).to_contain_text("A note holds at most 20,000 characters; this text has 20,001.")
    expect(field).to_be_focused()  # the text stays in the field, never cut nor lost: it can be shortened
    assert field.input_value() == too_long, len(field.input_value())
    page.keyboard.press("Backspace")
    page.keyboard.press("Control+Enter")
    expect(shown).to_be_focused()
    wait_until(lambda: server.api("GET", f"/api/items/{note['id']}")["text"] == "x" * 20_000, message="the edit")
    assert len(sent) == 1, sent


def test_notes_links_and_videos_are_named_by_their_kind_first_in_every_view(page, server, other_site):
    by_kind = drop_every_kind(page, server, other_site, text="\nShopping\nmilk", page_name="named",
                              page_html="<html><head><title>Named page</title></head></html>")
    host = re.match(r"https?://([^:/]+)", by_kind["link"]["pageURL"]).group(1)
    names = {"note": "Note: Shopping", "link": f"Link: Named page, {host}", "video": "Video: faststart.mp4, 0:02"}
    for view in ("Grid", "List", "Board"):
        page.get_by_role("radio", name=view).check()
        for kind, name in names.items():
            element = page.locator(f'[role="row"][data-item-id="{by_kind[kind]["id"]}"]')
            expect(element).to_have_attribute("data-kind", kind)
            # What a screen reader says of the item: its kind and title first, then where it is.
            expect(element).to_have_accessible_name(re.compile(rf"^{re.escape(name)}, [1-3] of 3$"))
            # And what it reads first inside it (the tree leaves out what is hidden from it).
            inside = element.aria_snapshot().splitlines()[2].strip()
            assert inside.startswith(f'- text: "{name}'), (view, inside)
