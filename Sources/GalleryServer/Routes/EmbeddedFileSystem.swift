import Foundation
import Hummingbird
import NIOCore
import WebClient

/// The web client's files carried inside the binary (``EmbeddedWeb``), as a file provider for Hummingbird's
/// `FileMiddleware`: served with the same validators (`ETag`, `Last-Modified`: the process's start, so a new binary's
/// files are never taken for an old one's) and byte ranges as files on disk.
struct EmbeddedFileSystem: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes {
        var isFolder: Bool { false }
        var size: Int
        var modificationDate: Date
    }

    /// When these files came to be served: the process's start.
    static let served = Date()

    /// A request path's file ("/view/grid.js" is "view/grid.js"), if there is one.
    func getFileIdentifier(_ path: String) -> String? {
        let name = String(path.drop(while: { $0 == "/" }))
        return EmbeddedWeb.file(name) == nil ? nil : name
    }

    func getAttributes(id: String) async throws -> FileAttributes? {
        EmbeddedWeb.file(id).map { FileAttributes(size: $0.count, modificationDate: Self.served) }
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        ResponseBody(byteBuffer: ByteBuffer(bytes: EmbeddedWeb.file(id) ?? Data()))
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let bytes = EmbeddedWeb.file(id) ?? Data()
        let clamped = range.clamped(to: 0...max(0, bytes.count - 1))
        return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes.isEmpty ? Data() : bytes[clamped]))
    }
}
