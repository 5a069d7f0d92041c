import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct CostTableTests {
    static func cost(_ minor: Int, incomplete: Bool = false) -> CostPerServing {
        CostPerServing(minor: minor, isEstimated: false, isIncomplete: incomplete)
    }

    static let table = CostTable(
        (1...1_000).reversed().map { number in
            (RecipeID("gen-\(number)")!, cost(number, incomplete: number % 10 == 0))
        })

    @Test func findsEveryRecipeItHoldsAndNoOther() {
        #expect(Self.table.count == 1_000)
        for number in [1, 2, 99, 500, 999, 1_000] {
            #expect(Self.table[RecipeID("gen-\(number)")!]?.minor == number)
        }
        for absent in ["gen-0", "gen-1001", "bundled-1", "zzz-1", "aaa-1"] {
            #expect(Self.table[RecipeID(absent)!] == nil, "\(absent)")
        }
        #expect(CostTable([])[RecipeID("gen-1")!] == nil)
    }

    @Test func underACeilingFindsOnlyWholeCostsWithinIt() {
        let found = Self.table.ids(atMost: 25)
        #expect(found == Set((1...25).filter { $0 % 10 != 0 }.map { RecipeID("gen-\($0)")! }))
        #expect(Self.table.ids(atMost: 0).isEmpty)
    }

    @Test func cheapestFirstPutsWholeCostsThenAtLeastThenNone() {
        let keys = [Self.cost(300), Self.cost(100, incomplete: true), nil, Self.cost(200)].map(CostPerServing.orderKey)
        #expect(keys.sorted { $0 < $1 }.map { [$0.0, $0.1] } == [[0, 200], [0, 300], [1, 100], [2, 0]])
    }
}
