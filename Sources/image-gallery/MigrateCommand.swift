import ArgumentParser
import Foundation
import GalleryServer
import GalleryStoreSQL

/// `image-gallery migrate --from sqlite:DATA --to postgresql://…`: every gallery, account and setting moved between
/// engines.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy everything from one database to another: from SQLite to PostgreSQL, or back.",
        discussion: """
            Galleries (items, order, board places, events, undo history, members, links), users, sessions, tokens \
            and settings are copied, one transaction per gallery, and each gallery's items and order are compared \
            afterwards. Galleries the target has already are left as they are there: running it twice changes \
            nothing. The image files stay in the data folder: serve with the same --data. Stop the server first.
            """)

    @Option(help: "The database to copy: sqlite:PATH (a data folder or its gallery.sqlite) or postgresql://…")
    var from: String
    @Option(help: "The database to copy into: postgresql://… or sqlite:PATH.") var to: String

    func run() async throws {
        let (source, target): (DatabaseAddress, DatabaseAddress)
        do {
            (source, target) = (try DatabaseAddress(from), try DatabaseAddress(to))
        } catch let error as ConfigurationError {
            throw ValidationError(error.message)
        }
        guard source != target else { throw ValidationError("--from and --to are the same database.") }
        let bar = ProgressLine()
        let started = ContinuousClock.now
        let summary = try await reportingErrors {
            let copy = DatabaseCopy(
                from: try await source.open(creating: false), to: try await target.open(creating: true))
            return try await copy.run { bar.show("galleries", $0, $1) }
        }
        bar.end()
        let seconds = (ContinuousClock.now - started).components.seconds
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        var said =
            "Copied \(counted(summary.galleries, "gallery", "galleries")) (\(counted(summary.items, "item", "items")))"
            + " in \(seconds) s"
        if summary.galleries > 0 { said += ", each with the same items in the same order on both sides" }
        if summary.alreadyThere > 0 {
            said += "; \(summary.alreadyThere) already there (left as they are)"
        }
        print(said + ".")
    }
}
