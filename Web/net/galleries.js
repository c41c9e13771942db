// The gallery browser's HTTP calls (docs/live-undo-api.md, "Galleries"): JSON in and out, errors as Error objects
// carrying the server's message. Requests carry this tab's session token, so a rename here can be undone on the
// gallery's page in the same tab.

import { sessionToken } from "./session.js";

async function request(method, url, body) {
  const init = { method, headers: { Accept: "application/json", "X-Gallery-Session": sessionToken() } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new Error("The server could not be reached.");
  }
  const text = await response.text();
  const data = text ? safeJSON(text) : null;
  if (!response.ok) {
    const message = data?.error?.message ?? `The server answered ${response.status}.`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return data;
}

function safeJSON(text) {
  try { return JSON.parse(text); } catch { return null; }
}

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
};
