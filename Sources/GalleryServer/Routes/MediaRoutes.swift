import Hummingbird

/// The media routes (``MediaRoute``) on the router: what answers a media request that does not take the lean path of
/// ``MediaChannelHandler`` — the GET of a large file (streamed from disk here), one whose type the database must be
/// asked for, one refused or not found — and any media request reaching the router some other way.
struct MediaRoutes<Context: RequestContext> {
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
        let body: ResponseBody
        switch reply.body {
        case .empty: return Response(status: reply.status, headers: reply.headers)
        case .bytes(let bytes): body = ResponseBody(byteBuffer: bytes)
        case .file(nil, _): body = try await fileIO.loadFile(path: target.path, context: context)
        case .file(let range?, _): body = try await fileIO.loadFile(path: target.path, range: range, context: context)
        }
        return Response(status: reply.status, headers: reply.headers, body: body)
    }
}
