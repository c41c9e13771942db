import Foundation

// A fragmented movie (`-movflags frag_keyframe+empty_moov`, what live recorders and many phones write) says no length
// in its `mvhd`: the movie extends box's `mehd` may, else its fragments do (`moof/traf` with `tfhd`, `tfdt`, `trun`).
extension VideoProbe {
    /// The most bytes of one `moof` read, and of all of them together.
    static let maximumFragmentBytes = 4 * 1024 * 1024

    /// The duration `mvex/mehd` gives, in seconds of the movie's time scale (`mvhd`); nil when it says none.
    static func extendsDuration(_ extends: [UInt8], movieHeader: [UInt8]?) throws -> Double? {
        guard let movieHeader, let header = try MemoryBoxes(extends).all().first(where: { $0.type == "mehd" }) else {
            return nil
        }
        let movie = BigEndianReader(Data(movieHeader))
        let scale = try movie.uint(at: try movie.uint(at: 0, count: 1) == 1 ? 20 : 12, count: 4)
        let reader = BigEndianReader(Data(header.payload))
        let duration =
            try reader.uint(at: 0, count: 1) == 1 ? try reader.uint(at: 4, count: 8) : try reader.uint(at: 4, count: 4)
        guard scale > 0, duration > 0 else { return nil }
        return Double(duration) / Double(scale)
    }

    /// The end of the last of `fragments` that holds samples of `track`, in seconds: each fragment's run starts at
    /// its `tfdt` time (or where the one before ended) and lasts its samples' durations (from `trun`, else the
    /// defaults of `tfhd` or of the track's `trex` in `mvex`). Nil when no fragment holds the track's samples.
    static func fragmentsDuration(_ fragments: [Box], of track: Track, extends: [UInt8], in source: ByteSource) throws
        -> Double?
    {
        guard track.timescale > 0 else { return nil }
        var defaultDuration: UInt64 = 0
        for box in try MemoryBoxes(extends).all() where box.type == "trex" {
            let reader = BigEndianReader(Data(box.payload))
            if try reader.uint(at: 4, count: 4) == UInt64(track.id) {
                defaultDuration = try reader.uint(at: 12, count: 4)
            }
        }
        var end: UInt64?
        var running: UInt64 = 0
        var bytesRead = 0
        for fragment in fragments {
            bytesRead += Int(clamping: fragment.payloadSize)
            guard fragment.payloadSize <= maximumFragmentBytes, bytesRead <= Int(maximumHeaderBytes) else {
                throw Error.damaged("the fragments' headers are too large")
            }
            let bytes = [UInt8](try source.bytes(at: fragment.payloadOffset, count: Int(fragment.payloadSize)))
            for traf in try MemoryBoxes(bytes).all() where traf.type == "traf" {
                let parts = try MemoryBoxes(traf.payload).all()
                guard let header = parts.first(where: { $0.type == "tfhd" }) else { continue }
                let fields = BigEndianReader(Data(header.payload))
                guard try fields.uint(at: 4, count: 4) == UInt64(track.id) else { continue }
                // After the track id: a base data offset (8 bytes) and a sample description index (4) when flagged.
                let flags = try fields.uint(at: 1, count: 3)
                var sampleDuration = defaultDuration
                if flags & 0x08 != 0 {
                    let at = 8 + (flags & 0x01 != 0 ? 8 : 0) + (flags & 0x02 != 0 ? 4 : 0)
                    sampleDuration = try fields.uint(at: at, count: 4)
                }
                if let time = parts.first(where: { $0.type == "tfdt" }) {
                    let reader = BigEndianReader(Data(time.payload))
                    running =
                        try reader.uint(at: 0, count: 1) == 1
                        ? try reader.uint(at: 4, count: 8) : try reader.uint(at: 4, count: 4)
                }
                for run in parts where run.type == "trun" {
                    running = running &+ (try runDuration(run.payload, defaultDuration: sampleDuration))
                }
                end = max(end ?? 0, running)
            }
        }
        return end.map { Double($0) / Double(track.timescale) }
    }

    /// The summed sample durations of a `trun`: each sample's own when flagged (0x100), else the default.
    static func runDuration(_ payload: [UInt8], defaultDuration: UInt64) throws -> UInt64 {
        let reader = BigEndianReader(Data(payload))
        let flags = try reader.uint(at: 1, count: 3)
        let count = try reader.uint(at: 4, count: 4)
        guard flags & 0x100 != 0 else { return count &* defaultDuration }
        // After the count: a data offset and first sample flags when flagged, then one record per sample of 4 bytes
        // for each of duration, size, flags and composition offset that is flagged.
        var at = 8 + (flags & 0x01 != 0 ? 4 : 0) + (flags & 0x04 != 0 ? 4 : 0)
        let stride = [0x100, 0x200, 0x400, 0x800].filter { flags & UInt64($0) != 0 }.count * 4
        guard count <= UInt64(payload.count / stride) else {
            throw Error.damaged("a track run counts more samples than it holds")
        }
        var total: UInt64 = 0
        for _ in 0..<count {
            total = total &+ (try reader.uint(at: at, count: 4))
            at += stride
        }
        return total
    }
}
