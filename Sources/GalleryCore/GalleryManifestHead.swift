extension GalleryManifest {
    /// A manifest's gallery without its items: its format, name, images per row and view.
    public struct Head: Sendable, Equatable, Codable {
        /// The format it is written in (``GalleryManifest/currentFormat``).
        public var format: String
        /// The gallery's name.
        public var name: String
        /// Its images per row.
        public var imagesPerRow: Int
        /// How it is shown.
        public var view: GalleryView

        /// Makes a head.
        public init(format: String, name: String, imagesPerRow: Int, view: GalleryView) {
            self.format = format
            self.name = name
            self.imagesPerRow = imagesPerRow
            self.view = view
        }

        /// The head, after checking that it is in a format this code reads and that its name (trimmed) and images
        /// per row are ones a gallery may have.
        /// - Throws: ``GalleryError/invalid(_:)`` saying what is wrong.
        public func validated() throws(GalleryError) -> Head {
            guard format == GalleryManifest.currentFormat else {
                throw .invalid(
                    "This archive's format is '\(format)'; this server reads '\(GalleryManifest.currentFormat)'.")
            }
            var checked = self
            do {
                checked.name = try Gallery.validatedName(name)
            } catch {
                throw .invalid("The archive's gallery name is not one a gallery may have: \(error.message)")
            }
            guard Gallery.imagesPerRowRange.contains(imagesPerRow) else {
                throw .invalid(
                    "The archive's images per row (\(imagesPerRow)) must be from \(Gallery.imagesPerRowRange.lowerBound)"
                        + " to \(Gallery.imagesPerRowRange.upperBound).")
            }
            return checked
        }
    }
}
