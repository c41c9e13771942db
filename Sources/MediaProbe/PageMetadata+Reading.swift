import DragAndDrop
import Foundation

extension PageMetadata {
    /// Reads the metadata of an HTML page from its first bytes.
    ///
    /// The bytes are decoded in the page's encoding (see ``PageEncoding/decode(_:contentType:)``), then scanned for
    /// `<title>`, `<meta>`, icon links (`<link rel="icon">`, `apple-touch-icon`…) and `<base href>`; tags inside comments, `<script>` and
    /// `<style>` are not seen. Character references are decoded, relative URLs resolved against `<base href>` (else
    /// `baseURL`), and only http and https URLs kept for the preview image. Never fails, and takes time linear in the
    /// input whatever it holds.
    /// - Parameters:
    ///   - bytes: the start of the page; all of it is read, so the caller bounds it (1 MB is plenty for a head).
    ///   - contentType: the `Content-Type` the server sent, whose `charset` wins over the page's `<meta>` (a byte order
    ///     mark wins over both).
    ///   - baseURL: the URL the page was finally fetched from.
    public static func read(_ bytes: some Collection<UInt8>, contentType: String?, baseURL: URL) -> PageMetadata {
        let text = PageEncoding.decode(Array(bytes), contentType: contentType)
        var scanner = TagScanner(bytes: Array(text.utf8))
        var head = PageHead()
        while let tag = scanner.nextTag() {
            head.take(tag)
        }
        return head.metadata(baseURL: baseURL)
    }
}
