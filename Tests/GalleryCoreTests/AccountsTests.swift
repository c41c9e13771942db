import Foundation
import GalleryCore
import Testing

@Suite("Roles, identities and user names")
struct AccountsTests {
    @Test func eachRoleAllowsWhatTheRolesBelowItAllowAndMore() {
        #expect(GalleryRole.viewer.allows(.view))
        #expect(!GalleryRole.viewer.allows(.edit))
        #expect(GalleryRole.editor.allows(.edit))
        #expect(!GalleryRole.editor.allows(.own))
        #expect(GalleryRole.owner.allows(.own))
        #expect(GalleryRole.allCases.sorted() == [.viewer, .editor, .owner])
    }

    @Test func aReadOnlyLinkSeesItsOwnGalleryOnlyAndOnlyAsAViewer() {
        let gallery = GalleryID.make()
        let link = Identity.link(gallery: gallery)
        #expect(link.role(in: gallery, accountRole: .owner) == .viewer)
        #expect(link.role(in: .make(), accountRole: .owner) == nil)
        #expect(link.user == nil)
    }

    @Test func userNamesAreShortPlainWords() throws {
        #expect(try User.validatedName(" anna.b-1_x ") == "anna.b-1_x")
        for bad in ["", "   ", "a b", "ann\u{0}a", "émile", "<script>", String(repeating: "a", count: 65)] {
            #expect(throws: GalleryError.self) { try User.validatedName(bad) }
        }
    }

    @Test func passwordsAreLongEnoughAndHoldNoControlCharacters() throws {
        #expect(try User.validatedPassword("eight ch") == "eight ch")
        for bad in ["short", "has\u{0}nul-inside", String(repeating: "x", count: 1025)] {
            #expect(throws: GalleryError.self) { try User.validatedPassword(bad) }
        }
    }
}

@Suite("Slowing down guesses")
struct SignInThrottleTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func aFewFailuresCostNothingThenEachWaitDoubles() {
        var throttle = SignInThrottle()
        let keys = ["user:anna", "address:10.0.0.1"]
        for _ in 0..<5 {
            #expect(throttle.wait(for: keys, now: start) == nil)
            throttle.recordFailure(for: keys, now: start)
        }
        #expect(throttle.wait(for: keys, now: start).map { $0.rounded() } == 1)
        throttle.recordFailure(for: keys, now: start)
        #expect(throttle.wait(for: keys, now: start).map { $0.rounded() } == 2)
        #expect(throttle.wait(for: keys, now: start.addingTimeInterval(2)) == nil)
        for _ in 0..<30 { throttle.recordFailure(for: keys, now: start) }
        #expect(throttle.wait(for: keys, now: start).map { $0.rounded() } == TimeInterval(900))
    }

    @Test func guessesFromOneAddressSlowEveryAccountTriedFromIt() {
        var throttle = SignInThrottle()
        for index in 0..<6 { throttle.recordFailure(for: ["user:u\(index)", "address:x"], now: start) }
        #expect(throttle.wait(for: ["user:someone-else", "address:x"], now: start) != nil)
        #expect(throttle.wait(for: ["user:someone-else", "address:y"], now: start) == nil)
    }

    @Test func aSuccessClearsTheAccountAndOldFailuresAreForgotten() {
        var throttle = SignInThrottle()
        for _ in 0..<6 { throttle.recordFailure(for: ["user:anna"], now: start) }
        throttle.recordSuccess(for: "user:anna")
        #expect(throttle.wait(for: ["user:anna"], now: start) == nil)
        for _ in 0..<6 { throttle.recordFailure(for: ["user:bob"], now: start) }
        let later = start.addingTimeInterval(2 * 60 * 60)
        throttle.recordFailure(for: ["user:bob"], now: later)
        #expect(throttle.wait(for: ["user:bob"], now: later) == nil)
    }
}
