import NIOCore

/// The first handler of every connection, in front of HTTP: refuses a connection the server has no room for (with a
/// 503 and `Retry-After`; to make room it closes the oldest idle connection first, see ``ConnectionTable``), and
/// holds the client to its ``ConnectionFlow``: a request head within the header timeout, a body at a minimum rate, an
/// unreadable request answered 400, 414 or 431 and the connection closed at once. It sees the bytes; what the parser
/// makes of them it learns from the ``RequestPartObserver`` behind the parser.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = Any

    private let registry: ConnectionRegistry
    private let limits: ConnectionFlow.Limits
    private var context: ChannelHandlerContext?
    private var started = false
    private var refused = false
    /// The connection's id in the registry, while it is counted there.
    private var id: UInt64?
    private var flow: ConnectionFlow?
    /// Whether the current head's request line has ended (for telling 414 from 431).
    private var lineScanner = RequestLineScanner()
    /// Whether the connection's first head has arrived whole.
    private var firstHeadScanner = RequestHeadScanner()
    /// Whether the pipeline asked for bytes and none came yet: a slow body is the client's doing then.
    private var isWaitingForClient = false
    /// Whether a request of the connection proved who it is (``ConnectionSignedIn``), and the registry was told.
    private var isSignedIn = false
    /// What the registry was last told: idle or not, and answered or not.
    private var reportedIdleness: (isIdle: Bool, hasAnswered: Bool) = (true, false)
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    /// Whether an answer of the guard's was written and the output closed: what the client still sends is read and
    /// dropped until it closes, or `lingerTime` has passed.
    private var isLingering = false

    /// How long a connection the guard answered and closed its output on is read from (and what comes dropped) for
    /// the client to take the answer: without it, unread bytes of the client's would make the system reset the
    /// connection, and the answer could be lost.
    static let lingerTime = TimeAmount.seconds(2)

    /// A guard counting connections in `registry` and holding each to `limits`.
    init(registry: ConnectionRegistry, limits: ConnectionFlow.Limits) {
        self.registry = registry
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's request is never read: the 503 is its answer; nor is anything after the end.
        guard !refused, flow != nil, flow?.phase != .ended else {
            if isLingering { context.read() }
            return
        }
        isWaitingForClient = false
        let bytes = unwrapInboundIn(data).readableBytesView
        lineScanner.consume(bytes)
        flow?.bytesArrived(at: .now())
        if !firstHeadScanner.isComplete, firstHeadScanner.consume(bytes) { flow?.firstHeadArrived() }
        update(context)
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if isLingering, let event = event as? ChannelEvent, event == .inputClosed {
            // The client read the answer and closed its side.
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func read(context: ChannelHandlerContext) {
        isWaitingForClient = true
        context.read()
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is ConnectionSignedIn else {
            return context.triggerUserOutboundEvent(event, promise: promise)
        }
        if !isSignedIn, let id {
            isSignedIn = true
            registry.markSignedIn(id)
        }
        // A request signing in while the flow thinks the connection idle is one the observer cannot see: an upgrade
        // request, which the upgrade handler keeps to itself. It is busy until upgraded, or passed on if refused.
        flow?.unseenRequestBegan()
        update(context)
        promise?.succeed(())
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode == .output {
            flow?.outputClosed(at: .now())
            update(context)
        }
        context.close(mode: mode, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
        self.context = nil
    }

    // MARK: - What the parser read, and the answers written (from the RequestPartObserver)

    /// A request head was read.
    func requestHeadRead() {
        flow?.headRead(at: .now())
        update()
    }

    /// `count` bytes of a request body were read.
    func requestBodyRead(_ count: Int) {
        flow?.bodyRead(count)
    }

    /// A request's end was read: the next bytes begin a new head.
    func requestEndRead() {
        lineScanner.startHead()
        flow?.endRead(at: .now())
        update()
    }

    /// An answer's head was written.
    func answerBegan(isInterim: Bool) {
        flow?.answerBegan(isInterim: isInterim)
    }

    /// An answer's end was written.
    func answerEnded() {
        carryOut(flow?.answerEnded(at: .now()))
    }

    /// The connection became a WebSocket.
    func upgraded() {
        flow?.upgraded()
        update()
    }

    /// The parser could not read the request.
    func readFailed(_ failure: ConnectionFlow.ReadFailure) {
        carryOut(
            flow?.readFailed(failure, inRequestLine: lineScanner.isRequestLineLonger(than: limits.headerFieldBytes)))
    }

    // MARK: - Carrying out the flow

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        let handler = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let admission = registry.admit(address) {
            eventLoop.execute {
                let (self_, context) = handler.value
                self_.makeRoom(context)
            }
        }
        switch admission {
        case .failure(let refusal):
            refused = true
            let limit = registry.limitPerAddress
            answerAndStop(refusal == .address ? .tooManyFromAddress(limit: limit) : .tooManyConnections, context)
        case .success(let id):
            self.id = id
            flow = ConnectionFlow(limits: limits, openedAt: .now())
            update(context)
        }
    }

    /// Closed by the registry to make room for a new connection (it has forgotten this one already).
    private func makeRoom(_ context: ChannelHandlerContext) {
        id = nil
        guard flow?.phase != .ended else { return }
        carryOut(.close, context)
    }

    private func deadlineCame(_ context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        carryOut(flow?.deadlinePassed(at: .now(), isWaitingForClient: isWaitingForClient), context)
    }

    private func carryOut(_ action: ConnectionFlow.Action?, _ givenContext: ChannelHandlerContext? = nil) {
        guard let context = givenContext ?? context else { return }
        if let action {
            switch action {
            case .none:
                break
            case .stopReading:
                context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            case .answerAndClose(let answer):
                flow?.closed()
                answerAndStop(answer, context)
            case .close:
                flow?.closed()
                Self.stopReading(context)
            }
        }
        update(context)
    }

    /// Tells the registry whether the connection is idle, and keeps one timer set for the flow's deadline.
    private func update(_ givenContext: ChannelHandlerContext? = nil) {
        guard let context = givenContext ?? context, let flow else { return }
        if let id {
            let idleness = (isIdle: flow.isIdle, hasAnswered: flow.answeredRequests > 0)
            if idleness != reportedIdleness {
                reportedIdleness = idleness
                registry.setIdle(id, idleness.isIdle, hasAnswered: idleness.hasAnswered)
            }
        }
        let deadline = flow.deadline
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = deadline.map { deadline in
            context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { self.deadlineCame(context) }
        }
    }

    private func finish() {
        isLingering = false
        timer?.cancel()
        timer = nil
        timerDeadline = nil
        flow?.closed()
        if let id {
            registry.close(id)
            self.id = nil
        }
    }

    /// Writes `answer` straight to the socket, in front of the HTTP handlers, and ends the connection: the handlers
    /// behind see the end of the input, the output is closed after the answer, and the connection is closed once the
    /// client closes its side or `lingerTime` has passed (what it still sends is dropped).
    private func answerAndStop(_ answer: ConnectionAnswer, _ context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(string: answer.text)
        context.writeAndFlush(NIOAny(buffer), promise: nil)
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        guard context.channel.isActive else { return }
        isLingering = true
        context.close(mode: .output, promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { context.channel.close(promise: nil) }
        context.read()
    }

    /// Ends the connection as if the client had closed its side: the HTTP handlers behind take it as an ordinary end
    /// (a plain close would have them log an error for every connection dropped), then the channel closes.
    private static func stopReading(_ context: ChannelHandlerContext) {
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension ConnectionGuardHandler: Sendable {}
