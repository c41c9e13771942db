import GalleryCore

/// What an import left out, a line each: the first `limit` lines, then one saying how many more — so that an archive
/// of a million items that cannot be loaded again answers with a page, not a million lines.
struct LeftOut: Sendable, Equatable {
    /// The most lines said one by one.
    let limit: Int
    private var lines: [String] = []
    private var more = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether nothing was left out.
    var isEmpty: Bool { lines.isEmpty }

    mutating func append(_ line: String) {
        if lines.count < limit { lines.append(line) } else { more += 1 }
    }

    /// The lines to say.
    var said: [String] {
        more == 0 ? lines : lines + ["And \(more.grouped) more left out."]
    }
}
