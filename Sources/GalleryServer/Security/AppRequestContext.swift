import Foundation
import GalleryCore
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// A request context that knows who the request acts for, once the sign-in middleware has looked.
public protocol IdentifiedRequestContext: RequestContext {
    /// Who the request acts for; nil before sign-in (or on the public pages).
    var identity: Identity? { get set }
    /// The peer's address.
    var remoteAddress: SocketAddress? { get }
    /// The connection the request came on.
    var channel: any Channel { get }
}

extension IdentifiedRequestContext {
    /// Tells the connection that a request of its proved who it is: it is no stranger's now, and counts against
    /// the bound of signed-in connections (``ServerConfiguration/Bounds/unauthenticatedConnections``).
    func connectionSignedIn() {
        channel.triggerUserOutboundEvent(ConnectionSignedIn(), promise: nil)
    }
}

/// The context of the HTTP routes.
public struct AppRequestContext: IdentifiedRequestContext, RemoteAddressRequestContext {
    /// Hummingbird's part.
    public var coreContext: CoreRequestContextStorage
    /// The peer's address.
    public let remoteAddress: SocketAddress?
    /// The connection the request came on.
    public let channel: any Channel
    /// Who the request acts for.
    public var identity: Identity?

    /// Makes the context of a request arriving on a channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The encoder of every JSON response: the one the live socket uses too.
    public var responseEncoder: JSONEncoder { APIJSON.makeEncoder() }
}

/// The context of the WebSocket upgrades.
public struct AppWebSocketRequestContext: IdentifiedRequestContext, WebSocketRequestContext {
    /// Hummingbird's part.
    public var coreContext: CoreRequestContextStorage
    /// The socket's handler.
    public let webSocket: WebSocketHandlerReference<Self>
    /// The peer's address.
    public let remoteAddress: SocketAddress?
    /// The connection the upgrade request came on.
    public let channel: any Channel
    /// Who the socket acts for.
    public var identity: Identity?

    /// Makes the context of an upgrade request arriving on a channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }
}
