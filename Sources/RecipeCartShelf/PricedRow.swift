import RecipeCartDomain

/// One row of the priced list: the list's item and what to take from the shelf for it.
package struct PricedRow: Sendable, Equatable {
    package var item: ShoppingList.Item
    package var choice: PackChoice

    package init(item: ShoppingList.Item, choice: PackChoice) {
        self.item = item
        self.choice = choice
    }

    /// Whether the row's price falls short of its need: no product, no amount, out of stock, too little stock, or
    /// an amount of it no product's unit holds.
    package var isIncomplete: Bool {
        choice.status != .covered || !(choice.need?.leftOut.isEmpty ?? true)
    }
}
