import RecipeCartDomain
import RecipeCartShelf

extension ShelfPricing {
    /// What `content` costs at the shelf now, as its snapshot to keep with the order; nil when nothing on its list is
    /// sold here. Its rows are those the cart page priced for the same list; their order is the shop's default walk
    /// (the order page and the board put them in the shop's own).
    func orderPricing(for content: OrderContent) async throws -> OrderPricing? {
        let entries = content.shoppingListEntries
        let groups = ShoppingList(entries: entries).groups(walkingOrder: Aisle.defaultOrder, have: content.have)
        let basket = try await basket(entries: entries, groups: groups)
        let lines = basket.aisles.flatMap(\.rows).flatMap { row in
            row.choice.picks.map { pick in PricedOrderLine(row: row.item.key, pick: pick) }
        }
        guard !lines.isEmpty else { return nil }
        return OrderPricing(currency: currency.code, lines: lines, isEstimated: basket.isEstimated)
    }
}

extension PricedOrderLine {
    init(row: String, pick: PackChoice.Pick) {
        let offer = pick.offer
        let counted = offer.stock != nil
        self.init(
            rowKey: row, sku: offer.sku, name: offer.name, packs: pick.count, amount: pick.amount,
            unit: offer.packSize.unit.rawValue,
            unitPriceMinor: offer.priceMinor, priceMinor: pick.priceMinor, isWeighed: offer.isSoldByWeight,
            // A weighed good's stock counts pack sizes of it: the weight asked for takes the sizes it reaches.
            stockTaken: !counted
                ? 0
                : offer.isSoldByWeight
                    ? (pick.amount + offer.packSize.amount - 1) / offer.packSize.amount : pick.count)
    }
}
