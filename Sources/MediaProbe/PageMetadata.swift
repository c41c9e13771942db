import Foundation

/// What a web page says about itself for a link preview: its title, description, site name and preview image.
///
/// Read by ``read(_:contentType:baseURL:)`` from the page's bytes; every field is `nil` when the page does not say.
public struct PageMetadata: Sendable, Equatable {
    /// `og:title`, else the document's `<title>`; whitespace collapsed.
    public var title: String?
    /// `og:description`, else `<meta name="description">`; whitespace collapsed.
    public var description: String?
    /// `og:site_name`; whitespace collapsed.
    public var siteName: String?
    /// The absolute http(s) URL of the preview image: `og:image`, else `twitter:image`, else the largest
    /// `apple-touch-icon`.
    public var previewImageURL: URL?
    /// The absolute http(s) URL of the site's icon, for a card without a preview image: the best raster icon its
    /// `<link rel="icon">`, `shortcut icon` and `apple-touch-icon` name (a declared side of 32 to 256 pixels first, the
    /// largest; never an SVG), else `/favicon.ico` of the page's origin.
    public var siteIconURL: URL?

    /// Makes page metadata.
    public init(
        title: String? = nil, description: String? = nil, siteName: String? = nil, previewImageURL: URL? = nil,
        siteIconURL: URL? = nil
    ) {
        self.title = title
        self.description = description
        self.siteName = siteName
        self.previewImageURL = previewImageURL
        self.siteIconURL = siteIconURL
    }
}
