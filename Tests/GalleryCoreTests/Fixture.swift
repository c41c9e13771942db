import GalleryCore

/// Ids for the domain tests.
enum Fixture {
    /// The gallery under test.
    static let galleryID = GalleryID(trusted: "00000000-0000-4000-8000-0000000000aa")
    /// Another gallery.
    static let otherGalleryID = GalleryID(trusted: "00000000-0000-4000-8000-0000000000bb")

    /// An item id whose raw value sorts by `number`.
    static func itemID(_ number: Int) -> ItemID {
        let digits = String(number)
        return ItemID(trusted: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits)
    }
}
