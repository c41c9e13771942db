import Foundation
import GalleryCore

/// Decides from a stored file's container header whether a video is accepted, and what is stored about it.
public enum VideoAcceptance {
    /// The stored video for a file of `byteCount` bytes read through `read`, or the reason it is refused.
    public static func evaluate(
        byteCount: Int64, hash: String, limits: ImageLimits, read: @escaping VideoProbe.Read
    ) -> Result<StoredImage, FailureReason> {
        guard byteCount <= limits.maximumVideoBytes else {
            return .failure(.tooLarge(limitBytes: limits.maximumVideoBytes))
        }
        let info: VideoInfo
        do {
            info = try VideoProbe.probe(fileSize: byteCount, read: read)
        } catch let error as VideoProbe.Error {
            return .failure(reason(for: error))
        } catch {
            return .failure(.damagedVideo("it could not be read"))
        }
        // Every frame is decoded at this size: the pixel limit of images applies to each.
        let area = Int64(info.width).multipliedReportingOverflow(by: Int64(info.height))
        guard !area.overflow, area.partialValue <= limits.maximumPixels else {
            return .failure(.tooManyPixels(limitPixels: limits.maximumPixels))
        }
        return .success(
            StoredImage(
                hash: hash, mimeType: info.mimeType, width: info.width, height: info.height, byteCount: byteCount,
                durationSeconds: info.durationSeconds, videoPlayback: playback(of: info)))
    }

    /// How a video plays: a copy is wanted unless browsers commonly play its codec in its container (a codec the
    /// header does not name is copied too, to be sure).
    public static func playback(of info: VideoInfo) -> VideoPlayback {
        let plays = info.codec?.playsInBrowsers(as: info.mimeType) ?? false
        return VideoPlayback(
            codec: info.codec?.name ?? "unknown", copy: plays ? nil : .wanted, playableSeconds: info.playableSeconds)
    }

    /// The failure an item shows for a header that cannot be read.
    public static func reason(for error: VideoProbe.Error) -> FailureReason {
        switch error {
        case .notAVideo: .notAnImage
        case .truncated: .damagedVideo("the file ends before its header does")
        case .damaged(let why): .damagedVideo(why)
        }
    }

    /// The most bytes a file may have once its first bytes say what it is: a video's limit, else an image's.
    public static func limit(forHeader header: Data, limits: ImageLimits) -> Int64 {
        VideoProbe.container(ofHeader: header) == nil ? limits.maximumBytes : limits.maximumVideoBytes
    }
}
