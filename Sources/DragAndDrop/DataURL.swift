import Foundation

/// A decoded `data:` URL: `data:[<mime>][;param=value]*[;base64],<data>`.
struct DataURL: Equatable {
    /// The largest encoded data URL (in UTF-8 bytes) that is decoded at all; longer ones are refused unread.
    static let maximumEncodedLength = 70 * 1024 * 1024

    /// The normalized MIME type (`text/plain` when the URL names none).
    var mimeType: String
    /// The decoded bytes.
    var data: Data

    /// Whether `string` starts with the `data:` scheme (any case).
    static func hasDataScheme(_ string: some StringProtocol) -> Bool {
        let prefix = string.utf8.prefix(5)
        return prefix.count == 5 && String(decoding: prefix, as: UTF8.self).lowercased() == "data:"
    }

    /// Decodes a data URL; `nil` if it is not one, is longer than ``maximumEncodedLength``, or its data cannot be
    /// decoded (bad base64, malformed percent escape).
    init?(_ string: String) {
        let bytes = string.utf8
        guard bytes.count <= Self.maximumEncodedLength, Self.hasDataScheme(string),
            let comma = bytes.firstIndex(of: UInt8(ascii: ","))
        else { return nil }
        let header = String(decoding: bytes[bytes.index(bytes.startIndex, offsetBy: 5)..<comma], as: UTF8.self)
        let body = bytes[bytes.index(after: comma)...]

        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var isBase64 = false
        if let last = parameters.last, parameters.count > 1, last.lowercased() == "base64" {
            isBase64 = true
            parameters.removeLast()
        }
        let declared = parameters.first ?? ""
        if declared.isEmpty {
            mimeType = "text/plain"
        } else if let type = TypeIdentifier(mimeType: declared), !type.isWildcard {
            mimeType = type.mimeType
        } else {
            return nil
        }

        guard let unescaped = Self.percentDecoded(body) else { return nil }
        if isBase64 {
            guard let decoded = Self.base64Decoded(unescaped) else { return nil }
            data = decoded
        } else {
            data = Data(unescaped)
        }
    }

    /// Bytes with `%XX` escapes replaced; `nil` on a malformed escape.
    static func percentDecoded(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        guard bytes.contains(UInt8(ascii: "%")) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            result.append(high << 4 | low)
        }
        return result
    }

    /// Strict base64 decoding that ignores ASCII whitespace and tolerates missing `=` padding.
    static func base64Decoded(_ bytes: [UInt8]) -> Data? {
        var cleaned = bytes.filter { !isASCIIWhitespace($0) }
        guard cleaned.count % 4 != 1 else { return nil }
        while cleaned.count % 4 != 0 { cleaned.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(cleaned))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Whether `byte` is HTML's ASCII whitespace (space, tab, LF, FF, CR).
func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}
