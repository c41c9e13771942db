import Foundation

extension ImageProbe {
    /// The bytes of a HEIC / AVIF file's EXIF: the item of type `Exif` named in `meta` / `iinf`, found where
    /// `meta` / `iloc` puts its first extent (in the file, construction method 0); its payload begins with the offset
    /// of the TIFF header after its first four bytes. Nil when there is none or it lies outside the bytes.
    static func heifExifBlock(_ bytes: ProbeBytes) -> Range<Int>? {
        guard
            let meta = try? childBoxes(bytes, from: 0, to: bytes.count, truncatedIsError: false)
                .first(where: { $0.type == "meta" }),
            let children = try? childBoxes(bytes, from: meta.payload + 4, to: meta.end, truncatedIsError: true),
            let iinf = children.first(where: { $0.type == "iinf" }),
            let iloc = children.first(where: { $0.type == "iloc" }),
            let item = exifItemID(bytes, iinf: iinf),
            let extent = itemExtent(bytes, iloc: iloc, item: item),
            let headerOffset = bytes.u32be(extent.lowerBound), headerOffset <= extent.count - 4
        else { return nil }
        let start = extent.lowerBound + 4 + headerOffset
        return start..<extent.upperBound
    }

    /// The id of the first `infe` entry (version 2 or 3) whose item type is `Exif`.
    private static func exifItemID(_ bytes: ProbeBytes, iinf: Box) -> Int? {
        guard let version = bytes.u8(iinf.payload) else { return nil }
        let first = iinf.payload + (version == 0 ? 6 : 8)
        guard first <= iinf.end, let entries = try? childBoxes(bytes, from: first, to: iinf.end, truncatedIsError: true)
        else { return nil }
        for infe in entries where infe.type == "infe" {
            guard let entryVersion = bytes.u8(infe.payload), entryVersion >= 2 else { continue }
            let idSize = entryVersion == 2 ? 2 : 4
            let typeOffset = infe.payload + 4 + idSize + 2
            guard typeOffset + 4 <= infe.end, bytes.fourCC(typeOffset) == "Exif",
                let id = idSize == 2 ? bytes.u16be(infe.payload + 4) : bytes.u32be(infe.payload + 4)
            else { continue }
            return id
        }
        return nil
    }

    /// The byte range of the first extent of `item` as `iloc` places it in the file; nil when it is built another
    /// way, or lies outside the bytes.
    private static func itemExtent(_ bytes: ProbeBytes, iloc: Box, item: Int) -> Range<Int>? {
        var offset = iloc.payload
        guard let version = bytes.u8(offset), version <= 2, let sizes = bytes.u16be(offset + 4) else { return nil }
        offset += 6
        let (offsetSize, lengthSize) = (sizes >> 12, (sizes >> 8) & 0xF)
        let (baseSize, indexSize) = ((sizes >> 4) & 0xF, version >= 1 ? sizes & 0xF : 0)
        func sized(_ size: Int) -> Int? {
            defer { offset += size }
            guard offset + size <= iloc.end else { return nil }
            switch size {
            case 0: return 0
            case 4: return bytes.u32be(offset)
            case 8:
                guard let high = bytes.u32be(offset), high <= 0x3FFF_FFFF, let low = bytes.u32be(offset + 4) else {
                    return nil
                }
                return high << 32 | low
            default: return nil
            }
        }
        let idSize = version == 2 ? 4 : 2
        guard let count = version == 2 ? sized(4) : (offset + 2 <= iloc.end ? bytes.u16be(offset) : nil) else {
            return nil
        }
        if version != 2 { offset += 2 }
        for _ in 0..<min(count, maximumPropertyAssociations) {
            guard let id = idSize == 4 ? sized(4) : (offset + 2 <= iloc.end ? bytes.u16be(offset) : nil) else {
                return nil
            }
            if idSize == 2 { offset += 2 }
            var method = 0
            if version >= 1 {
                guard offset + 2 <= iloc.end, let field = bytes.u16be(offset) else { return nil }
                method = field & 0xF
                offset += 2
            }
            offset += 2  // data_reference_index
            guard let base = sized(baseSize), offset + 2 <= iloc.end, let extents = bytes.u16be(offset) else {
                return nil
            }
            offset += 2
            var first: Range<Int>?
            for index in 0..<extents {
                if indexSize > 0 { guard sized(indexSize) != nil else { return nil } }
                guard let start = sized(offsetSize), let length = sized(lengthSize) else { return nil }
                if index == 0 { first = (base + start)..<(base + start + length) }
            }
            guard id == item else { continue }
            guard method == 0, let first, first.count >= 4, bytes.has(first.lowerBound, first.count) else { return nil }
            return first
        }
        return nil
    }
}
