import Foundation

// Where the copies browsers play of stored videos live: beside the posters, `thumbnails/<hash>-playable.mp4`.
extension ThumbnailService {
    /// Where the copy browsers play of a video lives (whether or not it exists). The hash must be validated.
    func playableCopyURL(hash: String) -> URL {
        URL(fileURLWithPath: playableCopyPath(hash: hash), isDirectory: false)
    }

    /// The path of ``playableCopyURL(hash:)``.
    func playableCopyPath(hash: String) -> String {
        "\(folderPath)/\(hash)-playable.mp4"
    }
}
