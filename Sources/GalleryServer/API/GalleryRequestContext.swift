import Foundation
import Hummingbird

/// The request context of the HTTP API: Hummingbird's basic context, with the API's JSON encoder for responses.
public struct GalleryRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// Makes the context of a request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The encoder of every JSON response: the one the live socket uses too.
    public var responseEncoder: JSONEncoder { APIJSON.makeEncoder() }
}
