import Foundation

/// What a gallery archive (`image-gallery export`, a `.zip`) says of its gallery, in `gallery.json`: its head (format,
/// name, images per row and view: ``Head``) and its items in order (``Entry``) — each with its kind, state, title,
/// source, a note's text, a link's page details, its place on the board, and the archive file that holds its bytes
/// (`files/<sha-256>.<extension>`, one file for all items with the same bytes). It is written in pieces (``Pieces``)
/// and read entry by entry (``Reader``), never held whole.
public enum GalleryManifest {
    /// The format this code writes and reads.
    public static let currentFormat = "image-gallery/1"
    /// The manifest's name in an archive.
    public static let fileName = "gallery.json"
    /// The folder of the files in an archive.
    public static let filesFolder = "files/"
    /// The most items an archive may hold.
    public static let maximumItems = 1_000_000

    /// One item of the archived gallery.
    public struct Entry: Sendable, Equatable, Codable {
        /// What it is.
        public var kind: ItemKind
        /// Ready, pending (still loading when exported) or failed.
        public var state: ItemState
        /// Its title.
        public var title: String
        /// Where it came from, if known (a link's page).
        public var sourceURL: String?
        /// The archive file holding its bytes (an image, a video, or a link's preview image), if it has them.
        public var file: String?
        /// A note's text.
        public var text: String?
        /// A link's page description.
        public var pageDescription: String?
        /// A link's site name.
        public var siteName: String?
        /// The archive file holding a link's site icon (an image), if it has one.
        public var siteIcon: String?
        /// Where it lies on the board, if it was put there.
        public var board: BoardPosition?
        /// Why it failed, when failed (said, not used again).
        public var failure: String?
        /// What the person wrote about it, if anything.
        public var caption: String?
        /// The person's tags, if any.
        public var tags: [String]?

        /// Makes an entry.
        public init(
            kind: ItemKind, state: ItemState, title: String, sourceURL: String? = nil, file: String? = nil,
            text: String? = nil, pageDescription: String? = nil, siteName: String? = nil,
            board: BoardPosition? = nil, failure: String? = nil, caption: String? = nil, tags: [String]? = nil,
            siteIcon: String? = nil
        ) {
            self.siteIcon = siteIcon
            self.caption = caption
            self.tags = tags
            self.kind = kind
            self.state = state
            self.title = title
            self.sourceURL = sourceURL
            self.file = file
            self.text = text
            self.pageDescription = pageDescription
            self.siteName = siteName
            self.board = board
            self.failure = failure
        }
    }

    /// The archive file name of a stored file with this hash and MIME type's usual extension.
    public static func fileName(hash: String, fileExtension: String?) -> String {
        filesFolder + hash + (fileExtension.map { ".\($0)" } ?? "")
    }
}

/// The names an archive may hold: relative paths of plain files, without `..`, `.` or empty parts, backslashes, NULs
/// or control characters, nor a leading `/` or a drive letter — so that no name reaches outside where it is read.
public enum ArchivePath {
    /// The longest name taken.
    public static let maximumLength = 1_024

    /// Why the name is refused, or nil if it is safe.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name.utf8.count > maximumLength { return "a name longer than \(maximumLength) bytes" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "a control character in '\(printable(name))'"
        }
        if name.contains("\\") { return "a backslash in '\(name)'" }
        if name.hasPrefix("/") { return "an absolute name '\(name)'" }
        if name.count >= 2, name.dropFirst().first == ":" { return "a drive letter in '\(name)'" }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        // A folder's own entry ends with "/": its last part is empty.
        for (index, part) in parts.enumerated() where !(part.isEmpty && index == parts.count - 1 && index > 0) {
            if part.isEmpty || part == "." { return "an empty or '.' part in '\(name)'" }
            if part == ".." { return "a '..' in '\(name)', which would reach outside the archive" }
        }
        return nil
    }

    private static func printable(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
