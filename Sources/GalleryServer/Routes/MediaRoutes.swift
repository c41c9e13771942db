import Foundation
import Hummingbird
import NIOCore

/// The media routes (``MediaRoute``) on the router: what answers a media request that does not take the lean path of
/// ``MediaChannelHandler`` — the GET of a large file (streamed from disk here), one whose type the database must be
/// asked for, one refused or not found — and any media request reaching the router some other way.
struct MediaRoutes<Context: IdentifiedRequestContext> {
    let library: MediaLibrary
    let fileIO = FileIO()

    func add(to router: Router<Context>) {
        for route in MediaRoute.allCases {
            router.get(RouterPath(route.pattern)) { request, context in
                try await serve(route, request, context)
            }
            router.head(RouterPath(route.pattern)) { request, context in
                try await serve(route, request, context).createHeadResponse()
            }
        }
    }

    private func serve(_ route: MediaRoute, _ request: Request, _ context: Context) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let target = try await library.target(route, file: file[...]),
            let reply = MediaReply(for: target, requestHeaders: request.headers)
        else { throw HTTPError(.notFound, message: MediaReply.notFoundMessage) }
        if case .link = context.identity, route == .original, reply.status != .notModified,
            let stripped = DownloadRoutes<Context>.withoutLocation(path: target.path)
        {
            return Self.withoutLocation(stripped, reply)
        }
        let body: ResponseBody
        switch reply.body {
        case .empty: return Response(status: reply.status, headers: reply.headers)
        case .bytes(let bytes): body = ResponseBody(byteBuffer: bytes)
        case .file(nil, _): body = try await fileIO.loadFile(path: target.path, context: context)
        case .file(let range?, _): body = try await fileIO.loadFile(path: target.path, range: range, context: context)
        }
        return Response(status: reply.status, headers: reply.headers, body: body)
    }

    /// The whole file without its GPS coordinates, for a read-only link: the same length (ranges still hold, but the
    /// whole is sent), its own tag, kept by the browser only.
    private static func withoutLocation(_ bytes: Data, _ reply: MediaReply) -> Response {
        var headers = reply.headers
        headers[.eTag] = headers[.eTag].map { String($0.dropLast()) + "-nogps\"" }
        headers[.contentRange] = nil
        headers[.cacheControl] = "private, max-age=31536000, immutable"
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
