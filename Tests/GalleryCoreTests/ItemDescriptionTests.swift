import Foundation
import GalleryCore
import Testing

@Suite("Titles, captions and tags: their rules")
struct ItemDescriptionTests {
    @Test func tagsAreTrimmedNormalisedAndKeptOnceWithoutRegardToCase() throws {
        // "Café" written with a combining accent is kept precomposed; "RED" repeats "red".
        let tags = try ItemDescription.validatedTags(["  red ", "Cafe\u{301}", "RED", "café"])
        #expect(tags == ["red", "Café"])
    }

    @Test func addingAndRemovingTagsKeepsTheOrderAndIgnoresCase() throws {
        let before = ItemDescription(title: "sunset.jpg", tags: ["Sky", "red"])
        let change = try ItemDescription.Change(addedTags: ["sea", "SKY"], removedTags: ["RED"]).validated()
        #expect(try before.applying(change).tags == ["Sky", "sea"])
    }

    @Test func anEmptyCaptionTakesTheCaptionAway() throws {
        let before = ItemDescription(title: "a", caption: "the harbour at dawn")
        let change = try ItemDescription.Change(caption: "   ").validated()
        #expect(try before.applying(change).caption == nil)
    }

    @Test func everyBrokenRuleIsRefusedWithItsReason() throws {
        let tooLongTag = String(repeating: "x", count: ItemDescription.maximumTagLength + 1)
        let cases: [(ItemDescription.Change, String)] = [
            (.init(tags: [tooLongTag]), "at most 100 characters"),
            (.init(tags: ["two\nlines"]), "control characters"),
            (.init(tags: [" "]), "cannot be empty"),
            (.init(tags: (0...ItemDescription.maximumTags).map { "tag \($0)" }), "at most 50 tags"),
            (.init(title: "  "), "title cannot be empty"),
            (.init(title: "a\u{7}b"), "control characters"),
            (.init(caption: String(repeating: "é", count: ItemDescription.maximumCaptionLength + 1)), "2,000"),
            (.init(caption: "nul \u{0} here"), "control characters"),
        ]
        for (change, reason) in cases {
            #expect {
                _ = try change.validated()
            } throws: { error in
                guard case GalleryError.invalid(let message) = error else { return false }
                return message.contains(reason)
            }
        }
        // Lines and tabs are a caption's own.
        #expect(try ItemDescription.Change(caption: "one\n\ttwo").validated().caption == "one\n\ttwo")
    }

    @Test func tagsAddedPastTheLimitAreRefused() throws {
        let before = ItemDescription(title: "a", tags: (0..<ItemDescription.maximumTags).map { "t\($0)" })
        let change = try ItemDescription.Change(addedTags: ["one more"]).validated()
        #expect(throws: GalleryError.self) { try before.applying(change) }
    }
}
