import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Resolver {
    /// The system resolver (getaddrinfo), run off the cooperative thread pool.
    public static let system = Resolver { host in
        if let literal = IPAddress(hostSpelling: host) { return [literal] }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try lookUp(host) })
            }
        }
    }

    static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else {
            throw Resolver.Error.hostNotFound
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let sockaddr = info.pointee.ai_addr {
                if info.pointee.ai_family == AF_INET {
                    let address = sockaddr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    let bytes = withUnsafeBytes(of: address) { Array($0) }
                    if let ip = IPAddress(bytes: bytes) { addresses.append(ip) }
                } else if info.pointee.ai_family == AF_INET6 {
                    let address = sockaddr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        $0.pointee.sin6_addr
                    }
                    let bytes = withUnsafeBytes(of: address) { Array($0) }
                    if let ip = IPAddress(bytes: bytes) { addresses.append(ip) }
                }
            }
            cursor = info.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw Resolver.Error.hostNotFound }
        return addresses
    }
}
