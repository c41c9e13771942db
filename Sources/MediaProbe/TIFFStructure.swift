import Foundation

/// A TIFF structure lying in `start..<end` of some bytes: the whole of a TIFF file, or the EXIF block of a JPEG, PNG,
/// WebP or HEIC. Classic ("II" or "MM", 42, a 32-bit IFD offset; 12-byte entries) or BigTIFF (43, offset size 8, a
/// 64-bit IFD offset; 20-byte entries). Every read is bounds-checked against `start..<end`: offsets are relative to
/// `start`, and nothing is allocated by a declared size. The one reader of image file directories (IFDs): the
/// orientation and the photo details both come through it.
struct TIFFStructure {
    let bytes: ProbeBytes
    /// Where the header ("II" or "MM") begins: offsets inside the structure count from here.
    let start: Int
    /// Just past the structure's last byte.
    let end: Int
    let isLittleEndian: Bool
    let isBig: Bool

    /// One entry of a directory: its tag, type, value count and where its value field lies (absolute).
    struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        var field: Int
    }

    /// The most entries looked at in one directory; real directories hold a few dozen.
    static let maximumEntries = 1_024

    /// The structure whose header begins at `start`, or nil when no TIFF header lies there.
    init?(_ bytes: ProbeBytes, start: Int, end: Int) {
        self.bytes = bytes
        self.start = start
        self.end = min(end, bytes.count)
        let littleEndian: Bool
        if bytes.matches([0x49, 0x49], at: start) {
            littleEndian = true
        } else if bytes.matches([0x4D, 0x4D], at: start) {
            littleEndian = false
        } else {
            return nil
        }
        let limit = min(end, bytes.count)
        func u16(_ offset: Int) -> Int? {
            guard offset + 2 <= limit else { return nil }
            return littleEndian ? bytes.u16le(offset) : bytes.u16be(offset)
        }
        switch u16(start + 2) {
        case 42: isBig = false
        case 43 where u16(start + 4) == 8 && u16(start + 6) == 0: isBig = true
        default: return nil
        }
        isLittleEndian = littleEndian
    }

    /// Whether `length` bytes at the absolute `offset` lie inside the structure.
    func inside(_ offset: Int, _ length: Int) -> Bool {
        offset >= start && length >= 0 && offset <= end && length <= end - offset
    }

    func u16(_ offset: Int) -> Int? {
        guard inside(offset, 2) else { return nil }
        return isLittleEndian ? bytes.u16le(offset) : bytes.u16be(offset)
    }

    func u32(_ offset: Int) -> Int? {
        guard inside(offset, 4) else { return nil }
        return isLittleEndian ? bytes.u32le(offset) : bytes.u32be(offset)
    }

    /// A 64-bit value, nil when it does not fit in 62 bits (no offset or size in memory is that large).
    func u64(_ offset: Int) -> Int? {
        guard let first = u32(offset), let second = u32(offset + 4) else { return nil }
        let (low, high) = isLittleEndian ? (first, second) : (second, first)
        return high > 0x3FFF_FFFF ? nil : high << 32 | low
    }

    /// The absolute offset of the first directory (IFD0), nil when it lies outside the structure.
    var firstDirectory: Int? {
        guard let offset = isBig ? u64(start + 8) : u32(start + 4) else { return nil }
        return directory(at: offset, smallest: isBig ? 16 : 8)
    }

    /// The absolute offset of a directory `relative` bytes after the header, nil when it lies outside the structure.
    func directory(at relative: Int, smallest: Int = 8) -> Int? {
        guard relative >= smallest, relative < end - start else { return nil }
        return start + relative
    }

    /// The entries of the directory at the absolute offset `directory`, at most ``maximumEntries``, and whether they
    /// were all read (false when the bytes ran out first).
    func entries(ofDirectoryAt directory: Int) -> (entries: [Entry], isComplete: Bool) {
        guard let declared = isBig ? u64(directory) : u16(directory) else { return ([], false) }
        let entrySize = isBig ? 20 : 12
        let first = directory + (isBig ? 8 : 2)
        var entries: [Entry] = []
        entries.reserveCapacity(min(declared, 64))
        for index in 0..<min(declared, Self.maximumEntries) {
            let entry = first + index * entrySize
            guard let tag = u16(entry), let type = u16(entry + 2),
                let count = isBig ? u64(entry + 4) : u32(entry + 4), inside(entry, entrySize)
            else { return (entries, false) }
            entries.append(Entry(tag: tag, type: type, count: count, field: entry + (isBig ? 12 : 8)))
        }
        return (entries, true)
    }

    /// The first integer of an entry: SHORT, LONG (or BigTIFF's LONG8) kept in its value field; 0 for another type.
    /// Nil when the field lies outside the structure.
    func integer(_ entry: Entry) -> Int? {
        switch entry.type {
        case 3: u16(entry.field)  // SHORT, left-justified in the value field.
        case 4: u32(entry.field)  // LONG.
        case 16 where isBig: u64(entry.field)  // LONG8.
        default: inside(entry.field, 4) ? 0 : nil
        }
    }

    /// The absolute offset of an entry's `length` bytes of value: in its value field when they fit there, else where
    /// the field points; nil when they do not lie inside the structure.
    func valueOffset(_ entry: Entry, length: Int) -> Int? {
        let fieldSize = isBig ? 8 : 4
        if length <= fieldSize { return inside(entry.field, length) ? entry.field : nil }
        guard let relative = isBig ? u64(entry.field) : u32(entry.field), relative <= end - start else { return nil }
        let offset = start + relative
        return inside(offset, length) ? offset : nil
    }
}
