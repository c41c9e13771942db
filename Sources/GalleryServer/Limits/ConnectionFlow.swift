import NIOCore

/// Where one connection is in its requests, and what the client must do by when: a request head within the header
/// timeout of its first byte (of the connection's opening, for the first head), a body at a minimum rate, and after
/// the server has closed its side, the client's close within the header timeout. It also decides how a request the
/// parser could not read is answered: at once when no other answer is due, after the answers due otherwise, never in
/// the middle of one. Plain state whose methods return what to do next; ``ConnectionGuardHandler`` carries it out.
struct ConnectionFlow: Sendable, Equatable {
    /// What the client is given.
    struct Limits: Sendable, Equatable {
        /// How long a request head may take, from its first byte (or the connection's opening).
        var headerTimeout: TimeAmount
        /// The window over which a body's rate is measured.
        var bodyWindow: TimeAmount
        /// The fewest bytes of body a window must bring.
        var bodyBytesPerWindow: Int
        /// The longest request line (or single header) the parser reads.
        var headerFieldBytes: Int
    }

    /// What the connection is doing.
    enum Phase: Sendable, Equatable {
        /// Waiting for a request head, until the deadline; none while nothing of a head has arrived after an answer
        /// (then the idle timeout applies).
        case awaitingHead(deadline: NIODeadline?)
        /// Reading a request's body: the current window ends at `windowEnd`, and has brought `bytes` so far.
        case readingBody(windowEnd: NIODeadline, bytes: Int)
        /// The request was read whole; the server is answering it.
        case awaitingAnswer
        /// The server has ended its side; the client has until the deadline to close its own.
        case draining(deadline: NIODeadline)
        /// A WebSocket now: its own pings keep it alive or close it.
        case upgraded
        /// Closed, or closing.
        case ended
    }

    /// Why a request could not be read, as far as the answer goes.
    enum ReadFailure: Sendable, Equatable {
        /// The head was larger than the parser reads.
        case headTooLarge
        /// Anything else: garbage, bad headers, bad chunking, conflicting lengths.
        case malformed
    }

    /// What the guard does next.
    enum Action: Sendable, Equatable {
        /// Nothing.
        case none
        /// Stop reading: the end of the input is passed on (so the router reads no more), answers still due are
        /// written, then ``answerAndClose(_:)`` comes.
        case stopReading
        /// Writes this answer, then closes.
        case answerAndClose(ConnectionAnswer)
        /// Closes without a word (an answer was begun or given, or nothing was asked).
        case close
    }

    let limits: Limits
    private(set) var phase: Phase
    /// Request heads read whose answer has not ended.
    private(set) var requestsInFlight = 0
    /// Whether an answer's head was written and its end not yet.
    private(set) var isAnswering = false
    /// How many requests were answered whole.
    private(set) var answeredRequests = 0
    /// Whether bytes arrived after the last request's end was read (the start of a next head).
    private var hasBytesOfNextHead = false
    /// The answer to an unreadable request that waits for the answers due before it.
    private var pendingAnswer: ConnectionAnswer?

    /// A connection opened at `now`: its first head is due within the header timeout.
    init(limits: Limits, openedAt now: NIODeadline) {
        self.limits = limits
        phase = .awaitingHead(deadline: now + limits.headerTimeout)
    }

    /// When the client must next have done something, if ever.
    var deadline: NIODeadline? {
        switch phase {
        case .awaitingHead(let deadline): deadline
        case .readingBody(let windowEnd, _): windowEnd
        case .draining(let deadline): deadline
        case .awaitingAnswer, .upgraded, .ended: nil
        }
    }

    /// Whether nothing is asked of the server now: no request in flight, no body being read, not a WebSocket. Such a
    /// connection is the first to be closed when the server needs room.
    var isIdle: Bool {
        switch phase {
        case .awaitingHead, .draining: requestsInFlight == 0
        case .readingBody, .awaitingAnswer, .upgraded, .ended: false
        }
    }

    /// Bytes arrived (before the parser reads them).
    mutating func bytesArrived(at now: NIODeadline) {
        switch phase {
        case .awaitingHead(deadline: .none):
            phase = .awaitingHead(deadline: now + limits.headerTimeout)
        case .awaitingAnswer:
            hasBytesOfNextHead = true
        case .awaitingHead, .readingBody, .draining, .upgraded, .ended:
            break
        }
    }

    /// The bytes of the connection's first head have all arrived (the server may still be deciding on it, as on a
    /// WebSocket upgrade, whose head is not passed on as a request): its header timeout is met.
    mutating func firstHeadArrived() {
        guard case .awaitingHead = phase, requestsInFlight == 0, answeredRequests == 0 else { return }
        phase = .awaitingHead(deadline: nil)
    }

    /// A request head was read.
    mutating func headRead(at now: NIODeadline) {
        guard phase != .ended else { return }
        requestsInFlight += 1
        hasBytesOfNextHead = false
        phase = .readingBody(windowEnd: now + limits.bodyWindow, bytes: 0)
    }

    /// `count` bytes of a body were read.
    mutating func bodyRead(_ count: Int) {
        guard case .readingBody(let windowEnd, let bytes) = phase else { return }
        phase = .readingBody(windowEnd: windowEnd, bytes: bytes + count)
    }

    /// A request's end was read.
    mutating func endRead(at now: NIODeadline) {
        guard case .readingBody = phase else { return }
        hasBytesOfNextHead = false
        phase = requestsInFlight == 0 ? .awaitingHead(deadline: nil) : .awaitingAnswer
    }

    /// An answer's head was written; `isInterim` for a 1xx other than 101 (another head follows).
    mutating func answerBegan(isInterim: Bool) {
        if !isInterim { isAnswering = true }
    }

    /// An answer's end was written.
    mutating func answerEnded(at now: NIODeadline) -> Action {
        isAnswering = false
        guard requestsInFlight > 0 else { return .none }
        requestsInFlight -= 1
        answeredRequests += 1
        guard requestsInFlight == 0 else { return .none }
        if let pendingAnswer {
            phase = .ended
            return .answerAndClose(pendingAnswer)
        }
        if phase == .awaitingAnswer {
            phase = .awaitingHead(deadline: hasBytesOfNextHead ? now + limits.headerTimeout : nil)
        }
        return .none
    }

    /// A request began that the parser's observer does not see (an upgrade request, kept by the upgrade handler):
    /// the connection is busy until it is upgraded, or until the request is passed on and read as any other.
    mutating func unseenRequestBegan() {
        guard case .awaitingHead = phase else { return }
        phase = .awaitingAnswer
    }

    /// The connection became a WebSocket.
    mutating func upgraded() {
        guard phase != .ended else { return }
        phase = .upgraded
    }

    /// The server ended its side (after `Connection: close`): the client has the header timeout to close its own.
    mutating func outputClosed(at now: NIODeadline) {
        switch phase {
        case .ended, .upgraded, .draining: break
        default: phase = .draining(deadline: now + limits.headerTimeout)
        }
    }

    /// The parser could not read the bytes after the last request part: the request they belong to is answered 400
    /// (414 or 431 when too large) once no other answer is due, and the connection closed.
    mutating func readFailed(_ failure: ReadFailure, inRequestLine: Bool) -> Action {
        let answer: ConnectionAnswer =
            switch failure {
            case .headTooLarge: inRequestLine ? .requestLineTooLong : .headersTooLarge
            case .malformed: .badRequest
            }
        switch phase {
        case .ended, .upgraded:
            return .none
        case .readingBody:
            // The body of the request being read: answered only if it is the one request awaiting an answer and its
            // answer has not begun.
            phase = .ended
            return requestsInFlight == 1 && !isAnswering ? .answerAndClose(answer) : .close
        case .awaitingHead, .awaitingAnswer, .draining:
            guard requestsInFlight > 0 else {
                phase = .ended
                return .answerAndClose(answer)
            }
            pendingAnswer = answer
            return .stopReading
        }
    }

    /// The deadline came at `now`; `isWaitingForClient` when the server is asking for bytes (so a slow body is the
    /// client's doing, not the server holding back reads while it is busy).
    mutating func deadlinePassed(at now: NIODeadline, isWaitingForClient: Bool) -> Action {
        guard let deadline, now >= deadline else { return .none }
        switch phase {
        case .readingBody(_, let bytes):
            if bytes >= limits.bodyBytesPerWindow || !isWaitingForClient {
                phase = .readingBody(windowEnd: now + limits.bodyWindow, bytes: 0)
                return .none
            }
            phase = .ended
            return requestsInFlight == 1 && !isAnswering ? .answerAndClose(.requestTimeout) : .close
        case .awaitingHead, .draining:
            phase = .ended
            return .close
        case .awaitingAnswer, .upgraded, .ended:
            return .none
        }
    }

    /// The connection closed.
    mutating func closed() {
        phase = .ended
    }
}
