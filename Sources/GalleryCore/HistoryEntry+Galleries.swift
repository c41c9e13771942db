extension HistoryEntry {
    /// Every gallery the entry names: where its items were and went, where its runs were and went, whose board it
    /// arranged. Undoing or redoing it can change any of them, so the person must still be allowed to change each.
    public var galleries: Set<GalleryID> {
        var galleries = Set<GalleryID>()
        for step in items {
            galleries.insert(step.before.galleryID)
            galleries.insert(step.after.galleryID)
        }
        for run in runs {
            galleries.insert(run.galleryID)
            if let span = run.movedTo { galleries.insert(span.galleryID) }
        }
        for step in positions { galleries.insert(step.galleryID) }
        return galleries
    }
}
