import DragAndDrop

extension GalleryManifest.Entry {
    /// The most characters of a failed item's reason (said in the archive, never used again).
    public static let maximumFailureLength = 1_000

    /// The most bytes one entry's JSON may take: every text field at its limit with each of its characters written
    /// as the longest JSON escape (12 bytes: a surrogate pair, `\uD83D\uDE00`), the address and file names at theirs
    /// (6 bytes a byte: `\u0041`), and 4 KB for the keys, the kind, the state and the board position. An entry past
    /// it breaks a limit whatever it holds, so a reader may refuse it before it has it whole.
    public static let maximumJSONBytes =
        12
        * (NoteText.maximumLength + ItemTitle.maximumLength + LinkDetails.maximumDescriptionLength
            + LinkDetails.maximumSiteNameLength + maximumFailureLength + ItemDescription.maximumCaptionLength
            + ItemDescription.maximumTags * ItemDescription.maximumTagLength) + 4 * ItemDescription.maximumTags
        + 6 * (WebAddress.maximumLength + 2 * ArchivePath.maximumLength) + 4_096

    /// The limit a field of an entry is held to, for a reader's message (by the field's JSON key).
    public static func limit(ofField key: String) -> String {
        switch key {
        case "title": "a title holds at most \(ItemTitle.maximumLength.grouped) characters"
        case "text": "a note holds at most \(NoteText.maximumLength.grouped) characters"
        case "pageDescription":
            "a link's description holds at most \(LinkDetails.maximumDescriptionLength.grouped) characters"
        case "siteName": "a link's site name holds at most \(LinkDetails.maximumSiteNameLength.grouped) characters"
        case "sourceURL": "an address holds at most \(WebAddress.maximumLength.grouped) bytes"
        case "file", "siteIcon": "a file name holds at most \(ArchivePath.maximumLength.grouped) bytes"
        case "failure": "a failure's reason holds at most \(maximumFailureLength.grouped) characters"
        default: "an item's entry takes at most \(maximumJSONBytes.grouped) bytes"
        }
    }

    /// Checks the entry, item `number` (from 1) of an archive holding the files `archiveFiles`, against the limits
    /// the API holds items to: its title, a note's text (``NoteText``), a link's description and site name
    /// (``LinkDetails``), its source address (``WebAddress``: http or https only), its failure's reason; its file is
    /// one the archive holds, a ready image or video has one, a note has its text, a link its page's address, and its
    /// board position is one a board may have.
    /// - Throws: ``GalleryError/invalid(_:)`` naming the item, the field and the limit.
    public func validated(number: Int, archiveFiles: Set<String>) throws(GalleryError) {
        let which = "Item \(number) of the archive"
        func check(_ text: String?, _ key: String, _ length: Int, counting count: (String) -> Int) throws(GalleryError)
        {
            guard let text else { return }
            let found = count(text)
            guard found <= length else {
                throw .invalid(
                    "\(which) ('\(String(title.prefix(40)))'): its \(key) has \(found.grouped) characters; "
                        + "\(Self.limit(ofField: key)). Nothing was imported.")
            }
        }
        try check(title, "title", ItemTitle.maximumLength) { $0.count }
        try check(pageDescription, "pageDescription", LinkDetails.maximumDescriptionLength) { $0.count }
        try check(siteName, "siteName", LinkDetails.maximumSiteNameLength) { $0.count }
        try check(failure, "failure", Self.maximumFailureLength) { $0.count }
        if let text {
            do { _ = try NoteText.validated(text) } catch { throw .invalid("\(which): \(error.message)") }
        }
        do {
            if let caption { _ = try ItemDescription.validatedCaption(caption) }
            if let tags { _ = try ItemDescription.validatedTags(tags) }
        } catch {
            throw .invalid("\(which): \(error.message)")
        }
        if let sourceURL, let problem = WebAddress.problem(with: sourceURL) {
            throw .invalid("\(which) has a sourceURL that is \(problem). Nothing was imported.")
        }
        for named in [file, siteIcon].compactMap({ $0 }) where !archiveFiles.contains(named) {
            throw .invalid("\(which) names the file '\(named)', which the archive does not hold.")
        }
        switch kind {
        case .note:
            guard text != nil else { throw .invalid("\(which) is a note without its text.") }
        case .image, .video:
            if state == .ready, file == nil {
                throw .invalid("\(which) is a ready \(kind.rawValue) without its file.")
            }
        case .link:
            guard sourceURL != nil else { throw .invalid("\(which) is a link without its page's address.") }
        }
        if let board {
            do { _ = try board.validated() } catch { throw .invalid("\(which): \(error.message)") }
        }
    }
}
