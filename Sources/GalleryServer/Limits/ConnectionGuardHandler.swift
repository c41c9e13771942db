import NIOCore
import Synchronization

/// The open connections of every client address, shared by all of the server's event loops.
final class ConnectionRegistry: Sendable {
    private let counts: Mutex<ConnectionCounts>

    /// A registry allowing `limitPerAddress` connections per address, except the `uncapped` ones.
    init(limitPerAddress: Int, uncapped: Set<String> = []) {
        counts = Mutex(ConnectionCounts(limitPerAddress: limitPerAddress, uncapped: uncapped))
    }

    /// The most connections one address may hold.
    var limitPerAddress: Int { counts.withLock { $0.limitPerAddress } }

    /// Counts a new connection from `address`; false when the address already holds its limit.
    func admit(_ address: String) -> Bool { counts.withLock { $0.admit(address) } }

    /// Forgets a closed connection that ``admit(_:)`` counted.
    func close(_ address: String) { counts.withLock { $0.close(address) } }

    /// How many connections `address` holds now (for tests).
    func openConnections(from address: String) -> Int { counts.withLock { $0.open[address, default: 0] } }
}

/// The first handler of every connection, in front of HTTP: refuses a connection from an address that already holds
/// its limit (with a 503 and `Retry-After`), and closes one whose first request head has not arrived within
/// `headerTimeout` (a client that connects and sends nothing, or only part of a request line). Later requests on the
/// connection are watched by Hummingbird's idle timeout, which starts once the first head is read.
final class ConnectionGuardHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let registry: ConnectionRegistry
    private let headerTimeout: TimeAmount
    private var address: String?
    private var started = false
    private var refused = false
    private var scanner = RequestHeadScanner()
    private var headerDeadline: Scheduled<Void>?

    /// A guard counting connections in `registry` and giving each `headerTimeout` for its first request head.
    init(registry: ConnectionRegistry, headerTimeout: TimeAmount) {
        self.registry = registry
        self.headerTimeout = headerTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's request is never read: the 503 is its answer.
        guard !refused else { return }
        if !scanner.isComplete, scanner.consume(unwrapInboundIn(data).readableBytesView) {
            headerDeadline?.cancel()
            headerDeadline = nil
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard registry.admit(address) else {
            refused = true
            refuse(context)
            return
        }
        self.address = address
        headerDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: headerTimeout) {
            Self.stopReading(context)
        }
    }

    private func finish() {
        headerDeadline?.cancel()
        headerDeadline = nil
        if let address {
            registry.close(address)
            self.address = nil
        }
    }

    /// Answers 503 before reading anything, then closes.
    private func refuse(_ context: ChannelHandlerContext) {
        let body =
            #"{"error":{"message":"Too many connections from your address (at most \#(registry.limitPerAddress) at once); try again shortly."}}"#
        let head =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
            + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        let buffer = context.channel.allocator.buffer(string: head + body)
        // Written from here, in front of the HTTP handlers: the bytes go straight to the socket.
        context.writeAndFlush(NIOAny(buffer), promise: nil)
        Self.stopReading(context)
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
