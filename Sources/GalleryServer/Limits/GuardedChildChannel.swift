import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// A server child channel that puts a ``ConnectionGuardHandler`` in front of another's pipeline, and a
/// ``RequestPartObserver`` behind its HTTP parser (and its upgrade handler). Hummingbird's own idle timeout only starts once the first
/// request head is parsed (in the WebSocket-upgrade server, its handler is added then), and it answers a request it
/// cannot parse and then waits for the client to close: without these a connection that never sends a full head, or
/// sends garbage, would be held forever.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let registry: ConnectionRegistry
    let limits: ConnectionFlow.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuardHandler(registry: registry, limits: limits), position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let connectionGuard = try pipeline.handler(type: ConnectionGuardHandler.self)
            let observer = RequestPartObserver(reportingTo: connectionGuard)
            if let upgrader = try? pipeline.handler(
                type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            {
                try pipeline.addHandler(observer, position: .after(upgrader))
            } else {
                let parser = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try pipeline.addHandler(observer, position: .after(parser))
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades (as `.http1WebSocketUpgrade`), within `bounds`: each connection gets
    /// `headerTimeout` for each request head, a body must bring `bodyBytesPerWindow` every `bodyWindow`, a connection
    /// gets `idleTimeout` when idle between requests; the server holds at most `connections` connections (closing
    /// the oldest idle ones for new ones), `unauthenticatedConnections` of them not signed in, one address at most `connectionsPerAddress` — except `uncapped` addresses
    /// (a reverse proxy's). The parser's limits are `headerFieldBytes` and `headerBytes`. Media files are served by
    /// the lean path of `media` (``MediaChannelHandler``).
    static func guardedHTTP1WebSocketUpgrade<LiveRouter: HTTPResponderBuilder>(
        webSocketRouter: LiveRouter, bounds: ServerConfiguration.Bounds, uncapped: Set<String> = [],
        media: MediaService
    ) -> HTTPServerBuilder where LiveRouter.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        let registry = ConnectionRegistry(
            limit: bounds.connections, strangerLimit: bounds.unauthenticatedConnections,
            limitPerAddress: bounds.connectionsPerAddress, uncapped: uncapped)
        let limits = ConnectionFlow.Limits(
            headerTimeout: TimeAmount(bounds.headerTimeout), bodyWindow: TimeAmount(bounds.bodyWindow),
            bodyBytesPerWindow: bounds.bodyBytesPerWindow, headerFieldBytes: bounds.headerFieldBytes)
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                additionalChannelHandlers: [MediaChannelHandlerInstaller(service: media)],
                idleTimeout: TimeAmount(bounds.idleTimeout),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: bounds.headerFieldBytes, maxHeaderListSize: bounds.headerBytes)))
        return HTTPServerBuilder { responder in
            GuardedChildChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                registry: registry, limits: limits)
        }
    }
}
