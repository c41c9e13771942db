import BlobStore
import Foundation
import GalleryCore
import Hummingbird
import MediaProbe
import NIOCore

/// `GET /api/items/{id}/download`: a ready image's or video's original file under the item's name, as an attachment
/// (``DownloadName``). Someone not shown where the gallery's photos were taken (a read-only link; a member of a
/// gallery whose owner hides it) gets it without its GPS coordinates (``LocationRemoval``).
struct DownloadRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let blobs: BlobStore
    let access: GalleryAccess
    let fileIO = FileIO()

    func add(to router: Router<Context>) {
        router.get("api/items/:item/download") { request, context in
            let item = try await access.openedItem(request, context, in: store)
            guard item.state == .ready, item.kind == .image || item.kind == .video, let hash = item.blobHash,
                let mimeType = item.mimeType
            else { throw GalleryError.notFound("This item has no file to download.") }
            let gallery = try await store.gallery(item.galleryID)
            let path = blobs.filePath(forHash: hash)
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw GalleryError.notFound("This item's file is missing.")
            }
            var headers: HTTPFields = [
                .contentType: mimeType,
                .contentDisposition: DownloadName.contentDisposition(
                    title: item.title, fileExtension: MediaPath.fileExtension(mimeType: mimeType)),
                .cacheControl: "private, no-cache",
                .xContentTypeOptions: "nosniff",
            ]
            let knownWithoutLocation = item.photo.map { $0.location == nil } ?? false
            let seesLocation = try await access.seesLocation(context.identity, in: gallery)
            if item.kind == .image, !knownWithoutLocation, !seesLocation,
                let stripped = Self.withoutLocation(path: path)
            {
                headers[.contentLength] = String(stripped.count)
                return Response(
                    status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: stripped)))
            }
            let body = try await fileIO.loadFile(path: path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    /// The file's bytes without GPS coordinates, nil when it holds none (memory-mapped: only what is read is touched,
    /// until a copy is made to be changed).
    static func withoutLocation(path: String) -> Data? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return LocationRemoval.removingLocation(from: data)
    }
}
