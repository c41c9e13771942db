import Foundation
import Logging

/// Log lines as JSON objects, one per line (`--log-format json`), for a log collector: `time` (ISO 8601, UTC, with
/// milliseconds), `level`, `label`, `message`, `source` and the `metadata` (strings, lists and objects as they are).
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    let label: String
    let write: @Sendable (String) -> Void

    /// A handler writing its lines with `write` (standard output by default), from `level` up.
    public init(
        label: String, level: Logger.Level = .info,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    ) {
        self.label = label
        self.logLevel = level
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = event.metadata.map { metadata.merging($0) { _, new in new } } ?? metadata
        write(
            Self.line(
                date: Date(), level: event.level, label: label, message: event.message.description,
                source: event.source, metadata: merged))
    }

    /// One log line.
    static func line(
        date: Date, level: Logger.Level, label: String, message: String, source: String, metadata: Logger.Metadata
    ) -> String {
        var object: [String: Value] = [
            "time": .string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)),
            "level": .string(level.rawValue), "label": .string(label), "message": .string(message),
            "source": .string(source),
        ]
        if !metadata.isEmpty { object["metadata"] = .init(metadata) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(object), let text = String(data: data, encoding: .utf8) else {
            return #"{"level":"error","message":"a log line could not be written as JSON"}"#
        }
        return text
    }

    /// A metadata value as JSON.
    enum Value: Encodable {
        case string(String)
        case list([Value])
        case object([String: Value])

        init(_ metadata: Logger.Metadata) {
            self = .object(metadata.mapValues(Value.init))
        }

        init(_ value: Logger.Metadata.Value) {
            switch value {
            case .string(let text): self = .string(text)
            case .stringConvertible(let convertible): self = .string(convertible.description)
            case .array(let values): self = .list(values.map(Value.init))
            case .dictionary(let metadata): self.init(metadata)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .list(let values): try container.encode(values)
            case .object(let object): try container.encode(object)
            }
        }
    }
}
