import Foundation
import Logging

/// How the server writes its log lines: as text (swift-log's default), or as JSON objects, one per line, for a log
/// collector (``JSONLogHandler``).
public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json

    /// Makes every logger of the process write this way, from `level` up (text: swift-log's default handler, on
    /// standard error). Once per process, before any logger is made.
    public func bootstrap(level: Logger.Level) {
        if self == .json { LoggingSystem.bootstrap { label in JSONLogHandler(label: label, level: level) } }
    }
}

/// Writes one of the server's few lines for the person who started it (where its data is, its address, the setup
/// link): as a text line on standard output at once (unbuffered, so it keeps its place among the log lines), or, in
/// JSON, as a log line of its own (so that a log collector reads every line).
public func say(_ line: String, as format: LogFormat, logger: Logger) {
    switch format {
    case .text: FileHandle.standardOutput.write(Data((line + "\n").utf8))
    case .json: logger.notice("\(line)")
    }
}
