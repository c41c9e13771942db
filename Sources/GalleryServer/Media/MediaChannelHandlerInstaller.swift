import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Puts a ``MediaChannelHandler`` right behind Hummingbird's connection state handler, once the connection's HTTP/1
/// pipeline is complete (at its first request, as Hummingbird adds its handlers only then, after the ones it is given):
/// there the state handler counts the lean path's requests and answers too, for its idle timeout and for a graceful
/// shutdown's wait. Leaves the pipeline then.
final class MediaChannelHandlerInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart

    private let service: MediaService

    /// An installer of a lean path using `service`.
    init(service: MediaService) {
        self.service = service
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let pipeline = context.pipeline.syncOperations
        let handler = MediaChannelHandler(service: service)
        do {
            if let state = try? pipeline.handler(type: HTTPConnectionStateHandler.self) {
                try pipeline.addHandler(handler, position: .after(state))
            } else {
                try pipeline.addHandler(handler, position: .after(self))
            }
        } catch {
            context.fireErrorCaught(error)
        }
        context.fireChannelRead(data)
        pipeline.removeHandler(context: context, promise: nil)
    }
}

@available(*, unavailable)
extension MediaChannelHandlerInstaller: Sendable {}
