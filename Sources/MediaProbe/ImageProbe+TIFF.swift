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
    /// The most IFD entries looked at; real directories hold a few dozen.
    static let maximumTIFFEntries = 1_024

    /// TIFF: "II*\0" or "MM\0*", then ImageWidth, ImageLength and Orientation from IFD0.
    /// An orientation of 5...8 swaps the reported width and height.
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

    /// Reads IFD0 of a TIFF header ("II" or "MM", 42, IFD offset) lying in `tiffStart..<end`, keeping
    /// the first ImageWidth, ImageLength and Orientation entries. Nil when the header is not a TIFF
    /// header, or the directory lies outside the bytes. At most ``maximumTIFFEntries`` entries are read.
    static func tiffFirstDirectory(_ bytes: ProbeBytes, tiffStart: Int, end: Int) -> TIFFDirectory? {
        let littleEndian: Bool
        if bytes.matches([0x49, 0x49], at: tiffStart) {
            littleEndian = true
        } else if bytes.matches([0x4D, 0x4D], at: tiffStart) {
            littleEndian = false
        } else {
            return nil
        }
        func inside(_ offset: Int, _ length: Int) -> Bool { offset >= tiffStart && offset + length <= end }
        func u16(_ offset: Int) -> Int? {
            guard inside(offset, 2) else { return nil }
            return littleEndian ? bytes.u16le(offset) : bytes.u16be(offset)
        }
        func u32(_ offset: Int) -> Int? {
            guard inside(offset, 4) else { return nil }
            return littleEndian ? bytes.u32le(offset) : bytes.u32be(offset)
        }
        guard u16(tiffStart + 2) == 42, let ifdOffset = u32(tiffStart + 4), ifdOffset >= 8,
            ifdOffset < end - tiffStart
        else {
            return nil
        }
        let ifd = tiffStart + ifdOffset
        var directory = TIFFDirectory(isComplete: false)
        guard let entryCount = u16(ifd) else { return directory }
        for index in 0..<min(entryCount, maximumTIFFEntries) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { return directory }
            let value: Int?
            switch type {
            case 3: value = u16(entry + 8)  // SHORT, left-justified in the value field.
            case 4: value = u32(entry + 8)  // LONG.
            default: value = 0
            }
            guard let value else { return directory }
            switch tag {
            case 256 where directory.width == nil: directory.width = value
            case 257 where directory.height == nil: directory.height = value
            case 274 where directory.orientation == nil: directory.orientation = value
            default: break
            }
            if directory.width != nil, directory.height != nil, directory.orientation != nil { break }
        }
        directory.isComplete = true
        return directory
    }
}
