import Foundation
import GalleryCore
import Thumbnails

/// Thumbnails turned as a person turned an item (``ItemOrientation``): `<hash>-<width>-<turn>.webp` beside the upright
/// `<hash>-<width>.webp` (``MediaPath/turnName(_:)``), so the page draws a turned image from a turned file, not with a
/// CSS transform. Like every thumbnail they belong to the bytes, not to an item: every item holding those bytes and
/// turned alike shares them.
///
/// A turned copy is made when it is first asked for, not when the turn is applied: a turn stays one database write
/// that touches no file (undone, redone or turned on at once, it makes nothing), only the widths a browser picks are
/// made, and a copy that is missing (deleted, or an image turned before there were turned copies) comes back by itself.
/// It is made from the upright copy of the same width, never from the original: a WebP at most 2,048 pixels wide,
/// mirrored and turned by libvips (pixels moved, not resampled), on the hash's queue with the hash's other work, so
/// at most one a core at once. There are at most seven per width (``ItemOrientation/allTurned``).
extension ThumbnailService {
    /// The path of the thumbnail of a hash and width turned as `orientation` (whether or not it exists; for upright,
    /// the upright copy's). The hash must be validated.
    func turnedCopyPath(hash: String, width: Int, orientation: ItemOrientation) -> String {
        guard let turn = MediaPath.turnName(orientation) else { return filePath(hash: hash, width: width) }
        return "\(folderPath)/\(hash)-\(width)-\(turn).webp"
    }

    /// Makes the thumbnail of a hash and width turned as `orientation` from its upright copy, unless it exists; returns
    /// once it is written, or could not be (no upright copy, libvips missing, a copy it cannot read: logged). Requests
    /// for the same copy at once wait for the one making it.
    func makeTurnedCopy(hash: String, width: Int, orientation: ItemOrientation) async {
        let path = turnedCopyPath(hash: hash, width: width, orientation: orientation)
        let upright = filePath(hash: hash, width: width)
        guard isEnabled, orientation != .upright, !FileManager.default.fileExists(atPath: path),
            FileManager.default.fileExists(atPath: upright)
        else { return }
        let making = turnsInFlight.withLock { inFlight in
            if let making = inFlight[path] { return making }
            let making = Task { [self] in
                let made = await onLane(hash) { [self] () throws(Thumbnailer.Error) in
                    // Made meanwhile by a job that ended before this one was asked for.
                    guard !FileManager.default.fileExists(atPath: path) else { return }
                    let turned = try Thumbnailer.turn(
                        try read(URL(fileURLWithPath: upright)), quarterTurns: orientation.quarterTurns,
                        mirrored: orientation.mirrored)
                    try written(turned.data, to: URL(fileURLWithPath: path))
                }
                if case .failure(let error) = made, error != .unavailable {
                    logger.warning("turned thumbnail \(hash)-\(width): \(error)")
                }
                _ = turnsInFlight.withLock { $0.removeValue(forKey: path) }
            }
            inFlight[path] = making
            return making
        }
        await making.value
    }
}
