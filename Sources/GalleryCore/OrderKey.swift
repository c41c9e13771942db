/// A position in a gallery's order: keys sort by their bytes, and a key can always be made between any two.
///
/// Keys follow the fractional-indexing scheme of rocicorp's `fractional-indexing`
/// library (a port of its `generateKeyBetween` / `generateNKeysBetween`):
///
/// - Digits are base 62, `0-9A-Za-z`, which is also their ASCII (and so byte) order.
/// - A key is an *integer part* followed by an optional *fraction*.
/// - The integer part's first character (its head) gives its length:
///   `a`...`z` mean 2...27 characters (non-negative integers, growing upwards),
///   `A`...`Z` mean 27...2 characters (negative integers, growing downwards).
///   Appending at the end or prepending at the start therefore only increments or
///   decrements the integer part, which keeps keys short.
/// - The fraction never ends in `0`, so that a key always exists between any two keys.
/// - The smallest integer, `A` followed by 26 `0`s, is not a valid key on its own
///   (nothing could be placed before it).
///
/// Keys are plain ASCII, so comparing them byte-wise (as SQLite's `BINARY` collation does)
/// gives the same order as `<`.
public struct OrderKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The key's text, e.g. `"a0"`; store this in the database and order by it with `BINARY` collation.
    public let rawValue: String

    /// Creates a key from its stored text, or returns `nil` if `rawValue` is not a well-formed key
    /// (empty, a character outside `0-9A-Za-z`, an integer part of the wrong length for its head,
    /// a fraction ending in `0`, or the reserved smallest integer `A000…0`).
    public init?(rawValue: String) {
        guard OrderKey.isValid(Array(rawValue.utf8)) else { return nil }
        self.rawValue = rawValue
    }

    /// Wraps bytes already known to be a valid key.
    private init(validBytes: [UInt8]) {
        self.rawValue = String(decoding: validBytes, as: UTF8.self)
    }

    /// Orders keys by the bytes of the UTF-8 of their `rawValue`, matching SQLite's `BINARY` collation.
    public static func < (a: OrderKey, b: OrderKey) -> Bool {
        a.rawValue.utf8.lexicographicallyPrecedes(b.rawValue.utf8)
    }

    /// The key given to the only item of an otherwise empty list (`"a0"`).
    public static let first = OrderKey(validBytes: [Digits.lowerA, Digits.zero])

    /// The stored text of the key (same as `rawValue`).
    public var description: String { rawValue }

    /// Why a key could not be made or read.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// `lower` was not strictly less than `upper`.
        case boundsOutOfOrder
        /// A key's text is not well formed (or the key space is exhausted, which cannot happen for valid keys).
        case invalidKey
    }

    // MARK: - Generating keys

    /// A key strictly between `lower` and `upper`; nil bounds mean the start / end of the list. Throws if lower >= upper.
    ///
    /// - `between(nil, nil)` is ``first``.
    /// - `between(k, nil)` increments `k`'s integer part (e.g. `a0` → `a1`), so appending keeps keys short.
    /// - `between(nil, k)` decrements it (e.g. `a0` → `Zz`), so prepending keeps keys short.
    /// - Otherwise the result is the shortest-ish midpoint of the two keys.
    ///
    /// - Throws: ``Error/boundsOutOfOrder`` if both bounds are given and `lower >= upper`.
    public static func between(_ lower: OrderKey?, _ upper: OrderKey?) throws(OrderKey.Error) -> OrderKey {
        let bytes = try keyBetween(
            lower.map { Array($0.rawValue.utf8) },
            upper.map { Array($0.rawValue.utf8) }
        )
        return OrderKey(validBytes: bytes)
    }

    /// `count` ascending keys strictly between the bounds, spread evenly (recursive split as in generateNKeysBetween), so that a batch insert of N items produces short keys.
    ///
    /// With an open end (`upper == nil` or `lower == nil`) the keys are successive
    /// increments / decrements of the integer part; between two keys the middle key is made
    /// first and each half is filled recursively. A `count` of zero or less gives `[]`.
    ///
    /// - Throws: ``Error/boundsOutOfOrder`` if both bounds are given and `lower >= upper`.
    public static func keys(count: Int, between lower: OrderKey?, _ upper: OrderKey?) throws(OrderKey.Error)
        -> [OrderKey]
    {
        if let lower, let upper, !(lower < upper) { throw .boundsOutOfOrder }
        return try nKeysBetween(
            lower.map { Array($0.rawValue.utf8) },
            upper.map { Array($0.rawValue.utf8) },
            count
        ).map { OrderKey(validBytes: $0) }
    }

    // MARK: - Codable

    /// Decodes a key from a single string, failing with `DecodingError.dataCorrupted` if it is not well formed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let key = OrderKey(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Invalid order key: \(text)")
        }
        self = key
    }

    /// Encodes the key as a single string (its `rawValue`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// MARK: - Algorithm (port of rocicorp/fractional-indexing)

extension OrderKey {
    /// Base-62 digit alphabet and helpers, working on ASCII bytes.
    fileprivate enum Digits {
        static let all: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        static let base = 62
        static let zero = UInt8(ascii: "0")
        static let last = UInt8(ascii: "z")
        static let lowerA = UInt8(ascii: "a")
        static let lowerZ = UInt8(ascii: "z")
        static let upperA = UInt8(ascii: "A")
        static let upperZ = UInt8(ascii: "Z")

        /// The value 0...61 of a digit, or nil if `byte` is not a base-62 digit.
        static func value(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 36
            default: nil
            }
        }

        /// The smallest integer part, `A` followed by 26 zeros; reserved, never a key on its own.
        static let smallestInteger: [UInt8] = [upperA] + [UInt8](repeating: zero, count: 26)
    }

    /// Byte-wise `a < b`.
    fileprivate static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.lexicographicallyPrecedes(b)
    }

    /// Length of the integer part announced by its head character (`getIntegerLength`).
    fileprivate static func integerLength(head: UInt8) -> Int? {
        switch head {
        case Digits.lowerA...Digits.lowerZ: Int(head - Digits.lowerA) + 2
        case Digits.upperA...Digits.upperZ: Int(Digits.upperZ - head) + 2
        default: nil
        }
    }

    /// Splits a key into integer part and fraction (`getIntegerPart`).
    fileprivate static func split(_ key: [UInt8]) throws(OrderKey.Error) -> (integer: [UInt8], fraction: [UInt8]) {
        guard let head = key.first, let length = integerLength(head: head), length <= key.count else {
            throw .invalidKey
        }
        return (Array(key[..<length]), Array(key[length...]))
    }

    /// Whether `key` is a well-formed key (`validateOrderKey`, plus a check that every byte is a digit).
    fileprivate static func isValid(_ key: [UInt8]) -> Bool {
        guard !key.isEmpty, key.allSatisfy({ Digits.value($0) != nil }) else { return false }
        guard key != Digits.smallestInteger else { return false }
        guard let parts = try? split(key) else { return false }
        return parts.fraction.last != Digits.zero
    }

    /// A fraction strictly between fractions `a` and `b` (`b == nil` means 1); neither may end in `0` (`midpoint`).
    fileprivate static func midpoint(_ a: [UInt8], _ b: [UInt8]?) throws(OrderKey.Error) -> [UInt8] {
        if let b, !less(a, b) { throw .boundsOutOfOrder }
        if a.last == Digits.zero || b?.last == Digits.zero { throw .invalidKey }
        if let b {
            // Remove the longest common prefix, padding `a` with zeros as we go. `b` needs no
            // padding: it cannot end before `a` while traversing the common prefix.
            var n = 0
            while n < b.count, (n < a.count ? a[n] : Digits.zero) == b[n] {
                n += 1
            }
            if n > 0 {
                let rest = try midpoint(Array(a.dropFirst(n)), Array(b.dropFirst(n)))
                return Array(b[..<n]) + rest
            }
        }
        // The first digits (or lack of digit) are different.
        let digitA: Int
        if let head = a.first {
            guard let value = Digits.value(head) else { throw .invalidKey }
            digitA = value
        } else {
            digitA = 0
        }
        let digitB: Int
        if let b {
            guard let head = b.first, let value = Digits.value(head) else { throw .invalidKey }
            digitB = value
        } else {
            digitB = Digits.base
        }
        if digitB - digitA > 1 {
            // Math.round(0.5 * (digitA + digitB)) for non-negative integers.
            let midDigit = (digitA + digitB + 1) / 2
            return [Digits.all[midDigit]]
        }
        // The first digits are consecutive.
        if let b, b.count > 1 {
            return [b[0]]
        }
        // `b` is nil or a single digit: the first digit of `a` is the digit just below `b`
        // (or `z` when `b` is nil). E.g. midpoint("49", "5") = "4" + midpoint("9", nil) = "495".
        let rest = try midpoint(Array(a.dropFirst()), nil)
        return [Digits.all[digitA]] + rest
    }

    /// The next integer part, or nil past the largest one (`incrementInteger`).
    fileprivate static func incrementInteger(_ x: [UInt8]) throws(OrderKey.Error) -> [UInt8]? {
        guard let head = x.first, integerLength(head: head) == x.count else { throw .invalidKey }
        var digits = Array(x.dropFirst())
        var carry = true
        var i = digits.count - 1
        while carry, i >= 0 {
            guard let value = Digits.value(digits[i]) else { throw .invalidKey }
            let d = value + 1
            if d == Digits.base {
                digits[i] = Digits.zero
            } else {
                digits[i] = Digits.all[d]
                carry = false
            }
            i -= 1
        }
        guard carry else { return [head] + digits }
        if head == Digits.upperZ { return [Digits.lowerA, Digits.zero] }
        if head == Digits.lowerZ { return nil }
        let newHead = head + 1
        if newHead > Digits.lowerA {
            digits.append(Digits.zero)
        } else {
            digits.removeLast()
        }
        return [newHead] + digits
    }

    /// The previous integer part, or nil below the smallest one (`decrementInteger`).
    fileprivate static func decrementInteger(_ x: [UInt8]) throws(OrderKey.Error) -> [UInt8]? {
        guard let head = x.first, integerLength(head: head) == x.count else { throw .invalidKey }
        var digits = Array(x.dropFirst())
        var borrow = true
        var i = digits.count - 1
        while borrow, i >= 0 {
            guard let value = Digits.value(digits[i]) else { throw .invalidKey }
            let d = value - 1
            if d == -1 {
                digits[i] = Digits.last
            } else {
                digits[i] = Digits.all[d]
                borrow = false
            }
            i -= 1
        }
        guard borrow else { return [head] + digits }
        if head == Digits.lowerA { return [Digits.upperZ, Digits.last] }
        if head == Digits.upperA { return nil }
        let newHead = head - 1
        if newHead < Digits.upperZ {
            digits.append(Digits.last)
        } else {
            digits.removeLast()
        }
        return [newHead] + digits
    }

    /// A key strictly between keys `a` and `b` (nil = open end) (`generateKeyBetween`).
    fileprivate static func keyBetween(_ a: [UInt8]?, _ b: [UInt8]?) throws(OrderKey.Error) -> [UInt8] {
        if let a, !isValid(a) { throw .invalidKey }
        if let b, !isValid(b) { throw .invalidKey }
        if let a, let b, !less(a, b) { throw .boundsOutOfOrder }

        guard let a else {
            guard let b else { return [Digits.lowerA, Digits.zero] }
            let (ib, fb) = try split(b)
            if ib == Digits.smallestInteger {
                return try ib + midpoint([], fb)
            }
            if less(ib, b) { return ib }
            // Unreachable for valid keys: only the reserved smallest integer cannot be decremented.
            guard let decremented = try decrementInteger(ib) else { throw .invalidKey }
            return decremented
        }

        guard let b else {
            let (ia, fa) = try split(a)
            if let incremented = try incrementInteger(ia) { return incremented }
            return try ia + midpoint(fa, nil)
        }

        let (ia, fa) = try split(a)
        let (ib, fb) = try split(b)
        if ia == ib {
            return try ia + midpoint(fa, fb)
        }
        // Unreachable for valid keys: if `ia` were the largest integer, `ib` could not be greater.
        guard let incremented = try incrementInteger(ia) else { throw .invalidKey }
        if less(incremented, b) { return incremented }
        return try ia + midpoint(fa, nil)
    }

    /// `n` ascending keys strictly between `a` and `b` (`generateNKeysBetween`).
    fileprivate static func nKeysBetween(_ a: [UInt8]?, _ b: [UInt8]?, _ n: Int) throws(OrderKey.Error) -> [[UInt8]] {
        if n <= 0 { return [] }
        if n == 1 { return [try keyBetween(a, b)] }
        guard let b else {
            var c = try keyBetween(a, nil)
            var result = [c]
            result.reserveCapacity(n)
            for _ in 0..<(n - 1) {
                c = try keyBetween(c, nil)
                result.append(c)
            }
            return result
        }
        guard let a else {
            var c = try keyBetween(nil, b)
            var result = [c]
            result.reserveCapacity(n)
            for _ in 0..<(n - 1) {
                c = try keyBetween(nil, c)
                result.append(c)
            }
            result.reverse()
            return result
        }
        let mid = n / 2
        let c = try keyBetween(a, b)
        return try nKeysBetween(a, c, mid) + [c] + nKeysBetween(c, b, n - mid - 1)
    }
}
