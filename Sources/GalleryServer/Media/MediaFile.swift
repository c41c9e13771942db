import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stored file opened to be served: a small one is read whole at once (one open, one stat, one read, from the page
/// cache as a rule: no trip to a thread pool), a larger one is only measured, to be streamed in chunks.
enum MediaFile {
    /// The bytes of a small file.
    case small(ByteBuffer)
    /// The size of a larger file.
    case large(size: Int)

    /// Files up to this size are read whole.
    static let smallLimit = 512 * 1024

    /// The file's size in bytes.
    var size: Int {
        switch self {
        case .small(let bytes): bytes.readableBytes
        case .large(let size): size
        }
    }

    /// The regular file at `path`, or nil when there is none (or it cannot be read).
    static func open(_ path: String) -> MediaFile? {
        let descriptor = Self.systemOpen(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size <= smallLimit else { return .large(size: size) }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { destination in
            var total = 0
            while total < size, let base = destination.baseAddress {
                let count = Self.systemRead(descriptor, base + total, size - total)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                total += count
            }
            return total
        }
        return read == size ? .small(buffer) : nil
    }

    private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #else
            Darwin.open(path, flags)
        #endif
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }
}
