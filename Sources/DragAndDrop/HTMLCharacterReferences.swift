import Foundation

/// Decoding of HTML character references (`&amp;`, `&#38;`, `&#x26;`) in attribute values.
enum CharacterReferences {
    /// The named references decoded; each must end with `;`, anything else is left as written.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "sol": "/", "colon": ":", "equals": "=", "quest": "?", "num": "#", "percnt": "%", "plus": "+",
        "comma": ",", "period": ".", "lowbar": "_", "hyphen": "-", "semi": ";", "excl": "!",
        "AMP": "&", "LT": "<", "GT": ">", "QUOT": "\"",
    ]

    /// `bytes` as a string with character references decoded. Unknown or unterminated references stay as written;
    /// numeric references to invalid code points become U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "&"),
                let (replacement, next) = reference(in: bytes, at: position)
            else {
                output.append(byte)
                position += 1
                continue
            }
            output.append(contentsOf: replacement.utf8)
            position = next
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The reference starting with the `&` at `start`: its text and the index after its `;`.
    private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> (String, Int)? {
        let limit = min(bytes.endIndex, start + 34)
        guard let semicolon = bytes[start..<limit].firstIndex(of: UInt8(ascii: ";")), semicolon > start + 1 else {
            return nil
        }
        let body = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if let first = digits.first, first == "x" || first == "X" {
                value = digits.count > 1 && digits.count <= 9 ? UInt32(digits.dropFirst(), radix: 16) : nil
            } else {
                value = !digits.isEmpty && digits.count <= 10 ? UInt32(digits, radix: 10) : nil
            }
            guard let value else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(scalar.map(Character.init) ?? "\u{FFFD}"), semicolon + 1)
        }
        guard let text = named[body] else { return nil }
        return (text, semicolon + 1)
    }
}
