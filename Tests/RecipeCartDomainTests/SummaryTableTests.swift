import RecipeCartDomain
import Testing

@Suite struct SummaryTableTests {
    let ids = ["t-1", "t-2", "t-3"].map { RecipeID($0)! }

    @Test func aTileReadsBackAsItWasAddedWhateverItsOrder() {
        var table = SummaryTable()
        table.append(
            title: "Crème Brûlée", category: "Dessert", servings: 4, readyMinutes: 45, imagePath: "images/t-1.jpg")
        table.append(title: "", category: "", servings: nil, readyMinutes: nil, imagePath: nil)
        table.append(
            title: "<b>Fish & \"Chips\"</b>", category: "Dessert", servings: 0, readyMinutes: -1, imagePath: "")
        let reordered = table.reordered([2, 0, 1])
        #expect(
            reordered.summary(ofRecipeAt: 1, id: ids[0])
                == RecipeSummary(
                    id: ids[0], title: "Crème Brûlée", category: "Dessert", servings: 4, readyInMinutes: 45,
                    imagePath: "images/t-1.jpg"))
        #expect(
            reordered.summary(ofRecipeAt: 2, id: ids[1])
                == RecipeSummary(
                    id: ids[1], title: "", category: "", servings: nil, readyInMinutes: nil, imagePath: nil))
        #expect(
            reordered.summary(ofRecipeAt: 0, id: ids[2])
                == RecipeSummary(
                    id: ids[2], title: "<b>Fish & \"Chips\"</b>", category: "Dessert", servings: 0, readyInMinutes: -1,
                    imagePath: ""))
    }

    @Test func numbersItCannotHoldAreUnknownAndTooLongATextIsCutAtACharacter() {
        var table = SummaryTable()
        // "é" is two bytes: 65,535 bytes of them end in the middle of one.
        let title = String(repeating: "é", count: 40_000)
        table.append(
            title: title, category: "Main", servings: Int(Int32.max) + 1, readyMinutes: Int(Int32.min), imagePath: title
        )
        let tile = table.summary(ofRecipeAt: 0, id: ids[0])
        #expect(tile.title == String(repeating: "é", count: 32_767))
        #expect(tile.imagePath == String(repeating: "é", count: 32_767))
        #expect(tile.servings == nil && tile.readyInMinutes == nil && tile.category == "Main")
    }
}
