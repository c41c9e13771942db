// The gallery browser's HTTP calls (docs/live-undo-api.md, "Galleries"), sent by net/http.js: JSON in and out, errors
// as Error objects carrying the server's message. Requests carry this tab's session token, so a rename here can be
// undone on the gallery's page in the same tab.

import { request } from "./http.js";

const path = (id) => `/api/galleries/${encodeURIComponent(id)}`;

export const galleriesAPI = {
  /** The live galleries. */
  list: async () => (await request("GET", "/api/galleries")).galleries,
  /** The trash of galleries. */
  trashed: async () => (await request("GET", "/api/galleries?trashed=true")).galleries,
  create: (name) => request("POST", "/api/galleries", { name }),
  rename: (id, name) => request("PATCH", path(id), { name }),
  duplicate: (id) => request("POST", `${path(id)}/duplicate`, {}),
  trash: (id) => request("DELETE", path(id)),
  restore: (id) => request("POST", `${path(id)}/restore`),
  /** Where a gallery's archive (a .zip of its items and files) is downloaded from. */
  exportURL: (id) => `${path(id)}/export`,
  /** Makes a gallery of an archive (a File): resolves with `{gallery, items, files, skipped}`. */
  importArchive: (file) => request("POST", "/api/galleries/import", file, { contentType: "application/zip" }),
};
