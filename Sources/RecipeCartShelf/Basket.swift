import RecipeCartDomain

/// The list as the shopper pays for it: each row in whole packs (`PackChoice`), aisle subtotals and a total. The
/// total is estimated when a row in it is (weighed goods, weights a piece), and incomplete when a row's price falls
/// short of its need (`PricedRow.isIncomplete`): the rows without a price are left out of it.
package struct Basket: Sendable, Equatable {
    package var aisles: [PricedAisle]
    /// In minor units.
    package var totalMinor: Int
    package var isEstimated: Bool
    package var isIncomplete: Bool

    /// The aisle groups priced, "Already have" left out (nothing of it is bought). `needs` by item key, as
    /// `IngredientNeed.needs(for:)` gives them for the list's entries; `offers` the products matched to each
    /// ingredient, by the same key.
    package init(groups: [ShoppingListGroup], needs: [String: IngredientNeed], offers: [String: [PackOffer]]) {
        aisles = groups.compactMap { group in
            group.aisle.map { aisle in
                PricedAisle(
                    aisle: aisle,
                    rows: group.items.map { item in
                        let need = needs[item.key] ?? IngredientNeed(key: item.key, parts: [])
                        let matched = offers[item.key] ?? []
                        return PricedRow(
                            item: item, choice: PackChoice.choose(for: need, from: matched),
                            soldOut: matched.filter { $0.stockAmount == 0 })
                    })
            }
        }
        totalMinor = aisles.reduce(0) { $0 + $1.subtotalMinor }
        isEstimated = aisles.contains(where: \.isEstimated)
        isIncomplete = aisles.contains(where: \.isIncomplete)
    }

    /// The basket for a cart's entries: the list's aisle groups in `walkingOrder` without what the shopper has
    /// (`have`, as `ShoppingList.groups`), priced.
    package static func priced(
        entries: [ShoppingList.Entry], walkingOrder: [Aisle], have: [String: Bool], offers: [String: [PackOffer]]
    ) -> Basket {
        Basket(
            groups: ShoppingList(entries: entries).pickList(walkingOrder: walkingOrder, have: have),
            needs: IngredientNeed.needs(for: entries), offers: offers)
    }
}
