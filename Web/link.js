// The landing page of a read-only link (/s/TOKEN): the token from the path to POST /api/links/session, which makes a
// view-only session for that one gallery; then its page (`/s/TOKEN/items/ITEM`: with that item open in the viewer). A
// revoked or unknown link says so.

import { linkItem, linkToken } from "./auth/addresses.js";
import { postJSON } from "./auth/postJSON.js";

const status = document.getElementById("link-status");

async function open() {
  const token = linkToken(location.pathname);
  if (!token) return "This link does not work any more.";
  let answer;
  try {
    answer = await postJSON("/api/links/session", { token });
  } catch (error) {
    return error.message;
  }
  if (answer.status === 404) return "This link does not work any more.";
  if (!answer.ok || !answer.data?.galleryId) return answer.message ?? "This link could not be opened.";
  const item = linkItem(location.pathname);
  const open = item ? `/items/${encodeURIComponent(item)}` : "";
  location.replace(`/g/${encodeURIComponent(answer.data.galleryId)}${open}`);
  return null;
}

open().then((problem) => {
  if (problem) status.textContent = problem;
});
