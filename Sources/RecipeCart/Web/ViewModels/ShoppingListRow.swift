/// One line of a merged shopping list: what to buy, how much, and for which recipes.
struct ShoppingListRow {
    var name: String
    var amounts: String
    var recipes: String

    static func rows(_ list: ShoppingList) -> [ShoppingListRow] {
        list.items.map { item in
            ShoppingListRow(
                name: item.name, amounts: item.amounts.joined(separator: ", "),
                recipes: "for " + item.recipes.joined(separator: ", "))
        }
    }
}
