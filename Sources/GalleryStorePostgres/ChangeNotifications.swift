import Foundation
import GalleryCore
import Logging
import PostgresNIO

/// Changes made through other servers on the same database: each write transaction sends the galleries it changed on
/// a channel (`pg_notify`, delivered when it commits), and every server listens there and tells its live views, which
/// then read the events they missed as they do for a change of their own. The channel is named after the schema, so
/// that stores in other schemas of the database are not heard.
enum ChangeNotifications {
    /// The channel's name, as SQL.
    static let channelExpression = "'image_gallery:' || current_schema()"

    /// Listens until the task is cancelled, on a connection of the pool; when the connection is lost, listens again
    /// on another (views meanwhile catch up from the events when they hear of the next change, or reconnect).
    static func listen(on client: PostgresClient, publishingTo changes: ChangeHub, logger: Logger) async {
        var pause = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    let channel =
                        try await connection.answer(
                            PostgresQuery(unsafeSQL: "SELECT \(channelExpression)"), logger: logger
                        ).get().rows.first?.decode(String.self) ?? "image_gallery:public"
                    try await connection.listen(on: channel) { notifications in
                        pause = .milliseconds(100)
                        for try await notification in notifications {
                            changes.publish([GalleryID(trusted: notification.payload)])
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                // This server closing its pool (it is stopping) is no news.
                let closing =
                    (error as? PSQLError).map { [.clientClosedConnection, .poolClosed].contains($0.code) } ?? false
                logger.log(
                    level: closing ? .debug : .warning,
                    "Not hearing other servers' changes for now: \(String(reflecting: error))")
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }
}
