/// How a gallery is shown: the view chosen for it, kept with the gallery so that every tab opens it the same way.
public enum GalleryView: String, Sendable, Codable, CaseIterable {
    /// Rows of images of equal width, in the gallery's order.
    case grid
    /// One item per line, with its details.
    case list
    /// A free board where each item lies where it was put (its ``BoardPosition``).
    case board

    /// The view of a new gallery.
    public static let `default` = GalleryView.grid

    /// The view a proposed name stands for.
    /// - Throws: ``GalleryError/invalid(_:)`` naming the views there are, for any other name.
    public static func validated(_ proposed: String) throws(GalleryError) -> GalleryView {
        guard let view = GalleryView(rawValue: proposed) else {
            let names = allCases.map { "'\($0.rawValue)'" }
            throw .invalid(
                "A gallery's view must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "").")
        }
        return view
    }
}
