import RecipeCartDomain
import Testing

/// The bounded store behind the page cache and the cart-block cache.
@Suite struct OldestFirstOutTests {
    @Test func pastItsCapacityTheOldestKeysGoFirst() {
        var kept = OldestFirstOut<Int, String>(capacity: 3)
        for key in 0..<10 { kept.keep("\(key)", for: key) }
        #expect((0..<7).allSatisfy { kept[$0] == nil })
        #expect((7..<10).map { kept[$0] } == ["7", "8", "9"])
    }

    @Test func aKeyKeptAgainKeepsItsPlaceInLine() {
        var kept = OldestFirstOut<String, Int>(capacity: 2)
        kept.keep(1, for: "a")
        kept.keep(2, for: "b")
        kept.keep(3, for: "a")
        kept.keep(4, for: "c")
        #expect(kept["a"] == nil)
        #expect(kept["b"] == 2)
        #expect(kept["c"] == 4)
    }

    @Test func keepingSaysWhatLeftAndTheOldestCanBeTakenOut() {
        var kept = OldestFirstOut<String, Int>(capacity: 2)
        #expect(kept.keep(1, for: "a").isEmpty)
        #expect(kept.keep(2, for: "b").isEmpty)
        #expect(kept.keep(3, for: "a") == [1])
        #expect(kept.keep(4, for: "c") == [3])
        #expect(kept.removeOldest() == 2)
        #expect(kept.removeOldest() == 4)
        #expect(kept.removeOldest() == nil)
        #expect(kept["b"] == nil && kept["c"] == nil)
        kept.keep(5, for: "d")
        #expect(kept["d"] == 5)
    }

    @Test func aLongRunKeepsExactlyTheNewest() {
        var kept = OldestFirstOut<Int, Int>(capacity: 100)
        for key in 0..<10_000 { kept.keep(key, for: key % 1_000) }
        // Keys 0..<1000 come round ten times, each long gone by its next turn: the last 100 stay, with their last values.
        #expect((900..<1_000).allSatisfy { kept[$0] == 9_000 + $0 })
        #expect((0..<900).allSatisfy { kept[$0] == nil })
    }
}
