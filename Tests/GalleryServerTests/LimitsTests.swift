import Synchronization
import Testing

@testable import GalleryServer

@Suite("Permit queue: a few at once, a few waiting, the rest refused")
struct PermitQueueTests {
    @Test func callersProceedUntilThePermitsAreTakenThenWaitThenAreRefused() {
        var queue = PermitQueue(permits: 2, maximumWaiting: 1)
        let admissions = (1...4).map { queue.request($0) }
        #expect(admissions == [.proceed, .proceed, .wait, .refuse])
        #expect(queue.holders == 2)
        #expect(queue.waiting == [3])
    }

    @Test func aPermitGivenBackGoesToTheOldestWaiter() {
        var queue = PermitQueue(permits: 1, maximumWaiting: 2)
        _ = (1...3).map { queue.request($0) }
        let handovers = (1...3).map { _ in queue.release() }
        #expect(handovers == [.handedTo(2), .handedTo(3), .freed])
        #expect(queue.holders == 0)
        let next = queue.request(4)
        #expect(next == .proceed)
    }

    @Test func aWithdrawnWaiterIsSkipped() {
        var queue = PermitQueue(permits: 1, maximumWaiting: 2)
        _ = (1...3).map { queue.request($0) }
        let withdrawn = queue.withdraw(2)
        let handover = queue.release()
        #expect(withdrawn)
        #expect(handover == .handedTo(3))
    }

    @Test func aWaiterHandedAPermitCannotWithdrawAndKeepsIt() {
        var queue = PermitQueue(permits: 1, maximumWaiting: 1)
        _ = (1...2).map { queue.request($0) }
        let handover = queue.release()
        let withdrawn = queue.withdraw(2)
        #expect(handover == .handedTo(2))
        #expect(!withdrawn)
        #expect(queue.holders == 1)
    }
}

@Suite("Concurrency limiter")
struct ConcurrencyLimiterTests {
    /// Starts a holder of the limiter's permit that keeps it until `gate` opens; returns once it holds it.
    static func holdPermit(of limiter: ConcurrencyLimiter, until gate: Gate) async -> Task<Void, any Error> {
        let holding = Gate()
        let task = Task {
            try await limiter.withPermit {
                holding.open()
                try await gate.wait()
            }
        }
        try? await holding.wait()
        return task
    }

    /// Returns once `count` callers wait (they queue synchronously after they start; this only lets them run).
    static func waitUntil(_ limiter: ConcurrencyLimiter, hasWaiting count: Int) async {
        while limiter.occupancy.waiting < count { await Task.yield() }
    }

    @Test func aCallerBeyondThePermitsWaitsUntilOneIsGivenBack() async throws {
        let limiter = ConcurrencyLimiter(permits: 1, maximumWaiting: 1, patience: .seconds(600))
        let gate = Gate()
        let holder = await Self.holdPermit(of: limiter, until: gate)
        let order = Mutex<[String]>([])
        let waiter = Task {
            try await limiter.withPermit { order.withLock { $0.append("waiter") } }
        }
        await Self.waitUntil(limiter, hasWaiting: 1)
        #expect(order.withLock { $0 }.isEmpty)
        order.withLock { $0.append("holder done") }
        gate.open()
        try await holder.value
        try await waiter.value
        #expect(order.withLock { $0 } == ["holder done", "waiter"])
        #expect(limiter.occupancy == (0, 0))
    }

    @Test func aCallerFindingTheQueueFullIsRefusedAtOnceWithRetryAfter() async throws {
        let limiter = ConcurrencyLimiter(permits: 1, maximumWaiting: 0, patience: .seconds(7))
        let gate = Gate()
        let holder = await Self.holdPermit(of: limiter, until: gate)
        await #expect(throws: BoundsError.busy(retryAfterSeconds: 7)) {
            try await limiter.withPermit {}
        }
        gate.open()
        try await holder.value
    }

    @Test func aCallerThatWaitsLongerThanItsPatienceIsRefusedAndLeavesTheQueue() async throws {
        let limiter = ConcurrencyLimiter(permits: 1, maximumWaiting: 4, patience: .milliseconds(20))
        let gate = Gate()
        let holder = await Self.holdPermit(of: limiter, until: gate)
        await #expect(throws: BoundsError.busy(retryAfterSeconds: 1)) {
            try await limiter.withPermit {}
        }
        #expect(limiter.occupancy == (1, 0))
        gate.open()
        try await holder.value
        #expect(limiter.occupancy == (0, 0))
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let limiter = ConcurrencyLimiter(permits: 1, maximumWaiting: 4, patience: .seconds(600))
        let gate = Gate()
        let holder = await Self.holdPermit(of: limiter, until: gate)
        let waiter = Task { try await limiter.withPermit {} }
        await Self.waitUntil(limiter, hasWaiting: 1)
        waiter.cancel()
        await #expect(throws: BoundsError.self) { try await waiter.value }
        #expect(limiter.occupancy == (1, 0))
        gate.open()
        try await holder.value
    }

    @Test func thePermitIsGivenBackWhenTheWorkThrows() async throws {
        struct Failure: Error {}
        let limiter = ConcurrencyLimiter(permits: 1, maximumWaiting: 0, patience: .seconds(1))
        await #expect(throws: Failure.self) { try await limiter.withPermit { throw Failure() } }
        #expect(limiter.occupancy == (0, 0))
        try await limiter.withPermit {}
    }
}

@Suite("Connection counts per address")
struct ConnectionCountsTests {
    @Test func anAddressMayHoldItsLimitAndNoMore() {
        var counts = ConnectionCounts(limitPerAddress: 2)
        let admitted = ["10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2"].map { counts.admit($0) }
        #expect(admitted == [true, true, false, true])
        #expect(counts.open == ["10.0.0.1": 2, "10.0.0.2": 1])
    }

    @Test func aClosedConnectionMakesRoomAndForgottenAddressesTakeNoSpace() {
        var counts = ConnectionCounts(limitPerAddress: 1)
        let first = counts.admit("::1")
        counts.close("::1")
        #expect(counts.open.isEmpty)
        let again = counts.admit("::1")
        counts.close("10.9.9.9")
        #expect(first && again)
        #expect(counts.open == ["::1": 1])
    }

    @Test func aReverseProxysAddressIsNeverCappedForEverybodyComesThroughIt() {
        var counts = ConnectionCounts(limitPerAddress: 1, uncapped: ["127.0.0.1"])
        let admitted = ["127.0.0.1", "127.0.0.1", "127.0.0.1", "10.0.0.1", "10.0.0.1"].map { counts.admit($0) }
        #expect(admitted == [true, true, true, true, false])
        counts.close("127.0.0.1")
        #expect(counts.open == ["10.0.0.1": 1])
    }
}

@Suite("Request line scanner")
struct RequestLineScannerTests {
    /// Whether the scanner has seen the request line end after each of these reads.
    static func endedAfter(_ reads: [String]) -> [Bool] {
        var scanner = RequestLineScanner()
        return reads.map {
            scanner.consume(Array($0.utf8))
            return scanner.hasEndedRequestLine
        }
    }

    @Test func theRequestLineEndsAtItsLineEndWhereverTheReadsSplitIt() {
        let head = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
        let bytes = Array(head.utf8)
        let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0
        for split in 0...bytes.count {
            let reads = [bytes[..<split], bytes[split...]].map { String(decoding: $0, as: UTF8.self) }
            #expect(Self.endedAfter(reads) == [split > lineEnd, true], "split at \(split)")
        }
    }

    @Test func aLongPathWithoutItsLineEndIsStillTheRequestLine() {
        #expect(Self.endedAfter(["GET /", String(repeating: "a", count: 5000), "b"]) == [false, false, false])
    }

    @Test func bareLineFeedsEndItTooAndEmptyLinesBeforeItDoNot() {
        #expect(Self.endedAfter(["\r\n\n", "GET / HTTP/1.1\n"]) == [false, true])
    }

    @Test func theRequestLineIsMeasuredSoALongOneTellsEvenAfterItEnded() {
        var scanner = RequestLineScanner()
        scanner.consume(Array("\r\nGET /\(String(repeating: "a", count: 100)) HTTP/1.1\r\nX: ".utf8))
        #expect(scanner.requestLineLength == 114)
        #expect(scanner.isRequestLineLonger(than: 100))
        #expect(!scanner.isRequestLineLonger(than: 114))
        #expect(RequestLineScanner().isRequestLineLonger(than: 1000), "one that has not ended may be longer")
    }

    @Test func aNewHeadStartsOver() {
        var scanner = RequestLineScanner()
        scanner.consume(Array("GET / HTTP/1.1\r\n".utf8))
        scanner.startHead()
        scanner.consume(Array("GET /long".utf8))
        #expect(!scanner.hasEndedRequestLine)
    }
}

@Suite("Request head scanner")
struct RequestHeadScannerTests {
    /// Whether the scanner finds a complete head after each of these reads.
    static func completeness(after reads: [String]) -> [Bool] {
        var scanner = RequestHeadScanner()
        return reads.map { scanner.consume(Array($0.utf8)) }
    }

    @Test func aHeadIsCompleteAtItsEmptyLineWhereverTheReadsSplitIt() {
        let head = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
        for split in 0...head.utf8.count {
            let bytes = Array(head.utf8)
            let reads = [bytes[..<split], bytes[split...]].map { String(decoding: $0, as: UTF8.self) }
            #expect(Self.completeness(after: reads) == [split == bytes.count, true], "split at \(split)")
        }
    }

    @Test func aPartialRequestLineOrHeadersAreNotComplete() {
        #expect(Self.completeness(after: ["GET / HT", "TP/1.1\r\nHost: a\r\n"]) == [false, false])
    }

    @Test func bareLineFeedsEndAHeadToo() {
        #expect(Self.completeness(after: ["GET / HTTP/1.1\nHost: a\n\n"]) == [true])
    }

    @Test func onlyLineEndsNeverCompleteAHead() {
        #expect(Self.completeness(after: ["\r\n\r\n", "\n\n\r\n"]) == [false, false])
    }
}

@Suite("Load admission")
struct LoadAdmissionTests {
    @Test func roomIsSetAsideOnlyWhileRunningAndSetAsideJobsStayWithinTheLimit() {
        var admission = LoadAdmission(limit: 10)
        let reserved = [4, 2, 1].map { admission.reserve($0, running: 5) }
        #expect(reserved == [nil, .full, nil])
        #expect(admission.reserved == 5)
    }

    @Test func roomGivenBackCanBeSetAsideAgain() {
        var admission = LoadAdmission(limit: 3)
        let first = admission.reserve(3, running: 0)
        admission.release(2)
        let second = admission.reserve(2, running: 0)
        admission.release(10)
        #expect(first == nil && second == nil)
        #expect(admission.reserved == 0)
    }

    @Test func onePersonsLoadsStayWithinTheirShareAndEndWithTheirJobs() {
        var admission = LoadAdmission(limit: 10, perPersonLimit: 4)
        #expect(admission.reserve(3, running: 0, for: "alice") == nil)
        #expect(admission.reserve(2, running: 0, for: "alice") == .personFull)
        #expect(admission.reserve(4, running: 0, for: "bob") == nil)
        admission.release(3)  // alice's three started
        #expect(admission.reserve(2, running: 3, for: "alice") == .personFull)
        admission.finish(for: "alice")
        #expect(admission.reserve(2, running: 2, for: "alice") == nil)
        admission.cancel(2, for: "alice")
        #expect(admission.byPerson == ["alice": 2, "bob": 4])
        admission.finish(2, for: "alice")
        #expect(admission.byPerson == ["bob": 4])
    }
}

@Suite("Bounds errors")
struct BoundsErrorTests {
    @Test func sizesAreSaidInTheUnitsTheyAreSetIn() {
        #expect(BoundsError.describe(bytes: 8 * 1024 * 1024) == "8 MB")
        #expect(BoundsError.describe(bytes: 256 * 1024) == "256 KB")
        #expect(BoundsError.describe(bytes: 1000) == "1000 bytes")
    }
}
