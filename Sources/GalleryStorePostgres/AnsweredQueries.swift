import NIOCore
import PostgresNIO

/// A statement sent on a connection that closed before the statement reached it (the server ended it, say); its
/// answer never comes.
struct ConnectionClosedUnanswered: Error, CustomStringConvertible {
    var description: String { "The connection to the database closed before the statement was sent." }
}

extension PostgresConnection {
    /// The answer to `query`, or ``ConnectionClosedUnanswered`` when the connection is closed before the query is
    /// written to it.
    ///
    /// postgres-nio (1.33) hands its query to the channel without a promise for the write: on a connection the server
    /// has just ended, the write fails and the query's answer is never given, so whoever waits for it (a session, on
    /// a thread of its own) waits for ever. Writes from other threads run on the connection's event loop in order,
    /// so once this query's write has had its turn there, a closed channel means no answer will come.
    func answer(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
        let answer = eventLoop.makePromise(of: PostgresQueryResult.self)
        self.query(query, logger: logger).cascade(to: answer)
        eventLoop.execute {
            if self.isClosed { answer.fail(ConnectionClosedUnanswered()) }
        }
        return answer.futureResult
    }
}
