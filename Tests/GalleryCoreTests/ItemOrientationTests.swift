import Foundation
import GalleryCore
import Testing

@Suite("How a person turns an image")
struct ItemOrientationTests {
    @Test func turnsComposeAsTheImageIsShown() {
        let upright = ItemOrientation.upright
        let right = upright.turned(.right)
        #expect(right == ItemOrientation(quarterTurns: 1, mirrored: false) && right.swapsSides)
        #expect(right.turned(.left) == upright)
        #expect(upright.turned(.left) == ItemOrientation(quarterTurns: 3, mirrored: false))
        #expect((0..<4).reduce(upright) { turned, _ in turned.turned(.right) } == upright)
        // Mirroring what is shown a quarter turned right is the mirrored file turned a quarter left.
        #expect(right.turned(.flip) == ItemOrientation(quarterTurns: 3, mirrored: true))
        #expect(right.turned(.flip).turned(.flip) == right)
        // Every turn of every orientation is undone by its opposite.
        for raw in 0...7 {
            let orientation = ItemOrientation(rawValue: raw)!
            #expect(orientation.rawValue == raw)
            #expect(orientation.turned(.right).turned(.left) == orientation)
            #expect(orientation.turned(.flip).turned(.flip) == orientation)
        }
        #expect(ItemOrientation(rawValue: 8) == nil && ItemOrientation(rawValue: -1) == nil)
    }

    @Test func anItemTurnedAQuarterShowsItsFilesHeightAsItsWidth() {
        var item = Item(
            id: Fixture.itemID(1), galleryID: Fixture.galleryID, orderKey: OrderKey.first, state: .ready,
            origin: .upload, sourceURL: nil, title: "a", width: 400, height: 300, createdAt: Date(), updatedAt: Date())
        #expect(item.shownSize! == (400, 300))
        item.orientation = item.orientation.turned(.left)
        #expect(item.shownSize! == (300, 400))
        #expect(BoardArrival.aspect(of: item) == 4.0 / 3.0)
        item.orientation = item.orientation.turned(.flip)
        #expect(item.shownSize! == (300, 400))
    }
}
