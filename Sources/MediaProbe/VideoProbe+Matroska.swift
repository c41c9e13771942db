import Foundation

// Matroska and WebM: EBML elements (RFC 8794, RFC 9559).
extension VideoProbe {
    /// One element: its id (with its length marker, as the specifications write ids), where its data starts, and its
    /// size (nil: unknown, to the end of its parent).
    struct Element {
        var id: UInt32
        var dataOffset: Int64
        var dataSize: Int64?
    }

    enum MatroskaID {
        static let ebml: UInt32 = 0x1A45_DFA3
        static let docType: UInt32 = 0x4282
        static let segment: UInt32 = 0x1853_8067
        static let info: UInt32 = 0x1549_A966
        static let timestampScale: UInt32 = 0x2A_D7B1
        static let duration: UInt32 = 0x4489
        static let tracks: UInt32 = 0x1654_AE6B
        static let trackEntry: UInt32 = 0xAE
        static let trackType: UInt32 = 0x83
        static let codecID: UInt32 = 0x86
        static let video: UInt32 = 0xE0
        static let pixelWidth: UInt32 = 0xB0
        static let pixelHeight: UInt32 = 0xBA
        static let displayWidth: UInt32 = 0x54B0
        static let displayHeight: UInt32 = 0x54BA
        static let displayUnit: UInt32 = 0x54B2
        static let cluster: UInt32 = 0x1F43_B675
    }

    static func probeMatroska(_ source: ByteSource) throws -> VideoInfo {
        let header = try element(in: source, at: 0)
        guard header.id == MatroskaID.ebml, let headerSize = header.dataSize, headerSize <= 4096 else {
            throw Error.damaged("the EBML header is malformed")
        }
        let headerData = [UInt8](try source.bytes(at: header.dataOffset, count: Int(headerSize)))
        let docType = try MemoryElements(headerData).all().first { $0.id == MatroskaID.docType }
            .map { String(decoding: $0.data, as: UTF8.self).trimmingCharacters(in: .controlCharacters) }
        guard let docType, docType == "webm" || docType == "matroska" else {
            throw Error.damaged("the file is EBML but not Matroska or WebM")
        }
        let segment = try element(in: source, at: header.dataOffset + headerSize)
        guard segment.id == MatroskaID.segment else { throw Error.damaged("there is no Matroska segment") }
        let segmentEnd = segment.dataSize.map { min(source.size, segment.dataOffset + $0) } ?? source.size

        var info: [MemoryElements.Child]?
        var tracks: [MemoryElements.Child]?
        var offset = segment.dataOffset
        var steps = 0
        while offset < segmentEnd, info == nil || tracks == nil {
            steps += 1
            guard steps < maximumSteps else { throw Error.damaged("too many elements") }
            let child = try element(in: source, at: offset)
            if child.id == MatroskaID.cluster, tracks != nil { break }
            guard let size = child.dataSize else {
                // Only media data may go on without a size; the header elements are all before it.
                if child.id == MatroskaID.cluster { break }
                throw Error.damaged("a header element has no size")
            }
            let (end, overflow) = child.dataOffset.addingReportingOverflow(size)
            guard !overflow, end <= segmentEnd else {
                if child.id == MatroskaID.cluster, end > source.size { break }
                throw end > source.size ? Error.truncated : Error.damaged("an element claims more than its segment")
            }
            if child.id == MatroskaID.info || child.id == MatroskaID.tracks {
                guard size <= maximumHeaderBytes else { throw Error.damaged("a header element is too large") }
                let children = try MemoryElements([UInt8](try source.bytes(at: child.dataOffset, count: Int(size))))
                    .all()
                if child.id == MatroskaID.info { info = children } else { tracks = children }
            }
            offset = end
        }
        guard let tracks else { throw Error.truncated }

        var duration: Double?
        if let info {
            let scale = info.first { $0.id == MatroskaID.timestampScale }.map { unsigned($0.data) } ?? 1_000_000
            if let value = info.first(where: { $0.id == MatroskaID.duration }).flatMap({ float($0.data) }),
                value.isFinite, value > 0, scale > 0
            {
                duration = value * Double(scale) / 1_000_000_000
            }
        }
        for entry in tracks where entry.id == MatroskaID.trackEntry {
            let fields = try MemoryElements(entry.data).all()
            guard fields.first(where: { $0.id == MatroskaID.trackType }).map({ unsigned($0.data) }) == 1,
                let video = fields.first(where: { $0.id == MatroskaID.video })
            else { continue }
            let facts = try MemoryElements(video.data).all()
            func value(_ id: UInt32) -> UInt64? { facts.first { $0.id == id }.map { unsigned($0.data) } }
            let inPixels = (value(MatroskaID.displayUnit) ?? 0) == 0
            let width = (inPixels ? value(MatroskaID.displayWidth) : nil) ?? value(MatroskaID.pixelWidth) ?? 0
            let height = (inPixels ? value(MatroskaID.displayHeight) : nil) ?? value(MatroskaID.pixelHeight) ?? 0
            guard width < UInt64(Int32.max), height < UInt64(Int32.max) else {
                throw Error.damaged("the video track's size is out of range")
            }
            let (shownWidth, shownHeight) = try displaySize(width: Int(width), height: Int(height), rotation: 0)
            let codec = fields.first { $0.id == MatroskaID.codecID }.map { field in
                VideoCodec.matroska(
                    codecID: String(decoding: field.data, as: UTF8.self).trimmingCharacters(in: .controlCharacters))
            }
            return VideoInfo(
                container: .matroska, mimeType: docType == "webm" ? "video/webm" : "video/x-matroska",
                width: shownWidth, height: shownHeight, durationSeconds: duration, codec: codec)
        }
        throw Error.damaged("there is no video track")
    }

    /// The element whose header starts at `offset`.
    static func element(in source: ByteSource, at offset: Int64) throws -> Element {
        let available = Int(min(12, source.size - offset))
        guard available > 0 else { throw Error.truncated }
        let bytes = [UInt8](try source.bytes(at: offset, count: available))
        guard let (id, idLength) = variableInteger(bytes, at: 0, keepingMarker: true), idLength <= 4,
            let (size, sizeLength) = variableInteger(bytes, at: idLength, keepingMarker: false)
        else { throw available < 12 ? Error.truncated : Error.damaged("an element header is malformed") }
        let isUnknown = size == (UInt64(1) << (7 * UInt64(sizeLength))) - 1
        guard isUnknown || size <= UInt64(Int64.max) else { throw Error.damaged("an element is too large") }
        return Element(
            id: UInt32(id), dataOffset: offset + Int64(idLength + sizeLength),
            dataSize: isUnknown ? nil : Int64(size))
    }

    /// An EBML variable-length integer at `offset`: its value (with or without the length marker) and length.
    static func variableInteger(_ bytes: [UInt8], at offset: Int, keepingMarker: Bool) -> (UInt64, Int)? {
        guard offset < bytes.count, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard offset + length <= bytes.count else { return nil }
        var value = UInt64(keepingMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
        for byte in bytes[offset + 1..<offset + length] { value = value << 8 | UInt64(byte) }
        return (value, length)
    }

    /// An unsigned integer element's value (at most 8 bytes; longer ones read as 0).
    static func unsigned(_ data: [UInt8]) -> UInt64 {
        guard data.count <= 8 else { return 0 }
        return data.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A float element's value (4 or 8 bytes).
    static func float(_ data: [UInt8]) -> Double? {
        switch data.count {
        case 4: Double(Float(bitPattern: UInt32(unsigned(data))))
        case 8: Double(bitPattern: unsigned(data))
        default: nil
        }
    }
}

/// EBML elements inside an element already in memory.
struct MemoryElements {
    struct Child {
        var id: UInt32
        var data: [UInt8]
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func all() throws -> [MemoryElements.Child] {
        var children: [Child] = []
        var offset = 0
        while offset < bytes.count {
            guard children.count < VideoProbe.maximumSteps else { throw VideoProbe.Error.damaged("too many elements") }
            guard let (id, idLength) = VideoProbe.variableInteger(bytes, at: offset, keepingMarker: true),
                idLength <= 4,
                let (size, sizeLength) = VideoProbe.variableInteger(
                    bytes, at: offset + idLength, keepingMarker: false)
            else { throw VideoProbe.Error.damaged("an element header is malformed") }
            let start = offset + idLength + sizeLength
            guard size <= UInt64(bytes.count - start) else {
                throw VideoProbe.Error.damaged("an element claims more bytes than its parent has")
            }
            children.append(Child(id: UInt32(id), data: Array(bytes[start..<start + Int(size)])))
            offset = start + Int(size)
        }
        return children
    }
}
