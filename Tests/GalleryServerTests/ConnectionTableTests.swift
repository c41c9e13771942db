import NIOCore
import Testing

@testable import GalleryServer

@Suite("Idle queue")
struct IdleQueueTests {
    @Test func theOldestComesFirstAndOneThatLeftIsSkipped() {
        var queue = IdleQueue()
        for id: UInt64 in 1...4 { queue.append(id) }
        queue.remove(2)
        queue.append(1)  // idle again: now the newest
        #expect(queue.orderedIDs == [3, 4, 1])
        #expect(queue.popOldest() == 3)
        #expect(queue.popOldest() == 4)
        #expect(queue.popOldest() == 1)
        #expect(queue.popOldest() == nil)
        #expect(queue.count == 0)
    }

    @Test func manyComingAndGoingKeepsTheQueueSmall() {
        var queue = IdleQueue()
        for round: UInt64 in 0..<10_000 {
            queue.append(round % 7)
            if round % 3 == 0 { queue.remove(round % 5) }
        }
        #expect(queue.count <= 7)
        #expect(queue.orderedIDs.count == queue.count)
        #expect(Set(queue.orderedIDs).count == queue.count)
    }
}

@Suite("Connection table")
struct ConnectionTableTests {
    /// The id of an admission, or nil if refused.
    static func id(_ admission: ConnectionTable.Admission) -> UInt64? {
        if case .admitted(let id, _) = admission { return id }
        return nil
    }

    @Test func belowItsTotalTheServerAdmitsWithinEachAddresssLimit() {
        var table = ConnectionTable(limit: 10, limitPerAddress: 2)
        let admissions = ["a", "a", "a", "b"].map { table.admit($0) }
        #expect(admissions.map { Self.id($0) } == [1, 2, nil, 3])
        #expect(admissions[2] == .refusedForAddress)
        #expect(table.openCount == 3)
    }

    @Test func atItsTotalTheOldestIdleConnectionWithoutAnAnswerIsClosedFirst() {
        var table = ConnectionTable(limit: 3, limitPerAddress: 10)
        let first = Self.id(table.admit("a"))
        let second = Self.id(table.admit("b"))
        let third = Self.id(table.admit("c"))
        // The first had a request answered and is idle again; the second is busy; the third never asked anything.
        table.markBusy(1)
        table.markIdle(1, hasAnswered: true)
        table.markBusy(2)
        #expect([first, second, third] == [1, 2, 3])
        #expect(table.admit("d") == .admitted(id: 4, evicting: 3))
        #expect(table.admit("e") == .admitted(id: 5, evicting: 4))  // the newcomer, idle and unanswered
        table.markBusy(5)
        #expect(table.admit("f") == .admitted(id: 6, evicting: 1))  // then the longest idle of the others
        #expect(table.counts.open == ["b": 1, "e": 1, "f": 1])
    }

    @Test func whenNoneIsIdleTheNewcomerIsRefusedAndNothingIsCounted() {
        var table = ConnectionTable(limit: 2, limitPerAddress: 10)
        _ = table.admit("a")
        _ = table.admit("b")
        table.markBusy(1)
        table.markBusy(2)
        #expect(table.admit("c") == .refusedForServer)
        #expect(table.counts.open == ["a": 1, "b": 1])
        table.close(2)
        #expect(Self.id(table.admit("c")) == 3)
    }

    @Test func aConnectionClosedToMakeRoomIsForgottenOnce() {
        var table = ConnectionTable(limit: 1, limitPerAddress: 10)
        _ = table.admit("a")
        #expect(table.admit("a") == .admitted(id: 2, evicting: 1))
        table.close(1)  // its own close comes later: nothing more happens
        table.markIdle(1, hasAnswered: true)
        #expect(table.counts.open == ["a": 1])
        #expect(table.openCount == 1)
        #expect(table.idleStrangers.count == 0)
    }

    @Test func anUncappedAddressIsStillWithinTheTotal() {
        var table = ConnectionTable(limit: 2, limitPerAddress: 1, uncapped: ["proxy"])
        table.markBusy(Self.id(table.admit("proxy")) ?? 0)
        table.markBusy(Self.id(table.admit("proxy")) ?? 0)
        #expect(table.admit("proxy") == .refusedForServer)
    }

    @Test func strangersMakeRoomOnlyFromStrangersAndNeverCloseASignedInConnection() {
        var table = ConnectionTable(limit: 10, strangerLimit: 2, limitPerAddress: 10)
        // A signed in, answered and idle; b answered as a stranger (a 401), idle; c never asked anything.
        let signedIn = Self.id(table.admit("a")) ?? 0
        table.markBusy(signedIn)
        table.markSignedIn(signedIn)
        table.markIdle(signedIn, hasAnswered: true)
        let answered = Self.id(table.admit("b")) ?? 0
        table.markBusy(answered)
        table.markIdle(answered, hasAnswered: true)
        let silent = Self.id(table.admit("c")) ?? 0
        #expect(table.strangerCount == 2 && table.openCount == 3)
        // At the strangers' bound: the one that never asked goes, then the answered stranger, never the signed-in one.
        let next = Self.id(table.admit("d")) ?? 0
        #expect(table.admit("e") == .admitted(id: next + 1, evicting: next))
        #expect(!table.addresses.keys.contains(silent))
        table.markBusy(next + 1)
        #expect(table.admit("f") == .admitted(id: next + 2, evicting: answered))
        // Both strangers busy: a newcomer is refused, though the server has room, and nothing is counted.
        table.markBusy(next + 2)
        #expect(table.admit("g") == .refusedForServer)
        #expect(table.addresses.keys.contains(signedIn))
        #expect(table.openCount == 3 && table.counts.open["g"] == nil)
        // One of them signs in: room for a stranger again.
        table.markSignedIn(next + 2)
        #expect(table.strangerCount == 1)
        #expect(Self.id(table.admit("g")) == next + 3)
    }

    @Test func atTheTotalIdleStrangersGoBeforeIdleSignedInConnections() {
        var table = ConnectionTable(limit: 3, strangerLimit: 3, limitPerAddress: 10)
        var ids: [UInt64] = []
        for address in ["a", "b", "c"] {
            let id = Self.id(table.admit(address)) ?? 0
            table.markBusy(id)
            ids.append(id)
        }
        // The first two sign in and go idle first; the stranger goes idle last, yet is closed first.
        table.markSignedIn(ids[0])
        table.markIdle(ids[0], hasAnswered: true)
        table.markSignedIn(ids[1])
        table.markIdle(ids[1], hasAnswered: true)
        table.markIdle(ids[2], hasAnswered: true)
        #expect(table.admit("d") == .admitted(id: 4, evicting: ids[2]))
        table.markBusy(4)
        table.markSignedIn(4)
        // Then the signed-in connection idle the longest.
        #expect(table.admit("e") == .admitted(id: 5, evicting: ids[0]))
    }

    @Test func aConnectionThatSignsInWhileIdleCountsAsSignedIn() {
        var table = ConnectionTable(limit: 10, strangerLimit: 1, limitPerAddress: 10)
        let first = Self.id(table.admit("a")) ?? 0
        table.markSignedIn(first)  // told after its answer made it idle
        #expect(table.strangerCount == 0)
        #expect(table.idleSignedIn.count == 1 && table.idleUnanswered.count == 0)
        let second = Self.id(table.admit("b")) ?? 0
        #expect(table.admit("c") == .admitted(id: second + 1, evicting: second))
        table.close(first)
        table.markSignedIn(first)  // after it closed: nothing
        #expect(table.signedIn.isEmpty && table.openCount == 1)
    }

    @Test func theStrangersBoundIsWithinTheTotal() {
        #expect(ConnectionTable(limit: 4, strangerLimit: 10, limitPerAddress: 1).strangerLimit == 4)
        #expect(ConnectionTable(limit: 4, limitPerAddress: 1).strangerLimit == 4)
        #expect(ConnectionTable(limit: 4, strangerLimit: 0, limitPerAddress: 1).strangerLimit == 1)
    }
}
