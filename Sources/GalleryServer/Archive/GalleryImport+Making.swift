import Foundation
import GalleryCore

// Making the gallery of a checked manifest whose files are kept, a batch of items at a time.
extension GalleryImport {
    /// How many items are made at a time: what an import holds at its peak is mostly one batch's entries, drafts,
    /// items and events (about 10 KB an item), so a smaller batch keeps the server nearer its memory at rest (a batch
    /// of 1,000 peaked at 1.31× the memory at rest importing 200,000 items, one of 250 at 1.20×).
    static let batchSize = 250

    /// Makes the gallery of a checked manifest whose files are kept: its items in order (ready ones with their
    /// files, notes with their text, links with their page, preview and site icon; items that were still loading, or had
    /// failed, load again from their source, and are left out without one) and their places on the board —
    /// ``batchSize`` items at a time, read from `items`: inserted in one transaction, made ready in another, placed in
    /// a third.
    func make(
        _ head: GalleryManifest.Head, items: ManifestSpool, files: [String: StoredImage],
        skipped: LeftOut = LeftOut(limit: maximumSkippedLines), progress: Progress
    ) async throws -> Summary {
        let gallery = try await store.createGallery(named: head.name)
        do {
            _ = try await store.updateGallery(gallery.id, name: nil, imagesPerRow: head.imagesPerRow, view: head.view)
            var skipped = skipped
            var count = 0
            var added = 0
            var loading = 0
            let reader = try ManifestSpool.Reader(items)
            while case let batch = try reader.next(upTo: Self.batchSize), !batch.isEmpty {
                var chosen: [(entry: GalleryManifest.Entry, draft: ItemDraft)] = []
                for (offset, entry) in batch.enumerated() {
                    if let draft = draft(for: entry, files: files) {
                        chosen.append((entry, draft))
                    } else {
                        skipped.append(
                            "Item \(count + offset + 1), '\(entry.title)', was \(entry.state.rawValue) without a source"
                                + " to load it from: left out.")
                    }
                }
                count += batch.count
                let inserted = try await store.insertPendingItems(chosen.map(\.draft), into: gallery.id, at: .end)
                let settlements = zip(chosen, inserted).compactMap { pair, item in
                    settlement(of: item, as: pair.entry, files: files)
                }
                let settled = Set(try await store.settle(settlements).map(\.id))
                added += inserted.count
                loading += inserted.count { $0.state == .pending && !settled.contains($0.id) }
                let placed = zip(chosen, inserted).compactMap { pair, item in pair.entry.board.map { (item.id, $0) } }
                if !placed.isEmpty { _ = try await store.placeItems(placed, in: gallery.id) }
                progress("adding", count, items.count)
            }
            // Videos browsers do not play get their copies in the background.
            if files.values.contains(where: { $0.videoPlayback?.copy == .wanted }) { ingestion.videoCopies.wake() }
            // Images are read for their text, in the background too.
            if files.values.contains(where: { $0.kind == .image }) { ingestion.imageText.wake() }
            return Summary(
                gallery: try await store.gallery(gallery.id), items: added, loading: loading,
                files: Set(files.values.map(\.hash)).count, skipped: skipped.said)
        } catch {
            // Not left half made: the gallery goes to the trash of galleries.
            _ = try? await store.trashGallery(gallery.id)
            throw error
        }
    }

    /// How an entry becomes an item: ready ones with their files, notes with their text, links with their page;
    /// items that were still loading, or had failed, load again from their source. Nil for one without a source.
    func draft(for entry: GalleryManifest.Entry, files: [String: StoredImage]) -> ItemDraft? {
        guard var draft = bareDraft(for: entry, files: files) else { return nil }
        // A note's title is the one written, not only its first line; the caption and tags in their kept form (the
        // entry's were checked already).
        if entry.kind == .note, let title = try? ItemDescription.validatedTitle(entry.title) { draft.title = title }
        if let caption = try? entry.caption.map(ItemDescription.validatedCaption), !caption.isEmpty {
            draft.caption = caption
        }
        draft.tags = (try? ItemDescription.validatedTags(entry.tags ?? [])) ?? []
        return draft
    }

    private func bareDraft(for entry: GalleryManifest.Entry, files: [String: StoredImage]) -> ItemDraft? {
        let ready = entry.state == .ready
        switch entry.kind {
        case .note:
            return ItemDraft(note: entry.text ?? "")
        case .link where ready:
            return ItemDraft(origin: .remote, sourceURL: entry.sourceURL, title: entry.title)
        case .image, .video, .link:
            if ready, let file = entry.file, files[file] != nil {
                return ItemDraft(origin: .upload, sourceURL: entry.sourceURL, title: entry.title)
            }
            return entry.sourceURL.map { ItemDraft(origin: .remote, sourceURL: $0, title: entry.title) }
        }
    }

    /// What makes a new item what its entry says, when its file or page is there; nil leaves it as it is (a note is
    /// ready already; an item to load again stays pending).
    func settlement(of item: Item, as entry: GalleryManifest.Entry, files: [String: StoredImage]) -> Settlement? {
        guard entry.state == .ready, item.state == .pending else { return nil }
        let stored = entry.file.flatMap { files[$0] }
        if entry.kind == .link {
            let page = LinkDetails(title: entry.title, description: entry.pageDescription, siteName: entry.siteName)
            return .link(item.id, page, preview: stored, siteIcon: entry.siteIcon.flatMap { files[$0] })
        }
        return stored.map { .file(item.id, $0) }
    }
}
