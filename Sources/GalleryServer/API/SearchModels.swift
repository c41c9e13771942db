import Foundation
import GalleryCore
import Hummingbird

/// `GET /api/search`: the query's parameters, checked: `q` (words and "phrases"), `kind`, `tag`, `gallery`, `from`
/// and `to` (when added), `cursor` (where the page starts) and `limit`.
struct SearchParameters {
    var query: SearchQuery
    var kind: ItemKind?
    var tag: String?
    var addedFrom: Date?
    var addedBefore: Date?
    var gallery: GalleryID?
    var offset: Int
    var limit: Int

    /// The most results a page holds.
    static let maximumLimit = 200

    init(_ parameters: Parameters) throws(GalleryError) {
        query = try SearchQuery(parameters.get("q") ?? "")
        if let text = parameters.get("kind"), !text.isEmpty {
            guard let kind = ItemKind(rawValue: text) else {
                throw .invalid("'kind' must be one of \(ItemKind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            self.kind = kind
        }
        if let text = parameters.get("tag"), !text.isEmpty { tag = try ItemDescription.validatedTag(text) }
        if query.isEmpty && tag == nil {
            throw .invalid("Type a word to search for (letters or digits), or name a tag.")
        }
        addedFrom = try Self.time(parameters.get("from"), "from")
        addedBefore = try Self.time(parameters.get("to"), "to")
        if let from = addedFrom, let before = addedBefore, from >= before {
            throw .invalid("'from' must be before 'to'.")
        }
        if let text = parameters.get("gallery"), !text.isEmpty {
            guard let gallery = GalleryID(text) else { throw .invalid("'gallery' must be a gallery's id.") }
            self.gallery = gallery
        }
        offset = 0
        if let text = parameters.get("cursor"), !text.isEmpty {
            guard let offset = Int(text), (0...SearchRequest.maximumOffset).contains(offset) else {
                throw .invalid("'cursor' must be one an earlier page of this search gave.")
            }
            self.offset = offset
        }
        limit = 50
        if let text = parameters.get("limit") {
            guard let limit = Int(text), (1...Self.maximumLimit).contains(limit) else {
                throw .invalid("'limit' must be a whole number from 1 to \(Self.maximumLimit).")
            }
            self.limit = limit
        }
    }
}

extension SearchParameters {
    /// A time of `from` or `to`: an ISO 8601 time with its zone (`2026-11-27T00:00:00Z`, fractions of a second
    /// allowed) or a day (`2026-11-27`, its start in UTC); nil when not given.
    static func time(_ text: String?, _ name: String) throws(GalleryError) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        guard text.count <= 40,
            let date = ISO8601DateFormatter().date(from: text) ?? withFraction.date(from: text)
                ?? (text.count == 10 ? day.date(from: text) : nil)
        else {
            throw .invalid("'\(name)' must be a day (2026-11-27) or a time with its zone (2026-11-27T09:30:00Z).")
        }
        return date
    }
}

/// A page of search results: items in the API's shape with their gallery's name, how many were found (`more`: more
/// than `count`), and the cursor of the next page.
struct SearchResponse: ResponseEncodable {
    /// One item found: the item as the API shows it, and the name of its gallery.
    struct Result: Encodable {
        var item: ItemResponse
        var galleryName: String

        private enum CodingKeys: String, CodingKey { case galleryName }

        func encode(to encoder: any Encoder) throws {
            try item.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(galleryName, forKey: .galleryName)
        }
    }

    /// While the index of the items kept before it is built: how far it got (older items may not be found yet).
    struct Indexing: Encodable {
        var indexed: Int
        var total: Int
    }

    var items: [Result]
    var count: Int
    var more: Bool
    var nextCursor: String?
    var indexing: Indexing?
}

/// `GET /api/tags`: the tags most used lately in the galleries the person may read, most used first.
struct TagsResponse: ResponseEncodable {
    var tags: [TagUse]

    /// How many of the items tagged most recently are counted: the cost of the answer, whatever the galleries' size.
    static let sample = 5_000
    /// The most tags an answer lists.
    static let maximumLimit = 200

    /// The `limit` asked for (50 when not given).
    static func limit(_ parameters: Parameters) throws(GalleryError) -> Int {
        guard let text = parameters.get("limit") else { return 50 }
        guard let limit = Int(text), (1...maximumLimit).contains(limit) else {
            throw .invalid("'limit' must be a whole number from 1 to \(maximumLimit).")
        }
        return limit
    }
}
