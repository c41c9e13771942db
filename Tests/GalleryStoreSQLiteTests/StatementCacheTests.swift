import Foundation
import GRDB
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Statements kept by a connection")
struct StatementCacheTests {
    /// The statements compiled and kept by the in-memory database's one connection.
    private func statementsKept(_ database: AppDatabase) throws -> Int {
        // The sqlite_stmt table lists a connection's prepared statements (Debian's SQLite has it).
        try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_stmt") ?? 0 }
    }

    /// A connection keeps every statement text it compiled: reading the board at a thousand places must not make a
    /// thousand texts (the rows of tiles read were once written into the text).
    @Test func readingTheBoardAtManyPlacesKeepsAFewStatements() async throws {
        let database = try AppDatabase.makeInMemory()
        let store = SQLGalleryStore(database: database)
        let gallery = try await store.createGallery(named: "Board")
        let items = try await store.addLetters("AB", to: gallery.id)
        _ = try await store.arrangeItems(
            [
                (try itemID("A", items), BoardPosition(x: 0, y: 0, width: 100, z: 0)),
                (try itemID("B", items), BoardPosition(x: 5000, y: 9000, width: 100, z: 0)),
            ], in: gallery.id, recordingFor: nil)
        _ = try await store.boardItems(
            in: gallery.id, meeting: BoardRect(x: 0, y: 0, width: 800, height: 600), limit: 100)
        let before = try statementsKept(database)
        for step in 0..<1000 {
            let rect = BoardRect(x: Double(step * 37), y: Double(step * 53), width: 800, height: 600)
            _ = try await store.boardItems(in: gallery.id, meeting: rect, limit: 100)
        }
        #expect(try statementsKept(database) - before <= 8)
    }

    /// Statements taking a list of values are not kept: asking for the galleries of lists of every length from 1 to
    /// 300 keeps at most one statement per length up to the kept limit.
    @Test func statementsTakingLongListsAreNotKept() async throws {
        let database = try AppDatabase.makeInMemory()
        let accounts = SQLAccountStore(database: database)
        let ids = (0..<300).map { _ in ItemID.make() }
        let before = try statementsKept(database)
        for length in 1...ids.count { _ = try await accounts.galleries(ofItems: Array(ids.prefix(length))) }
        #expect(try statementsKept(database) - before <= GRDBSession.keptArgumentsLimit + 1)
    }
}
