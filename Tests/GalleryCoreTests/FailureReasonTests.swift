import Foundation
import GalleryCore
import Testing

@Suite("Failure reasons")
struct FailureReasonTests {
    static let everyReason: [FailureReason] = [
        .notAnImage, .unsupportedFormat("TIFF"), .damaged, .tooLarge(limitBytes: 50_000_000),
        .tooManyPixels(limitPixels: 50_000_000), .hostNotFound, .addressNotAllowed, .invalidURL("no host"), .timedOut,
        .httpStatus(404), .tooManyRedirects, .connectionFailed, .uploadInterrupted, .internalError,
    ]

    @Test(arguments: everyReason)
    func aReasonSurvivesJSON(reason: FailureReason) throws {
        let json = try JSONEncoder().encode(reason)
        #expect(try JSONDecoder().decode(FailureReason.self, from: json) == reason)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["code"] as? String == reason.code)
        #expect(object["message"] as? String == reason.message)
    }

    @Test func everyReasonHasItsOwnCode() {
        #expect(Set(Self.everyReason.map(\.code)).count == Self.everyReason.count)
    }

    @Test(arguments: [
        (FailureReason.notAnImage, "Not an image"),
        (.addressNotAllowed, "Address not allowed"),
        (.hostNotFound, "Host not found"),
        (.timedOut, "Timed out"),
        (.httpStatus(404), "The site answered 404 (not found)"),
        (.httpStatus(503), "The site answered 503 (server error)"),
        (.httpStatus(418), "The site answered 418"),
        (.tooLarge(limitBytes: 50_000_000), "Too large (the limit is 50 MB)"),
        (.tooLarge(limitBytes: 1234), "Too large (the limit is 1234 bytes)"),
        (.tooManyPixels(limitPixels: 50_000_000), "Too many pixels (the limit is 50 megapixels)"),
        (.unsupportedFormat("BMP"), "Unsupported image format (BMP)"),
    ])
    func aReasonReadsAsPlainWords(reason: FailureReason, message: String) {
        #expect(reason.message == message)
    }

    @Test func anUnknownCodeReadsAsAnInternalError() throws {
        let json = Data(#"{"code":"from-the-future","message":"?"}"#.utf8)
        #expect(try JSONDecoder().decode(FailureReason.self, from: json) == .internalError)
    }

    @Test func fetchErrorsBecomeTheReasonsAUserSees() {
        let limits = Fetcher.Limits(maximumBytes: 1_000_000)
        #expect(Fetcher.Error.blockedAddress.failureReason(limits: limits) == .addressNotAllowed)
        #expect(Fetcher.Error.hostNotFound.failureReason(limits: limits) == .hostNotFound)
        #expect(Fetcher.Error.tooLarge.failureReason(limits: limits) == .tooLarge(limitBytes: 1_000_000))
        #expect(Fetcher.Error.httpStatus(404).failureReason(limits: limits) == .httpStatus(404))
        #expect(Fetcher.Error.connectionFailed("reset").failureReason(limits: limits) == .connectionFailed)
    }
}
