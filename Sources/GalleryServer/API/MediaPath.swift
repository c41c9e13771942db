import DragAndDrop
import GalleryCore

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

    /// The URL of the thumbnail of a hash and width (a width ``Thumbnailer/widths`` names: the upright copy's), upright
    /// as the file is, or turned as a person turned an item showing it.
    static func thumbnail(hash: String, width: Int, turned orientation: ItemOrientation = .upright) -> String {
        guard let turn = turnName(orientation) else { return "/media/thumbnails/\(hash)-\(width).webp" }
        return "/media/thumbnails/\(hash)-\(width)-\(turn).webp"
    }

    /// How a turned thumbnail's file name says its orientation: `r` and the degrees it is turned clockwise, then `m`
    /// when it is mirrored first (`r90`, `r0m`, `r270m`…: seven names); nil for upright, whose copy has no such part.
    static func turnName(_ orientation: ItemOrientation) -> String? {
        guard orientation != .upright else { return nil }
        return "r\(orientation.quarterTurns * 90)" + (orientation.mirrored ? "m" : "")
    }

    /// The orientation a turned thumbnail's name part says (``turnName(_:)``); nil for any other text.
    static func orientation(turnName name: some Collection<UInt8>) -> ItemOrientation? {
        ItemOrientation.allTurned.first { turnName($0)?.utf8.elementsEqual(name) == true }
    }
}
