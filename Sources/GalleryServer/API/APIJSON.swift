import Foundation

/// How the API writes JSON, in one place: the HTTP responses (through ``AppRequestContext``) and the live
/// socket's messages (``LiveMessage``) use the same encoder, so a date reads the same in both.
enum APIJSON {
    /// A new encoder for an API answer or message: dates as ISO-8601 text in UTC, whole seconds
    /// (`2025-01-31T12:00:00Z`).
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
