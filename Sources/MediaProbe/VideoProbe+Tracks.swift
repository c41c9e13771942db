import Foundation

// The tracks of an ISO base media movie: `trak` with its `tkhd`, `mdia/hdlr`, `mdia/mdhd` and `mdia/minf/stbl`.
extension VideoProbe {
    /// What one `trak` says: its presentation size and rotation, its id, whether it is video, its time scale, its
    /// codec and its sample table's boxes.
    struct Track {
        var width: Double
        var height: Double
        var rotation: Int
        var id: UInt32
        var isVideo: Bool
        /// Ticks per second of its sample times (`mdhd`); 0 when not said.
        var timescale: UInt64
        var codec: VideoCodec?
        /// The boxes of its `stbl`.
        var sampleTable: [MemoryBoxes.Child]

        /// The track of a `trak` box's payload; nil when it has no `tkhd`.
        init?(_ payload: [UInt8]) throws {
            let parts = try MemoryBoxes(payload).all()
            guard let header = parts.first(where: { $0.type == "tkhd" }) else { return nil }
            (width, height, rotation) = try VideoProbe.trackFacts(header.payload)
            let reader = BigEndianReader(Data(header.payload))
            id = UInt32(try reader.uint(at: try reader.uint(at: 0, count: 1) == 1 ? 20 : 12, count: 4))
            let media = try parts.first { $0.type == "mdia" }.map { try MemoryBoxes($0.payload).all() } ?? []
            isVideo = media.contains { box in
                box.type == "hdlr" && (try? BigEndianReader(Data(box.payload)).text(at: 8, count: 4)) == "vide"
            }
            timescale = 0
            if let mediaHeader = media.first(where: { $0.type == "mdhd" }) {
                let reader = BigEndianReader(Data(mediaHeader.payload))
                timescale = try reader.uint(at: try reader.uint(at: 0, count: 1) == 1 ? 20 : 12, count: 4)
            }
            let information = try media.first { $0.type == "minf" }.map { try MemoryBoxes($0.payload).all() } ?? []
            sampleTable = try information.first { $0.type == "stbl" }.map { try MemoryBoxes($0.payload).all() } ?? []
            codec = try sampleTable.first { $0.type == "stsd" }.flatMap {
                try Self.codec(sampleDescriptions: $0.payload)
            }
        }

        /// The codec of the first sample entry of an `stsd` box.
        static func codec(sampleDescriptions payload: [UInt8]) throws -> VideoCodec? {
            // Version and flags, the entry count, then the first entry: its size and type.
            let reader = BigEndianReader(Data(payload))
            guard try reader.uint(at: 4, count: 4) > 0, payload.count >= 16 else { return nil }
            let size = Int(try reader.uint(at: 8, count: 4))
            let type = try reader.text(at: 12, count: 4)
            var objectType: UInt8?
            // A visual sample entry has 78 bytes of fields after its header, then its boxes (`esds` for `mp4v`).
            if type == "mp4v", size >= 8 + 78, size <= payload.count - 8 {
                let boxes = (try? MemoryBoxes(Array(payload[8 + 8 + 78..<8 + size])).all()) ?? []
                objectType = boxes.first { $0.type == "esds" }.flatMap { objectTypeIndication(esds: $0.payload) }
            }
            return VideoCodec.isoBaseMedia(sampleEntry: type, objectType: objectType)
        }

        /// The `objectTypeIndication` of an `esds` box: its ES descriptor (tag 3) holds a decoder configuration
        /// descriptor (tag 4) whose first byte it is (ISO/IEC 14496-1).
        static func objectTypeIndication(esds payload: [UInt8]) -> UInt8? {
            var offset = 4  // version and flags
            func descriptor(_ tag: UInt8) -> Bool {
                guard offset < payload.count, payload[offset] == tag else { return false }
                offset += 1
                // The size: up to four bytes of seven bits, each but the last with its high bit set.
                for _ in 0..<4 where offset < payload.count {
                    let byte = payload[offset]
                    offset += 1
                    if byte & 0x80 == 0 { break }
                }
                return true
            }
            guard descriptor(0x03), offset + 3 <= payload.count else { return nil }
            let flags = payload[offset + 2]
            offset += 3  // ES_ID and flags
            if flags & 0x80 != 0 { offset += 2 }  // depends on another stream
            if flags & 0x40 != 0, offset < payload.count { offset += 1 + Int(payload[offset]) }  // a URL
            if flags & 0x20 != 0 { offset += 2 }  // an OCR stream
            guard descriptor(0x04), offset < payload.count else { return nil }
            return payload[offset]
        }
    }
}
