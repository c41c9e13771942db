import Foundation
import GalleryCore
import Hummingbird

/// `GET /api/items/{id}/similar`: the query's one parameter, checked: `limit`, how many images at most (1...100,
/// 24 when absent).
struct SimilarParameters {
    var limit = 24

    /// The most images an answer holds.
    static let maximumLimit = 100

    init(_ parameters: Parameters) throws(GalleryError) {
        if let text = parameters.get("limit") {
            guard let limit = Int(text), (1...Self.maximumLimit).contains(limit) else {
                throw .invalid("'limit' must be a whole number from 1 to \(Self.maximumLimit).")
            }
            self.limit = limit
        }
    }
}

/// The images like an item's, nearest first: each in the API's item shape with its gallery's name and its distance
/// (how many of the 64 bits of the perceptual hashes differ; 0 for the same bytes).
struct SimilarResponse: ResponseEncodable {
    /// One image found.
    struct Result: Encodable {
        var found: SearchResponse.Result
        var distance: Int

        private enum CodingKeys: String, CodingKey { case distance }

        func encode(to encoder: any Encoder) throws {
            try found.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(distance, forKey: .distance)
        }
    }

    var items: [Result]
}

/// Another gallery holding the same picture as an item (`alsoIn` of the item's own answer).
struct AlsoInResponse: Encodable, Equatable {
    var galleryId: String
    var galleryName: String
}
