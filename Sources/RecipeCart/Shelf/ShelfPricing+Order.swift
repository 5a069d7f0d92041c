import RecipeCartDomain
import RecipeCartShelf

extension ShelfPricing {
    /// What `content` costs at the shelf now, as its snapshot to keep with the order; nil when nothing on its list is
    /// sold here. Its rows are those the cart page priced for the same list; their order is the shop's default walk
    /// (the order page and the board put them in the shop's own).
    ///
    /// A row whose every matched product is out of stock has no pick, so no stock would be taken for it: it comes
    /// back as a shortage, for the send to be refused rather than placed without it.
    func orderPricing(for content: OrderContent) async throws -> (pricing: OrderPricing?, soldOut: [StockShortage]) {
        let entries = content.shoppingListEntries
        let groups = ShoppingList(entries: entries).groups(walkingOrder: Aisle.defaultOrder, have: content.have)
        let basket = try await basket(entries: entries, groups: groups)
        let rows = basket.aisles.flatMap(\.rows)
        let lines = rows.flatMap { row in
            row.choice.picks.map { pick in PricedOrderLine(row: row.item.key, pick: pick) }
        }
        let soldOut = rows.filter { $0.choice.status == .outOfStock }.compactMap(\.soldOut.first).map {
            StockShortage(sku: $0.sku, name: $0.name, needed: 1, left: 0)
        }
        guard !lines.isEmpty else { return (nil, soldOut) }
        return (OrderPricing(currency: currency.code, lines: lines, isEstimated: basket.isEstimated), soldOut)
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
