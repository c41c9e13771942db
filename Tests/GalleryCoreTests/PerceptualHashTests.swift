import GalleryCore
import TestSupport
import Testing

@Suite("Perceptual hash distance and bands")
struct PerceptualHashTests {
    @Test func theDistanceCountsTheBitsThatDiffer() {
        let hash = PerceptualHash(bits: 0xF0F0_0000_0000_0001)
        #expect(hash.distance(to: hash) == 0)
        #expect(hash.distance(to: PerceptualHash(bits: 0xF0F0_0000_0000_0000)) == 1)
        #expect(hash.distance(to: PerceptualHash(bits: ~hash.bits)) == 64)
    }

    @Test func aHashIsStoredAsTheSameBitsSigned() {
        let hash = PerceptualHash(bits: 0xFFFF_0000_0000_0001)
        #expect(hash.stored < 0)
        #expect(PerceptualHash(stored: hash.stored) == hash)
    }

    @Test func theBandsAreTheFourSixteenBitQuartersHighestFirst() {
        let hash = PerceptualHash(bits: 0x0001_0203_0405_FFFF)
        #expect((0..<4).map(hash.band) == [0x0001, 0x0203, 0x0405, 0xFFFF])
    }

    @Test func theProbesAreEveryBandValueWithinAQuarterOfTheDistance() {
        let hash = PerceptualHash(bits: 0x1234_5678_9ABC_DEF0)
        // Within 11 bits: 2 bits of a band, 1 + 16 + 120 values, each once.
        let probes = hash.probes(within: 11)
        #expect(probes.count == 4)
        #expect(probes.map(\.count) == [137, 137, 137, 137])
        #expect(probes.allSatisfy { Set($0).count == $0.count })
        #expect(probes[0].first == 0x1234)
        #expect(hash.probes(within: 3).map(\.count) == [1, 1, 1, 1])
    }

    @Test func everyHashWithinTheDistanceSharesABandWithAProbe() {
        var generator = SeededGenerator(seed: 28)
        let hash = PerceptualHash(bits: generator.next())
        let probes = hash.probes(within: 11).map(Set.init)
        for _ in 0..<2000 {
            // Flip up to 11 random bits.
            var bits = hash.bits
            for _ in 0..<Int.random(in: 0...11, using: &generator) {
                bits ^= 1 << UInt64.random(in: 0..<64, using: &generator)
            }
            let near = PerceptualHash(bits: bits)
            #expect((0..<4).contains { probes[$0].contains(near.band($0)) })
        }
    }
}
