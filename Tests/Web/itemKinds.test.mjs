import assert from "node:assert/strict";
import { test } from "node:test";
import { aspectOf as boardAspect } from "../../Web/model/board.js";
import {
  codecName,
  cutShortText,
  durationText,
  firstLine,
  itemLabel,
  itemName,
  kindAspect,
  linkCard,
  cardDescriptionLength,
  NOTE_MAX_LENGTH,
  noteLength,
  noteTextProblem,
  pageHost,
  playbackNotice,
  playbackURL,
  representations,
  settledText,
} from "../../Web/model/itemKinds.js";
import { aspectOf as gridAspect } from "../../Web/model/justifiedLayout.js";

const origin = "http://gallery.test";

test("a duration reads as a clock", () => {
  assert.equal(durationText(0), "0:00");
  assert.equal(durationText(1.5), "0:02");
  assert.equal(durationText(65), "1:05");
  assert.equal(durationText(3723), "1:02:03");
  assert.equal(durationText(null), "");
  assert.equal(durationText(Number.NaN), "");
});

test("a note's length counts code points, as the server does, and its limit is said with both numbers", () => {
  assert.equal(noteLength("😀é"), 2);
  assert.equal(noteTextProblem("a".repeat(NOTE_MAX_LENGTH)), null);
  assert.equal(
    noteTextProblem("😀".repeat(NOTE_MAX_LENGTH + 1)),
    "A note holds at most 20,000 characters; this text has 20,001. Nothing was added or changed.",
  );
});

test("a note's first line skips blank lines", () => {
  assert.equal(firstLine("\n  \r\n  Shopping \nmilk"), "Shopping");
  assert.equal(firstLine(""), "");
});

test("each kind has a name that says what it is", () => {
  assert.equal(itemLabel({ kind: "note", state: "ready", text: "\nShopping\nmilk" }), "Note: Shopping");
  assert.equal(itemLabel({ kind: "note", state: "ready", text: "" }), "Note: empty");
  assert.equal(
    itemLabel({ kind: "link", state: "ready", title: "Café", pageURL: "https://example.com/a" }),
    "Link: Café, example.com",
  );
  assert.equal(
    itemLabel({ kind: "video", state: "ready", title: "clip.mp4", durationSeconds: 65 }),
    "Video: clip.mp4, 1:05",
  );
  assert.equal(itemLabel({ kind: "image", state: "ready", title: "a.png" }), "a.png");
  assert.equal(pageHost({ pageURL: "javascript:alert(1)" }), "");
});

test("an item's accessible name says what it is, its state and where it is", () => {
  const image = { id: "a", state: "ready", kind: "image", title: "sunset.jpg" };
  assert.equal(itemName(image, 3, 40, null), "Image: sunset.jpg, 3 of 40");
  // On the region of a big gallery's board, where the item lies in the gallery is not known: it is not said.
  assert.equal(itemName(image, null, 40, null), "Image: sunset.jpg");
  assert.equal(itemName({ ...image, kind: undefined, title: "" }, 1, 1, null), "Image: Untitled, 1 of 1");
  const note = { id: "n", state: "ready", kind: "note", text: "\nShopping\nmilk" };
  assert.equal(itemName(note, 5, 40, null), "Note: Shopping, 5 of 40");
  const pending = { id: "p", state: "pending", title: "big.png" };
  assert.equal(itemName(pending, 2, 40, { received: 450, total: 1000 }), "Loading big.png, 45%, 2 of 40");
  assert.equal(itemName(pending, 2, 40, { received: 2000, total: 1000 }), "Loading big.png, 100%, 2 of 40");
  assert.equal(itemName(pending, 2, 40, { received: 0, total: 0 }), "Loading big.png, 2 of 40");
  assert.equal(itemName({ ...pending, title: undefined }, 2, 40, undefined), "Loading item, 2 of 40");
  const failed = { id: "f", state: "failed", title: "notes.txt", failure: { message: "Not an image" } };
  assert.equal(itemName(failed, 4, 40, null), "Failed: Not an image, notes.txt, 4 of 40");
  assert.equal(itemName({ ...failed, failure: null }, 4, 40, null), "Failed: could not load, notes.txt, 4 of 40");
});

test("a note carries its text, and its HTML escaped", () => {
  const out = representations([{ kind: "note", text: "a <b>\nc & d" }], origin);
  assert.equal(out.plainText, "a <b>\nc & d");
  assert.equal(out.html, "<p>a &lt;b&gt;<br>c &amp; d</p>");
  assert.equal(out.uriList, "");
  assert.equal(out.download, null);
});

test("a link carries its page as a uri-list, text and an anchor", () => {
  const out = representations([{ kind: "link", title: 'A "page"', pageURL: "https://example.com/?a=1&b=2" }], origin);
  assert.equal(out.uriList, "https://example.com/?a=1&b=2");
  assert.equal(out.plainText, "https://example.com/?a=1&b=2");
  assert.equal(out.html, '<a href="https://example.com/?a=1&amp;b=2">A &quot;page&quot;</a>');
});

test("a video carries its file to download and its link", () => {
  const out = representations(
    [{ kind: "video", title: "holiday", mimeType: "video/webm", videoURL: "/media/abc.webm" }],
    origin,
  );
  assert.equal(out.uriList, "http://gallery.test/media/abc.webm");
  assert.equal(out.download, "video/webm:holiday.webm:http://gallery.test/media/abc.webm");
});

test("an image carries its source, an img and its original file (a TIFF's, not its copy)", () => {
  const out = representations(
    [
      {
        kind: "image",
        title: "scan.tiff",
        mimeType: "image/tiff",
        imageURL: "/media/display/abc.webp",
        originalURL: "/media/abc.tiff",
      },
    ],
    origin,
  );
  assert.equal(out.uriList, "http://gallery.test/media/abc.tiff");
  assert.equal(out.html, '<img src="http://gallery.test/media/display/abc.webp" alt="scan.tiff">');
  assert.equal(out.download, "image/tiff:scan.tiff:http://gallery.test/media/abc.tiff");
  const tif = representations(
    [{ kind: "image", title: "photo.tif", mimeType: "image/tiff", originalURL: "/media/b.tiff" }],
    origin,
  );
  assert.equal(tif.download, "image/tiff:photo.tif:http://gallery.test/media/b.tiff");
});

test("a turned image dragged out carries its original file, named as the original", () => {
  const turned = { quarterTurns: 1, mirrored: false };
  const jpeg = representations(
    [{ kind: "image", title: "sunset.jpeg", mimeType: "image/jpeg", imageURL: "/media/abc.jpg", orientation: turned }],
    origin,
  );
  assert.equal(jpeg.download, "image/jpeg:sunset (original).jpeg:http://gallery.test/media/abc.jpg");
  assert.equal(jpeg.uriList, "http://gallery.test/media/abc.jpg");
  const untitled = representations(
    [
      {
        kind: "image",
        title: "",
        mimeType: "image/png",
        imageURL: "/media/b.png",
        orientation: { quarterTurns: 0, mirrored: true },
      },
    ],
    origin,
  );
  assert.equal(untitled.download, "image/png:image (original).png:http://gallery.test/media/b.png");
  const upright = representations(
    [{ kind: "image", title: "sunset", mimeType: "image/jpeg", imageURL: "/media/abc.jpg", orientation: null }],
    origin,
  );
  assert.equal(upright.download, "image/jpeg:sunset.jpg:http://gallery.test/media/abc.jpg");
});

test("items that settle together are said in one message, by kind, with their failures", () => {
  const ready = [{ kind: "image" }, { kind: "image" }, { kind: "video" }, { kind: "note" }];
  assert.equal(settledText({ ready, failed: [] }), "2 images, 1 video and 1 note added.");
  assert.equal(settledText({ ready: [{}], failed: [] }), "1 image added.");
  assert.equal(
    settledText({ ready: [], failed: [{ title: "a.png", failure: { message: "Not an image" } }] }),
    "Could not add a.png: Not an image.",
  );
  assert.equal(
    settledText({ ready: [{ kind: "link" }], failed: [{ title: "a" }, { title: "b" }] }),
    "1 link added. 2 items could not be added.",
  );
  assert.equal(settledText({ ready: [], failed: [] }), "");
});

test("an item without a size of its own has its kind's shape, the same in the grid and on the board", () => {
  const note = { state: "ready", kind: "note", width: null, height: null };
  const bareLink = { state: "ready", kind: "link", width: null, height: null };
  const unsizedVideo = { state: "ready", kind: "video" };
  assert.equal(kindAspect(note), 1);
  assert.equal(kindAspect(bareLink), 4 / 3);
  assert.equal(kindAspect(unsizedVideo), 16 / 9);
  assert.equal(kindAspect({ state: "ready", kind: "image" }), null);
  assert.equal(kindAspect({ state: "pending", kind: "note" }), null);
  for (const item of [note, bareLink, unsizedVideo]) {
    assert.equal(gridAspect(item), kindAspect(item));
    assert.equal(boardAspect(item), 1 / Number(kindAspect(item)));
  }
  // Its own size wins: a link's preview, a video's frame.
  const video = { state: "ready", kind: "video", width: 640, height: 480 };
  assert.equal(gridAspect(video), 4 / 3);
  assert.equal(boardAspect(video), 0.75);
  // Placeholders and images of unknown size are as before.
  assert.equal(gridAspect({ state: "pending" }), 1);
  assert.equal(boardAspect({}), 0.75);
});

test("a video plays the file the server names: its original, or the copy made of it", () => {
  const hevc = { kind: "video", state: "ready", videoURL: "/media/a.mov", videoCodec: "hevc" };
  assert.equal(playbackURL({ ...hevc, playback: "original", playbackURL: "/media/a.mov" }), "/media/a.mov");
  assert.equal(
    playbackURL({ ...hevc, playback: "copy", playbackURL: "/media/playable/a.mp4" }),
    "/media/playable/a.mp4",
  );
  assert.equal(playbackURL({ ...hevc, playback: "converting" }), null);
  assert.equal(playbackURL({ ...hevc, playback: "unplayable" }), null);
  // A server that says nothing of playback: the original, as before.
  assert.equal(playbackURL({ kind: "video", videoURL: "/media/b.mp4" }), "/media/b.mp4");
  assert.equal(playbackURL({ kind: "image", imageURL: "/media/c.png" }), null);
});

test("a video the browser cannot play says so, with its copy's progress", () => {
  const hevc = { kind: "video", state: "ready", title: "a.mov", durationSeconds: 2, videoCodec: "hevc" };
  assert.equal(
    playbackNotice({ ...hevc, playback: "converting" }, { received: 500, total: 2000 }),
    "This HEVC video cannot be played in the browser yet. A copy that plays is being made: 25%.",
  );
  assert.equal(
    playbackNotice({ ...hevc, playback: "converting" }, null),
    "This HEVC video cannot be played in the browser yet. A copy that plays is being made.",
  );
  assert.equal(
    playbackNotice({ ...hevc, videoCodec: "unknown", playback: "unplayable" }),
    "This video cannot be played in the browser.",
  );
  assert.equal(playbackNotice({ ...hevc, playback: "copy" }), "");
  assert.equal(itemLabel({ ...hevc, playback: "unplayable" }), "Video: a.mov, 0:02, cannot be played in the browser");
  assert.equal(
    itemLabel({ ...hevc, playback: "converting" }),
    "Video: a.mov, 0:02, cannot be played in the browser yet",
  );
  assert.equal(itemLabel({ ...hevc, playback: "copy" }), "Video: a.mov, 0:02");
  assert.deepEqual(["prores", "mjpeg", "mpeg4", "h264", "xvid", null].map(codecName), [
    "ProRes",
    "Motion JPEG",
    "MPEG-4 Part 2",
    "H.264",
    "XVID",
    "",
  ]);
});

test("a video cut short says how much of it plays", () => {
  const cut = { kind: "video", state: "ready", title: "a.mp4", durationSeconds: 4, playableSeconds: 1.2 };
  assert.equal(cutShortText(cut), "Cut short: plays 1.2 s of 4.0 s");
  assert.equal(cutShortText({ ...cut, durationSeconds: 200, playableSeconds: 65 }), "Cut short: plays 1:05 of 3:20");
  assert.equal(cutShortText({ ...cut, durationSeconds: null }), "Cut short: plays 1.2 s");
  assert.equal(itemLabel(cut), "Video: a.mp4, 0:04, cut short");
  assert.equal(cutShortText({ ...cut, playableSeconds: undefined }), "");
});

test("a link's card says its title, the start of its description, its host and its icon", () => {
  const link = {
    kind: "link",
    title: "Café",
    description: "  What it is.  ",
    pageURL: "https://www.example.com/a",
    siteIconURL: "/media/abc.png",
  };
  assert.deepEqual(linkCard(link), {
    title: "Café",
    description: "What it is.",
    host: "www.example.com",
    iconURL: "/media/abc.png",
  });
  const bare = linkCard({
    kind: "link",
    title: "",
    description: null,
    pageURL: "http://site.test/",
    siteIconURL: null,
  });
  assert.deepEqual(bare, { title: "site.test", description: "", host: "site.test", iconURL: null });
  const long = linkCard({ ...link, description: "word ".repeat(200) });
  assert.equal(long.description.length <= cardDescriptionLength, true);
  assert.equal(long.description.endsWith("…"), true);
});
