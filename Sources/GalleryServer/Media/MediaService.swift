/// What the lean media path of every connection shares.
struct MediaService: Sendable {
    let library: MediaLibrary
    let rules: RequestRules
    let authenticator: Authenticator
    let metrics: ServerMetrics
}
