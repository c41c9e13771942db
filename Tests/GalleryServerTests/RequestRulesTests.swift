import HTTPTypes
import Testing

@testable import GalleryServer

/// The pure rules of the request guard: which names the server answers to, which origins may change things, which
/// content types a change may have, which paths are refused.
@Suite("Request rules")
struct RequestRulesTests {
    let rules = RequestRules(allowedHosts: ["photos.home.arpa"])

    @Test func onlyThisServersNamesAndIPAddressesAreAnsweredSoRebindingFails() {
        for host in [
            "localhost", "localhost:8080", "127.0.0.1:8080", "[::1]:8080", "192.168.1.20", "photos.home.arpa:443",
            "PHOTOS.HOME.ARPA",
        ] {
            #expect(rules.isAllowed(host: host), "\(host)")
        }
        for host in ["attacker.example", "attacker.example:8080", "localhost.attacker.example", "127.0.0.1.nip.io", ""]
        {
            #expect(!rules.isAllowed(host: host), "\(host)")
        }
        let refused = rules.refusal(
            method: .get, path: "/api/galleries", authority: "rebind.attacker.example", headers: [:])
        #expect(refused?.status == .misdirectedRequest)
        #expect(refused?.message.contains("--allowed-host") == true)
    }

    @Test func aChangeMustComeFromThisOriginAndSayItIsJSON() {
        let json: HTTPFields = [.contentType: "application/json"]
        #expect(rules.refusal(method: .post, path: "/api/galleries", authority: "localhost:8080", headers: json) == nil)
        var same = json
        same[.origin] = "http://localhost:8080"
        #expect(rules.refusal(method: .post, path: "/api/galleries", authority: "localhost:8080", headers: same) == nil)
        for origin in [
            "null", "http://attacker.example", "http://localhost:8081", "file://", "http://localhost:8080/x",
        ] {
            var headers = json
            headers[.origin] = origin
            let refusal = rules.refusal(
                method: .post, path: "/api/galleries", authority: "localhost:8080", headers: headers)
            #expect(refusal?.status == .forbidden, "\(origin)")
        }
        var socketClient: HTTPFields = [:]
        socketClient[.origin] = "ws://localhost"
        #expect(rules.upgradeRefusal(authority: "localhost:8080", headers: socketClient) == nil)
        socketClient[.origin] = "ws://attacker.example"
        #expect(rules.upgradeRefusal(authority: "localhost:8080", headers: socketClient)?.status == .forbidden)
        var crossSite = json
        crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
        #expect(
            rules.refusal(method: .delete, path: "/x", authority: "localhost", headers: crossSite)?.status == .forbidden
        )
    }

    @Test func readingNeedsNoContentTypeButChangingDoes() {
        #expect(rules.refusal(method: .get, path: "/api/galleries", authority: "localhost", headers: [:]) == nil)
        for type in [
            nil, "text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data",
        ] {
            var headers: HTTPFields = [:]
            if let type { headers[.contentType] = type }
            let refusal = rules.refusal(method: .post, path: "/api/galleries", authority: "localhost", headers: headers)
            #expect(refusal?.status == .unsupportedMediaType, "\(type ?? "none")")
        }
        #expect(
            rules.refusal(
                method: .post, path: "/api/galleries", authority: "localhost",
                headers: [.contentType: "Application/JSON; charset=utf-8"]) == nil)
    }

    @Test func uploadsMaySendTheFilesOwnTypeButNotAFormsType() {
        let path = "/api/items/6f1c2d1e-0000-4000-8000-000000000000/content"
        for type in ["image/png", "application/octet-stream", "video/mp4"] {
            #expect(
                rules.refusal(method: .put, path: path, authority: "localhost", headers: [.contentType: type]) == nil)
        }
        for type in ["text/plain", "multipart/form-data"] {
            #expect(
                rules.refusal(method: .put, path: path, authority: "localhost", headers: [.contentType: type]) != nil)
        }
        #expect(
            rules.refusal(
                method: .post, path: "/api/galleries", authority: "localhost", headers: [.contentType: "image/png"])
                != nil)
    }

    @Test func pathsWithControlCharactersAreRefusedRawOrEncoded() {
        for path in ["/a\u{0}b", "/api/galleries%00", "/g/%0d%0a", "/x%7f", "/x%1b"] {
            #expect(RequestRules.hasControlCharacter(path), "\(path)")
        }
        for path in ["/api/galleries", "/g/caf%C3%A9", "/media/abc.png", "/a%20b"] {
            #expect(!RequestRules.hasControlCharacter(path), "\(path)")
        }
    }
}
