"""Notes, links and videos through the clipboard: pasted text becomes a note (one too long is refused before it is
sent), and a copy of selected items gives other apps each kind's text while this app's own paste still copies the
items themselves."""

from kind_helpers import drop_every_kind
from playwright.sync_api import expect

from helpers import LOCAL_TYPE, wait_until

_COPY_JS = """
() => {
  const dt = new DataTransfer();
  const event = new ClipboardEvent('copy', {clipboardData: dt, bubbles: true, cancelable: true});
  const notCancelled = (document.activeElement || document.body).dispatchEvent(event);
  const data = {};
  for (const type of dt.types) data[type] = dt.getData(type);
  return {cancelled: !notCancelled, data};
}
"""

_PASTE_JS = """
(data) => {
  const dt = new DataTransfer();
  for (const [type, value] of Object.entries(data)) dt.setData(type, value);
  const event = new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true});
  return !(document.activeElement || document.body).dispatchEvent(event);
}
"""


def paste(page, data: dict[str, str]) -> bool:
    """Pastes a clipboard holding `data` (type → value) where the focus is; whether the page took it."""
    return page.evaluate(_PASTE_JS, data)


def test_pasted_text_becomes_one_note_holding_exactly_that_text(page, server):
    text = "To do:\n  buy milk\r\n\ncall <Ana> & https://example.com/later"
    assert paste(page, {"text/plain": text}), "the page did not take the paste"
    note = wait_until(lambda: next(iter(server.items(server.gallery_id)), None), message="the note")
    assert note["kind"] == "note" and note["text"] == text, note
    shown = page.locator(f'#gallery [role="row"][data-item-id="{note["id"]}"]')
    expect(shown).to_have_attribute("data-kind", "note")
    expect(shown.locator(".note-text")).to_have_text(text, use_inner_text=False)
    assert len(server.items(server.gallery_id)) == 1


def test_a_pasted_text_over_20000_characters_is_refused_before_it_is_sent(page, server):
    sent = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    paste(page, {"text/plain": "é" * 20_001})
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("A note holds at most 20,000 characters; this text has 20,001.")
    expect(page.locator('#gallery [role="row"]')).to_have_count(0)
    assert server.items(server.gallery_id) == []
    assert not [url for url in sent if "/drops" in url or "/notes" in url], sent


def test_copied_items_give_each_kinds_text_and_paste_back_as_copies_of_themselves(page, server, other_site):
    by_kind = drop_every_kind(page, server, other_site, text="Shopping\nmilk", page_name="copied",
                              page_html="<html><head><title>Copied page</title></head></html>")
    note, link, video = by_kind["note"], by_kind["link"], by_kind["video"]
    note_tile = page.locator(f'#gallery [data-item-id="{note["id"]}"]')
    note_tile.click()
    expect(note_tile).to_have_attribute("data-selected", "true")

    copied = page.evaluate(_COPY_JS)
    assert copied["cancelled"], "the page did not cancel the copy: its data would not reach the clipboard"
    assert copied["data"]["text/plain"] == "Shopping\nmilk", copied
    assert copied["data"]["text/html"] == "<p>Shopping<br>milk</p>", copied
    assert LOCAL_TYPE in copied["data"], copied

    note_tile.focus()
    page.keyboard.press("Control+a")
    for item in by_kind.values():
        expect(page.locator(f'#gallery [data-item-id="{item["id"]}"]')).to_have_attribute("data-selected", "true")
    copied = page.evaluate(_COPY_JS)["data"]
    video_url = f"{server.base_url}{video['videoURL']}"
    shown_order = [i["kind"] for i in server.items(server.gallery_id)]
    texts = {"note": "Shopping\nmilk", "link": link["pageURL"], "video": video_url}
    assert copied["text/plain"] == "\n".join(texts[kind] for kind in shown_order), copied
    assert copied["text/uri-list"].split("\r\n") == [texts[k] for k in shown_order if k != "note"], copied

    # This app's own paste copies the items (three more, one of each kind), not a note made of their text.
    paste(page, copied)
    wait_until(lambda: len(server.items(server.gallery_id)) == 6, message="three copies")
    stored = server.items(server.gallery_id)
    assert sorted(i["kind"] for i in stored) == ["link", "link", "note", "note", "video", "video"], stored
    assert [i["text"] for i in stored if i["kind"] == "note"] == ["Shopping\nmilk"] * 2
    assert {i["pageURL"] for i in stored if i["kind"] == "link"} == {link["pageURL"]}
    expect(page.locator('#gallery [role="row"][data-kind="note"]')).to_have_count(2)
    assert not page.problems, page.problems
