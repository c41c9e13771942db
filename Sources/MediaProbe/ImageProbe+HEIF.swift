import Foundation

extension ImageProbe {
    /// The most boxes looked at in one container (top level, `meta`, `iprp`, `ipco`).
    static let maximumBoxesPerLevel = 1_024
    /// The most `ipma` entries looked at.
    static let maximumPropertyAssociations = 4_096

    /// A box header: payload range and type.
    struct Box {
        var type: String
        /// Offset of the first payload byte (after size, type and any 64-bit size).
        var payload: Int
        /// Offset just past the box.
        var end: Int
    }

    /// HEIC / AVIF: the `ispe` (image spatial extents) property of the primary item, found through
    /// `meta` / `pitm`, `meta` / `iprp` / `ipco` and `meta` / `iprp` / `ipma`. An `irot` of 90° or 270°
    /// swaps width and height and is reported as the equivalent EXIF orientation; `imir` is ignored.
    /// The whole `meta` box must be in the bytes at hand. Without a usable primary item the largest
    /// `ispe` is taken, so the pixel limit errs on the safe side.
    static func probeHEIF(_ bytes: ProbeBytes, format: ImageFormat) throws(ImageProbe.Error) -> ImageInfo {
        guard
            let meta = try childBoxes(bytes, from: 0, to: bytes.count, truncatedIsError: false)
                .first(where: { $0.type == "meta" })
        else {
            throw .truncated
        }
        // meta is a full box: version and flags precede its children.
        let metaChildren = try childBoxes(bytes, from: meta.payload + 4, to: meta.end, truncatedIsError: true)
        var primaryItem: Int?
        if let pitm = metaChildren.first(where: { $0.type == "pitm" }), let version = bytes.u8(pitm.payload) {
            primaryItem = version == 0 ? bytes.u16be(pitm.payload + 4) : bytes.u32be(pitm.payload + 4)
        }
        guard let iprp = metaChildren.first(where: { $0.type == "iprp" }) else { throw .truncated }
        let iprpChildren = try childBoxes(bytes, from: iprp.payload, to: iprp.end, truncatedIsError: true)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else { throw .truncated }
        let properties = try childBoxes(bytes, from: ipco.payload, to: ipco.end, truncatedIsError: true)

        var size: (width: Int, height: Int)?
        var rotation = 0
        if let primaryItem {
            for ipma in iprpChildren where ipma.type == "ipma" {
                guard let indices = propertyIndices(bytes, ipma: ipma, item: primaryItem) else { continue }
                for index in indices where index >= 1 && index <= properties.count {
                    let property = properties[index - 1]
                    if property.type == "ispe", size == nil {
                        size = spatialExtents(bytes, property)
                    } else if property.type == "irot", let angle = bytes.u8(property.payload),
                        property.payload < property.end
                    {
                        rotation = Int(angle & 0x03)
                    }
                }
                break
            }
        }
        if size == nil {
            rotation = 0
            for property in properties where property.type == "ispe" {
                guard let extents = spatialExtents(bytes, property) else { continue }
                if let current = size, current.width * current.height >= extents.width * extents.height { continue }
                size = extents
            }
        }
        guard let size else { throw .truncated }
        guard size.width > 0, size.height > 0 else { throw .invalidDimensions }
        // irot turns the image anticlockwise by rotation × 90°; EXIF names the same result 1, 8, 3, 6.
        let orientation = [1, 8, 3, 6][rotation]
        let swapped = rotation == 1 || rotation == 3
        return ImageInfo(
            format: format, width: swapped ? size.height : size.width, height: swapped ? size.width : size.height,
            orientation: orientation)
    }

    /// Width and height of an `ispe` property (full box, then two big-endian 32-bit values).
    static func spatialExtents(_ bytes: ProbeBytes, _ box: Box) -> (width: Int, height: Int)? {
        guard box.payload + 12 <= box.end, let width = bytes.u32be(box.payload + 4),
            let height = bytes.u32be(box.payload + 8)
        else { return nil }
        return (width, height)
    }

    /// The 1-based `ipco` indices an `ipma` box associates with `item`, or nil when it lists no such item.
    static func propertyIndices(_ bytes: ProbeBytes, ipma: Box, item: Int) -> [Int]? {
        // Full box: version (1 byte) and 24-bit flags, of which bit 0 selects 15-bit property indices.
        guard ipma.payload + 8 <= ipma.end, let version = bytes.u8(ipma.payload),
            let flagsLow = bytes.u8(ipma.payload + 3), let entryCount = bytes.u32be(ipma.payload + 4)
        else { return nil }
        let itemSize = version >= 1 ? 4 : 2
        let wideIndices = flagsLow & 0x01 != 0
        var offset = ipma.payload + 8
        for _ in 0..<min(entryCount, maximumPropertyAssociations) {
            guard itemSize + 1 <= ipma.end - offset,
                let itemID = itemSize == 4 ? bytes.u32be(offset) : bytes.u16be(offset),
                let count = bytes.u8(offset + itemSize).map(Int.init)
            else { return nil }
            offset += itemSize + 1
            let length = count * (wideIndices ? 2 : 1)
            guard length <= ipma.end - offset, bytes.has(offset, length) else { return nil }
            if itemID == item {
                var indices: [Int] = []
                indices.reserveCapacity(count)
                for slot in 0..<count {
                    if wideIndices {
                        indices.append((bytes.u16be(offset + slot * 2) ?? 0) & 0x7FFF)
                    } else {
                        indices.append(Int((bytes.u8(offset + slot) ?? 0) & 0x7F))
                    }
                }
                return indices
            }
            offset += length
        }
        return nil
    }

    /// The boxes laid end to end in `start..<end`, at most ``maximumBoxesPerLevel``. A box running
    /// past `end` throws `truncated` when `truncatedIsError`, otherwise is returned cut to the bytes at
    /// hand and ends the walk; a malformed size ends the walk.
    static func childBoxes(_ bytes: ProbeBytes, from start: Int, to end: Int, truncatedIsError: Bool)
        throws(ImageProbe.Error) -> [Box]
    {
        var boxes: [Box] = []
        var offset = start
        while boxes.count < maximumBoxesPerLevel, offset < end {
            guard end - offset >= 8, let size32 = bytes.u32be(offset), let type = bytes.fourCC(offset + 4) else {
                if truncatedIsError { throw .truncated }
                break
            }
            var header = 8
            var size = size32
            if size32 == 1 {
                // 64-bit size: anything beyond Int.max/2 cannot be in memory anyway.
                guard let high = bytes.u32be(offset + 8), let low = bytes.u32be(offset + 12) else {
                    if truncatedIsError { throw .truncated }
                    break
                }
                header = 16
                size = high > 0x3FFF_FFFF ? Int.max / 2 : high << 32 | low
            } else if size32 == 0 {
                size = end - offset  // extends to the end of the container
            }
            guard size >= header else {
                if truncatedIsError { throw .truncated }
                break
            }
            if size > end - offset {
                if truncatedIsError { throw .truncated }
                // The last top-level box may be cut off; only a complete `meta` is usable later.
                if type == "meta" { throw .truncated }
                break
            }
            boxes.append(Box(type: type, payload: offset + header, end: offset + size))
            offset += size
        }
        return boxes
    }
}
