/// Text read out of a page or an image, made fit to keep and search: whitespace runs (line breaks and no-break spaces
/// too) made one space, the ends trimmed, and at most a number of UTF-8 bytes kept, cut between characters.
public enum TextTidying {
    /// The most UTF-8 bytes of a page's or an image's text kept (100 KB).
    public static let maximumBytes = 100_000

    /// `text` with its whitespace collapsed and trimmed, at most `maximumBytes` UTF-8 bytes long (cut at the last whole
    /// character that fits).
    public static func tidied(_ text: some StringProtocol, maximumBytes: Int = maximumBytes) -> String {
        var result = ""
        var byteCount = 0
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            let width = character.utf8.count + (pendingSpace ? 1 : 0)
            if byteCount + width > maximumBytes { break }
            if pendingSpace { result.append(" ") }
            result.append(character)
            byteCount += width
            pendingSpace = false
        }
        return result
    }
}
