import Foundation
import GalleryCore

// Leases on loading: the server that makes a pending item (or retries it) loads it, holding a lease it renews while
// it runs; when a server stops or dies, its leases run out and another server takes the items on. On a database no
// other server shares, a new run takes on at once what the last run left.
extension SQLGalleryStore {
    /// Makes (or takes over) the lease on loading an item, for this server, for ``leaseDuration`` from `date`.
    func lease(_ db: any SQLSession, _ id: ItemID, date: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO item_lease (itemId, owner, expiresAt) VALUES (?, ?, ?)
                ON CONFLICT(itemId) DO UPDATE SET owner = excluded.owner, expiresAt = excluded.expiresAt
                """,
            arguments: [id.rawValue, workOwner, date.addingTimeInterval(leaseDuration)])
    }

    public func claimPendingItems() async throws -> [Item] {
        let date = now()
        let everything = !database.isSharedByServers
        let unleasedBefore = date.addingTimeInterval(-leaseDuration)
        return try await database.write { db in
            let ids = try db.values(
                String.self,
                sql: """
                    SELECT item.id FROM item LEFT JOIN item_lease ON item_lease.itemId = item.id
                    WHERE item.state = 'pending' AND (item_lease.owner IS NULL OR item_lease.owner <> ?)
                      AND (? = 1 OR item_lease.expiresAt < ? OR (item_lease.itemId IS NULL AND item.createdAt < ?))
                    ORDER BY item.createdAt, item.id
                    """,
                arguments: [workOwner, everything, date, unleasedBefore])
            return try ids.map { id in
                try lease(db, ItemID(trusted: id), date: date)
                return try Self.fetchItem(db, ItemID(trusted: id))
            }
        }
    }

    public func renewLeases() async throws {
        let date = now()
        _ = try await database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM item_lease WHERE owner = ? AND NOT EXISTS (
                      SELECT 1 FROM item WHERE item.id = item_lease.itemId AND item.state = 'pending')
                    """,
                arguments: [workOwner])
            return try db.execute(
                sql: "UPDATE item_lease SET expiresAt = ? WHERE owner = ?",
                arguments: [date.addingTimeInterval(leaseDuration), workOwner])
        }
    }

    public func ownedPendingItems() async throws -> [Item] {
        try await database.read { db in
            try db.rows(
                sql: """
                    SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                    JOIN item_lease ON item_lease.itemId = item.id
                    WHERE item.state = 'pending' AND item_lease.owner = ? ORDER BY item.createdAt, item.id
                    """,
                arguments: [workOwner]
            ).map(Item.init(row:))
        }
    }
}
