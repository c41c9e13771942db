import GalleryCore
import Testing

@Suite("Gallery names")
struct GalleryNameTests {
    @Test func aNameIsTrimmed() throws {
        #expect(try Gallery.validatedName("  Trips \n") == "Trips")
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func anEmptyNameIsRefused(name: String) {
        #expect(throws: GalleryError.invalid("A gallery needs a name.")) { try Gallery.validatedName(name) }
    }

    @Test func aNameLongerThanTheMaximumIsRefused() throws {
        let longest = String(repeating: "é", count: Gallery.maximumNameLength)
        #expect(try Gallery.validatedName(longest) == longest)
        #expect(throws: GalleryError.self) { try Gallery.validatedName(longest + "e") }
    }

    @Test(arguments: [
        "a\u{0}b", "\u{0}", "Trips\u{0}", "a\u{1}b", "a\u{8}b", "a\u{B}b", "a\u{C}b", "a\u{1B}[31mb", "a\u{1F}b",
        "a\u{7F}b", "a\u{80}b", "a\u{85}b", "a\u{9F}b",
    ])
    func aNameWithAControlCharacterIsRefusedWhole(name: String) {
        let error = #expect(throws: GalleryError.self) { try Gallery.validatedName(name) }
        guard case .invalid(let message) = error else {
            Issue.record("expected GalleryError.invalid, got \(String(describing: error))")
            return
        }
        #expect(message.contains("control character"))
    }

    @Test(arguments: ["Trips\t2024", "Trips\n2024", "Trips\r\n2024", "Trips\r2024"])
    func aTabOrALineBreakInsideANameIsKept(name: String) throws {
        #expect(try Gallery.validatedName(name) == name)
    }

    @Test(arguments: ["👩‍👩‍👧 Family", "Zero\u{200B}width", "عربي\u{200F}", "Café"])
    func formatCharactersAndOtherLettersAreKept(name: String) throws {
        #expect(try Gallery.validatedName(name) == name)
    }
}
