// Items and galleries as the server sends them, for the client's unit tests.

/** The gallery id of the fixtures. */
export const G = "g";

/** A ready item of gallery G with this order key (and changeSequence), with `extra` fields over it. */
export const item = (id, orderKey, changeSequence = 1, extra = {}) => ({
  id,
  galleryId: G,
  orderKey,
  state: "ready",
  changeSequence,
  ...extra,
});

/** Gallery G at `sequence`, with `extra` fields over it. */
export const gallery = (sequence, extra = {}) => ({
  id: G,
  name: "G",
  imagesPerRow: 4,
  sequence,
  trashCount: 0,
  ...extra,
});

/** The ids of items, joined by commas ("a,b,c"), for short assertions. */
export const ids = (items) => items.map((each) => each.id).join(",");
