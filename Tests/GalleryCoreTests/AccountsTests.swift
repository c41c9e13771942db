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

    @Test func tokenNamesAreWordsOfAnyScriptWithSpaces() throws {
        #expect(try APIToken.validatedName("  backup script ") == "backup script")
        #expect(try APIToken.validatedName("Cafe\u{301}.sync_2-b") == "Caf\u{E9}.sync_2-b")  // NFC
        #expect(try APIToken.validatedName(String(repeating: "a", count: 64)).count == 64)
        for bad in ["", "   ", "a/b", "a%2Fb", "tab\there", "new\nline", "<script>", String(repeating: "a", count: 65)]
        {
            #expect(throws: GalleryError.self) { try APIToken.validatedName(bad) }
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

    /// The attempt admitted, or nil when it must wait.
    private func attempt(
        _ throttle: inout SignInThrottle, _ account: String = "anna", from address: String = "10.0.0.1", at: Date
    ) -> SignInThrottle.Attempt? {
        if case .go(let attempt) = throttle.admit(account: account, address: address, now: at) { return attempt }
        return nil
    }

    /// The wait of an attempt that must wait, rounded to whole seconds; nil when it is admitted.
    private func wait(
        _ throttle: inout SignInThrottle, _ account: String = "anna", from address: String = "10.0.0.1", at: Date
    ) -> TimeInterval? {
        if case .wait(let seconds) = throttle.admit(account: account, address: address, now: at) {
            return seconds.rounded()
        }
        return nil
    }

    @Test func aFewFailuresCostNothingThenEachWaitDoubles() throws {
        var throttle = SignInThrottle()
        for _ in 0..<5 { throttle.failed(try #require(attempt(&throttle, at: start)), now: start) }
        #expect(wait(&throttle, at: start) == 1)
        throttle.failed(
            try #require(attempt(&throttle, at: start.addingTimeInterval(1))), now: start.addingTimeInterval(1))
        #expect(wait(&throttle, at: start.addingTimeInterval(1)) == 2)
        #expect(attempt(&throttle, at: start.addingTimeInterval(3)) != nil)
    }

    @Test func theWaitRunsFromTheFailureNotFromTheAdmission() throws {
        var throttle = SignInThrottle()
        let attempts = try (0..<5).map { _ in try #require(attempt(&throttle, at: start)) }
        // The passwords took ten seconds to check.
        for each in attempts { throttle.failed(each, now: start.addingTimeInterval(10)) }
        #expect(wait(&throttle, at: start.addingTimeInterval(10)) == 1)
    }

    @Test func attemptsAdmittedAtOnceAreCountedBeforeAnyPasswordIsChecked() {
        var throttle = SignInThrottle()
        // Forty guesses arrive together, none answered yet: five go on, the others wait.
        var admitted: [SignInThrottle.Attempt] = []
        var waiting = 0
        for _ in 0..<40 {
            switch throttle.admit(account: "anna", address: "10.0.0.9", now: start) {
            case .go(let attempt): admitted.append(attempt)
            case .wait: waiting += 1
            }
        }
        #expect(admitted.count == 5)
        #expect(waiting == 35)
    }

    @Test func guessesFromOneAddressSlowEveryAccountTriedFromIt() throws {
        var throttle = SignInThrottle()
        for index in 0..<5 {
            throttle.failed(try #require(attempt(&throttle, "u\(index)", from: "x", at: start)), now: start)
        }
        #expect(wait(&throttle, "someone-else", from: "x", at: start) != nil)
        #expect(attempt(&throttle, "someone-else", from: "y", at: start) != nil)
    }

    @Test func theOwnerSignsInFromAnAddressThatNeverFailedWhileAStrangerIsThrottled() throws {
        var throttle = SignInThrottle()
        // Strangers from many addresses fail at the owner's account until it is throttled.
        for index in 0..<5 {
            throttle.failed(try #require(attempt(&throttle, "owner", from: "stranger-\(index)", at: start)), now: start)
        }
        #expect(wait(&throttle, "owner", from: "stranger-0", at: start) != nil)
        // One attempt at a time from an address that never failed for it.
        let owners = try #require(attempt(&throttle, "owner", from: "home", at: start))
        #expect(wait(&throttle, "owner", from: "cafe", at: start) != nil)
        throttle.succeeded(owners)
        // The success clears the account: the next attempt goes on from anywhere.
        #expect(attempt(&throttle, "owner", from: "cafe", at: start) != nil)
    }

    @Test func aFreshAddressThatFailsAtAThrottledAccountWaitsToo() throws {
        var throttle = SignInThrottle()
        for index in 0..<5 {
            throttle.failed(try #require(attempt(&throttle, "anna", from: "a\(index)", at: start)), now: start)
        }
        throttle.failed(try #require(attempt(&throttle, "anna", from: "fresh", at: start)), now: start)
        #expect(wait(&throttle, "anna", from: "fresh", at: start) != nil)
    }

    @Test func aSuccessClearsTheAccountAndOldFailuresAreForgotten() throws {
        var throttle = SignInThrottle()
        for _ in 0..<4 { throttle.failed(try #require(attempt(&throttle, at: start)), now: start) }
        throttle.succeeded(try #require(attempt(&throttle, at: start)))
        for _ in 0..<4 {
            throttle.failed(try #require(attempt(&throttle, "anna", from: "other", at: start)), now: start)
        }
        #expect(attempt(&throttle, "anna", from: "other", at: start) != nil)
        for _ in 0..<6 { _ = attempt(&throttle, "bob", at: start) }
        #expect(attempt(&throttle, "bob", at: start.addingTimeInterval(2 * 60 * 60)) != nil)
    }
}
