import Foundation
import GalleryCore
import TestSupport
import Testing

private func key(_ raw: String) throws -> OrderKey {
    try #require(OrderKey(rawValue: raw), "\(raw) should be a valid key")
}

private func optionalKey(_ raw: String?) throws -> OrderKey? {
    guard let raw else { return nil }
    return try key(raw)
}

/// Byte-wise comparison of UTF-8, independent of the implementation under test (what SQLite BINARY does).
private func bytesPrecede(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    for i in 0..<min(x.count, y.count) where x[i] != y[i] {
        return x[i] < y[i]
    }
    return x.count < y.count
}

@Suite("OrderKey")
struct OrderKeyTests {
    // MARK: Basics

    @Test func anEmptyListGetsTheFirstKey() throws {
        #expect(try OrderKey.between(nil, nil) == OrderKey.first)
        #expect(OrderKey.first.rawValue == "a0")
        #expect(OrderKey(rawValue: "a0") == OrderKey.first)
        #expect(OrderKey.first.description == "a0")
    }

    @Test func appendingTenThousandKeysAtTheEndStaysAscendingAndShort() throws {
        var last = OrderKey.first
        var maxLength = last.rawValue.count
        for _ in 0..<10_000 {
            let next = try OrderKey.between(last, nil)
            #expect(last < next)
            #expect(next.rawValue.count <= 6)
            maxLength = max(maxLength, next.rawValue.count)
            last = next
        }
        // Measured: 4 characters (a0...az, b00...bzz, then c000...; the last key appended is "c1aI").
        #expect(maxLength == 4)
    }

    @Test func prependingTenThousandKeysAtTheStartStaysAscendingAndShort() throws {
        var first = OrderKey.first
        var maxLength = first.rawValue.count
        for _ in 0..<10_000 {
            let previous = try OrderKey.between(nil, first)
            #expect(previous < first)
            #expect(previous.rawValue.count <= 6)
            maxLength = max(maxLength, previous.rawValue.count)
            first = previous
        }
        // Measured: 4 characters (Zz...Z0, Yzz...Y00, then Xzzz...; the last key prepended is "XyPi").
        #expect(maxLength == 4)
    }

    // MARK: Repeated insertion into one gap

    @Test func insertingAThousandTimesJustAfterTheSameKeyStaysBetweenItsBounds() throws {
        let lower = try key("a0")
        let upper = try key("a1")
        var list = [lower, upper]
        var maxLength = 0
        for _ in 0..<1_000 {
            // Always insert right after `lower`: the gap keeps shrinking towards it (the worst case).
            let new = try OrderKey.between(list[0], list[1])
            #expect(lower < new && new < upper)
            #expect(list[0] < new && new < list[1])
            list.insert(new, at: 1)
            maxLength = max(maxLength, new.rawValue.count)
        }
        #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(list).count == list.count)
        // Measured: 169 characters after 1,000 insertions (about one character per 6 insertions, log2(62) ≈ 5.95);
        // fractional indexing trades this worst case for single-row writes. 100 such insertions reach 19 characters.
        #expect(maxLength == 169)
    }

    @Test func insertingAThousandTimesJustBeforeTheSameKeyStaysBetweenItsBounds() throws {
        let lower = try key("a0")
        let upper = try key("a1")
        var list = [lower, upper]
        var maxLength = 0
        for _ in 0..<1_000 {
            // Always insert right before `upper`.
            let count = list.count
            let new = try OrderKey.between(list[count - 2], list[count - 1])
            #expect(lower < new && new < upper)
            #expect(list[count - 2] < new && new < list[count - 1])
            list.insert(new, at: count - 1)
            maxLength = max(maxLength, new.rawValue.count)
        }
        #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(list).count == list.count)
        // Measured: 202 characters after 1,000 insertions (approaching an upper bound grows slightly faster:
        // each step halves the gap towards "z"s, e.g. a0V, a0l, a0t, a0x, a0z, a0zV, ...).
        #expect(maxLength == 202)
    }

    // MARK: Property test

    @Test(arguments: [UInt64(1), 42, 0xDEAD_BEEF])
    func randomInsertionsKeepTheListStrictlyAscendingValidAndUnique(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var list: [OrderKey] = []
        var maxLength = 0
        for _ in 0..<5_000 {
            let index = Int.random(in: 0...list.count, using: &rng)
            let lower = index > 0 ? list[index - 1] : nil
            let upper = index < list.count ? list[index] : nil
            let new = try OrderKey.between(lower, upper)
            if let lower { try #require(lower < new) }
            if let upper { try #require(new < upper) }
            list.insert(new, at: index)
            maxLength = max(maxLength, new.rawValue.count)
        }
        #expect(list.count == 5_000)
        #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 })
        #expect(list.allSatisfy { OrderKey(rawValue: $0.rawValue) == $0 })
        #expect(Set(list.map(\.rawValue)).count == list.count)
        // Measured max key length: 7 / 7 / 7 characters for seeds 1 / 42 / 0xDEADBEEF.
        #expect(maxLength <= 10)
    }

    // MARK: Batches

    static let batchBounds: [(String?, String?)] = [
        (nil, nil), ("a0", nil), (nil, "a0"), ("a0", "a1"), ("a0", "a0V"), ("Zz", "a0"),
        ("a0", "a01"), ("a1", "b00"), ("Xzzz", "c000"), ("a0V", "a0W"),
    ]

    @Test(arguments: [1, 2, 7, 100], batchBounds.indices)
    func keysForABatchAreAscendingAndInsideTheBounds(count: Int, boundsIndex: Int) throws {
        let (lowerRaw, upperRaw) = Self.batchBounds[boundsIndex]
        let lower = try optionalKey(lowerRaw)
        let upper = try optionalKey(upperRaw)
        let keys = try OrderKey.keys(count: count, between: lower, upper)
        #expect(keys.count == count)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        if let lower { #expect(keys.allSatisfy { lower < $0 }) }
        if let upper { #expect(keys.allSatisfy { $0 < upper }) }
        #expect(keys.allSatisfy { OrderKey(rawValue: $0.rawValue) == $0 })
    }

    @Test func aBatchBetweenTwoKeysIsSpreadEvenlyAndShort() throws {
        // Measured: 100 keys between a0 and a1 are at most 4 characters (a00V, a01, a01V, ..., a0zV) thanks to
        // the recursive split, where 100 successive `between(a0, previous)` calls reach 19 characters.
        let keys = try OrderKey.keys(count: 100, between: key("a0"), key("a1"))
        let maxLength = keys.map(\.rawValue.count).max() ?? 0
        #expect(maxLength == 4)
        // 10,000 keys appended to an empty list stay as short as single appends.
        let appended = try OrderKey.keys(count: 10_000, between: nil, nil)
        #expect(appended.count == 10_000)
        #expect(appended.map(\.rawValue.count).max() == 4)
    }

    @Test func aBatchOfZeroKeysIsEmpty() throws {
        #expect(try OrderKey.keys(count: 0, between: nil, nil).isEmpty)
        #expect(try OrderKey.keys(count: 0, between: key("a0"), key("a1")).isEmpty)
    }

    // MARK: Errors and validation

    @Test(arguments: [("a1", "a0"), ("a0", "a0"), ("b00", "a1"), ("a0V", "a0")])
    func boundsOutOfOrderAreRejected(lower: String, upper: String) throws {
        let a = try key(lower)
        let b = try key(upper)
        #expect(throws: OrderKey.Error.boundsOutOfOrder) { try OrderKey.between(a, b) }
        #expect(throws: OrderKey.Error.boundsOutOfOrder) { try OrderKey.keys(count: 3, between: a, b) }
        #expect(throws: OrderKey.Error.boundsOutOfOrder) { try OrderKey.keys(count: 0, between: a, b) }
    }

    @Test(arguments: [
        "",  // empty
        "a",  // integer part too short for head "a" (needs 2)
        "b0",  // integer part too short for head "b" (needs 3)
        "Z",  // integer part too short for head "Z" (needs 2)
        "a00",  // fraction ends in 0
        "a0V0",  // fraction ends in 0
        "0",  // invalid head
        "01",  // invalid head
        "a0!",  // bad character
        "a-",  // bad character
        "a 1",  // bad character
        "a0é",  // non-ASCII
        "ä0",  // non-ASCII head
        "A00000000000000000000000000",  // reserved smallest integer
    ])
    func malformedRawValuesAreRejected(raw: String) {
        #expect(OrderKey(rawValue: raw) == nil)
    }

    @Test(arguments: [
        "a0", "Zz", "a0V", "b00", "bzz", "Y00", "A000000000000000000000000001",
        "zzzzzzzzzzzzzzzzzzzzzzzzzzz", "zzzzzzzzzzzzzzzzzzzzzzzzzzzV",
    ])
    func wellFormedRawValuesAreAccepted(raw: String) {
        #expect(OrderKey(rawValue: raw)?.rawValue == raw)
    }

    // MARK: Reference behaviour

    @Test(
        arguments: [
            (nil, nil, "a0"),
            (nil, "a0", "Zz"),
            (nil, "Zz", "Zy"),
            ("a0", nil, "a1"),
            ("a1", nil, "a2"),
            ("a0", "a1", "a0V"),
            ("a1", "a2", "a1V"),
            ("a0V", "a1", "a0l"),
            ("Zz", "a0", "ZzV"),
            ("Zz", "a1", "a0"),
            (nil, "Y00", "Xzzz"),
            ("bzz", nil, "c000"),
            ("a0", "a0V", "a0G"),
            ("a0", "a0G", "a08"),
            ("b125", "b129", "b127"),
            ("a0", "a1V", "a1"),
            ("Zz", "a01", "a0"),
            (nil, "a0V", "a0"),
            (nil, "b999", "b99"),
            (nil, "A000000000000000000000000001", "A000000000000000000000000000V"),
            ("zzzzzzzzzzzzzzzzzzzzzzzzzzy", nil, "zzzzzzzzzzzzzzzzzzzzzzzzzzz"),
            ("zzzzzzzzzzzzzzzzzzzzzzzzzzz", nil, "zzzzzzzzzzzzzzzzzzzzzzzzzzzV"),
        ] as [(String?, String?, String)])
    func betweenMatchesTheFractionalIndexingLibrary(lower: String?, upper: String?, expected: String) throws {
        #expect(try OrderKey.between(optionalKey(lower), optionalKey(upper)).rawValue == expected)
    }

    @Test(
        arguments: [
            (nil, nil, 5, "a0 a1 a2 a3 a4"),
            ("a4", nil, 10, "a5 a6 a7 a8 a9 aA aB aC aD aE"),
            (nil, "a0", 5, "Zv Zw Zx Zy Zz"),
            ("a0", "a2", 20, "a04 a08 a0G a0K a0O a0V a0Z a0d a0l a0t a1 a14 a18 a1G a1O a1V a1Z a1d a1l a1t"),
        ] as [(String?, String?, Int, String)])
    func keysMatchTheFractionalIndexingLibrary(lower: String?, upper: String?, count: Int, expected: String) throws {
        let keys = try OrderKey.keys(count: count, between: optionalKey(lower), optionalKey(upper))
        #expect(keys.map(\.rawValue).joined(separator: " ") == expected)
    }

    // MARK: Ordering

    @Test func comparisonAgreesWithTheByteOrderOfTheUTF8() throws {
        var rng = SeededGenerator(seed: 7)
        var list: [OrderKey] = []
        for _ in 0..<500 {
            let index = Int.random(in: 0...list.count, using: &rng)
            let lower = index > 0 ? list[index - 1] : nil
            let upper = index < list.count ? list[index] : nil
            list.insert(try OrderKey.between(lower, upper), at: index)
        }
        let shuffled = list.shuffled(using: &rng)
        for a in shuffled.prefix(200) {
            for b in shuffled.suffix(200) {
                #expect((a < b) == bytesPrecede(a.rawValue, b.rawValue))
                #expect((a == b) == (Array(a.rawValue.utf8) == Array(b.rawValue.utf8)))
            }
        }
        #expect(shuffled.sorted() == shuffled.sorted { bytesPrecede($0.rawValue, $1.rawValue) })
        #expect(shuffled.sorted() == list)

        // Upper-case heads (negative integers) sort before lower-case heads, and a prefix sorts first.
        let fixed = try ["Xzzz", "Y00", "Zz", "ZzV", "a0", "a0V", "a1", "b00", "c000"].map(key)
        #expect(zip(fixed, fixed.dropFirst()).allSatisfy { $0 < $1 })
    }

    // MARK: Codable

    @Test func encodesAndDecodesAsASingleString() throws {
        let keys = try [key("a0"), key("Zz"), key("a0V")]
        let data = try JSONEncoder().encode(keys)
        #expect(String(decoding: data, as: UTF8.self) == #"["a0","Zz","a0V"]"#)
        #expect(try JSONDecoder().decode([OrderKey].self, from: data) == keys)
    }

    @Test func decodingAMalformedKeyFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([OrderKey].self, from: Data(#"["a00"]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(OrderKey.self, from: Data(#""""#.utf8))
        }
    }
}
