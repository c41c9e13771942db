import Foundation

/// The addresses the gallery loads items from: absolute `http` or `https` URLs with a host, at most
/// ``maximumLength`` bytes. A dropped link is one of these or is left out of the drop; an imported archive's item
/// source is one of these or the archive is refused — one rule for both.
public enum WebAddress {
    /// The longest address taken, in UTF-8 bytes: 8 KB, the request line most web servers read (longer addresses
    /// are not ones a page can be loaded from anyway).
    public static let maximumLength = 8_192

    /// Whether `url` is an address items are loaded from.
    public static func isLoadable(_ url: URL) -> Bool {
        problem(with: url) == nil
    }

    /// Why `text` is not an address items are loaded from, or nil when it is one.
    public static func problem(with text: String) -> String? {
        let length = text.utf8.count
        if length > maximumLength {
            return "an address of \(length) bytes, longer than the \(maximumLength) bytes taken"
        }
        guard let url = URL(string: text) else {
            return "not a web address; only http and https addresses are loaded"
        }
        return problem(with: url)
    }

    /// Why `url` is not an address items are loaded from, or nil when it is one.
    public static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "an address of scheme '\(url.scheme ?? "")'; only http and https addresses are loaded"
        }
        guard let host = url.host, !host.isEmpty else { return "an address without a host" }
        let length = url.absoluteString.utf8.count
        if length > maximumLength {
            return "an address of \(length) bytes, longer than the \(maximumLength) bytes taken"
        }
        return nil
    }
}
