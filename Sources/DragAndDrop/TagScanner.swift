import Foundation

/// A start tag found by ``TagScanner``: its lowercased name and its attributes (lowercased names, decoded values;
/// the first of duplicate attributes wins).
package struct ScannedTag {
    /// The tag's name, lowercased.
    package var name: String
    /// The tag's attributes by lowercased name, values with character references decoded.
    package var attributes: [String: String]
    /// For `<title>` and `<textarea>`, whose content is text even when it looks like tags: that text up to the end
    /// tag, character references decoded; `nil` for every other tag.
    package var text: String?
}

/// Walks the start tags of an HTML byte buffer (UTF-8, or any encoding that keeps ASCII as ASCII).
///
/// A tolerant scanner, not a full HTML parser: it never fails, and it makes one pass over the bytes whatever they
/// hold. Comments, end tags and declarations are skipped; so is the content of `<script>` and `<style>`.
package struct TagScanner {
    let bytes: [UInt8]
    private var position = 0

    /// Makes a scanner at the start of `bytes`.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next start tag, or `nil` at the end of the input.
    package mutating func nextTag() -> ScannedTag? {
        while let open = index(of: UInt8(ascii: "<"), from: position) {
            position = open + 1
            if hasPrefix("!--", at: position) {
                position = range(of: Array("-->".utf8), from: position + 3).map { $0 + 3 } ?? bytes.count
                continue
            }
            guard position < bytes.count else { return nil }
            let first = bytes[position]
            if isASCIILetter(first) {
                var tag = readTag()
                switch tag.name {
                case "script", "style":
                    skipRawText(until: tag.name)
                case "title", "textarea":
                    let start = position
                    skipRawText(until: tag.name)
                    tag.text = CharacterReferences.decode(bytes[start..<position])
                default:
                    break
                }
                return tag
            }
            if first == UInt8(ascii: "/") || first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
                position = index(of: UInt8(ascii: ">"), from: position).map { $0 + 1 } ?? bytes.count
            }
        }
        position = bytes.count
        return nil
    }

    private mutating func readTag() -> ScannedTag {
        let name = readName(stoppingAtEquals: false)
        var attributes: [String: String] = [:]
        while true {
            while position < bytes.count, isASCIIWhitespace(bytes[position]) || bytes[position] == UInt8(ascii: "/") {
                position += 1
            }
            guard position < bytes.count else { break }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            var attributeName = readName(stoppingAtEquals: true)
            if attributeName.isEmpty {  // a stray "=": HTML makes it part of the name
                position += 1
                attributeName = "=" + readName(stoppingAtEquals: true)
            }
            skipWhitespace()
            var value = ""
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                skipWhitespace()
                value = CharacterReferences.decode(readValue())
            }
            if attributes[attributeName] == nil {
                attributes[attributeName] = value
            }
        }
        return ScannedTag(name: name, attributes: attributes, text: nil)
    }

    private mutating func readName(stoppingAtEquals: Bool) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if isASCIIWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || (stoppingAtEquals && byte == UInt8(ascii: "="))
            {
                break
            }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
    }

    private mutating func readValue() -> ArraySlice<UInt8> {
        guard position < bytes.count else { return [] }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = position + 1
            let end = index(of: quote, from: start) ?? bytes.count
            position = min(end + 1, bytes.count)
            return bytes[start..<end]
        }
        let start = position
        while position < bytes.count, !isASCIIWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
            position += 1
        }
        return bytes[start..<position]
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, isASCIIWhitespace(bytes[position]) { position += 1 }
    }

    /// Skips the text of `<script>`, `<style>`, `<title>` or `<textarea>` up to (not including) its end tag.
    private mutating func skipRawText(until name: String) {
        let closing = Array("</\(name)".utf8)
        var from = position
        while let found = range(of: closing, from: from, caseInsensitive: true) {
            let after = found + closing.count
            if after >= bytes.count || isASCIIWhitespace(bytes[after]) || bytes[after] == UInt8(ascii: ">")
                || bytes[after] == UInt8(ascii: "/")
            {
                position = found
                return
            }
            from = found + 1
        }
        position = bytes.count
    }

    private func hasPrefix(_ prefix: String, at index: Int) -> Bool {
        let prefix = Array(prefix.utf8)
        return index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    private func index(of byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private func range(of needle: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        var candidate = start
        while candidate + needle.count <= bytes.count {
            guard let hit = bytes[candidate...].firstIndex(of: first) else { return nil }
            guard hit + needle.count <= bytes.count else { return nil }
            let matches = zip(bytes[hit..<hit + needle.count], needle).allSatisfy { a, b in
                caseInsensitive ? lowercased(a) == lowercased(b) : a == b
            }
            if matches { return hit }
            candidate = hit + 1
        }
        return nil
    }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

private func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
}
