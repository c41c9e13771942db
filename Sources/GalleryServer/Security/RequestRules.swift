import Foundation
import GalleryCore
import HTTPTypes
import SafeFetch

/// The rules every request meets before any handler runs, as pure functions of its method, path and headers: only
/// this server's own names (no DNS rebinding), no control characters in paths, and no state change that another
/// website could have sent through the user's browser.
struct RequestRules: Sendable {
    /// Host names (lower case, without port) besides IP literals and `localhost` that name this server.
    var allowedHosts: Set<String>

    /// Why the request is refused, or nil if it may go on.
    /// - Parameter authority: the `Host` header (HTTP/1) or `:authority` (HTTP/2).
    func refusal(method: HTTPRequest.Method, path: String, authority: String?, headers: HTTPFields) -> Refusal? {
        hostRefusal(authority) ?? refusalOnThisHost(method: method, path: path, authority: authority, headers: headers)
    }

    /// Why a request whose `Host` names this server (``hostRefusal(_:)`` is nil) is refused, or nil if it may go on.
    func refusalOnThisHost(method: HTTPRequest.Method, path: String, authority: String?, headers: HTTPFields)
        -> Refusal?
    {
        if Self.hasControlCharacter(path) {
            return Refusal(status: .badRequest, message: "The path holds a control character.")
        }
        guard Self.changesState(method) else { return nil }
        if let refusal = crossSiteRefusal(authority: authority, headers: headers) { return refusal }
        return Self.contentTypeRefusal(method: method, path: path, contentType: headers[.contentType])
    }

    /// Why a WebSocket upgrade is refused (foreign name, foreign or `null` Origin, cross-site), or nil.
    func upgradeRefusal(authority: String?, headers: HTTPFields) -> Refusal? {
        hostRefusal(authority) ?? crossSiteRefusal(authority: authority, headers: headers)
    }

    /// Refuses a `Host` that does not name this server (421).
    func hostRefusal(_ authority: String?) -> Refusal? {
        guard let host = authority, !isAllowed(host: host) else { return nil }
        return Refusal(
            status: .misdirectedRequest,
            message:
                "This server does not answer to the name '\(host.prefix(100))'. Start it with --allowed-host to add a name."
        )
    }

    /// A refusal: status and message.
    struct Refusal: Equatable {
        var status: HTTPResponse.Status
        var message: String
    }

    /// Whether a `Host` header names this server: an IP literal (a page can only reach one by its own address, so
    /// rebinding cannot use it), `localhost`, or an allowed name; any port.
    func isAllowed(host header: String) -> Bool {
        let name = Self.hostName(header).lowercased()
        if name.isEmpty { return false }
        if name == "localhost" || allowedHosts.contains(name) { return true }
        return IPAddress(name) != nil
    }

    /// The host part of a `Host` header or an origin's authority: `[::1]:8080` → `::1`, `a.b:80` → `a.b`.
    static func hostName(_ authority: String) -> String {
        // ASCII (every name a browser sends): the same, by bytes.
        if authority.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = authority.utf8
            if bytes.first == UInt8(ascii: "[") {
                guard let end = bytes.firstIndex(of: UInt8(ascii: "]")) else { return "" }
                return String(Substring(bytes[bytes.index(after: bytes.startIndex)..<end]))
            }
            if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) { return String(Substring(bytes[..<colon])) }
            return authority
        }
        if authority.hasPrefix("[") {
            guard let end = authority.firstIndex(of: "]") else { return "" }
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        if let colon = authority.lastIndex(of: ":") { return String(authority[..<colon]) }
        return authority
    }

    /// Refuses an `Origin` that is not this server's own (`null` included) and `Sec-Fetch-Site: cross-site`.
    func crossSiteRefusal(authority: String?, headers: HTTPFields) -> Refusal? {
        if headers.value(named: "Sec-Fetch-Site") == "cross-site" {
            return Refusal(status: .forbidden, message: "Requests from other websites are refused.")
        }
        guard let origin = headers[.origin] else { return nil }
        if let authority, Self.isSocketClientOrigin(origin, of: authority) { return nil }
        guard let host = authority, let originAuthority = Self.authority(ofOrigin: origin),
            originAuthority.lowercased() == host.lowercased()
        else {
            return Refusal(status: .forbidden, message: "Requests from other websites are refused.")
        }
        return nil
    }

    /// `https://a.b:8080` → `a.b:8080`; nil for `null` or anything that is not an http(s) origin.
    static func authority(ofOrigin origin: String) -> String? {
        for scheme in ["http://", "https://"] where origin.lowercased().hasPrefix(scheme) {
            let rest = origin.dropFirst(scheme.count)
            guard !rest.isEmpty, !rest.contains("/") else { return nil }
            return String(rest)
        }
        return nil
    }

    /// Whether `origin` is what WebSocket client libraries send (`ws://host`, for this server's host): browsers only
    /// ever send `http(s)` origins or `null`, so this is never a page of another site.
    static func isSocketClientOrigin(_ origin: String, of authority: String) -> Bool {
        let lower = origin.lowercased()
        guard let scheme = ["ws://", "wss://"].first(where: lower.hasPrefix) else { return false }
        let rest = String(lower.dropFirst(scheme.count))
        return !rest.contains("/") && !rest.contains(",") && hostName(rest) == hostName(authority.lowercased())
    }

    /// Whether the method can change state (anything but GET, HEAD and OPTIONS).
    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options].contains(method)
    }

    /// State changes must say they send JSON — a type no other website can send without a CORS preflight, which
    /// this server never grants — except uploads, which may send any type a form or a plain `fetch` cannot, and a
    /// gallery archive's import, which sends `application/zip`.
    static func contentTypeRefusal(method: HTTPRequest.Method, path: String, contentType: String?) -> Refusal? {
        let type =
            (contentType ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        if type == "application/json" { return nil }
        if method == .put, isUploadPath(path), !type.isEmpty, !formTypes.contains(type) { return nil }
        if method == .post, path == importPath {
            if type == "application/zip" { return nil }
            return Refusal(
                status: .unsupportedMediaType, message: "Send the gallery archive with 'Content-Type: application/zip'."
            )
        }
        return Refusal(
            status: .unsupportedMediaType,
            message: "Requests that change something must send 'Content-Type: application/json'.")
    }

    /// The types an HTML form or a no-CORS `fetch` from another site can send.
    static let formTypes: Set<String> = ["text/plain", "multipart/form-data", "application/x-www-form-urlencoded"]

    /// Where a gallery archive is imported.
    static let importPath = "/api/galleries/import"

    /// `/api/items/{id}/content`: the upload of a file's bytes.
    static func isUploadPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[1] == "api" && parts[2] == "items" && parts[4] == "content"
    }

    /// Whether a path (raw or percent-decoded) holds NUL or another control character.
    static func hasControlCharacter(_ path: String) -> Bool {
        // One pass over the bytes: a control character as it is, or percent-encoded (`%00`…`%1F`, `%7F`: nothing else
        // decodes to one).
        func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes = path.utf8.makeIterator()
        while let byte = bytes.next() {
            if isControl(byte) { return true }
            guard byte == UInt8(ascii: "%") else { continue }
            guard let high = bytes.next() else { return false }
            if isControl(high) { return true }
            guard let low = bytes.next() else { return false }
            if isControl(low) { return true }
            if let high = hexValue(high), let low = hexValue(low), isControl(high << 4 | low) { return true }
        }
        return false
    }
}

extension HTTPFields {
    /// The value of a header given by its name.
    func value(named name: String) -> String? {
        HTTPField.Name(name).flatMap { self[$0] }
    }

    /// Sets a header given by its name.
    mutating func set(_ name: String, _ value: String) {
        if let field = HTTPField.Name(name) { self[field] = value }
    }
}
