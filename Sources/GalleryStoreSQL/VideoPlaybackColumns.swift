import GalleryCore

/// How the blob table keeps a video's ``VideoPlayback``: `videoCodec`, `videoCopy` (`wanted`, `made`, `failed`; NULL
/// when browsers play the original) and `playableSeconds`; `videoCopy` is `unread` for a video stored before its codec
/// was read, until the check at start reads it. Images have NULL in all three.
public enum VideoPlaybackColumns {
    /// The state of a video whose codec is not read yet.
    static let unread = "unread"

    /// The columns' values for a stored file: a video's playback, or NULLs.
    static func written(_ playback: VideoPlayback?) -> SQLArguments {
        [playback?.codec, playback?.copy?.rawValue, playback?.playableSeconds]
    }

    /// What `INSERT … ON CONFLICT(hash) DO UPDATE SET` keeps of them: the playback recorded first (its copy's state
    /// changes only through the store's `recordVideoPlayback`), unless it was never read.
    static let keptOnConflict = """
        videoCodec = CASE WHEN blob.videoCopy = '\(unread)' THEN excluded.videoCodec ELSE blob.videoCodec END,
          videoCopy = CASE WHEN blob.videoCopy = '\(unread)' THEN excluded.videoCopy ELSE blob.videoCopy END,
          playableSeconds = CASE WHEN blob.videoCopy = '\(unread)' THEN excluded.playableSeconds
            ELSE blob.playableSeconds END
        """

    /// The playback the columns (read as `videoCodec`, `videoCopy` and `playableSeconds`) hold; nil when no codec is
    /// recorded.
    static func read(_ row: SQLRow) -> VideoPlayback? {
        guard let codec: String = row["videoCodec"] else { return nil }
        let copy: String? = row["videoCopy"]
        return VideoPlayback(
            codec: codec, copy: copy.flatMap(VideoPlayback.Copy.init(rawValue:)),
            playableSeconds: row["playableSeconds"])
    }

    /// The statements of the migration that adds the columns (with its engine's column types): videos stored before
    /// are `unread`, so that the check at start finds them by the index of what is still to be done.
    public static func migration(text: String, real: String) -> [String] {
        [
            "ALTER TABLE blob ADD COLUMN videoCodec \(text)",
            """
            ALTER TABLE blob ADD COLUMN videoCopy \(text)
              CHECK (videoCopy IN ('\(unread)', 'wanted', 'made', 'failed'))
            """,
            "ALTER TABLE blob ADD COLUMN playableSeconds \(real)",
            "UPDATE blob SET videoCopy = '\(unread)' WHERE mimeType LIKE 'video/%'",
            "CREATE INDEX blob_video_copy ON blob(videoCopy) WHERE videoCopy IS NOT NULL",
        ]
    }
}
