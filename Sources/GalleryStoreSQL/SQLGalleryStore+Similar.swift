import Foundation
import GalleryCore

// Perceptual hashes: the images still to hash (kept before hashes were), recording one, and the images near another's,
// found through the bands' index (PerceptualHashColumns) in three steps: the candidate hashes sharing a band with a
// probe (index only), the exact distance of each counted here, then the items of the hashes near enough.
extension SQLGalleryStore {
    public func imagesAwaitingPerceptualHash(after hash: String?, limit: Int) async throws -> [String] {
        try await database.read { db in
            try db.values(
                String.self,
                sql: """
                    SELECT hash FROM blob WHERE perceptualHash IS NULL AND mimeType LIKE 'image/%' AND hash > ?
                    ORDER BY hash LIMIT ?
                    """,
                arguments: [hash ?? "", max(1, min(limit, 1000))])
        }
    }

    public func recordPerceptualHash(hash: String, _ perceptualHash: PerceptualHash) async throws {
        _ = try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE blob SET perceptualHash = ?, hashBand0 = ?, hashBand1 = ?, hashBand2 = ?, hashBand3 = ?
                    WHERE hash = ?
                    """,
                arguments: PerceptualHashColumns.written(perceptualHash) + [hash])
        }
    }

    public func similarItems(to id: ItemID, in galleries: [GalleryID], within distance: Int, limit: Int)
        async throws -> [SimilarItem]
    {
        let limit = max(1, min(limit, 1000))
        return try await database.read { db in
            guard
                let target = try db.row(
                    sql: """
                        SELECT item.kind, item.blobHash, blob.perceptualHash FROM item
                        LEFT JOIN blob ON blob.hash = item.blobHash WHERE item.id = ?
                        """,
                    arguments: [id.rawValue])
            else { throw GalleryError.notFound("There is no such item.") }
            guard !galleries.isEmpty, target["kind"] as String == ItemKind.image.rawValue,
                let blobHash = target["blobHash"] as String?
            else { return [] }
            let hash = (target["perceptualHash"] as Int64?).map(PerceptualHash.init(stored:))
            // The hashes within `distance`, grouped by distance; the same bytes are at 0 even when not hashed.
            var byDistance: [Int: [PerceptualHash]] = [0: []]
            if let hash {
                for candidate in try Self.candidates(db, near: hash, within: distance) {
                    let apart = hash.distance(to: candidate)
                    if apart <= distance { byDistance[apart, default: []].append(candidate) }
                }
            }
            var found: [SimilarItem] = []
            for apart in byDistance.keys.sorted() where found.count < limit {
                let rows = try Self.items(
                    db, hashes: byDistance[apart] ?? [], sameBytes: apart == 0 ? blobHash : nil, except: id,
                    in: galleries, limit: limit - found.count)
                found += try rows.map { row in
                    SimilarItem(item: try Item(row: row), galleryName: row["similarGalleryName"], distance: apart)
                }
            }
            return found
        }
    }

    /// The distinct hashes sharing a band with one of `hash`'s probes: read from the bands' indexes alone.
    private static func candidates(_ db: any SQLSession, near hash: PerceptualHash, within distance: Int) throws
        -> [PerceptualHash]
    {
        // The probes are integers made here, written into the statement (a few hundred; no placeholder limit).
        let selects = hash.probes(within: distance).enumerated().map { band, values in
            // The condition of the partial indexes is repeated, so that the planner may use them.
            "SELECT perceptualHash FROM blob WHERE perceptualHash IS NOT NULL AND hashBand\(band) IN ("
                + values.map(String.init).joined(separator: ",") + ")"
        }
        return try db.values(Int64.self, sql: selects.joined(separator: " UNION ")).map(PerceptualHash.init(stored:))
    }

    /// The live ready images of `galleries` showing one of `hashes` (or the bytes `sameBytes`), but `except`, newest
    /// first, at most `limit`, with their gallery's name.
    private static func items(
        _ db: any SQLSession, hashes: [PerceptualHash], sameBytes: String?, except: ItemID, in galleries: [GalleryID],
        limit: Int
    ) throws -> [SQLRow] {
        // The stored files near enough, read first through their indexes (CROSS JOIN keeps SQLite from starting at
        // the galleries' items instead), then the items showing them.
        var near: [String] = []
        var arguments: [SQLValue] = []
        if !hashes.isEmpty {
            near.append(
                "SELECT hash FROM blob WHERE perceptualHash IS NOT NULL AND perceptualHash IN ("
                    + hashes.map { String($0.stored) }.joined(separator: ",") + ")")
        }
        if let sameBytes {
            near.append("SELECT hash FROM blob WHERE hash = ?")
            arguments.append(sameBytes.sqlValue)
        }
        guard !near.isEmpty else { return [] }
        arguments.append(except.rawValue.sqlValue)
        arguments += galleries.map { $0.rawValue.sqlValue }
        arguments.append(limit.sqlValue)
        return try db.rows(
            sql: """
                WITH near AS (\(near.joined(separator: " UNION ")))
                SELECT \(Item.selectColumns), gallery.name AS similarGalleryName
                FROM near CROSS JOIN \(Item.fromClause) JOIN gallery ON gallery.id = item.galleryId
                WHERE item.blobHash = near.hash AND item.id <> ? AND item.kind = 'image'
                  AND item.state = 'ready' AND item.trashedAt IS NULL AND gallery.trashedAt IS NULL
                  AND item.galleryId IN (\(SQLArguments.placeholders(galleries.count)))
                ORDER BY item.createdAt DESC, item.id LIMIT ?
                """,
            arguments: SQLArguments(arguments))
    }
}
