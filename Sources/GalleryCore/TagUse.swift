import Foundation

/// A tag and how many of the items read carry it (the side bar's list of tags, the tag field's suggestions).
public struct TagUse: Sendable, Equatable, Codable {
    /// The tag as it was last written (tags equal without regard to case are one).
    public var name: String
    /// How many items carry it.
    public var count: Int

    /// Creates a tag's use.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }

    /// The tags of `tagLists` (each item's tags, the most recent item first) counted as one without regard to case
    /// (spelt as on the most recent item), most used first, then by name, at most `limit`.
    public static func tally(_ tagLists: [[String]], limit: Int) -> [TagUse] {
        var uses: [String: TagUse] = [:]
        for tags in tagLists {
            for tag in Set(tags.map(ItemDescription.folded)) {
                uses[tag, default: TagUse(name: "", count: 0)].count += 1
            }
            for tag in tags where uses[ItemDescription.folded(tag)]?.name.isEmpty == true {
                uses[ItemDescription.folded(tag)]?.name = tag
            }
        }
        return uses.values.sorted { ($0.count, $1.name.lowercased()) > ($1.count, $0.name.lowercased()) }
            .prefix(max(0, limit)).map { $0 }
    }
}
