import RecipeCartDomain
import Testing

@Suite struct HaveListTests {
    @Test func itemsAreSplitCleanedAndCountedOnce() {
        #expect(HaveList.items(from: "Egg, plain  Flour;milk\nEGGS") == ["egg", "plain flour", "milk"])
        #expect(HaveList.items(from: "") == [])
        #expect(HaveList.items(from: " , ;; ,") == [])
        #expect(
            HaveList.items(from: "<script>alert(1)</script>, ../../etc/passwd") == [
                "script alert 1 script", "etc passwd",
            ])
        #expect(HaveList.items(from: String(repeating: "a", count: 500)) == [String(repeating: "a", count: 40)])
    }

    @Test func onlyTheFirstTenItemsCount() {
        let eleven = (1...11).map { "item\($0)" }
        #expect(HaveList.items(from: eleven.joined(separator: ",")) == Array(eleven.prefix(10)))
    }

    @Test(arguments: [
        ("plain flour", "flour", true), ("eggs", "egg", true), ("egg yolks", "eggs", true),
        ("chicken thighs", "chicken thigh", true),
        ("buttermilk", "milk", false), ("coconut milk", "milk", false), ("peanut butter", "butter", false),
        ("egg noodles", "egg", false), ("flour tortillas", "flour", false), ("chicken stock", "chicken", false),
        ("milk", "oat milk", false), ("Crème fraîche", "creme fraiche", true),
    ])
    func anItemCoversTheNamesOfTheThingItself(name: String, item: String, covers: Bool) {
        #expect(HaveList.covers(HaveList.words(of: name), HaveList.words(of: item)) == covers)
    }
}

@Suite struct CookableIndexTests {
    static let lists = [
        IngredientList(id: RecipeID("t-pancakes")!, title: "Pancakes", names: ["plain flour", "eggs", "milk", "salt"]),
        IngredientList(
            id: RecipeID("t-omelette")!, title: "Omelette", names: ["eggs", "butter", "chives", "salt", "pepper"]),
        IngredientList(id: RecipeID("t-curry")!, title: "Curry", names: ["coconut milk", "chicken", "rice"]),
        IngredientList(id: RecipeID("t-bread")!, title: "Bread", names: ["strong white flour", "yeast", "water"]),
        IngredientList(id: RecipeID("t-crepes")!, title: "Crêpes", names: ["plain flour", "egg", "milk", "butter"]),
    ]

    @Test func recipesAreRankedByTheFewestMissingThenTheMostUsedThenTitle() {
        let ranking = CookableIndex(lists: Self.lists).rank(have: ["egg", "flour", "milk"], among: nil)
        let ranked = ranking.ranked(0..<ranking.count)
        #expect(ranked.map(\.id.rawValue) == ["t-pancakes", "t-crepes", "t-bread", "t-omelette"])
        #expect(ranked.map(\.missing) == [[], ["butter"], ["yeast"], ["butter", "chives"]])
    }

    @Test func otherFiltersKeepOnlyTheirRecipesAndNothingUsedIsNothingListed() {
        let index = CookableIndex(lists: Self.lists)
        let dessertsOnly: Set<RecipeID> = [RecipeID("t-crepes")!]
        #expect(index.rank(have: ["egg"], among: dessertsOnly).ranked(0..<10).map(\.id.rawValue) == ["t-crepes"])
        #expect(index.rank(have: ["saffron"], among: nil).count == 0)
        #expect(index.rank(have: [], among: nil).count == 0)
        let all = index.rank(have: ["egg", "milk", "flour", "chicken"], among: nil)
        #expect(all.count == 5)
        #expect(all.ranked(3..<99).map(\.id.rawValue) == all.ranked(0..<5).suffix(2).map(\.id.rawValue))
    }

    /// A page orders only the best it shows: they, and the count of all that use an item, are the whole ranking's.
    @Test func theBestFewAreTheFirstOfTheWholeRanking() {
        let names = ["eggs", "plain flour", "milk", "butter", "salt", "chicken", "rice", "garlic", "lemon", "yeast"]
        let lists = (0..<500).map { n in
            IngredientList(
                id: RecipeID("m-\(n)")!, title: "Dish \(n % 37)",
                names: (0..<(2 + n % 5)).map { names[(n * 7 + $0 * 3) % names.count] })
        }
        let index = CookableIndex(lists: lists)
        let allowed = Set(lists.indices.filter { $0 % 4 != 0 }.map { RecipeID("m-\($0)")! })
        for have in [["egg"], ["flour", "milk"], ["chicken", "rice", "garlic"]] {
            for among in [nil, allowed] {
                let whole = index.rank(have: have, among: among)
                #expect(whole.count > 60, "\(have) uses more than a page")
                for best in [0, 1, 48, whole.count - 1, whole.count + 3] {
                    let few = index.rank(have: have, among: among, best: best)
                    #expect(few.count == whole.count)
                    #expect(few.ranked(0..<best) == whole.ranked(0..<best), "\(have) \(best)")
                    #expect(few.ranked(best..<(best + 10)).isEmpty, "\(have) \(best): only the best are kept")
                }
            }
        }
    }

    @Test func aNameListedTwiceCountsOnceAsUsedAndAsMissing() {
        let index = CookableIndex(lists: [
            IngredientList(
                id: RecipeID("t-twice")!, title: "Aioli", names: ["garlic", "egg", "garlic", "oil", "lemon", "lemon"]),
            IngredientList(id: RecipeID("t-both")!, title: "Zabaglione", names: ["egg", "garlic", "lemon", "marsala"]),
        ])
        let ranked = index.rank(have: ["garlic", "egg"], among: nil).ranked(0..<2)
        // Both use garlic and egg and miss lemon; the Zabaglione also misses marsala.
        #expect(ranked.map(\.id.rawValue) == ["t-twice", "t-both"])
        #expect(ranked.map(\.missing) == [["lemon"], ["lemon", "marsala"]])
    }
}
