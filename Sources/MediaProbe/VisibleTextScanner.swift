import DragAndDrop

/// Walks an HTML byte buffer (UTF-8) and gathers the text between its tags that a reader sees. A tolerant scanner,
/// not a parser: one pass, never fails; a tag left open at the end is dropped.
struct VisibleTextScanner {
    private let bytes: [UInt8]
    private var position = 0
    /// Inside `<head>`: its text is not shown, until `</head>`, `<body>` or an element that only a body holds.
    private var isInHead = false

    /// Elements whose content is never shown; skipped up to their end tag.
    static let hiddenElements: Set<String> = ["script", "style", "template", "noscript", "title", "textarea", "svg"]
    /// Elements that may stand in a head (any other start tag ends it).
    static let headElements: Set<String> = ["meta", "link", "base", "title", "script", "style", "noscript", "template"]
    /// Elements that part the words before and after them.
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
        "table", "td", "th", "tr", "ul", "option", "img", "input", "button", "label", "select", "body", "html",
    ]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The visible text, its whitespace as it is; stops once more than `limit` bytes are gathered.
    mutating func text(stoppingAfter limit: Int) -> String {
        var text = ""
        while position < bytes.count, text.utf8.count <= limit {
            guard let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) else {
                append(bytes[position...], to: &text)
                break
            }
            append(bytes[position..<open], to: &text)
            position = open + 1
            guard position < bytes.count else {
                append(bytes[open...], to: &text)  // a "<" ending the page is text
                break
            }
            let first = bytes[position]
            if hasPrefix("!--") {
                position = range(of: Array("-->".utf8), from: position + 3).map { $0 + 3 } ?? bytes.count
            } else if isASCIILetter(first) {
                let name = readStartTag()
                if Self.blockElements.contains(name) { text.append(" ") }
                enter(name)
            } else if first == UInt8(ascii: "/") {
                position += 1
                let name = readName()
                skipPastTagEnd()
                if name == "head" { isInHead = false }
                if Self.blockElements.contains(name) { text.append(" ") }
            } else if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
                skipPastTagEnd()
            } else {
                text.append("<")  // a lone "<" is text
            }
        }
        return text
    }

    /// What a start tag named `name` changes: a hidden element's content is skipped, a head entered or left.
    private mutating func enter(_ name: String) {
        if name == "head" {
            isInHead = true
        } else if isInHead, !Self.headElements.contains(name) {
            isInHead = false
        }
        if Self.hiddenElements.contains(name) { skipContent(until: name) }
    }

    private func append(_ slice: ArraySlice<UInt8>, to text: inout String) {
        guard !isInHead, !slice.isEmpty else { return }
        text.append(CharacterReferences.decode(slice))
    }

    /// Reads a start tag's lowercased name and moves past its end (`>` outside quoted attribute values).
    private mutating func readStartTag() -> String {
        let name = readName()
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return name
            }
        }
        return name
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte <= 0x20 { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
    }

    private mutating func skipPastTagEnd() {
        position = bytes[min(position, bytes.count)...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
    }

    /// Moves past the content and end tag of a hidden element (to the end when it is never closed).
    private mutating func skipContent(until name: String) {
        let closing = Array("</\(name)".utf8)
        var from = position
        while let found = range(of: closing, from: from) {
            let after = found + closing.count
            if after >= bytes.count || bytes[after] <= 0x20 || bytes[after] == UInt8(ascii: ">")
                || bytes[after] == UInt8(ascii: "/")
            {
                position = found + 1
                skipPastTagEnd()
                return
            }
            from = found + 1
        }
        position = bytes.count
    }

    private func hasPrefix(_ prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        return position + prefix.count <= bytes.count && bytes[position..<position + prefix.count].elementsEqual(prefix)
    }

    /// Where `needle` (lowercase ASCII) is next found from `start`, ignoring ASCII case.
    private func range(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.count else { return nil }
        var candidate = start
        while candidate + needle.count <= bytes.count {
            guard let hit = bytes[candidate...].firstIndex(of: first) else { return nil }
            guard hit + needle.count <= bytes.count else { return nil }
            if zip(bytes[hit..<hit + needle.count], needle).allSatisfy({ lowercased($0) == $1 }) { return hit }
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
