import Foundation
import GalleryCore

/// Accounts, sessions, API tokens, gallery roles and read-only links on SQLite, in the galleries' database.
public struct SQLAccountStore: AccountStore {
    let database: any SQLDatabase

    /// Makes a store over an open database.
    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func users() async throws -> [User] {
        try await database.read { db in
            try db.rows(sql: "SELECT \(User.selectColumns) FROM \"user\" ORDER BY lower(name)")
                .map(User.init(row:))
        }
    }

    public func user(named name: String) async throws -> User? {
        try await database.read { db in
            try db.row(
                sql: "SELECT \(User.selectColumns) FROM \"user\" WHERE lower(name) = lower(?)", arguments: [name]
            )
            .map(User.init(row:))
        }
    }

    public func user(_ id: UserID) async throws -> User? {
        try await database.read { db in
            try db.row(sql: "SELECT \(User.selectColumns) FROM \"user\" WHERE id = ?", arguments: [id.rawValue])
                .map(User.init(row:))
        }
    }

    public func createUser(named proposed: String, passwordHash: String?, isAdmin: Bool) async throws -> User {
        let name = try User.validatedName(proposed)
        let id = UserID.make()
        return try await database.write { db in
            guard try db.row(sql: "SELECT 1 FROM \"user\" WHERE lower(name) = lower(?)", arguments: [name]) == nil
            else {
                throw GalleryError.conflict("There is already a user named '\(name)'.")
            }
            try db.execute(
                sql: "INSERT INTO \"user\" (id, name, passwordHash, isAdmin, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [id.rawValue, name, passwordHash, isAdmin, Date()])
            guard
                let row = try db.row(
                    sql: "SELECT \(User.selectColumns) FROM \"user\" WHERE id = ?", arguments: [id.rawValue])
            else { throw StoreError.corrupt("user \(id) vanished while being made") }
            return User(row: row)
        }
    }

    public func renameUser(_ user: UserID, to proposed: String) async throws {
        let name = try User.validatedName(proposed)
        try await database.write { db in
            let taken = try db.row(
                sql: "SELECT 1 FROM \"user\" WHERE lower(name) = lower(?) AND id <> ?",
                arguments: [name, user.rawValue])
            guard taken == nil else { throw GalleryError.conflict("There is already a user named '\(name)'.") }
            try db.execute(sql: "UPDATE \"user\" SET name = ? WHERE id = ?", arguments: [name, user.rawValue])
        }
    }

    public func passwordHash(of user: UserID) async throws -> String? {
        try await database.read { db in
            try db.value(String.self, sql: "SELECT passwordHash FROM \"user\" WHERE id = ?", arguments: [user.rawValue])
        }
    }

    public func setPasswordHash(_ hash: String, of user: UserID) async throws {
        try await database.write { db in
            let changed = try db.execute(
                sql: "UPDATE \"user\" SET passwordHash = ? WHERE id = ?", arguments: [hash, user.rawValue])
            guard changed == 1 else { throw GalleryError.notFound("There is no such user.") }
            try db.execute(sql: "DELETE FROM session WHERE userId = ?", arguments: [user.rawValue])
            try db.execute(sql: "DELETE FROM setup_token WHERE userId = ?", arguments: [user.rawValue])
        }
    }

    public func replaceSetupToken(hash: String, for user: UserID, expiresAt: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM setup_token WHERE userId = ?", arguments: [user.rawValue])
            try db.execute(
                sql: "INSERT INTO setup_token (hash, userId, expiresAt) VALUES (?, ?, ?)",
                arguments: [hash, user.rawValue, expiresAt])
        }
    }

    public func consumeSetupToken(hash: String, now: Date) async throws -> UserID? {
        try await database.write { db in
            let row = try db.row(sql: "SELECT userId, expiresAt FROM setup_token WHERE hash = ?", arguments: [hash])
            try db.execute(sql: "DELETE FROM setup_token WHERE hash = ?", arguments: [hash])
            guard let row, (row["expiresAt"] as Date) > now else { return nil }
            return UserID(trusted: row["userId"])
        }
    }

    public func createSession(_ session: SessionRecord) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO session (tokenHash, userId, linkId, linkGalleryId, csrfToken, createdAt, expiresAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.tokenHash, session.userID?.rawValue, session.linkID?.rawValue,
                    session.linkGallery?.rawValue,
                    session.csrfToken, session.createdAt, session.expiresAt,
                ])
        }
    }

    public func session(tokenHash: String, now: Date) async throws -> SessionRecord? {
        let row = try await database.read { db in
            try db.row(sql: "SELECT * FROM session WHERE tokenHash = ?", arguments: [tokenHash])
        }
        guard let row else { return nil }
        var link: ShareLink?
        if let linkID: String = row["linkId"], let gallery: String = row["linkGalleryId"] {
            link = ShareLink(
                id: TypedID(trusted: linkID), galleryID: GalleryID(trusted: gallery), createdAt: row["createdAt"])
        }
        let record = SessionRecord(
            tokenHash: row["tokenHash"], userID: (row["userId"] as String?).map(UserID.init(trusted:)), link: link,
            csrfToken: row["csrfToken"], createdAt: row["createdAt"], expiresAt: row["expiresAt"])
        guard record.expiresAt > now else {
            try await deleteSession(tokenHash: tokenHash)
            return nil
        }
        return record
    }

    public func deleteSession(tokenHash: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash])
        }
    }

    public func createAPIToken(_ token: APIToken, hash: String) async throws {
        try await database.write { db in
            let taken = try db.row(
                sql: "SELECT 1 FROM api_token WHERE userId = ? AND name = ?",
                arguments: [token.userID.rawValue, token.name])
            guard taken == nil else { throw GalleryError.conflict("There is already a token named '\(token.name)'.") }
            let kept =
                try db.value(
                    Int.self, sql: "SELECT count(*) FROM api_token WHERE userId = ?", arguments: [token.userID.rawValue]
                )
                ?? 0
            guard kept < APIToken.maximumCount else {
                throw GalleryError.conflict(
                    "You keep at most \(APIToken.maximumCount) tokens; revoke one you no longer use to make another.")
            }
            try db.execute(
                sql: "INSERT INTO api_token (hash, name, userId, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [hash, token.name, token.userID.rawValue, token.createdAt])
        }
    }

    public func userOfAPIToken(hash: String) async throws -> User? {
        try await database.read { db in
            try db.row(
                sql: """
                    SELECT \(User.selectColumns("\"user\"")) FROM api_token JOIN "user" ON "user".id = api_token.userId
                    WHERE api_token.hash = ?
                    """, arguments: [hash]
            ).map(User.init(row:))
        }
    }

    public func apiTokens(of user: UserID) async throws -> [APIToken] {
        try await database.read { db in
            try db.rows(
                sql: "SELECT name, createdAt FROM api_token WHERE userId = ? ORDER BY name",
                arguments: [user.rawValue]
            ).map { APIToken(name: $0["name"], userID: user, createdAt: $0["createdAt"]) }
        }
    }

    public func revokeAPIToken(named name: String, of user: UserID) async throws -> Bool {
        try await database.write { db in
            let changed = try db.execute(
                sql: "DELETE FROM api_token WHERE userId = ? AND name = ?", arguments: [user.rawValue, name])
            return changed > 0
        }
    }
}

extension User {
    static let selectColumns = selectColumns("\"user\"")

    static func selectColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).isAdmin, \(table).passwordHash IS NOT NULL AS hasPassword, \(table).createdAt"
    }

    init(row: SQLRow) {
        self.init(
            id: UserID(trusted: row["id"]), name: row["name"], isAdmin: row["isAdmin"],
            hasPassword: row["hasPassword"], createdAt: row["createdAt"])
    }
}
