import Foundation
import GalleryCore
import Testing

@Suite("ChangeHub")
struct ChangeHubTests {
    private let a = Fixture.galleryID
    private let b = Fixture.otherGalleryID

    /// How many signals the stream holds, after the hub ended it.
    private func count(_ stream: AsyncStream<Void>) async -> Int {
        await stream.reduce(0) { total, _ in total + 1 }
    }

    @Test func aSubscriberHearsOnlyOfItsOwnGallery() async {
        let hub = ChangeHub()
        let ofA = hub.signals(for: a)
        let ofB = hub.signals(for: b)

        hub.publish([b])
        hub.finishAll()

        #expect(await count(ofA) == 0)
        #expect(await count(ofB) == 1)
    }

    @Test func aSubscriberOfEveryGalleryHearsOfEachChangeOnce() async {
        let hub = ChangeHub()
        var all = hub.signals(for: nil).makeAsyncIterator()
        hub.publish([a, b, a])
        #expect(await all.next() != nil)
        hub.publish([b])
        #expect(await all.next() != nil)
        hub.finishAll()
        #expect(await all.next() == nil)
    }

    @Test func aReaderOfChangedGalleriesGetsEachGalleryChangedSinceItLastReadOnce() async {
        let hub = ChangeHub()
        var changed = hub.changedGalleries().makeAsyncIterator()
        hub.publish([a])
        #expect(await changed.next() == [a])
        // A slow reader: three changes while it was away come as one set.
        hub.publish([a, b])
        hub.publish([b])
        hub.publish([a])
        #expect(await changed.next() == [a, b])
        hub.finishAll()
        #expect(await changed.next() == nil)
    }

    @Test func signalsAreCoalescedForASlowReader() async {
        let hub = ChangeHub()
        let ofA = hub.signals(for: a)
        for _ in 0..<5 { hub.publish([a]) }
        hub.finishAll()
        #expect(await count(ofA) == 1)
    }

    @Test func cancellingTheReaderEndsItsSubscription() async {
        let hub = ChangeHub()
        let reader = Task { for await _ in hub.signals(for: b) {} }
        #expect(await waitUntil { hub.subscriptionCount == 1 })
        reader.cancel()
        #expect(await waitUntil { hub.subscriptionCount == 0 })
    }

    /// Polls `condition` (yielding between tries) for at most about a second.
    private func waitUntil(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
