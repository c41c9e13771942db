import Hummingbird

/// The web client's files (Hummingbird's `FileMiddleware` on the web folder), looked for only for paths that can be
/// one: the API and the stored media are never in the web folder, so their requests go straight on, without a look
/// at the disk first.
struct WebFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: FileMiddleware<Context, LocalFileSystem>

    init(webRoot: String) {
        files = FileMiddleware(
            webRoot, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: false)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let path = request.uri.path
        if path.hasPrefix("/api/") || path.hasPrefix("/media/") { return try await next(request, context) }
        return try await files.handle(request, context: context, next: next)
    }
}
