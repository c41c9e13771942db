import Foundation

/// A gallery: a named, ordered collection of items (a document, in the seed's words).
public struct Gallery: Sendable, Equatable, Codable, Identifiable {
    /// The gallery's id.
    public var id: GalleryID
    /// The name shown to the user and used as the grid's accessible name.
    public var name: String
    /// How many images a row of the grid shows.
    public var imagesPerRow: Int
    /// The number of the last change made to this gallery or its items.
    public var sequence: Int64
    /// When it was created.
    public var createdAt: Date
    /// When it or its items last changed.
    public var updatedAt: Date
    /// How many of its items are in its trash.
    public var trashCount: Int

    /// Makes a gallery value.
    public init(
        id: GalleryID, name: String, imagesPerRow: Int = Gallery.defaultImagesPerRow,
        sequence: Int64 = 0, createdAt: Date, updatedAt: Date, trashCount: Int = 0
    ) {
        self.id = id
        self.name = name
        self.imagesPerRow = imagesPerRow
        self.sequence = sequence
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashCount = trashCount
    }

    /// Images per row of a new gallery.
    public static let defaultImagesPerRow = 4
    /// The range of images per row a user may choose.
    public static let imagesPerRowRange = 1...12
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 200
    /// The name of the gallery made on first run.
    public static let firstGalleryName = "My Gallery"

    /// Checks a proposed name: trimmed, not empty, not too long.
    public static func validatedName(_ proposed: String) throws(GalleryError) -> String {
        let name = proposed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .invalid("A gallery needs a name.") }
        guard name.count <= maximumNameLength else {
            throw .invalid("A gallery name can be at most \(maximumNameLength) characters.")
        }
        return name
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
