import Foundation
import GalleryCore
import Hummingbird

/// Turns domain and decoding errors into JSON errors with the right status: a clear message, never a stack trace.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as GalleryError {
            switch error {
            case .notFound(let message): throw HTTPError(.notFound, message: message)
            case .invalid(let message): throw HTTPError(.badRequest, message: message)
            case .conflict(let message): throw HTTPError(.conflict, message: message)
            case .forbidden(let message): throw HTTPError(.forbidden, message: message)
            case .unavailable(let message):
                context.logger.warning("database unavailable: \(message)")
                throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "5"], message: message)
            }
        } catch let error as DecodingError {
            throw HTTPError(
                .badRequest,
                message: "The request body is not valid JSON of the expected shape (\(Self.describe(error))).")
        } catch let error as HTTPResponseError {
            throw error
        } catch {
            context.logger.error("unexpected error: \(error)")
            throw HTTPError(.internalServerError, message: "Something went wrong on the server.")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "malformed JSON" : "bad value at '\(path)'"
        case .keyNotFound(let key, _): return "missing '\(key.stringValue)'"
        @unknown default: return "malformed JSON"
        }
    }
}
