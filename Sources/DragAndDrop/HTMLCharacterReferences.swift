import Foundation

/// Decoding of HTML character references (`&amp;`, `&#38;`, `&#x26;`) in attribute values and text.
///
/// Named references: the common ones and the whole Latin-1 range (`&eacute;`, `&copy;`, …), not all of HTML's 2,231.
package enum CharacterReferences {
    /// The named references decoded; each must end with `;`, anything else is left as written.
    private static let named: [String: Character] = {
        var table: [String: Character] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
            "sol": "/", "colon": ":", "equals": "=", "quest": "?", "num": "#", "percnt": "%", "plus": "+",
            "comma": ",", "period": ".", "lowbar": "_", "hyphen": "-", "semi": ";", "excl": "!",
            "AMP": "&", "LT": "<", "GT": ">", "QUOT": "\"",
            "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
            "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "bull": "\u{2022}", "hellip": "\u{2026}",
            "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "euro": "\u{20AC}", "trade": "\u{2122}", "dagger": "\u{2020}",
            "Dagger": "\u{2021}", "permil": "\u{2030}", "prime": "\u{2032}", "thinsp": "\u{2009}", "ensp": "\u{2002}",
            "emsp": "\u{2003}", "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}",
            "OElig": "\u{0152}", "oelig": "\u{0153}", "Scaron": "\u{0160}", "scaron": "\u{0161}", "Yuml": "\u{0178}",
            "fnof": "\u{0192}", "circ": "\u{02C6}", "tilde": "\u{02DC}", "larr": "\u{2190}", "rarr": "\u{2192}",
            "uarr": "\u{2191}", "darr": "\u{2193}", "harr": "\u{2194}", "minus": "\u{2212}", "infin": "\u{221E}",
            "ne": "\u{2260}", "le": "\u{2264}", "ge": "\u{2265}", "hearts": "\u{2665}", "star": "\u{2606}",
        ]
        // The Latin-1 range, U+00A0 to U+00FF, in code point order.
        let latin1 = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2
            sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc
            Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve
            Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute
            acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde
            ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
            """
        for (offset, name) in latin1.split(whereSeparator: \.isWhitespace).enumerated() {
            table[String(name)] = Character(Unicode.Scalar(UInt8(0xA0 + offset)))
        }
        return table
    }()

    /// `bytes` as a string with character references decoded. Unknown or unterminated references stay as written;
    /// numeric references to invalid code points become U+FFFD.
    package static func decode(_ bytes: ArraySlice<UInt8>) -> String {
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
        guard let character = named[body] else { return nil }
        return (String(character), semicolon + 1)
    }
}
