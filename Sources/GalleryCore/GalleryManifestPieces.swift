import Foundation

extension GalleryManifest {
    /// The manifest's JSON in pieces, for a gallery too big to hold in memory at once: the ``opening`` (the gallery
    /// and the start of its items), each entry's JSON (``entry(_:)``; a comma between two), then the ``closing``.
    /// Written one after the other, they are the whole `gallery.json` of the gallery and those entries.
    public struct Pieces: Sendable {
        /// Everything before the first entry.
        public let opening: Data
        /// What goes between two entries.
        public static let separator = Data(",".utf8)
        /// Everything after the last entry.
        public static let closing = Data("]}".utf8)

        private static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return encoder
        }()

        /// The opening of the manifest of a gallery with this name, images per row and view (in the current format).
        public init(name: String, imagesPerRow: Int, view: GalleryView) throws {
            // The manifest without its items, less its closing brace, then the items' key.
            var head = try Self.encoder.encode(
                Head(format: GalleryManifest.currentFormat, name: name, imagesPerRow: imagesPerRow, view: view))
            head.removeLast()
            opening = head + Data(#","items":["#.utf8)
        }

        /// One entry's JSON.
        public func entry(_ entry: Entry) throws -> Data {
            try Self.encoder.encode(entry)
        }

        private struct Head: Encodable {
            var format: String
            var name: String
            var imagesPerRow: Int
            var view: GalleryView
        }
    }
}
