import Foundation

/// One item the destination will create from a drop, with the representation it chose.
public enum DropSource: Sendable, Equatable {
    /// The bytes come from the dropped file at `fileIndex`; `sourceURL` is where it came from if the drag also said so
    /// (an image dragged out of a web page in Chromium carries both the file and its URL).
    case file(fileIndex: Int, name: String, mimeType: String, size: Int64, sourceURL: URL?)
    /// A remote http(s) resource the server must fetch.
    case remote(URL)
    /// Bytes carried inline by a data: URL.
    case inline(data: Data, mimeType: String)
    /// Plain text that is not a link: a note, its text exactly as dropped.
    case text(String)
}
