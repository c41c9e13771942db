import Foundation

// MP4, M4V and QuickTime MOV: the boxes of ISO/IEC 14496-12.
extension VideoProbe {
    /// One box: its type, where its payload starts and how long it is.
    struct Box {
        var type: String
        var payloadOffset: Int64
        var payloadSize: Int64
    }

    /// The top-level boxes of a file, read one header at a time (payloads are skipped), and the type of the media
    /// box the file ends inside when it is cut short (`mdat` or `moof`; empty for a box header cut off): the boxes up
    /// to that one are whole.
    static func topLevelBoxes(in source: ByteSource) throws -> (boxes: [Box], cutInside: String?) {
        var boxes: [Box] = []
        var offset: Int64 = 0
        let end = source.size
        while offset < end {
            guard boxes.count < maximumSteps else { throw Error.damaged("too many boxes") }
            guard end - offset >= 8 else {
                // After a whole header, a few bytes of the next box's header: the file was cut off there.
                if boxes.contains(where: { $0.type == "moov" }) { return (boxes, "") }
                throw Error.damaged("a box header is cut short")
            }
            let header = BigEndianReader(try source.bytes(at: offset, count: 8))
            var size = Int64(try header.uint(at: 0, count: 4))
            let type = try header.text(at: 4, count: 4)
            var headerSize: Int64 = 8
            if size == 1 {
                let large = try source.bytes(at: offset + 8, count: 8)
                let value = try BigEndianReader(large).uint(at: 0, count: 8)
                guard value <= UInt64(Int64.max) else { throw Error.damaged("the '\(type)' box is too large") }
                size = Int64(value)
                headerSize = 16
            } else if size == 0 {
                size = end - offset
            }
            guard size >= headerSize else { throw Error.damaged("the '\(type)' box is smaller than its header") }
            let (boxEnd, overflow) = offset.addingReportingOverflow(size)
            guard !overflow, boxEnd <= end else {
                // The media data of a file cut off ends early; any other box claiming more than there is lies.
                if type == "mdat" || type == "moof" { return (boxes, type) }
                throw Error.damaged("the '\(type)' box claims more bytes than the file has")
            }
            boxes.append(Box(type: type, payloadOffset: offset + headerSize, payloadSize: size - headerSize))
            offset = boxEnd
        }
        return (boxes, nil)
    }

    static func probeISOBaseMedia(_ source: ByteSource) throws -> VideoInfo {
        let (top, cutInside) = try topLevelBoxes(in: source)
        let brand = try top.first { $0.type == "ftyp" }.map { box in
            try BigEndianReader(try source.bytes(at: box.payloadOffset, count: 4)).text(at: 0, count: 4)
        }
        guard let moov = top.first(where: { $0.type == "moov" }) else { throw Error.truncated }
        guard moov.payloadSize <= maximumHeaderBytes else { throw Error.damaged("the 'moov' box is too large") }
        let movie = [UInt8](try source.bytes(at: moov.payloadOffset, count: Int(moov.payloadSize)))
        let children = try MemoryBoxes(movie).all()

        var duration: Double?
        if let header = children.first(where: { $0.type == "mvhd" }) {
            duration = try movieDuration(header.payload)
        }
        var chosen: Track?
        for box in children where box.type == "trak" {
            guard let track = try Track(box.payload) else { continue }
            if track.isVideo {
                chosen = track
                break
            }
            if chosen == nil, track.width > 0, track.height > 0 { chosen = track }
        }
        guard let chosen else { throw Error.damaged("there is no video track") }
        guard chosen.width < Double(Int32.max), chosen.height < Double(Int32.max) else {
            throw Error.damaged("the video track's size is out of range")
        }
        let (width, height) = try displaySize(
            width: Int(chosen.width.rounded()), height: Int(chosen.height.rounded()), rotation: chosen.rotation)

        // A fragmented file (`mvex`) says its length in `mehd`, or only in its fragments.
        let fragments = children.contains { $0.type == "mvex" } ? top.filter { $0.type == "moof" } : []
        // A fragment whose media data is cut off is not whole.
        let wholeFragments = cutInside == "mdat" && top.last?.type == "moof" ? fragments.dropLast() : fragments[...]
        if duration == nil, let extends = children.first(where: { $0.type == "mvex" }) {
            duration =
                try extendsDuration(extends.payload, movieHeader: children.first { $0.type == "mvhd" }?.payload)
                ?? fragmentsDuration(Array(wholeFragments), of: chosen, extends: extends.payload, in: source)
        }
        var playable: Double?
        if cutInside != nil {
            // The header is whole and the data after it cut short: kept if at least one frame is there.
            let seconds =
                fragments.isEmpty
                ? try chosen.playableSeconds(fileSize: source.size)
                : try fragmentsDuration(
                    Array(wholeFragments), of: chosen,
                    extends: children.first { $0.type == "mvex" }?.payload ?? [], in: source) ?? 0
            guard let seconds else { throw Error.truncated }
            guard seconds > 0 else { throw Error.damaged("the file is cut short before its first frame") }
            playable = seconds
        }
        return VideoInfo(
            container: .isoBaseMedia, mimeType: brand == "qt  " ? "video/quicktime" : "video/mp4", width: width,
            height: height, rotationDegrees: chosen.rotation, durationSeconds: duration, codec: chosen.codec,
            playableSeconds: playable)
    }

    /// `mvhd`: the duration over the time scale.
    static func movieDuration(_ payload: [UInt8]) throws -> Double? {
        let reader = BigEndianReader(Data(payload))
        let version = try reader.uint(at: 0, count: 1)
        let (scaleAt, durationAt, durationSize) = version == 1 ? (20, 24, 8) : (12, 16, 4)
        let scale = try reader.uint(at: scaleAt, count: 4)
        let duration = try reader.uint(at: durationAt, count: durationSize)
        let unknown: UInt64 = durationSize == 8 ? .max : 0xFFFF_FFFF
        guard scale > 0, duration > 0, duration != unknown else { return nil }
        return Double(duration) / Double(scale)
    }

    /// `tkhd`: the presentation size (16.16 fixed point) and the rotation of its matrix.
    static func trackFacts(_ payload: [UInt8]) throws -> (width: Double, height: Double, rotation: Int) {
        let reader = BigEndianReader(Data(payload))
        let version = try reader.uint(at: 0, count: 1)
        // After version and flags: times, track id, reserved and duration (32 or 20 bytes), 8 reserved, layer,
        // group, volume and 2 reserved (8 bytes), then the 3 × 3 matrix and the size.
        let matrixAt = 4 + (version == 1 ? 32 : 20) + 8 + 8
        let a = Double(try reader.int32(at: matrixAt)) / 65536
        let b = Double(try reader.int32(at: matrixAt + 4)) / 65536
        let width = Double(try reader.uint(at: matrixAt + 36, count: 4)) / 65536
        let height = Double(try reader.uint(at: matrixAt + 40, count: 4)) / 65536
        var degrees = Int((atan2(b, a) * 180 / .pi).rounded())
        degrees = ((degrees % 360) + 360) % 360
        let rotation = (Int((Double(degrees) / 90).rounded()) * 90) % 360
        return (width, height, rotation)
    }
}

/// Boxes inside a box already in memory.
struct MemoryBoxes {
    struct Child {
        var type: String
        var payload: [UInt8]
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func all() throws -> [MemoryBoxes.Child] {
        var children: [Child] = []
        var offset = 0
        let reader = BigEndianReader(Data(bytes))
        while offset + 8 <= bytes.count {
            guard children.count < VideoProbe.maximumSteps else { throw VideoProbe.Error.damaged("too many boxes") }
            var size = Int(clamping: try reader.uint(at: offset, count: 4))
            let type = try reader.text(at: offset + 4, count: 4)
            var headerSize = 8
            if size == 1 {
                size = Int(clamping: try reader.uint(at: offset + 8, count: 8))
                headerSize = 16
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= headerSize, size <= bytes.count - offset else {
                throw VideoProbe.Error.damaged("the '\(type)' box claims more bytes than its parent has")
            }
            children.append(Child(type: type, payload: Array(bytes[offset + headerSize..<offset + size])))
            offset += size
        }
        return children
    }
}
