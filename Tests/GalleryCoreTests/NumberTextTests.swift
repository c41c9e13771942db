import GalleryCore
import Testing

@Suite("Numbers as users read them")
struct NumberTextTests {
    @Test func thousandsAreGroupedByCommas() {
        #expect(0.grouped == "0")
        #expect(999.grouped == "999")
        #expect(1000.grouped == "1,000")
        #expect(100_000.grouped == "100,000")
        #expect(1_234_567.grouped == "1,234,567")
        #expect((-20_000).grouped == "-20,000")
    }
}
