import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// A server child channel that puts a ``ConnectionGuardHandler`` in front of another's pipeline. Hummingbird's own
/// idle timeout only starts once the first request head is parsed (in the WebSocket-upgrade server, its handler is
/// added then), so without this a connection that never sends a full head would be held forever.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let registry: ConnectionRegistry
    let headerTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuardHandler(registry: registry, headerTimeout: headerTimeout), position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades (as `.http1WebSocketUpgrade`), within `bounds`: each connection gets
    /// `headerTimeout` for its first request head and `idleTimeout` when idle after it, and one address may hold at
    /// most `connectionsPerAddress` connections — except `uncapped` addresses (a reverse proxy's). Media files are
    /// served by the lean path of `media` (``MediaChannelHandler``).
    static func guardedHTTP1WebSocketUpgrade<LiveRouter: HTTPResponderBuilder>(
        webSocketRouter: LiveRouter, bounds: ServerConfiguration.Bounds, uncapped: Set<String> = [],
        media: MediaService
    ) -> HTTPServerBuilder where LiveRouter.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        let registry = ConnectionRegistry(limitPerAddress: bounds.connectionsPerAddress, uncapped: uncapped)
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                additionalChannelHandlers: [MediaChannelHandlerInstaller(service: media)],
                idleTimeout: TimeAmount(bounds.idleTimeout)))
        return HTTPServerBuilder { responder in
            GuardedChildChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                registry: registry, headerTimeout: TimeAmount(bounds.headerTimeout))
        }
    }
}
