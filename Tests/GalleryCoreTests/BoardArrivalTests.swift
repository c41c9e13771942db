import Foundation
import GalleryCore
import Testing

/// Whether two positions' rectangles overlap (touching edges do not), for items of the given aspects.
private func overlap(_ a: BoardPosition, _ aspectA: Double, _ b: BoardPosition, _ aspectB: Double) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.width * aspectB && b.y < a.y + a.width * aspectA
}

@Suite("Where items added to a board go")
struct BoardArrivalTests {
    @Test func aFanStartsAtThePointAndGoesOnInARowOnTopOfTheStack() {
        let fan = BoardArrival.fannedOut(from: BoardPoint(x: 100, y: -50)).positions(
            aspects: [0.75, 0.75, 0.75], above: 7)
        #expect(
            fan == [
                BoardPosition(x: 100, y: -50, width: 240, z: 8), BoardPosition(x: 364, y: -50, width: 240, z: 9),
                BoardPosition(x: 628, y: -50, width: 240, z: 10),
            ])
    }

    @Test(arguments: [1, 3, 4, 5, 17, 500])
    func noTwoItemsOfAFanOverlapWhateverTheirShapes(count: Int) {
        let aspects = (0..<count).map { [0.05, 0.75, 1, 1.5, 20][$0 % 5] }
        let fan = BoardArrival.fannedOut(from: BoardPoint(x: 0, y: 0)).positions(aspects: aspects, above: 0)
        #expect(fan.count == count)
        for a in fan.indices {
            for b in fan.indices where b > a {
                #expect(!overlap(fan[a], aspects[a], fan[b], aspects[b]), "\(fan[a]) overlaps \(fan[b])")
            }
        }
        // As many columns as rows (4 at least): a big fan is a block, not a line.
        let columns = Set(fan.map(\.x)).count
        #expect(columns == BoardArrival.columns(for: count) || count < 4 && columns == count)
        #expect(Set(fan.map(\.z)).count == count)
    }

    @Test func aTallItemIsAsTallAsItsCellAndAWideOneAsWide() {
        let fan = BoardArrival.fannedOut(from: BoardPoint(x: 0, y: 0)).positions(aspects: [4, 0.25], above: 0)
        #expect(fan.map(\.width) == [60, 240])
    }

    @Test func placesOnePerItemAreKeptAndStackedOnTop() {
        let places = [BoardPoint.Place(x: 5, y: 6, width: 70), BoardPoint.Place(x: -8, y: 9, width: 300)]
        #expect(
            BoardArrival.placed(places).positions(aspects: [1, 2], above: -3)
                == [BoardPosition(x: 5, y: 6, width: 70, z: -2), BoardPosition(x: -8, y: 9, width: 300, z: -1)])
    }

    @Test func aFanFromTheBoardsEdgeStaysOnTheBoardAndTheStackWithinItsRange() throws {
        let fan = BoardArrival.fannedOut(from: BoardPoint(x: 1e9, y: 1e9)).positions(
            aspects: [1, 1], above: Int(Int32.max))
        for position in fan { #expect(try position.validated() == position) }
    }

    @Test func anItemsAspectIsItsImagesElseItsKindsAsTheBoardDrawsIt() {
        var item = Item(
            id: Fixture.itemID(1), galleryID: Fixture.galleryID, orderKey: OrderKey.first, state: .ready,
            origin: .upload, sourceURL: nil, title: "a", createdAt: Date(), updatedAt: Date())
        item.width = 100
        item.height = 400
        #expect(BoardArrival.aspect(of: item) == 4)
        item.width = nil
        item.state = .pending
        #expect(BoardArrival.aspect(of: item) == 0.75)
        item.state = .ready
        item.kind = .note
        #expect(BoardArrival.aspect(of: item) == 1)
    }

    @Test(arguments: [1e9 + 1, -1e9 - 1, .infinity, .nan])
    func aPointOffTheBoardIsRefusedNamingTheField(value: Double) throws {
        #expect(
            throws: GalleryError.invalid(
                "'boardPoint' must have x and y, numbers from -1000000000 to 1000000000 (board units).")
        ) { try BoardPoint(x: value, y: 0).validated(as: "boardPoint") }
        #expect(try BoardPoint(x: -20, y: 30).validated(as: "boardPoint") == BoardPoint(x: -20, y: 30))
    }
}
