import Foundation
import GalleryCore
import Testing

@Suite("Board positions and gallery views")
struct BoardPositionTests {
    @Test func aPositionWithinTheBoundsIsKeptAsItIs() throws {
        let position = BoardPosition(x: -12.5, y: 40, width: 300, z: 7)
        #expect(try position.validated() == position)
        let extreme = BoardPosition(x: 1e9, y: -1e9, width: 1e6, z: Int(Int32.min))
        #expect(try extreme.validated() == extreme)
    }

    @Test(arguments: [1e9 + 1, -1e9 - 1, .infinity, -.infinity, .nan])
    func anXOrYOutsideTheBoardIsRefused(value: Double) {
        #expect(throws: GalleryError.invalid("A board position's x must be a number from -1000000000 to 1000000000.")) {
            try BoardPosition(x: value, y: 0, width: 10, z: 0).validated()
        }
        #expect(throws: GalleryError.invalid("A board position's y must be a number from -1000000000 to 1000000000.")) {
            try BoardPosition(x: 0, y: value, width: 10, z: 0).validated()
        }
    }

    @Test(arguments: [0, -1, 1e6 + 1, .infinity, .nan])
    func aWidthThatIsNotAboveZeroAndAtMostAMillionIsRefused(width: Double) {
        #expect(throws: GalleryError.invalid("A board position's width must be above 0 and at most 1000000.")) {
            try BoardPosition(x: 0, y: 0, width: width, z: 0).validated()
        }
    }

    @Test(arguments: [Int(Int32.max) + 1, Int(Int32.min) - 1, Int.max])
    func aStackingOrderBeyondThirtyTwoBitsIsRefused(z: Int) {
        let error = #expect(throws: GalleryError.self) { try BoardPosition(x: 0, y: 0, width: 1, z: z).validated() }
        #expect(error?.message.hasPrefix("A board position's z must be a whole number") == true)
    }

    @Test func eachViewIsKnownByItsNameAndOthersAreRefused() throws {
        for view in GalleryView.allCases { #expect(try GalleryView.validated(view.rawValue) == view) }
        #expect(throws: GalleryError.invalid("A gallery's view must be 'grid', 'list' or 'board'.")) {
            try GalleryView.validated("Board")
        }
        #expect(GalleryView.default == .grid)
    }

    @Test func aGalleryOrItemWrittenBeforeTheBoardReadsAsAGridAndUnplaced() throws {
        let gallery = Gallery(id: .make(), name: "G", view: .board, createdAt: Date(), updatedAt: Date())
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(gallery)) as? [String: Any] ?? [:]
        #expect(json["view"] as? String == "board")
        json["view"] = nil
        let old = try JSONDecoder().decode(Gallery.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(old.view == .grid)
        #expect(old.name == "G")

        let settings = try JSONDecoder().decode(
            HistoryEntry.Settings.self, from: Data(#"{"name":"G","imagesPerRow":3}"#.utf8))
        #expect(settings == HistoryEntry.Settings(name: "G", imagesPerRow: 3, view: .grid))
        let entry = try JSONDecoder().decode(HistoryEntry.self, from: Data(#"{"action":"move","items":[]}"#.utf8))
        #expect(entry.positions.isEmpty)
    }
}
