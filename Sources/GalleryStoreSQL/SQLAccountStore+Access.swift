import Foundation
import GalleryCore

// Roles in galleries, read-only links and each user's last opened gallery.
extension SQLAccountStore {
    public func role(of user: UserID, in gallery: GalleryID) async throws -> GalleryRole? {
        try await database.read { db in
            try db.value(
                String.self, sql: "SELECT role FROM gallery_member WHERE userId = ? AND galleryId = ?",
                arguments: [user.rawValue, gallery.rawValue]
            ).flatMap(GalleryRole.init(rawValue:))
        }
    }

    public func roles(of user: UserID) async throws -> [GalleryID: GalleryRole] {
        try await database.read { db in
            var roles: [GalleryID: GalleryRole] = [:]
            for row in try db.rows(
                sql: "SELECT galleryId, role FROM gallery_member WHERE userId = ?", arguments: [user.rawValue])
            {
                if let role = GalleryRole(rawValue: row["role"]) { roles[GalleryID(trusted: row["galleryId"])] = role }
            }
            return roles
        }
    }

    public func setRole(_ role: GalleryRole, of user: UserID, in gallery: GalleryID) async throws {
        try await database.write { db in
            if role == .owner {
                // One owner: the one before becomes an editor.
                try db.execute(
                    sql: "UPDATE gallery_member SET role = 'editor' WHERE galleryId = ? AND role = 'owner'",
                    arguments: [gallery.rawValue])
            } else if try db.value(
                String.self, sql: "SELECT role FROM gallery_member WHERE userId = ? AND galleryId = ?",
                arguments: [user.rawValue, gallery.rawValue]) == GalleryRole.owner.rawValue
            {
                throw GalleryError.invalid("The owner of a gallery keeps it; give it to someone else first.")
            }
            try db.execute(
                sql: """
                    INSERT INTO gallery_member (galleryId, userId, role) VALUES (?, ?, ?)
                    ON CONFLICT(galleryId, userId) DO UPDATE SET role = excluded.role
                    """, arguments: [gallery.rawValue, user.rawValue, role.rawValue])
            // Who may see the gallery changed: the galleries pages of those who may now see it hear of it (a gallery
            // just made is told to its owner only once it is theirs).
            db.publishAfterCommit(gallery)
        }
    }

    public func removeRole(of user: UserID, in gallery: GalleryID) async throws -> Bool {
        try await database.write { db in
            let changed = try db.execute(
                sql: "DELETE FROM gallery_member WHERE userId = ? AND galleryId = ? AND role <> 'owner'",
                arguments: [user.rawValue, gallery.rawValue])
            if changed > 0 { db.publishAfterCommit(gallery) }
            return changed > 0
        }
    }

    public func members(of gallery: GalleryID) async throws -> [GalleryMember] {
        try await database.read { db in
            try db.rows(
                sql: """
                    SELECT \(User.selectColumns("\"user\"")), gallery_member.role FROM gallery_member
                    JOIN "user" ON "user".id = gallery_member.userId WHERE gallery_member.galleryId = ?
                    ORDER BY gallery_member.role = 'owner' DESC, lower("user".name)
                    """, arguments: [gallery.rawValue]
            ).compactMap { row in
                GalleryRole(rawValue: row["role"]).map { GalleryMember(user: User(row: row), role: $0) }
            }
        }
    }

    public func claimGalleriesWithoutOwner(for user: UserID) async throws -> Int {
        try await database.write { db in
            let changed = try db.execute(
                sql: """
                    INSERT INTO gallery_member (galleryId, userId, role)
                    SELECT id, ?, 'owner' FROM gallery WHERE NOT EXISTS (
                      SELECT 1 FROM gallery_member WHERE galleryId = gallery.id AND role = 'owner')
                    ON CONFLICT(galleryId, userId) DO UPDATE SET role = 'owner'
                    """, arguments: [user.rawValue])
            return changed
        }
    }

    public func galleries(ofItems ids: [ItemID]) async throws -> [ItemID: GalleryID] {
        guard !ids.isEmpty else { return [:] }
        return try await database.read { db in
            var result: [ItemID: GalleryID] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                let marks = SQLArguments.placeholders(chunk.count)
                for row in try db.rows(
                    sql: "SELECT id, galleryId FROM item WHERE id IN (\(marks))",
                    arguments: SQLArguments(chunk.map(\.rawValue.sqlValue)))
                {
                    result[ItemID(trusted: row["id"])] = GalleryID(trusted: row["galleryId"])
                }
            }
            return result
        }
    }

    public func createLink(_ link: ShareLink, hash: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO share_link (id, hash, galleryId, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [link.id.rawValue, hash, link.galleryID.rawValue, link.createdAt])
        }
    }

    public func links(of gallery: GalleryID) async throws -> [ShareLink] {
        try await database.read { db in
            try db.rows(
                sql: "SELECT id, galleryId, createdAt FROM share_link WHERE galleryId = ? ORDER BY createdAt, id",
                arguments: [gallery.rawValue]
            ).map(ShareLink.init(row:))
        }
    }

    public func link(hash: String) async throws -> ShareLink? {
        try await database.read { db in
            try db.row(
                sql: "SELECT id, galleryId, createdAt FROM share_link WHERE hash = ?", arguments: [hash]
            )
            .map(ShareLink.init(row:))
        }
    }

    public func revokeLink(_ id: ShareLink.ID, of gallery: GalleryID) async throws -> Bool {
        try await database.write { db in
            // Its sessions go with it (ON DELETE CASCADE).
            let changed = try db.execute(
                sql: "DELETE FROM share_link WHERE id = ? AND galleryId = ?",
                arguments: [id.rawValue, gallery.rawValue])
            return changed > 0
        }
    }

    public func lastOpenedGallery(of user: UserID) async throws -> GalleryID? {
        try await database.read { db in
            try db.value(
                String.self, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.lastOpenedKey(user)]
            )
            .flatMap(GalleryID.init)
        }
    }

    public func setLastOpenedGallery(_ gallery: GalleryID, of user: UserID) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO setting(key, value) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [Self.lastOpenedKey(user), gallery.rawValue])
        }
    }

    static func lastOpenedKey(_ user: UserID) -> String { "lastOpenedGallery:\(user.rawValue)" }
}

extension ShareLink {
    init(row: SQLRow) {
        self.init(
            id: TypedID(trusted: row["id"]), galleryID: GalleryID(trusted: row["galleryId"]),
            createdAt: row["createdAt"])
    }
}
