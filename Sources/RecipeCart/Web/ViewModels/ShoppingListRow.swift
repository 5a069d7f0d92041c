/// One line of a merged shopping list: what to buy, how much, and for which recipes.
struct ShoppingListRow {
    var name: String
    var amounts: String
    var recipes: String
}
