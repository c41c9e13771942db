import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// Reads the body, at most `limit` bytes, and decodes it as JSON. A `Content-Length` over the limit is refused
    /// before anything is read; a body without one is read only up to the limit.
    /// - Parameter uploadAdvice: whether the 413 message should say that files go through the upload path.
    /// - Throws: ``BoundsError/bodyTooLarge(limitBytes:uploadAdvice:)``, or `DecodingError` for malformed JSON.
    func decodeJSON<Value: Decodable>(
        as type: Value.Type, limit: Int, uploadAdvice: Bool = false
    ) async throws -> Value {
        let buffer = try await collectBody(limit: limit, uploadAdvice: uploadAdvice)
        return try JSONDecoder().decode(Value.self, from: Data(buffer.readableBytesView))
    }

    /// Like ``decodeJSON(as:limit:uploadAdvice:)``, but an empty body is nil (for routes whose body is optional).
    func decodeOptionalJSON<Value: Decodable>(as type: Value.Type, limit: Int) async throws -> Value? {
        let buffer = try await collectBody(limit: limit, uploadAdvice: false)
        guard buffer.readableBytes > 0 else { return nil }
        return try JSONDecoder().decode(Value.self, from: Data(buffer.readableBytesView))
    }

    /// Refuses a declared `Content-Length` over `limit` without reading; otherwise reads the body up to `limit`.
    func refuseDeclaredBody(over limit: Int, uploadAdvice: Bool) throws(BoundsError) {
        if let declared = headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw .bodyTooLarge(limitBytes: limit, uploadAdvice: uploadAdvice)
        }
    }

    private func collectBody(limit: Int, uploadAdvice: Bool) async throws -> ByteBuffer {
        try refuseDeclaredBody(over: limit, uploadAdvice: uploadAdvice)
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw BoundsError.bodyTooLarge(limitBytes: limit, uploadAdvice: uploadAdvice)
        }
    }
}
