import DragAndDrop
import Foundation

extension PageEncoding {
    /// How many bytes are searched for a `<meta>` naming the encoding.
    static let prescanLength = 4_096

    /// `bytes` as text, in the encoding the page is in.
    ///
    /// The encoding is, in order: the one a byte order mark names (as the HTML standard has it: a BOM is never
    /// wrong), the `charset` of `contentType`, a `<meta charset>` or `<meta http-equiv="Content-Type">` in the first
    /// 4 KB, and else UTF-8, or Windows-1252 when the bytes are not UTF-8 (a character cut off at the end does not
    /// count). Labels not known are passed over.
    static func decode(_ bytes: [UInt8], contentType: String?) -> String {
        if let (encoding, markLength) = byteOrderMark(bytes), let text = encoding.decode(bytes[markLength...]) {
            return text
        }
        let declared = contentType.flatMap(charset(inContentType:)) ?? declaredInMeta(bytes.prefix(prescanLength))
        if let declared, let text = declared.decode(bytes[...]) {
            return text
        }
        return isUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : windows1252Text(bytes)
    }

    /// The encoding a byte order mark at the start names, and the mark's length.
    static func byteOrderMark(_ bytes: [UInt8]) -> (PageEncoding, Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        return nil
    }

    /// The encoding of a `Content-Type` value's `charset` parameter, if it names one known.
    static func charset(inContentType contentType: String) -> PageEncoding? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            return PageEncoding(label: parts[1])
        }
        return nil
    }

    /// The encoding the first `<meta>` naming a known one declares. As in browsers, a page declaring UTF-16 in
    /// itself is read as UTF-8 (its `<meta>` could not have been read otherwise).
    static func declaredInMeta(_ prefix: ArraySlice<UInt8>) -> PageEncoding? {
        var scanner = TagScanner(bytes: Array(prefix))
        while let tag = scanner.nextTag() {
            guard tag.name == "meta" else { continue }
            var found: PageEncoding?
            if let label = tag.attributes["charset"] {
                found = PageEncoding(label: label)
            } else if tag.attributes["http-equiv"]?.lowercased() == "content-type",
                let content = tag.attributes["content"]
            {
                found = charset(inContentType: content)
            }
            switch found {
            case .utf16LittleEndian?, .utf16BigEndian?: return .utf8
            case let encoding?: return encoding
            case nil: continue
            }
        }
        return nil
    }

    /// Whether `bytes` are UTF-8, allowing one character cut off at the end.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        // A cut-off character: a lead byte in the last three, followed only by continuation bytes, that needs more.
        var end = bytes.endIndex
        for back in 1...3 where bytes.count >= back {
            let byte = bytes[bytes.count - back]
            if byte < 0x80 { break }  // ASCII: nothing is cut off
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if needed > back { end = bytes.count - back }
            break
        }
        return String(validating: bytes[..<end], as: UTF8.self) != nil
    }

    /// `bytes` read as Windows-1252.
    private static func windows1252Text(_ bytes: [UInt8]) -> String {
        PageEncoding.windows1252.decode(bytes[...]) ?? String(decoding: bytes, as: UTF8.self)
    }
}
