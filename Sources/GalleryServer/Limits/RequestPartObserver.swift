import NIOCore
import NIOHTTP1

/// Sits behind the HTTP parser (and behind the WebSocket upgrade handler, which keeps an upgrade's request and its
/// 101 to itself) and tells the connection's ``ConnectionGuardHandler`` what was read (heads, body bytes, ends) and
/// answered (heads and ends of answers), and when the parser could not read a request: the guard answers that one
/// (400, 414, 431) and closes the connection, so the parse error goes no further (the handlers behind would otherwise
/// answer it and then wait for the client to close). Leaves the pipeline when the connection becomes a WebSocket,
/// before the bytes after the upgrade request come through.
final class RequestPartObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connectionGuard: ConnectionGuardHandler

    /// An observer reporting to `connectionGuard`.
    init(reportingTo connectionGuard: ConnectionGuardHandler) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: connectionGuard.requestHeadRead()
        case .body(let bytes): connectionGuard.requestBodyRead(bytes.readableBytes)
        case .end: connectionGuard.requestEndRead()
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .upgradeComplete? = event as? HTTPServerUpgradeEvents {
            connectionGuard.upgraded()
            context.fireUserInboundEventTriggered(event)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let error as HTTPParserError:
            connectionGuard.readFailed(error == .headerOverflow ? .headTooLarge : .malformed)
        case is ByteToMessageDecoderError:
            // Bytes after a parse error, or a request cut off by the end of the input: the guard has answered or
            // the client has gone.
            break
        default:
            context.fireErrorCaught(error)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            connectionGuard.answerBegan(isInterim: head.status.code < 200)
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            connectionGuard.answerEnded()
        }
    }
}

@available(*, unavailable)
extension RequestPartObserver: Sendable {}
