import Foundation

// How much of a cut-short movie can be played: its video track's sample table (`stsz`, `stsc`, `stco`/`co64`,
// `stts`) says where each frame lies and how long it lasts; the frames whose bytes are all in the file play.
extension VideoProbe.Track {
    /// The seconds of the track's frames, in decoding order, up to the first one that does not lie wholly within
    /// the first `fileSize` bytes; nil when the sample table cannot tell (it is missing, or uses compact sizes).
    func playableSeconds(fileSize: Int64) throws -> Double? {
        func table(_ type: String) -> BigEndianReader? {
            sampleTable.first { $0.type == type }.map { BigEndianReader(Data($0.payload)) }
        }
        guard timescale > 0, let sizes = table("stsz"), let chunks = table("stsc"), let times = table("stts"),
            let offsets = table("stco") ?? table("co64")
        else { return nil }
        let wideOffsets = table("stco") == nil
        let uniformSize = try sizes.uint(at: 4, count: 4)
        let sampleCount = try sizes.uint(at: 8, count: 4)
        let chunkCount = try offsets.uint(at: 4, count: 4)
        let runCount = try chunks.uint(at: 4, count: 4)
        // Counts no table could hold are lies (and would make the loops below spin).
        guard uniformSize != 0 || sampleCount <= UInt64(sizes.bytes.count / 4),
            chunkCount <= UInt64(offsets.bytes.count / 4), runCount <= UInt64(chunks.bytes.count / 12)
        else { throw VideoProbe.Error.damaged("a sample table counts more entries than it holds") }

        // Chunk by chunk (a run of `stsc` gives the samples per chunk from its first chunk on), sample by sample.
        var whole: UInt64 = 0
        var sample: UInt64 = 0
        var run: UInt64 = 0
        var perChunk: UInt64 = 0
        chunks: for chunk in 0..<chunkCount {
            while run < runCount, try chunks.uint(at: 8 + Int(run) * 12, count: 4) <= chunk + 1 {
                perChunk = try chunks.uint(at: 8 + Int(run) * 12 + 4, count: 4)
                run += 1
            }
            var offset =
                wideOffsets
                ? try offsets.uint(at: 8 + Int(chunk) * 8, count: 8)
                : try offsets.uint(at: 8 + Int(chunk) * 4, count: 4)
            if uniformSize != 0 {
                // Samples of one size: as many of the chunk's as end within the file, without a loop.
                let room = UInt64(fileSize) > offset ? (UInt64(fileSize) - offset) / uniformSize : 0
                let count = min(perChunk, sampleCount - sample, room)
                sample += count
                whole = sample
                if count < perChunk { break chunks }
                continue
            }
            for _ in 0..<perChunk {
                guard sample < sampleCount else { break chunks }
                let size = try sizes.uint(at: 12 + Int(sample) * 4, count: 4)
                let (end, overflow) = offset.addingReportingOverflow(size)
                guard !overflow, end <= UInt64(fileSize) else { break chunks }
                offset = end
                sample += 1
                whole = sample
            }
        }

        // The durations of the first `whole` samples, run by run of `stts`.
        var ticks = 0.0
        var counted: UInt64 = 0
        let timeRuns = min(try times.uint(at: 4, count: 4), UInt64(times.bytes.count / 8))
        for index in 0..<timeRuns {
            if counted == whole { break }
            let count = min(try times.uint(at: 8 + Int(index) * 8, count: 4), whole - counted)
            let delta = try times.uint(at: 8 + Int(index) * 8 + 4, count: 4)
            ticks += Double(count) * Double(delta)
            counted += count
        }
        return ticks / Double(timescale)
    }
}
