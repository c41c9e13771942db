import Foundation

/// What libvips says when it cannot decode an image, put in plain words for the person who dropped it.
public enum DecoderMessage {
    /// Whether libvips has no loader for the bytes at all (a HEIC without libheif, say): the format, not the file, is
    /// what cannot be read.
    public static func meansUnknownFormat(_ message: String) -> Bool {
        message.contains("is not in a known format")
    }

    /// Whether libvips has no loader it may use for the bytes: none at all, or only one the server blocks on what
    /// people send (ImageMagick), as for an AVIF image sequence in libvips 8.14.
    public static func meansNoDecoder(_ message: String) -> Bool {
        meansUnknownFormat(message) || message.contains("operation is blocked")
    }

    /// The message without the names of libvips' and its libraries' functions that start its lines
    /// ("tiff2vips: ", "VipsJpeg: "), without lines that only say reading failed when another says why, each reason
    /// once; the usual ones (a file cut short, damaged data, a loader the server blocks) said in words. At most 200
    /// characters.
    public static func plainWords(_ message: String) -> String {
        var reasons: [String] = []
        for line in message.split(whereSeparator: \.isNewline) {
            var text = line.trimmingCharacters(in: .whitespaces)
            while let colon = text.firstIndex(of: ":"), colon > text.startIndex,
                text[..<colon].allSatisfy(isNameCharacter)
            {
                text = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            text = translated(text)
            if !text.isEmpty, !reasons.contains(text) { reasons.append(text) }
        }
        let telling = reasons.filter { !isUninformative($0) }
        let chosen = telling.isEmpty ? reasons : telling
        guard !chosen.isEmpty else { return "the decoder could not read it" }
        let joined = chosen.joined(separator: "; ")
        return joined.count <= 200 ? joined : String(joined.prefix(199)) + "…"
    }

    /// Messages of libvips and its libraries that say, in their words, what a person can understand.
    private static func translated(_ text: String) -> String {
        let lowered = text.lowercased()
        if lowered.contains("operation is blocked") {
            return "only a decoder the server does not use on what people send reads this kind of image"
        }
        if lowered == "no frames in gif" { return "the GIF holds no picture that can be drawn" }
        if lowered.contains("premature end") || lowered.contains("truncated") || lowered.contains("not enough data")
            || lowered.contains("unexpected end")
        {
            return "the file ends before its image does"
        }
        if lowered == "libpng read error" || lowered == "libspng read error" {
            return "its compressed image data is damaged"
        }
        return text
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    /// Lines that say only that reading failed, or what libvips says of reading a HEIC that decodes all the same
    /// ("bad seek to 769"), which another image decoded at the same time may have left in its shared error buffer.
    private static func isUninformative(_ text: String) -> Bool {
        text == "read error" || text.hasPrefix("unable to read") || text.hasPrefix("unable to call")
            || text == "libvips failed" || text.hasPrefix("bad seek to")
    }
}
