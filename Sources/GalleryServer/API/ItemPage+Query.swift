import GalleryCore
import Hummingbird

extension ItemPage.Start {
    /// Where the window a `GET …/items` asks for begins: `cursor` (after it; the first items without any), `before`,
    /// `position` or `around` (an item id), at most one of them.
    /// - Throws: `invalid` for several of them or a malformed value.
    init(query: Parameters) throws(GalleryError) {
        let given = ["cursor", "before", "position", "around"].compactMap { name in
            query.get(name).flatMap { $0.isEmpty ? nil : (name, $0) }
        }
        guard given.count <= 1 else {
            throw .invalid("Ask for one of 'cursor', 'before', 'position' and 'around', not several.")
        }
        guard let (name, value) = given.first else {
            self = .after(nil)
            return
        }
        switch name {
        case "position":
            guard let position = Int(value), position >= 0 else {
                throw .invalid("'position' must be a whole number from 0.")
            }
            self = .position(position)
        case "around":
            guard let id = ItemID(value) else { throw .notFound("There is no item \(value) in this gallery.") }
            self = .around(id)
        default:
            guard let key = OrderKey(rawValue: value) else { throw .invalid("'\(name)' is not a valid cursor.") }
            self = name == "before" ? .before(key) : .after(key)
        }
    }
}
