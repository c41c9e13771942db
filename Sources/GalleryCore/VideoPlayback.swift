/// How a stored video plays in browsers: the codec its header names, the copy browsers play made of it when they do
/// not commonly play that codec (HEVC, ProRes, Motion JPEG, MPEG-4 Part 2 …), and how much of it can be played when
/// its data is cut short. Recorded with the stored file, once per hash.
public struct VideoPlayback: Sendable, Equatable, Codable {
    /// The state of a video's copy in H.264 and AAC in MP4.
    public enum Copy: String, Sendable, Equatable, Codable, CaseIterable {
        /// Browsers do not play the original: a copy is to be made (when ffmpeg is installed).
        case wanted
        /// The copy is made: the page plays it, and the original is kept for downloads and drags out.
        case made
        /// ffmpeg could not make it (the file is damaged, or took longer than allowed): the original is offered.
        case failed
    }

    /// The codec's name as MediaProbe tells it: `h264`, `hevc`, `prores`, `mjpeg`, `mpeg4`, `vp9`, `av1` …
    public var codec: String
    /// The copy's state; nil when browsers play the original as it is.
    public var copy: Copy?
    /// When the file's header is whole but its data is cut short: the seconds of video that can be played.
    public var playableSeconds: Double?

    /// Makes a value.
    public init(codec: String, copy: Copy? = nil, playableSeconds: Double? = nil) {
        self.codec = codec
        self.copy = copy
        self.playableSeconds = playableSeconds
    }
}
