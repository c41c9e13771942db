/// Turns a host name into addresses. The interface; the live one is ``Resolver/system``.
public struct Resolver: Sendable {
    /// Why a name did not resolve.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// No address for the name.
        case hostNotFound
    }

    /// Resolves a host name (or an address literal) to its addresses.
    public var resolve: @Sendable (_ host: String) async throws -> [IPAddress]

    /// Makes a resolver from its implementation.
    public init(resolve: @escaping @Sendable (String) async throws -> [IPAddress]) {
        self.resolve = resolve
    }

    /// A resolver with fixed answers, for tests; unknown names are not found.
    public static func fixed(_ table: [String: [IPAddress]]) -> Resolver {
        Resolver { host in
            if let literal = IPAddress(hostSpelling: host) { return [literal] }
            guard let addresses = table[host.lowercased()], !addresses.isEmpty else { throw Error.hostNotFound }
            return addresses
        }
    }
}
