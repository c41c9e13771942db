import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// The lean path of media files, in each HTTP/1 connection's pipeline in front of the router: answers a GET or HEAD
/// of a stored file (``MediaRoute``) on the event loop, with the checks and answer of the router's path — the request
/// guard's rules (``RequestRules``), the sign-in rule (``SignInRule``; an API token or session cookie is looked up off
/// the event loop), the file's lookup (``MediaLibrary``) and answer (``MediaReply``), the safety headers
/// (``SafetyHeaders``) and the request metrics (``ServerMetrics``) — and passes every other request on to the router
/// untouched. So does it with a media request it would not answer 200, 206, 304 or 416 (refused, not signed in, not
/// found, a type only the database knows yet) and with the GET of a large file: the router answers those as it does
/// any request. Answers leave in the order the requests came: a media request waits for the router's answers to the
/// requests before it, and requests after one waiting for its sign-in wait with it.
final class MediaChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Where the parts of the request being read go.
    private enum Destination {
        case router
        case nowhere
    }

    private let service: MediaService
    /// What came in, in order, after a request that is not answered yet.
    private enum Inbound {
        case part(HTTPRequestPart)
        /// A parse error: the router answers it (400) when it comes to it.
        case error(any Error)
        /// The end of the input.
        case inputClosed
    }

    /// Request parts (and a parse error, the end of the input) read but not yet answered or passed on.
    private var held = CircularBuffer<Inbound>()
    private var destination = Destination.router
    /// Requests passed on to the router whose answer has not ended yet.
    private var routerRequestsInFlight = 0
    /// Whether a media request waits for its sign-in.
    private var isWaiting = false
    /// Whether the connection was told that a request of its signed in (``ConnectionSignedIn``).
    private var hasSignedIn = false
    /// Whether a request said `Connection: close`: the requests after it are not answered.
    private var isEnding = false
    private var isReading = false
    private var needsFlush = false
    private var needsReadComplete = false
    private var readIsHeld = false
    /// The last `Host` of this connection found to name this server.
    private var allowedAuthority: String??

    /// A lean path using `service`.
    init(service: MediaService) {
        self.service = service
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        isReading = true
        held.append(.part(unwrapInboundIn(data)))
        drain(context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        isReading = false
        needsReadComplete = false
        flushIfNeeded(context)
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data) else { return }
        routerRequestsInFlight = max(0, routerRequestsInFlight - 1)
        if routerRequestsInFlight == 0, !held.isEmpty { drain(context) }
    }

    func read(context: ChannelHandlerContext) {
        if held.isEmpty, !isWaiting {
            context.read()
        } else {
            readIsHeld = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        if context.channel.isWritable, !held.isEmpty { drain(context) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The end of the input reaches the router after the requests held here.
        if let event = event as? ChannelEvent, event == .inputClosed, !held.isEmpty || isWaiting {
            held.append(.inputClosed)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // So does a parse error of the bytes after them.
        if !held.isEmpty || isWaiting {
            held.append(.error(error))
            return
        }
        context.fireErrorCaught(error)
    }

    // MARK: - Requests in order

    /// Answers or passes on the held requests in order, up to one that must wait.
    private func drain(_ context: ChannelHandlerContext) {
        while !isWaiting, let inbound = held.first {
            let part: HTTPRequestPart
            switch inbound {
            case .part(let next): part = next
            case .error(let error):
                held.removeFirst()
                // After `Connection: close` the router reads no further.
                if !isEnding { context.fireErrorCaught(error) }
                continue
            case .inputClosed:
                held.removeFirst()
                context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
                continue
            }
            guard case .head(let head) = part else {
                held.removeFirst()
                if destination == .router { passOn(part, context) }
                continue
            }
            if isEnding {
                held.removeFirst()
                destination = .nowhere
            } else if let media = MediaRequest(head) {
                guard routerRequestsInFlight == 0, context.channel.isWritable else { break }
                held.removeFirst()
                destination = .nowhere
                check(media, context)
            } else {
                held.removeFirst()
                passOnRequest(head, context)
            }
        }
        if !isReading {
            flushIfNeeded(context)
            if needsReadComplete {
                needsReadComplete = false
                context.fireChannelReadComplete()
            }
        }
        if held.isEmpty, !isWaiting, readIsHeld {
            readIsHeld = false
            context.read()
        }
    }

    private func passOnRequest(_ head: HTTPRequest, _ context: ChannelHandlerContext) {
        destination = .router
        routerRequestsInFlight += 1
        if head.headerFields[.connection] == "close" { isEnding = true }
        passOn(.head(head), context)
    }

    private func passOn(_ part: HTTPRequestPart, _ context: ChannelHandlerContext) {
        context.fireChannelRead(wrapInboundOut(part))
        if !isReading { needsReadComplete = true }
    }

    // MARK: - One media request

    /// The sign-in rule, now when no lookup is needed, else off the event loop (the requests after it wait).
    private func check(_ media: MediaRequest, _ context: ChannelHandlerContext) {
        // The request guard's rules; whether the connection's name is this server's is asked once per name.
        let authority = media.head.authority
        if authority != allowedAuthority {
            guard service.rules.hostRefusal(authority) == nil else { return passOnRequest(media.head, context) }
            allowedAuthority = authority
        }
        guard
            service.rules.refusalOnThisHost(
                method: media.head.method, path: media.uri.path, authority: authority,
                headers: media.head.headerFields) == nil
        else { return passOnRequest(media.head, context) }
        if let credentials = service.authenticator.credentialsWithoutSignIn {
            return signedIn(media, credentials, context)
        }
        // Without a token or cookie nobody is looked up: the router refuses it.
        guard media.head.headerFields[.authorization] != nil || media.head.headerFields[.cookie] != nil else {
            return passOnRequest(media.head, context)
        }
        isWaiting = true
        let authenticator = service.authenticator
        let request = Request(head: media.head, body: RequestBody(buffer: ByteBuffer()))
        let handler = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        Task {
            let credentials = try? await authenticator.credentials(for: request)
            eventLoop.execute {
                let (self_, context) = handler.value
                self_.isWaiting = false
                guard context.channel.isActive else { return }
                self_.signedIn(media, credentials, context)
                self_.drain(context)
            }
        }
    }

    /// Answers a request that passed sign-in (or was refused: the router answers it), when it can.
    private func signedIn(
        _ media: MediaRequest, _ credentials: Authenticator.Credentials?, _ context: ChannelHandlerContext
    ) {
        if credentials != nil, !hasSignedIn {
            hasSignedIn = true
            context.triggerUserOutboundEvent(ConnectionSignedIn(), promise: nil)
        }
        // A read-only link's original is served by the router, without where the photo was taken.
        if case .link = credentials?.identity, media.route == .original { return passOnRequest(media.head, context) }
        guard
            case .pass = SignInRule.check(
                method: media.head.method, uri: media.uri, credentials: credentials, headers: media.head.headerFields),
            case .found(let target) = service.library.lookUp(media.route, file: media.file),
            let reply = MediaReply(for: target, requestHeaders: media.head.headerFields)
        else { return passOnRequest(media.head, context) }
        // A large file is streamed by the router's route.
        if case .file = reply.body, media.head.method == .get { return passOnRequest(media.head, context) }
        write(reply, to: media, context)
    }

    private func write(_ reply: MediaReply, to media: MediaRequest, _ context: ChannelHandlerContext) {
        var headers = reply.headers
        headers[.contentLength] = String(reply.body.count)
        SafetyHeaders.add(to: &headers)
        headers[.date] = ResponseDate.now
        headers[.server] = ServerConfiguration.serverName
        context.write(wrapOutboundOut(.head(HTTPResponse(status: reply.status, headerFields: headers))), promise: nil)
        if case .bytes(let bytes) = reply.body, media.head.method != .head {
            context.write(wrapOutboundOut(.body(bytes)), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        needsFlush = true
        service.metrics.requestAnswered(
            method: media.head.method.rawValue, route: media.route.pattern, status: Int(reply.status.code),
            duration: ContinuousClock.now - media.arrived)
        if media.head.headerFields[.connection] == "close" {
            // As the router's connection does: the answer, then the end of the output; nothing more is read.
            isEnding = true
            flushIfNeeded(context)
            context.close(mode: .output, promise: nil)
        }
    }

    private func flushIfNeeded(_ context: ChannelHandlerContext) {
        guard needsFlush else { return }
        needsFlush = false
        context.flush()
    }
}

@available(*, unavailable)
extension MediaChannelHandler: Sendable {}
