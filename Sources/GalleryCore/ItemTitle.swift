import Foundation

/// Makes short titles for new items.
public enum ItemTitle {
    /// The most characters an item's title has: a link's page title is the longest kept
    /// (``LinkDetails/maximumTitleLength``); names of files and addresses are clipped to ``maximumNameLength``.
    public static let maximumLength = LinkDetails.maximumTitleLength
    /// The most characters of a title made from a file's name or an address.
    public static let maximumNameLength = 200

    /// The title for an item loaded from a URL: its last path component, or its host.
    public static func make(fromURL text: String) -> String {
        guard let url = URL(string: text) else { return clipped(text) }
        if url.scheme == "data" { return "Dropped image" }
        let last = url.lastPathComponent
        if !last.isEmpty, last != "/" { return clipped(last.removingPercentEncoding ?? last) }
        return clipped(url.host ?? text)
    }

    /// The title for an uploaded file: its name without folders.
    public static func make(fromFileName name: String) -> String {
        let base = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        return base.isEmpty ? "Dropped file" : clipped(base)
    }

    static func clipped(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
        return cleaned.count > maximumNameLength ? String(cleaned.prefix(maximumNameLength)) : cleaned
    }
}
