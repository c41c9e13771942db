import Testing

@testable import GalleryServer

@Suite("What a Range header asks of a file")
struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-9", ByteRange.part(0...9)),
        ("bytes=10-19", .part(10...19)),
        ("bytes=90-", .part(90...99)),
        ("bytes=95-200", .part(95...99)),
        ("bytes=-5", .part(95...99)),
        ("bytes=-500", .part(0...99)),
        ("bytes= 3-4 ", .part(3...4)),
        ("bytes=100-", .unsatisfiable),
        ("bytes=150-160", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
    ])
    func oneRangeOfAHundredBytes(header: String, expected: ByteRange) {
        #expect(ByteRange(header: header, size: 100) == expected)
    }

    @Test(arguments: [
        nil, "", "bytes=", "bytes=-", "items=0-9", "bytes=0-9,20-29", "bytes=9-3", "bytes=a-b", "bytes=1-2-3",
        "bytes=+1-2", "bytes=0x10-20", "bytes=99999999999999999999-",
    ])
    func anythingElseIsTheWholeFile(header: String?) {
        #expect(ByteRange(header: header, size: 100) == .whole)
    }

    @Test func anEmptyFileHasNoRangeToGive() {
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-1", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: nil, size: 0) == .whole)
    }
}
