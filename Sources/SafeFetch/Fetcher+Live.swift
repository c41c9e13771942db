import AsyncHTTPClient
import Foundation
import GalleryCore
import NIOCore

extension Fetcher {
    /// The live fetcher: http(s) only, every hop's addresses checked against the policy, redirects followed by hand,
    /// and each connection made to the address that was checked (no second lookup, so DNS rebinding cannot slip in).
    public static func live(resolver: Resolver, policy: AddressPolicy) -> Fetcher {
        Fetcher { url, limits, sink, progress in
            try await withDeadline(limits.deadline) {
                try await fetch(url, limits, sink, progress, resolver: resolver, policy: policy)
            }
        }
    }

    /// An HTTP client for one hop: no automatic redirects, bounded connect and read times, and — for a name — the
    /// connection pinned to the checked address while TLS still verifies the name (AsyncHTTPClient's DNS override).
    static func makeHTTPClient(pinning host: String, to address: IPAddress) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(15)))
        configuration.decompression = .disabled
        if IPAddress(host) == nil {
            configuration.dnsOverride = [host: address.description]
        }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Checks a URL before any connection: scheme, credentials, host.
    public static func validate(_ url: URL) throws(Fetcher.Error) -> String {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidURL("only http and https links can be loaded")
        }
        guard url.user == nil, url.password == nil else {
            throw .invalidURL("links with a user name or password are refused")
        }
        guard var host = url.host, !host.isEmpty else { throw .invalidURL("the link has no host") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    static func fetch(
        _ start: URL, _ limits: Limits, _ sink: Sink, _ progress: Progress,
        resolver: Resolver, policy: AddressPolicy
    ) async throws -> Response {
        var url = start
        var redirects = 0
        while true {
            let host = try validate(url)
            let addresses: [IPAddress]
            do {
                addresses = try await resolver.resolve(host)
            } catch {
                throw Fetcher.Error.hostNotFound
            }
            guard policy.permits(all: addresses), let address = addresses.first else {
                throw Fetcher.Error.blockedAddress
            }
            let client = makeHTTPClient(pinning: host, to: address)
            let outcome: Hop
            do {
                outcome = try await hop(url, limits, sink, progress, client: client)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try? await client.shutdown()
            switch outcome {
            case .done(let response): return response
            case .redirect(let next):
                redirects += 1
                guard redirects <= limits.maximumRedirects else { throw Fetcher.Error.tooManyRedirects }
                url = next
            }
        }
    }

    /// What one request ended with.
    enum Hop {
        case done(Response)
        case redirect(URL)
    }

    /// One request on an already checked address.
    static func hop(_ url: URL, _ limits: Limits, _ sink: Sink, _ progress: Progress, client: HTTPClient)
        async throws -> Hop
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "ImageGallery/0.1 (+self-hosted image gallery)")
        request.headers.add(
            name: "Accept", value: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5")
        let response: HTTPClientResponse
        do {
            response = try await client.execute(
                request, timeout: .seconds(Int64(limits.deadline.components.seconds) + 1))
        } catch let error as HTTPClientError
            where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout
        {
            throw Fetcher.Error.timedOut
        } catch is CancellationError {
            throw Fetcher.Error.timedOut
        } catch {
            throw Fetcher.Error.connectionFailed(String(describing: error))
        }
        let status = Int(response.status.code)
        if (300..<400).contains(status), status != 304 {
            guard let location = response.headers.first(name: "location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            else { throw Fetcher.Error.httpStatus(status) }
            return .redirect(next)
        }
        guard (200..<300).contains(status) else { throw Fetcher.Error.httpStatus(status) }
        let declared = response.headers.first(name: "content-length").flatMap { Int64($0) }
        if let declared, declared > limits.maximumBytes { throw Fetcher.Error.tooLarge }
        var received: Int64 = 0
        progress(0, declared)
        do {
            for try await buffer in response.body {
                received += Int64(buffer.readableBytes)
                guard received <= limits.maximumBytes else { throw Fetcher.Error.tooLarge }
                try await sink(Array(buffer.readableBytesView))
                progress(received, declared)
            }
        } catch is Fetcher.StopReading {
            // The sink has what it wants; the rest of the body is never read.
        } catch let error as Fetcher.Error {
            throw error
        } catch let error as HTTPClientError where error == .readTimeout || error == .deadlineExceeded {
            throw Fetcher.Error.timedOut
        } catch is CancellationError {
            throw Fetcher.Error.timedOut
        }
        return .done(
            Response(finalURL: url, contentType: response.headers.first(name: "content-type"), byteCount: received))
    }
}

/// Runs `operation`, cancelling it and throwing `Fetcher.Error.timedOut` when `deadline` passes first.
func withDeadline<T: Sendable>(_ deadline: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws
    -> T
{
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: deadline)
            throw Fetcher.Error.timedOut
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw Fetcher.Error.timedOut }
        return first
    }
}
