import RecipeCartShelf
import Testing

@Suite struct PackCoverTests {
    @Test func theCheapestCoverWins() {
        let packs = [
            PackCover.Pack(size: 250, priceMinor: 249, limit: 10),
            PackCover.Pack(size: 500, priceMinor: 449, limit: 10),
        ]
        #expect(PackCover.cheapest(covering: 60, with: packs) == [1, 0])
        #expect(PackCover.cheapest(covering: 600, with: packs) == [1, 1])
        #expect(PackCover.cheapest(covering: 900, with: packs) == [0, 2])
    }

    @Test func packsThatCannotCoverAreNoCover() {
        let packs = [PackCover.Pack(size: 250, priceMinor: 249, limit: 2)]
        #expect(PackCover.cheapest(covering: 501, with: packs) == nil)
        #expect(PackCover.cheapest(covering: 500, with: packs) == [2])
        #expect(PackCover.cheapest(covering: 1, with: []) == nil)
    }

    /// Against every combination within the limits, on a few thousand small shelves drawn from a fixed seed.
    @Test func itAgreesWithTryingEveryCombination() {
        var random = SplitMix(seed: 50)
        for _ in 0..<3000 {
            let packs = (0..<random.next(in: 1...4)).map { _ in
                PackCover.Pack(
                    size: random.next(in: 1...20), priceMinor: random.next(in: 0...60), limit: random.next(in: 0...5))
            }
            let need = random.next(in: 1...70)
            let expected = Self.bestByTryingAll(need: need, packs: packs)
            let found = PackCover.cheapest(covering: need, with: packs)
            #expect(found.map { Self.key(of: $0, need: need, packs: packs) } == expected, "\(packs) need \(need)")
        }
    }

    @Test func aLargeNeedOfSmallPacksEndsQuickly() {
        let packs = (1...6).map { PackCover.Pack(size: $0, priceMinor: $0 * 10 + 1, limit: 1_000_000) }
        let start = ContinuousClock.now
        let counts = PackCover.cheapest(covering: 1_000_000, with: packs)
        #expect(ContinuousClock.now - start < .milliseconds(200))
        #expect(counts.map { zip($0, packs).reduce(0) { $0 + $1.0 * $1.1.size } }.map { $0 >= 1_000_000 } == true)
    }

    private static func key(of counts: [Int], need: Int, packs: [PackCover.Pack]) -> [Int] {
        let held = zip(counts, packs).reduce(0) { $0 + $1.0 * $1.1.size }
        let cost = zip(counts, packs).reduce(0) { $0 + $1.0 * $1.1.priceMinor }
        return [cost, held - need, counts.reduce(0, +)]
    }

    private static func bestByTryingAll(need: Int, packs: [PackCover.Pack]) -> [Int]? {
        var best: [Int]?
        var counts = [Int](repeating: 0, count: packs.count)
        func walk(_ index: Int) {
            guard index < packs.count else {
                let key = key(of: counts, need: need, packs: packs)
                if key[1] >= 0, best.map({ key.lexicographicallyPrecedes($0) }) ?? true { best = key }
                return
            }
            for count in 0...packs[index].limit {
                counts[index] = count
                walk(index + 1)
            }
        }
        walk(0)
        return best
    }
}

/// A small fixed-seed generator (SplitMix64), so that a failure can be run again.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + Int(z % UInt64(range.count))
    }
}
