/// What a request's `Range` header asks of a file of a known size (RFC 9110, section 14): one range of bytes, the
/// whole file, or nothing it can have.
enum ByteRange: Equatable {
    /// The whole file, as for no `Range` header, one in another unit, several ranges, or one that is malformed
    /// (a server may ignore a Range header it does not take).
    case whole
    /// These bytes (first and last, inclusive, within the file).
    case part(ClosedRange<Int>)
    /// A well-formed range that lies wholly beyond the end of the file, or any range of an empty file: 416.
    case unsatisfiable

    /// The range `header` asks of a file of `size` bytes.
    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingSpaces()
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // A suffix: the last n bytes.
            guard let count = Self.number(last) else {
                self = .whole
                return
            }
            self = count == 0 || size == 0 ? .unsatisfiable : .part(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Self.number(first) else {
            self = .whole
            return
        }
        let end: Int
        if last.isEmpty {
            end = size - 1
        } else {
            guard let given = Self.number(last), given >= start else {
                self = .whole
                return
            }
            end = min(given, size - 1)
        }
        self = start >= size ? .unsatisfiable : .part(start...end)
    }

    /// A non-negative decimal number of at most 18 digits, or nil.
    private static func number(_ text: Substring) -> Int? {
        guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
