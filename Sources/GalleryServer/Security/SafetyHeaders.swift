import HTTPTypes

/// The headers on every answer, errors included, whichever path answered it (the router's request guard, or the
/// media files' lean path).
enum SafetyHeaders {
    /// The pages' Content Security Policy: no inline script, no framing.
    static var pagePolicy: String {
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")
    private static let frameOptions = HTTPField.Name("X-Frame-Options")

    /// `nosniff`, no referrer, no framing on everything; the page policy on every HTML answer.
    static func add(to headers: inout HTTPFields) {
        headers[.xContentTypeOptions] = "nosniff"
        if let referrerPolicy { headers[referrerPolicy] = "no-referrer" }
        if let frameOptions { headers[frameOptions] = "DENY" }
        if let type = headers[.contentType], type.lowercased().hasPrefix("text/html"),
            headers[.contentSecurityPolicy] == nil
        {
            headers[.contentSecurityPolicy] = pagePolicy
        }
    }
}
