import Foundation

/// A gallery: a named, ordered collection of items (a document, in the seed's words).
public struct Gallery: Sendable, Equatable, Codable, Identifiable {
    /// The gallery's id.
    public var id: GalleryID
    /// The name shown to the user and used as the grid's accessible name.
    public var name: String
    /// How many images a row of the grid shows.
    public var imagesPerRow: Int
    /// How it is shown: as a grid, a list or a board.
    public var view: GalleryView
    /// The number of the last change made to this gallery or its items.
    public var sequence: Int64
    /// When it was created.
    public var createdAt: Date
    /// When it or its items last changed.
    public var updatedAt: Date
    /// How many of its items are in its trash.
    public var trashCount: Int
    /// How many live items it has (pending, ready and failed; not trashed).
    public var itemCount: Int
    /// The picture that stands for it: its first ready live item, if any.
    public var cover: Cover?
    /// When it was moved to the trash of galleries, if it was.
    public var trashedAt: Date?
    /// Whether its owner hides where its photos were taken from its members too (a read-only link never sees it).
    public var hidesLocation: Bool

    /// The item whose image stands for a gallery in the gallery browser.
    public struct Cover: Sendable, Equatable, Codable {
        /// The item.
        public var itemID: ItemID
        /// Its title.
        public var title: String
        /// Its stored image's hash.
        public var blobHash: String
        /// Its stored image's MIME type.
        public var mimeType: String
        /// Display width in pixels.
        public var width: Int
        /// Display height in pixels.
        public var height: Int
        /// The widths of its image's thumbnails, as recorded with the image (nil: not recorded yet).
        public var thumbnailWidths: [Int]?
        /// Whether its image is shown through a display copy (a TIFF, a HEIC, a turned WebP …), as its item is.
        public var hasDisplayCopy: Bool

        /// Makes a cover.
        public init(
            itemID: ItemID, title: String, blobHash: String, mimeType: String, width: Int, height: Int,
            thumbnailWidths: [Int]? = nil, hasDisplayCopy: Bool = false
        ) {
            self.itemID = itemID
            self.title = title
            self.blobHash = blobHash
            self.mimeType = mimeType
            self.width = width
            self.height = height
            self.thumbnailWidths = thumbnailWidths
            self.hasDisplayCopy = hasDisplayCopy
        }

        private enum CodingKeys: String, CodingKey {
            case itemID, title, blobHash, mimeType, width, height, thumbnailWidths, hasDisplayCopy
        }

        /// Decodes a cover; one written before covers said whether they have a display copy has none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                itemID: try container.decode(ItemID.self, forKey: .itemID),
                title: try container.decode(String.self, forKey: .title),
                blobHash: try container.decode(String.self, forKey: .blobHash),
                mimeType: try container.decode(String.self, forKey: .mimeType),
                width: try container.decode(Int.self, forKey: .width),
                height: try container.decode(Int.self, forKey: .height),
                thumbnailWidths: try container.decodeIfPresent([Int].self, forKey: .thumbnailWidths),
                hasDisplayCopy: try container.decodeIfPresent(Bool.self, forKey: .hasDisplayCopy) ?? false)
        }
    }

    /// Makes a gallery value.
    public init(
        id: GalleryID, name: String, imagesPerRow: Int = Gallery.defaultImagesPerRow, view: GalleryView = .default,
        sequence: Int64 = 0, createdAt: Date, updatedAt: Date, trashCount: Int = 0, itemCount: Int = 0,
        cover: Cover? = nil, trashedAt: Date? = nil, hidesLocation: Bool = false
    ) {
        self.id = id
        self.hidesLocation = hidesLocation
        self.name = name
        self.imagesPerRow = imagesPerRow
        self.view = view
        self.sequence = sequence
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashCount = trashCount
        self.itemCount = itemCount
        self.cover = cover
        self.trashedAt = trashedAt
    }

    /// Decodes a gallery; one written before galleries had a view (in a kept event) is shown as a grid, one written
    /// before they could hide locations hides none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(GalleryID.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            imagesPerRow: try container.decode(Int.self, forKey: .imagesPerRow),
            view: try container.decodeIfPresent(GalleryView.self, forKey: .view) ?? .default,
            sequence: try container.decode(Int64.self, forKey: .sequence),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt),
            trashCount: try container.decode(Int.self, forKey: .trashCount),
            itemCount: try container.decode(Int.self, forKey: .itemCount),
            cover: try container.decodeIfPresent(Cover.self, forKey: .cover),
            trashedAt: try container.decodeIfPresent(Date.self, forKey: .trashedAt),
            hidesLocation: try container.decodeIfPresent(Bool.self, forKey: .hidesLocation) ?? false)
    }

    /// The name of a duplicate of a gallery named `name`: "<name> copy", shortened to fit.
    public static func duplicateName(of name: String) -> String {
        let suffix = " copy"
        return String(name.prefix(maximumNameLength - suffix.count)) + suffix
    }

    /// Images per row of a new gallery.
    public static let defaultImagesPerRow = 4
    /// The range of images per row a user may choose.
    public static let imagesPerRowRange = 1...12
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 200
    /// The name of the gallery made on first run.
    public static let firstGalleryName = "My Gallery"

    /// Checks a proposed name: trimmed, not empty, not too long, and without control characters other than tab and
    /// line breaks (a NUL would be cut off by the database, and the others are invisible or move the cursor).
    /// Nothing is removed from inside a name: one that breaks a rule is refused whole.
    public static func validatedName(_ proposed: String) throws(GalleryError) -> String {
        let name = proposed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .invalid("A gallery needs a name.") }
        if let refused = name.unicodeScalars.first(where: isRefusedInNames) {
            let hex = String(refused.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw .invalid("A gallery name cannot hold the control character \(code) (only tabs and line breaks).")
        }
        guard name.count <= maximumNameLength else {
            throw .invalid("A gallery name can be at most \(maximumNameLength) characters.")
        }
        return name
    }

    /// Whether a name may not hold this character: the control characters (C0, DEL and C1) but tab, line feed and
    /// carriage return.
    static func isRefusedInNames(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar)
    }

    /// Checks a proposed number of images per row.
    public static func validatedImagesPerRow(_ proposed: Int) throws(GalleryError) -> Int {
        guard imagesPerRowRange.contains(proposed) else {
            throw .invalid(
                "Images per row must be between \(imagesPerRowRange.lowerBound) and \(imagesPerRowRange.upperBound)."
            )
        }
        return proposed
    }
}
