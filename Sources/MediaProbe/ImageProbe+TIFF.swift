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

    /// Reads IFD0 of a TIFF header lying in `tiffStart..<end` — classic ("II" or "MM", 42, a 32-bit IFD offset; 12-byte
    /// entries) or BigTIFF (43, offset size 8, a 64-bit IFD offset; 20-byte entries) — keeping the first ImageWidth,
    /// ImageLength and Orientation entries. Nil when the header is not a TIFF header, or the directory lies outside
    /// the bytes. At most ``maximumTIFFEntries`` entries are read.
    static func tiffFirstDirectory(_ bytes: ProbeBytes, tiffStart: Int, end: Int) -> TIFFDirectory? {
        let littleEndian: Bool
        if bytes.matches([0x49, 0x49], at: tiffStart) {
            littleEndian = true
        } else if bytes.matches([0x4D, 0x4D], at: tiffStart) {
            littleEndian = false
        } else {
            return nil
        }
        func inside(_ offset: Int, _ length: Int) -> Bool {
            offset >= tiffStart && length <= end - offset
        }
        func u16(_ offset: Int) -> Int? {
            guard inside(offset, 2) else { return nil }
            return littleEndian ? bytes.u16le(offset) : bytes.u16be(offset)
        }
        func u32(_ offset: Int) -> Int? {
            guard inside(offset, 4) else { return nil }
            return littleEndian ? bytes.u32le(offset) : bytes.u32be(offset)
        }
        /// A 64-bit value, nil when it does not fit in 62 bits (no offset or size in memory is that large).
        func u64(_ offset: Int) -> Int? {
            guard let first = u32(offset), let second = u32(offset + 4) else { return nil }
            let (low, high) = littleEndian ? (first, second) : (second, first)
            return high > 0x3FFF_FFFF ? nil : high << 32 | low
        }
        let isBig: Bool
        switch u16(tiffStart + 2) {
        case 42: isBig = false
        case 43 where u16(tiffStart + 4) == 8 && u16(tiffStart + 6) == 0: isBig = true
        default: return nil
        }
        guard let ifdOffset = isBig ? u64(tiffStart + 8) : u32(tiffStart + 4), ifdOffset >= (isBig ? 16 : 8),
            ifdOffset < end - tiffStart
        else {
            return nil
        }
        let ifd = tiffStart + ifdOffset
        let entrySize = isBig ? 20 : 12
        let valueOffset = isBig ? 12 : 8
        var directory = TIFFDirectory(isComplete: false)
        guard let entryCount = isBig ? u64(ifd) : u16(ifd) else { return directory }
        let firstEntry = ifd + (isBig ? 8 : 2)
        for index in 0..<min(entryCount, maximumTIFFEntries) {
            let entry = firstEntry + index * entrySize
            guard let tag = u16(entry), let type = u16(entry + 2) else { return directory }
            let value: Int?
            switch type {
            case 3: value = u16(entry + valueOffset)  // SHORT, left-justified in the value field.
            case 4: value = u32(entry + valueOffset)  // LONG.
            case 16 where isBig: value = u64(entry + valueOffset)  // LONG8.
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
