"""Dropping links and images dragged from other web pages."""


from playwright.sync_api import expect

from helpers import (
    data_url,
    dom_item_ids,
    drop,
    expect_items_as_stored,
    expect_ready_image,
    items,
    png,
    uri_list,
    wait_until,
)


def test_dropped_image_link_becomes_an_image_with_its_source_url(page, server, other_site):
    url = other_site.image("photo.png", 240, 160)

    drop(page, uri_list=uri_list(url, comment="a comment line"))

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_ready_image(page, server, item_id, 240, 160)
    [stored] = server.items(server.gallery_id)
    assert stored["sourceURL"] == url, stored


def test_dropped_web_image_html_takes_the_largest_srcset_candidate(page, server, other_site):
    small = other_site.image("small.png", 100, 50)
    medium = other_site.image("medium.png", 400, 200)
    large = other_site.image("large.png", 800, 600)
    html = (f'<meta charset="utf-8"><img src="{small}" '
            f'srcset="{small} 100w, {large} 800w, {medium} 400w" alt="A picture">')

    drop(page, html=html)

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_ready_image(page, server, item_id, 800, 600)
    [stored] = server.items(server.gallery_id)
    assert stored["sourceURL"] == large, stored


def test_three_dropped_links_keep_their_order_from_placeholders_to_images(page, server, other_site):
    sizes = {"one.png": (200, 100, "png"), "two.jpg": (120, 160, "jpeg"), "three.gif": (90, 90, "gif")}
    for name, (width, height, kind) in sizes.items():
        other_site.image(name, width, height, kind)
    urls = [other_site.url(f"/slow/{name}") for name in sizes]

    drop(page, uri_list=uri_list(*urls))

    expect(items(page)).to_have_count(3)
    for index in range(3):
        expect(items(page).nth(index)).to_have_attribute("data-state", "pending")
    stored = expect_items_as_stored(page, server, 3)
    assert [i["sourceURL"] for i in stored] == urls
    order = [i["id"] for i in stored]
    for index in range(3):
        expect(items(page).nth(index)).to_have_attribute("data-state", "pending")

    for name in reversed(list(sizes)):  # the last one finishes first
        other_site.release(name)

    for index, (width, height, _) in enumerate(sizes.values()):
        expect_ready_image(page, server, order[index], width, height)
    assert dom_item_ids(page) == order
    assert [i["id"] for i in server.items(server.gallery_id)] == order


def test_dropped_data_url_image_becomes_an_image(page, server):
    drop(page, uri_list=uri_list(data_url(png(64, 32), "image/png"), comment=None))

    item_id = expect_items_as_stored(page, server, 1)[0]["id"]
    expect_ready_image(page, server, item_id, 64, 32)
    [stored] = server.items(server.gallery_id)
    assert stored["state"] == "ready" and stored["mimeType"] == "image/png", stored


def test_a_link_without_preview_shows_its_site_icon_title_and_description_on_a_card(page, server, other_site):
    icon = other_site.image("icon.png", 64, 64)
    article = other_site.page("iconic", f"""<!doctype html><html><head><title>A guide to &lt;b&gt; tags</title>
      <meta name="description" content="Everything about bold text, from its history to its use today.">
      <link rel="icon" sizes="64x64" href="{icon}"></head><body>Hi</body></html>""")
    plain = other_site.page("plain", "<!doctype html><html><head><title>Plain page</title></head></html>")

    drop(page, uri_list=uri_list(article))
    [with_icon] = expect_items_as_stored(page, server, 1)
    drop(page, uri_list=uri_list(plain))
    stored = expect_items_as_stored(page, server, 2)
    without_icon = next(i for i in stored if i["id"] != with_icon["id"])
    links = wait_until(lambda: [i for i in server.items(server.gallery_id) if i["state"] == "ready"]
                       if all(i["state"] == "ready" for i in server.items(server.gallery_id)) else None,
                       message="both links ready")
    by_id = {i["id"]: i for i in links}
    assert by_id[with_icon["id"]]["siteIconURL"], by_id[with_icon["id"]]
    assert by_id[without_icon["id"]].get("siteIconURL") is None, by_id[without_icon["id"]]

    card = page.locator(f'#gallery [role="row"][data-item-id="{with_icon["id"]}"]')
    expect(card).to_have_attribute("data-kind", "link")
    anchor = card.locator("a.link-open")
    expect(anchor).to_have_attribute("href", article)
    expect(card.locator(".link-title")).to_have_text("A guide to <b> tags")
    expect(card.locator(".link-description")).to_have_text(
        "Everything about bold text, from its history to its use today.")
    expect(card.locator(".link-host")).to_have_text("127.0.0.1")
    shown_icon = card.locator("img.link-icon")
    expect(shown_icon).to_have_attribute("alt", "")
    expect(shown_icon).to_have_attribute("src", by_id[with_icon["id"]]["siteIconURL"])
    wait_until(lambda: shown_icon.evaluate("img => img.complete && img.naturalWidth === 64"), message="the icon")
    box = shown_icon.bounding_box()
    assert box and 20 <= box["width"] <= 32 and 20 <= box["height"] <= 32, box
    expect(card.locator(".kind-label")).to_have_text("Link: A guide to <b> tags, 127.0.0.1")

    other = page.locator(f'#gallery [role="row"][data-item-id="{without_icon["id"]}"]')
    expect(other.locator(".link-title")).to_have_text("Plain page")
    expect(other.locator("svg.link-glyph")).to_have_count(1)
    expect(other.locator("img")).to_have_count(0)
    expect(other.locator(".link-description")).to_have_count(0)
