"""Videos that play: an HEVC original plays through the H.264 copy the server makes of it; without ffmpeg, a video
the browser cannot play says so and offers its file; a video cut short says how much of it plays."""

import re
import shutil

import pytest
from kind_helpers import FIXTURES, drop_fixture
from playwright.sync_api import expect

import helpers
from helpers import DropFile, drop, wait_until


def tile(page, item_id: str):
    return page.locator(f'#gallery [role="row"][data-item-id="{item_id}"]')


def the_video(server, condition=lambda item: True) -> dict:
    return wait_until(lambda: next((i for i in server.items(server.gallery_id)
                                    if i["kind"] == "video" and i["state"] == "ready" and condition(i)), None),
                      timeout=60, message="the video")


@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (apt install ffmpeg)")
def test_an_hevc_video_plays_through_the_copy_made_of_it(page, server, tmp_path):
    drop_fixture(page, "hevc.mov", "video/quicktime")
    video = the_video(server, lambda item: item.get("playback") == "copy")
    assert video["videoCodec"] == "hevc"
    assert video["playbackURL"].startswith("/media/playable/")
    shown = tile(page, video["id"])
    # The tile heard of the copy through the live feed: it offers Play again, no notice.
    expect(shown.locator(".video-notice")).to_have_count(0)
    shown.locator(".video-play").click()
    player = shown.locator("video")
    expect(player).to_have_attribute("src", video["playbackURL"])
    wait_until(lambda: player.evaluate("v => v.readyState >= 2"), timeout=20, message="the copy has frames to show")
    start = player.evaluate("v => v.currentTime")
    wait_until(lambda: player.evaluate("v => v.currentTime") > start + 0.2, timeout=20,
               message="the copy plays on")
    assert player.evaluate("v => v.error") is None
    page.screenshot(path=str(tmp_path / "hevc-copy-playing.png"))
    # The original is what the file is: a drag out or a download carries it.
    assert video["videoURL"].endswith(".mov")
    assert page.request.get(f"{server.base_url}{video['videoURL']}").body() == (FIXTURES / "hevc.mov").read_bytes()
    assert not page.problems, page.problems


def test_without_ffmpeg_a_video_the_browser_cannot_play_offers_its_file(window, tmp_path, monkeypatch):
    monkeypatch.setenv("IMAGE_GALLERY_DISABLE_FFMPEG", "1")
    server = helpers.GalleryServer(helpers.server_binary(), tmp_path / "data", tmp_path / "server.log")
    server.start()
    try:
        server.gallery_id = server.open_gallery_id()
        page = window()
        page.goto(f"{server.base_url}/g/{server.gallery_id}")
        expect(page.get_by_role("grid", name="My Gallery")).to_be_attached()
        drop_fixture(page, "hevc.mov", "video/quicktime")
        video = the_video(server)
        assert video["playback"] == "unplayable"
        shown = tile(page, video["id"])
        expect(shown.locator(".video-notice")).to_have_text(
            "This HEVC video cannot be played in the browser.Download the file")
        expect(shown.locator(".video-play")).to_have_count(0)
        expect(shown.locator("video")).to_have_count(0)
        expect(shown.locator(".kind-label")).to_have_text(
            "Video: hevc.mov, 0:02, cannot be played in the browser")
        link = shown.get_by_role("link", name="Download the file")
        expect(link).to_have_attribute("href", video["videoURL"])
        page.screenshot(path=str(tmp_path / "hevc-without-ffmpeg.png"))
        # Its link gives the file instead of a player that would not start.
        with page.expect_download() as download:
            link.click()
        assert download.value.suggested_filename == "hevc.mov"
        # Enter opens it in the viewer, which says the same and offers its file too.
        shown.focus()
        page.keyboard.press("Enter")
        viewer = page.get_by_role("dialog", name=re.compile(r"^Video: hevc\.mov"))
        expect(viewer.locator(".viewer-message")).to_have_text("This HEVC video cannot be played in the browser.")
        expect(viewer.locator("video")).to_have_count(0)
        with page.expect_download() as download:
            viewer.get_by_role("link", name="Download").click()
        assert download.value.suggested_filename == "hevc.mov"
        assert not page.problems, page.problems
    finally:
        server.stop()


def test_an_mp4_cut_short_is_kept_and_says_how_much_of_it_plays(page, server):
    whole = (FIXTURES / "faststart.mp4").read_bytes()
    drop(page, files=[DropFile("cut.mp4", whole[: len(whole) // 2], "video/mp4")])
    video = the_video(server)
    assert 0 < video["playableSeconds"] < 1.5
    shown = tile(page, video["id"])
    plays = f"{video['playableSeconds']:.1f}"
    expect(shown.locator(".video-cut-short")).to_have_text(f"Cut short: plays {plays} s of 1.5 s")
    expect(shown.locator(".kind-label")).to_have_text("Video: cut.mp4, 0:02, cut short")
    shown.locator(".video-play").click()
    player = shown.locator("video")
    wait_until(lambda: player.evaluate("v => v.readyState >= 2"), timeout=20, message="its frames show")
