import GalleryCore
import Testing

/// Counting the tags in use (`TagUse.tally`): one tag without regard to case, spelt as on the most recent item, counted
/// once per item, most used first, then by name, at most the limit asked.
@Suite("Tags in use")
struct TagUseTests {
    @Test func tagsAreCountedOncePerItemWithoutRegardToCaseMostUsedFirst() {
        let uses = TagUse.tally(
            [["Sky", "red"], ["sky", "SKY", "blue"], ["Red"], ["sky"], []],
            limit: 10)
        #expect(uses == [.init(name: "Sky", count: 3), .init(name: "red", count: 2), .init(name: "blue", count: 1)])
    }

    @Test func tiesGoByNameAndTheLimitCuts() {
        let uses = TagUse.tally([["b", "a", "C"]], limit: 2)
        #expect(uses == [.init(name: "a", count: 1), .init(name: "b", count: 1)])
        #expect(TagUse.tally([["a"]], limit: 0).isEmpty)
        #expect(TagUse.tally([], limit: 5).isEmpty)
    }
}
