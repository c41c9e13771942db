import Foundation
import GalleryCore
import Testing

@Suite("Board tiles")
struct BoardTilesTests {
    /// The tile the database keeps an item of this rectangle in (see GalleryStoreSQL's `BoardShape`).
    private func tile(of rect: BoardRect) -> (level: Int, column: Int, row: Int) {
        let size = max(rect.width, rect.height)
        let level = size <= BoardTiles.smallest ? 0 : Int((log2(size / BoardTiles.smallest)).rounded(.up))
        let side = BoardTiles.side(level)
        return (level, Int((rect.x / side).rounded(.down)), Int((rect.y / side).rounded(.down)))
    }

    @Test func everyLevelIsAskedAndTheLargestHoldsTheLargestItem() {
        let ranges = BoardTiles.ranges(meeting: BoardRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ranges.map(\.level) == Array(BoardTiles.levels))
        #expect(BoardTiles.side(BoardTiles.levels.upperBound) >= 20 * BoardPosition.maximumWidth)
    }

    @Test(arguments: [
        BoardRect(x: 0, y: 0, width: 240, height: 180),
        BoardRect(x: 255.5, y: -0.5, width: 256, height: 5120),
        BoardRect(x: -1_000_000_000, y: 999_000_000, width: 1_000_000, height: 20_000_000),
        BoardRect(x: 511, y: 511, width: 0.5, height: 0.5),
    ])
    func anItemIsInTheTilesOfEveryRectangleItMeets(_ item: BoardRect) {
        let kept = tile(of: item)
        // Rectangles meeting the item at each of its corners, and one around it.
        let views = [
            BoardRect(x: item.x - 10, y: item.y - 10, width: 10.1, height: 10.1),
            BoardRect(x: item.x + item.width - 0.1, y: item.y + item.height - 0.1, width: 3, height: 3),
            BoardRect(x: item.x + item.width - 0.1, y: item.y - 50, width: 100, height: 50.1),
            BoardRect(x: item.x - 1000, y: item.y - 1000, width: item.width + 2000, height: item.height + 2000),
        ]
        for view in views {
            let range = BoardTiles.ranges(meeting: view)[kept.level]
            #expect(range.columns.contains(kept.column) && range.rows.contains(kept.row), "\(view)")
        }
    }

    @Test func aRectangleFarFromAnItemAsksForTilesThatDoNotHoldIt() {
        let range = BoardTiles.ranges(meeting: BoardRect(x: 10_000, y: 0, width: 100, height: 100))[0]
        #expect(!range.columns.contains(tile(of: BoardRect(x: 0, y: 0, width: 200, height: 150)).column))
    }
}
