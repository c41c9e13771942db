import NIOCore
import Testing

@testable import GalleryServer

@Suite("Connection flow")
struct ConnectionFlowTests {
    static let limits = ConnectionFlow.Limits(
        headerTimeout: .seconds(10), bodyWindow: .seconds(5), bodyBytesPerWindow: 100, headerFieldBytes: 1000)
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    /// `seconds` after the start.
    static func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    /// A flow that has read one whole request without a body and is answering it.
    static func answering() -> ConnectionFlow {
        var flow = ConnectionFlow(limits: limits, openedAt: start)
        flow.bytesArrived(at: at(1))
        flow.headRead(at: at(1))
        flow.endRead(at: at(1))
        return flow
    }

    @Test func theFirstHeadIsDueWithinTheHeaderTimeoutOfTheOpening() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        #expect(flow.deadline == Self.at(10))
        #expect(flow.isIdle)
        flow.bytesArrived(at: Self.at(9))
        #expect(flow.deadline == Self.at(10), "bytes of the head do not push it back")
        #expect(flow.deadlinePassed(at: Self.at(9), isWaitingForClient: true) == .none)
        #expect(flow.deadlinePassed(at: Self.at(10), isWaitingForClient: true) == .close)
        #expect(flow.phase == .ended)
    }

    @Test func aLaterHeadIsDueWithinTheHeaderTimeoutOfItsFirstByteAndAnIdleConnectionHasNoDeadline() {
        var flow = Self.answering()
        #expect(flow.deadline == nil)
        #expect(!flow.isIdle)
        #expect(flow.answerEnded(at: Self.at(2)) == .none)
        #expect(flow.deadline == nil, "idle between requests: Hummingbird's idle timeout applies")
        #expect(flow.isIdle)
        #expect(flow.answeredRequests == 1)
        flow.bytesArrived(at: Self.at(30))
        #expect(flow.deadline == Self.at(40))
        #expect(flow.deadlinePassed(at: Self.at(40), isWaitingForClient: true) == .close)
    }

    @Test func bytesOfTheNextHeadWhileAnsweringStartItsClockWhenTheAnswerEnds() {
        var flow = Self.answering()
        flow.bytesArrived(at: Self.at(2))
        _ = flow.answerEnded(at: Self.at(3))
        #expect(flow.deadline == Self.at(13))
    }

    @Test func aBodyThatKeepsItsRateIsReadThroughManyWindows() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.headRead(at: Self.at(0))
        #expect(flow.deadline == Self.at(5))
        for window: Int64 in 1...10 {
            flow.bodyRead(60)
            flow.bodyRead(40)
            #expect(flow.deadlinePassed(at: Self.at(5 * window), isWaitingForClient: true) == .none)
            #expect(flow.deadline == Self.at(5 * window + 5))
        }
        flow.endRead(at: Self.at(51))
        #expect(flow.phase == .awaitingAnswer)
    }

    @Test func aSlowBodyIsCutWith408WhenNothingWasAnswered() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.headRead(at: Self.at(0))
        flow.bodyRead(99)
        #expect(flow.deadlinePassed(at: Self.at(5), isWaitingForClient: true) == .answerAndClose(.requestTimeout))
    }

    @Test func aSlowBodyAfterItsAnswerIsCutWithoutAWord() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.headRead(at: Self.at(0))
        flow.answerBegan(isInterim: false)
        _ = flow.answerEnded(at: Self.at(1))  // answered (401, 413) before the body was read
        #expect(flow.deadlinePassed(at: Self.at(5), isWaitingForClient: true) == .close)
    }

    @Test func aBodyIsNotCutWhileTheServerHoldsBackItsReads() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.headRead(at: Self.at(0))
        #expect(flow.deadlinePassed(at: Self.at(5), isWaitingForClient: false) == .none)
        #expect(flow.deadline == Self.at(10))
    }

    @Test func anUnreadableFirstRequestIsAnsweredAtOnce() {
        for (failure, inRequestLine, answer) in [
            (ConnectionFlow.ReadFailure.malformed, true, ConnectionAnswer.badRequest),
            (.headTooLarge, true, .requestLineTooLong), (.headTooLarge, false, .headersTooLarge),
        ] {
            var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
            #expect(flow.readFailed(failure, inRequestLine: inRequestLine) == .answerAndClose(answer))
            #expect(flow.phase == .ended)
        }
    }

    @Test func anUnreadableRequestAfterOneBeingAnsweredIsAnsweredAfterIt() {
        var flow = Self.answering()
        #expect(flow.readFailed(.malformed, inRequestLine: true) == .stopReading)
        flow.answerBegan(isInterim: false)
        #expect(flow.answerEnded(at: Self.at(2)) == .answerAndClose(.badRequest))
    }

    @Test func badChunkingIsAnswered400UnlessTheAnswerHasBegun() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.headRead(at: Self.at(0))
        flow.bodyRead(10)
        flow.answerBegan(isInterim: true)  // 100 Continue
        #expect(flow.readFailed(.malformed, inRequestLine: false) == .answerAndClose(.badRequest))

        var begun = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        begun.headRead(at: Self.at(0))
        begun.answerBegan(isInterim: false)
        #expect(begun.readFailed(.malformed, inRequestLine: false) == .close)
    }

    @Test func afterTheServerEndsItsSideTheClientHasTheHeaderTimeoutToClose() {
        var flow = Self.answering()
        _ = flow.answerEnded(at: Self.at(2))
        flow.outputClosed(at: Self.at(2))
        #expect(flow.deadline == Self.at(12))
        #expect(flow.deadlinePassed(at: Self.at(12), isWaitingForClient: true) == .close)
    }

    @Test func aWebSocketHasNoDeadlineAndIsNeverIdle() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.headRead(at: Self.at(0))
        flow.endRead(at: Self.at(0))
        flow.upgraded()
        #expect(flow.deadline == nil)
        #expect(!flow.isIdle)
    }

    /// An upgrade request is kept by the upgrade handler: the guard learns of it only when it signs in. The connection
    /// is busy from then on: upgraded, or, refused, read as any other request.
    @Test func anUpgradeRequestTheObserverCannotSeeIsBusyUntilUpgradedOrPassedOn() {
        var flow = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        flow.bytesArrived(at: Self.at(1))
        #expect(flow.isIdle)
        flow.unseenRequestBegan()
        #expect(!flow.isIdle && flow.deadline == nil)
        flow.upgraded()
        #expect(flow.phase == .upgraded && !flow.isIdle)

        var refused = ConnectionFlow(limits: Self.limits, openedAt: Self.start)
        refused.unseenRequestBegan()
        refused.headRead(at: Self.at(1))
        refused.endRead(at: Self.at(1))
        #expect(!refused.isIdle)
        #expect(refused.answerEnded(at: Self.at(2)) == .none)
        #expect(refused.isIdle && refused.answeredRequests == 1)

        // A request the observer saw is not changed by it.
        var seen = Self.answering()
        seen.unseenRequestBegan()
        #expect(seen == Self.answering())
    }
}
