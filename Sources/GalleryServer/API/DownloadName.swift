import Foundation

/// The `Content-Disposition` of an original downloaded under its item's name (RFC 6266): `attachment`, a plain ASCII
/// `filename` for old clients and, when the name is not plain ASCII, `filename*` in UTF-8 (RFC 5987). The name holds
/// no path separator, quote, backslash or control character, is at most ``maximumLength`` characters, and ends with
/// the extension of the file's type.
enum DownloadName {
    /// The longest name given (before its extension).
    static let maximumLength = 120

    /// The header's value for an item titled `title` whose file has the extension `fileExtension` (e.g. `jpg`).
    static func contentDisposition(title: String, fileExtension: String) -> String {
        let name = fileName(title: title, fileExtension: fileExtension)
        let ascii = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.isASCII ? $0 : "_" }))
        guard ascii != name else { return "attachment; filename=\"\(name)\"" }
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(percentEncoded(name))"
    }

    /// The file name: the title made safe, with the type's extension (added when the title does not end with it).
    static func fileName(title: String, fileExtension: String) -> String {
        let unsafe: Set<Unicode.Scalar> = ["/", "\\", "\"", ":", "*", "?", "<", ">", "|", ";", "%"]
        let kept = title.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || unsafe.contains(scalar) ? "_" : scalar
        }
        var name = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: CharacterSet(charactersIn: " ._"))
        let suffix = "." + fileExtension
        if name.lowercased().hasSuffix(suffix.lowercased()) { name = String(name.dropLast(suffix.count)) }
        if fileExtension == "jpg", name.lowercased().hasSuffix(".jpeg") { name = String(name.dropLast(5)) }
        name = String(name.prefix(maximumLength)).trimmingCharacters(in: CharacterSet(charactersIn: " ._"))
        return (name.isEmpty ? "download" : name) + suffix
    }

    /// RFC 5987 `value-chars`: `attr-char`s as they are, every other byte of the UTF-8 as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~".utf8)
        return text.utf8.map { plain.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
            .joined()
    }
}
