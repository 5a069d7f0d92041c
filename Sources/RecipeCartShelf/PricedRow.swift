import RecipeCartDomain

/// One row of the priced list: the list's item and what to take from the shelf for it.
package struct PricedRow: Sendable, Equatable {
    package var item: ShoppingList.Item
    package var choice: PackChoice
    /// The products matched to the ingredient that are out of stock, so the row can say what it took in their place.
    package var soldOut: [PackOffer]

    package init(item: ShoppingList.Item, choice: PackChoice, soldOut: [PackOffer] = []) {
        self.item = item
        self.choice = choice
        self.soldOut = soldOut
    }

    /// Whether the row's price falls short of its need: no product, no amount, out of stock, too little stock, or
    /// an amount of it no product's unit holds.
    package var isIncomplete: Bool {
        choice.status != .covered || !(choice.need?.leftOut.isEmpty ?? true)
    }
}
