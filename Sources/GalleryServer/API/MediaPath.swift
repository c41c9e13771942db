import DragAndDrop

/// URLs of stored images and videos: content-addressed and immutable.
enum MediaPath {
    /// The URL of a file stored as `mimeType`: its hash and the extension of that type. `/media/` serves the file
    /// under this URL only.
    static func make(hash: String, mimeType: String) -> String {
        "/media/\(hash).\(fileExtension(mimeType: mimeType))"
    }

    /// The extension of a file stored as `mimeType` (without the dot; `bin` for a type without one).
    static func fileExtension(mimeType: String) -> String {
        TypeIdentifier(mimeType: mimeType)?.preferredFileExtension ?? "bin"
    }

    /// The type `/media/` serves a file stored as `mimeType` with, or nil if it is not served: only image and
    /// video types, never SVG (a document that can run scripts).
    static func servedType(forStored mimeType: String) -> TypeIdentifier? {
        guard let type = TypeIdentifier(mimeType: mimeType), type.conforms(to: .image) || type.conforms(to: .video),
            !type.isWildcard, type.mimeType != "image/svg+xml"
        else { return nil }
        return type
    }

    /// The URL of the WebP copy of a TIFF or HEIC image.
    static func displayCopy(hash: String) -> String {
        "/media/display/\(hash).webp"
    }

    /// The URL of the copy browsers play of a video they do not (H.264 and AAC in MP4).
    static func playableCopy(hash: String) -> String {
        "/media/playable/\(hash).mp4"
    }

    /// The URL of a video's poster frame.
    static func poster(hash: String) -> String {
        "/media/posters/\(hash).jpg"
    }

    static func thumbnail(hash: String, width: Int) -> String {
        "/media/thumbnails/\(hash)-\(width).webp"
    }
}
