import Foundation

/// What the first image file directory (IFD0) of a TIFF structure says about the image.
struct TIFFDirectory {
    /// ImageWidth (tag 256), SHORT or LONG.
    var width: Int?
    /// ImageLength (tag 257), SHORT or LONG.
    var height: Int?
    /// Orientation (tag 274) as stored, 0 when its type is unexpected; range not checked.
    var orientation: Int?
    /// False when the entries ran out of bytes before all were read (or all three tags found).
    var isComplete: Bool
}

extension ImageProbe {
    /// TIFF (classic or BigTIFF): "II" or "MM", then ImageWidth, ImageLength and Orientation from IFD0, the first
    /// page. An orientation of 5...8 swaps the reported width and height. IFD0 may lie anywhere in the file (often
    /// after the image data), so the whole file should be at hand.
    static func probeTIFF(_ bytes: ProbeBytes) throws(ImageProbe.Error) -> ImageInfo {
        guard let directory = tiffFirstDirectory(bytes, tiffStart: 0, end: bytes.count),
            let width = directory.width, let height = directory.height,
            directory.orientation != nil || directory.isComplete
        else {
            throw .truncated
        }
        guard width > 0, height > 0 else { throw .invalidDimensions }
        let orientation = directory.orientation.flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
        let swapped = (5...8).contains(orientation)
        return ImageInfo(
            format: .tiff, width: swapped ? height : width, height: swapped ? width : height,
            orientation: orientation)
    }

    /// Reads IFD0 of a TIFF header lying in `tiffStart..<end` (``TIFFStructure``), keeping the first ImageWidth,
    /// ImageLength and Orientation entries. Nil when the header is not a TIFF header, or the directory lies outside
    /// the bytes. At most ``TIFFStructure/maximumEntries`` entries are read.
    static func tiffFirstDirectory(_ bytes: ProbeBytes, tiffStart: Int, end: Int) -> TIFFDirectory? {
        guard let tiff = TIFFStructure(bytes, start: tiffStart, end: end), let ifd = tiff.firstDirectory else {
            return nil
        }
        var directory = TIFFDirectory(isComplete: false)
        let (entries, isComplete) = tiff.entries(ofDirectoryAt: ifd)
        for entry in entries {
            guard let value = tiff.integer(entry) else { return directory }
            switch entry.tag {
            case 256 where directory.width == nil: directory.width = value
            case 257 where directory.height == nil: directory.height = value
            case 274 where directory.orientation == nil: directory.orientation = value
            default: break
            }
            if directory.width != nil, directory.height != nil, directory.orientation != nil { break }
        }
        directory.isComplete =
            isComplete
            || (directory.width != nil && directory.height != nil
                && directory.orientation != nil)
        return directory
    }
}
