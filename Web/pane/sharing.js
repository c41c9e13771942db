// What the Share dialog does for one gallery, as requests (the owner's only: the server refuses anyone else), each
// told to the user through the page's announcer.

import { api } from "../net/api.js";
import { copyShown } from "../net/clipboard.js";

/** The `sharing` object the ShareDialog works with, for the gallery `galleryId` named `name`. */
export function sharingFor({ galleryId, name, announcer }) {
  return {
    name,
    list: () => api.shares(galleryId),
    async add(person, role) {
      const share = await api.share(galleryId, person, role);
      announcer.announce(`Shared ${name} with ${share?.name ?? person} as ${share?.role ?? role}.`);
    },
    async remove(person) {
      await api.unshare(galleryId, person);
      announcer.announce(`Stopped sharing ${name} with ${person}.`);
    },
    async createLink() {
      const link = await api.createLink(galleryId);
      announcer.announce("Made a read-only link. Copy it now: it is shown only once.");
      return link;
    },
    async revoke(linkId) {
      await api.revokeLink(galleryId, linkId);
      announcer.announce("Revoked the link: it no longer opens the gallery.");
    },
    copy: (text) => copyShown(text, "link", announcer),
  };
}
