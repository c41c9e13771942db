import GalleryCore

/// How many bytes a page of items may take in its answer (`GET /api/galleries/{id}/items`), as well as how many
/// items: a page whose items would take more is cut short around the items it was asked for, and its cursors say
/// where to go on (``ItemPage/nextCursor``, ``ItemPage/previousCursor``), so that no answer grows with what its items
/// hold. Pure: pages in, pages out.
struct ItemPageBudget: Sendable, Equatable {
    /// The most bytes of a page's items.
    let bytes: Int

    /// The bytes of an item's JSON besides its texts, at most: its ids, kind, state, origin, dates, sizes, the
    /// addresses of its files and thumbnails, and the keys (about 1 KB; twice that, to be sure).
    static let fixedItemBytes = 2_048

    /// At most how many bytes `item` takes in a page's JSON: ``fixedItemBytes`` and its texts as JSON writes them
    /// (title, caption, tags, source address twice: as `sourceURL` and a link's `pageURL`, a note's text, a link's
    /// description and site name, a failure's message, its order key).
    static func jsonBytes(of item: Item) -> Int {
        let texts =
            [
                item.title, item.caption, item.sourceURL, item.sourceURL, item.text, item.pageDescription,
                item.siteName, item.failure?.message, item.orderKey.rawValue,
            ] + item.tags.map(Optional.some)
        return texts.reduce(fixedItemBytes) { total, text in total + (text.map(escapedLength(of:)) ?? 0) }
    }

    /// How many bytes `text` takes as a JSON string, at most: its UTF-8, a backslash more for `"`, `\` and `/`, five
    /// more for a control character (`\u001F`).
    static func escapedLength(of text: String) -> Int {
        var length = 2
        for byte in text.utf8 {
            switch byte {
            case 0..<0x20: length += 6
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): length += 2
            default: length += 1
            }
        }
        return length
    }

    /// `page` cut to ``bytes`` around the item that `start` asks for most (``anchor(of:for:)``).
    func cut(_ page: ItemPage, for start: ItemPage.Start) -> ItemPage {
        cut(page, around: Self.anchor(of: page, for: start))
    }

    /// The item of `page` that `start` asks for most: the first for a window after a cursor or from a position, the
    /// last for one before a cursor, the asked item for one around it.
    static func anchor(of page: ItemPage, for start: ItemPage.Start) -> Int {
        switch start {
        case .after, .position: 0
        case .before: max(0, page.items.count - 1)
        case .around(let id): page.items.firstIndex { $0.id == id } ?? 0
        }
    }

    /// `page` cut to the items around `anchor` whose JSON fits in ``bytes`` (the anchor at least, whatever it takes):
    /// those after it first, then those before it. A cut page's cursors point past its new ends, and its position is
    /// that of its first item.
    func cut(_ page: ItemPage, around anchor: Int) -> ItemPage {
        guard page.items.indices.contains(anchor) else { return page }
        let sizes = page.items.map(Self.jsonBytes(of:))
        guard sizes.reduce(0, +) > bytes else { return page }
        var lower = anchor
        var upper = anchor + 1
        var total = sizes[anchor]
        while upper < sizes.count, total + sizes[upper] <= bytes {
            total += sizes[upper]
            upper += 1
        }
        while lower > 0, total + sizes[lower - 1] <= bytes {
            total += sizes[lower - 1]
            lower -= 1
        }
        let kept = Array(page.items[lower..<upper])
        return ItemPage(
            items: kept, position: page.position + lower, count: page.count,
            nextCursor: upper < page.items.count ? kept.last?.orderKey : page.nextCursor,
            previousCursor: lower > 0 ? kept.first?.orderKey : page.previousCursor)
    }
}
