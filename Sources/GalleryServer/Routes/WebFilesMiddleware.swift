import Foundation
import Hummingbird

/// The web client's files (Hummingbird's `FileMiddleware`, on the web folder, or on the files carried inside the binary
/// when there is none), looked for only for paths that can be one: the API and the stored media are never web files,
/// so their requests go straight on, without a look at the files first.
struct WebFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    enum Files: Sendable {
        case folder(FileMiddleware<Context, LocalFileSystem>)
        case embedded(FileMiddleware<Context, EmbeddedFileSystem>)
    }

    let files: Files

    /// Serves the files of `webRoot`, or those inside the binary when it is nil.
    init(webRoot: URL?) {
        let cacheControl = CacheControl([(MediaType(type: .any), [.noCache])])
        if let webRoot {
            files = .folder(FileMiddleware(webRoot.path, cacheControl: cacheControl, searchForIndexHtml: false))
        } else {
            files = .embedded(FileMiddleware(fileProvider: EmbeddedFileSystem(), cacheControl: cacheControl))
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let path = request.uri.path
        if path.hasPrefix("/api/") || path.hasPrefix("/media/") { return try await next(request, context) }
        switch files {
        case .folder(let files): return try await files.handle(request, context: context, next: next)
        case .embedded(let files): return try await files.handle(request, context: context, next: next)
        }
    }
}
