import GalleryCore
import Hummingbird

extension Parameters {
    /// The typed id in a path parameter; a malformed id is a 404, like an unknown one.
    func typedID<Tag>(_ name: String, what: String) throws -> TypedID<Tag> {
        guard let id = TypedID<Tag>(try require(name)) else {
            throw GalleryError.notFound("There is no such \(what).")
        }
        return id
    }
}
