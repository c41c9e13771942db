import HTTPTypes
import HummingbirdCore

/// A request the lean path may answer: a GET or HEAD of a media route, not asking for a protocol upgrade.
struct MediaRequest: Sendable {
    let head: HTTPRequest
    let uri: URI
    let route: MediaRoute
    let file: Substring
    let arrived: ContinuousClock.Instant

    init?(_ head: HTTPRequest) {
        guard head.method == .get || head.method == .head, head.headerFields[.upgrade] == nil else { return nil }
        let uri = URI(head.path ?? "")
        guard let (route, file) = MediaRoute.match(path: uri.path) else { return nil }
        self.head = head
        self.uri = uri
        self.route = route
        self.file = file
        arrived = .now
    }
}
