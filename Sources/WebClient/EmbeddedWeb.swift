import Foundation

/// The web client's files as they were when the binary was built (the package's `Web` folder, carried inside the
/// binary by the `EmbedWeb` build plugin), by path relative to the folder ("index.html", "view/grid.js").
public enum EmbeddedWeb {
    /// The bytes of the file at `path`, or nil when the web client has no such file.
    public static func file(_ path: String) -> Data? {
        decoded[path]
    }

    /// How many files there are.
    public static var count: Int { decoded.count }

    private static let decoded: [String: Data] = encodedFiles.compactMapValues { Data(base64Encoded: $0) }
}
