// What the viewer says of an item (Web/model/viewerFacts.js): its position, which file it draws, and its details.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  apertureText,
  cameraText,
  coordinatesText,
  detailRows,
  focalLengthText,
  imageSource,
  positionText,
  shutterText,
  takenText,
} from "../../Web/model/viewerFacts.js";

const photo = {
  id: "p",
  kind: "image",
  state: "ready",
  title: "sunset.jpg",
  imageURL: "/media/abc.jpg",
  width: 4000,
  height: 3000,
  byteCount: 3_400_000,
  mimeType: "image/jpeg",
  sourceURL: "https://photos.example/sunset",
  createdAt: "2026-11-23T14:03:00Z",
  thumbnails: [
    { width: 1024, url: "/media/thumbnails/abc-1024.webp" },
    { width: 256, url: "/media/thumbnails/abc-256.webp" },
    { width: 512, url: "/media/thumbnails/abc-512.webp" },
  ],
  photo: {
    takenAt: "2024-05-17T14:03:22+02:00",
    cameraMake: "Canon",
    cameraModel: "Canon EOS R5",
    lens: "RF24-105mm F4 L IS USM",
    focalLength: 50,
    aperture: 2.8,
    exposureTime: 0.004,
    iso: 400,
  },
};

test("the position says the kind, where, and the title", () => {
  assert.equal(positionText(photo, 4, 40), "Image 5 of 40: sunset.jpg");
  assert.equal(positionText({ kind: "note", text: "\nShopping\nmilk" }, 0, 2), "Note 1 of 2: Shopping");
  assert.equal(positionText({ kind: "video", title: "clip.mp4" }, null, 9), "Video: clip.mp4");
});

test("an image is drawn from the smallest copy wide enough, else from what browsers show of it", () => {
  assert.equal(imageSource(photo, 300).url, "/media/thumbnails/abc-512.webp");
  assert.equal(imageSource(photo, 1024).url, "/media/thumbnails/abc-1024.webp");
  assert.deepEqual(imageSource(photo, 1025), { url: "/media/abc.jpg", width: 4000 });
  // A TIFF's imageURL is its display copy: that is what is drawn past its thumbnails, never the TIFF itself.
  const tiff = { ...photo, imageURL: "/media/display/abc.webp", originalURL: "/media/abc.tif", thumbnails: [] };
  assert.equal(imageSource(tiff, 5000).url, "/media/display/abc.webp");
  assert.equal(imageSource({ kind: "note" }, 10), null);
});

test("what the camera wrote reads as photographers say it", () => {
  assert.equal(apertureText(2.8), "f/2.8");
  assert.equal(apertureText(11), "f/11");
  assert.equal(shutterText(0.004), "1/250 s");
  assert.equal(shutterText(1 / 3), "1/3 s");
  assert.equal(shutterText(2), "2 s");
  assert.equal(focalLengthText(50), "50 mm");
  assert.equal(focalLengthText(4.25), "4.3 mm");
  assert.equal(cameraText("Canon", "Canon EOS R5"), "Canon EOS R5");
  assert.equal(cameraText("NIKON CORPORATION", "NIKON D850"), "NIKON D850");
  assert.equal(cameraText("Apple", "iPhone 15"), "Apple iPhone 15");
  assert.equal(cameraText("Fujifilm", undefined), "Fujifilm");
  assert.equal(takenText("2024-05-17T14:03:22+02:00"), "17 May 2024, 14:03:22 UTC+02:00");
  assert.equal(takenText("2024-05-17T14:03:22"), "17 May 2024, 14:03:22");
  assert.equal(takenText("sometime"), "sometime");
  assert.equal(coordinatesText({ latitude: 48.858333, longitude: 2.2945 }), "48.858333° N, 2.294500° E");
  assert.equal(coordinatesText({ latitude: -33.856784, longitude: -151.215297 }), "33.856784° S, 151.215297° W");
});

test("the details of a photo list its file and what the camera wrote, and its location once read", () => {
  const rows = Object.fromEntries(detailRows(photo).map((row) => [row.label, row.value]));
  assert.equal(rows.Kind, "Image");
  assert.equal(rows.Dimensions, "4,000 × 3,000");
  assert.equal(rows["File size"], "3.4 MB");
  assert.equal(rows["File type"], "image/jpeg");
  assert.equal(rows.From, "photos.example");
  assert.equal(rows.Taken, "17 May 2024, 14:03:22 UTC+02:00");
  assert.equal(rows.Camera, "Canon EOS R5");
  assert.equal(rows.Lens, "RF24-105mm F4 L IS USM");
  assert.equal(rows["Focal length"], "50 mm");
  assert.equal(rows.Aperture, "f/2.8");
  assert.equal(rows.Shutter, "1/250 s");
  assert.equal(rows.ISO, "400");
  assert.equal(rows.Location, undefined, "the list of items never carries where");
  assert.match(rows.Added, /^23 Nov 2026, \d\d:\d\d$/);
  const source = detailRows(photo).find((row) => row.label === "From");
  assert.equal(source?.href, "https://photos.example/sunset");

  assert.equal(rows["Added by"], undefined, "the list of items never says who added one");

  const full = {
    ...photo,
    addedBy: "alice",
    photo: { ...photo.photo, location: { latitude: 48.858333, longitude: 2.2945 } },
  };
  const withLocation = Object.fromEntries(detailRows(photo, full).map((row) => [row.label, row.value]));
  assert.equal(withLocation.Location, "48.858333° N, 2.294500° E");
  assert.equal(withLocation["Added by"], "alice");
  assert.equal(rows["Text in image"], undefined, "the list of items never carries an image's text");
  assert.equal(withLocation["Text in image"], undefined, "none read");
  const read = Object.fromEntries(
    detailRows(photo, { ...full, imageText: "INVOICE 2026" }).map((r) => [r.label, r.value]),
  );
  assert.equal(read["Text in image"], "INVOICE 2026");
  const blank = detailRows(photo, { ...full, imageText: "" }).find((row) => row.label === "Text in image");
  assert.equal(blank, undefined, "an image without text says nothing of it");
  // An answer about another item is not taken for this one.
  assert.equal(
    detailRows(photo, { ...full, id: "other" }).find((row) => row.label === "Location"),
    undefined,
  );
});

test("a note, a link and an upload say where they came from without a link", () => {
  const from = (item) => detailRows({ createdAt: "", ...item }).find((row) => row.label === "From");
  assert.deepEqual(from({ kind: "note", text: "hi" }), { label: "From", value: "Written here" });
  assert.deepEqual(from({ kind: "image", origin: "upload" }), {
    label: "From",
    value: "A file added from this device",
  });
  const link = from({ kind: "link", pageURL: "https://news.example/story" });
  assert.deepEqual(link, { label: "From", value: "news.example", href: "https://news.example/story" });
  // Only web addresses become links: never a script.
  assert.equal(from({ kind: "image", sourceURL: "javascript:alert(1)" }).href, undefined);
});
