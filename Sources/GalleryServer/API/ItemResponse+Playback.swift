import GalleryCore

// How the page plays a video: the original when browsers play it, else the copy made of it (H.264 and AAC in MP4)
// once there is one; until then, or when there can be none, the page says it cannot be played in the browser and
// offers the original's file (`videoURL`, which is also what a drag out or a download carries).
extension ItemResponse {
    /// What playing a video is like now.
    enum Playback: String, Codable, Equatable {
        /// Browsers play the original: `playbackURL` is `videoURL`.
        case original
        /// Browsers do not play the original; its copy is made: `playbackURL` is the copy.
        case copy
        /// Browsers do not play the original; its copy is being made (or waits its turn), with `progress`.
        case converting
        /// Browsers do not play the original and no copy will be made (ffmpeg is not installed, or could not make
        /// it): no `playbackURL`, only the file.
        case unplayable
    }

    /// Sets `playback`, `playbackURL`, `videoCodec` and `playableSeconds` of a ready video (a video stored before codecs
    /// were read plays its original, as it did, until the check at start reads its codec); `canMakeCopies` when ffmpeg
    /// is installed; `progress` that of its copy being made.
    mutating func describePlayback(of item: Item, canMakeCopies: Bool, progress: ProgressBoard.Entry?) {
        guard item.kind == .video, item.state == .ready, let hash = item.blobHash, let videoURL else { return }
        let facts = item.videoPlayback
        videoCodec = facts?.codec
        playableSeconds = facts?.playableSeconds
        switch facts?.copy {
        case nil:
            playback = .original
            playbackURL = videoURL
        case .made:
            playback = .copy
            playbackURL = MediaPath.playableCopy(hash: hash)
        case .wanted where canMakeCopies:
            playback = .converting
            self.progress = progress
        case .wanted, .failed:
            playback = .unplayable
        }
    }
}
