import BlobStore
import DragAndDrop
import Foundation
import Hummingbird

/// `/media/{sha256}.{ext}`: stored image bytes, immutable, cached for a year, never run as a document.
struct MediaRoutes<Context: RequestContext> {
    let blobs: BlobStore
    let fileIO = FileIO()

    func add(to router: Router<Context>) {
        router.get("media/:file") { request, context in
            let file = try context.parameters.require("file")
            let parts = file.split(separator: ".", maxSplits: 1)
            let hash = String(parts.first ?? "")
            guard parts.count == 2, BlobStore.isValidHash(hash), blobs.contains(hash: hash),
                let type = TypeIdentifier(fileExtension: String(parts[1])), type.conforms(to: .image)
            else { throw HTTPError(.notFound, message: "No such image.") }
            var headers = HTTPFields()
            headers[.contentType] = type.mimeType
            headers[.cacheControl] = "public, max-age=31536000, immutable"
            headers[.eTag] = "\"\(hash)\""
            headers[.init("X-Content-Type-Options")!] = "nosniff"
            headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
            if request.headers[.ifNoneMatch] == "\"\(hash)\"" {
                return Response(status: .notModified, headers: headers)
            }
            let body = try await fileIO.loadFile(path: blobs.fileURL(forHash: hash).path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        }
    }
}
