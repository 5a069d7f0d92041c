import RecipeCartDomain
import RecipeCartShelf

extension ShelfPricing {
    /// What `content` costs at the shelf now, as its snapshot to keep with the order; nil when nothing on its list is
    /// sold here. Its rows are those the cart page priced for the same list; their order is the shop's default walk
    /// (the order page and the board put them in the shop's own).
    ///
    /// A row the shelf cannot fill (out of stock, or only some packs left) is placed as it stands only when the cart
    /// page showed it so (`shown`, its `shownShortfall`s); any other comes back as a shortage, for the send to be
    /// refused rather than placed short of what the shopper was promised.
    func orderPricing(for content: OrderContent, shown: Set<String>) async throws
        -> (pricing: OrderPricing?, short: [StockShortage])
    {
        let entries = content.shoppingListEntries
        let groups = ShoppingList(entries: entries).groups(walkingOrder: Aisle.defaultOrder, have: content.have)
        let basket = try await basket(entries: entries, groups: groups)
        let rows = basket.aisles.flatMap(\.rows)
        let lines = rows.flatMap { row in
            row.choice.picks.map { pick in PricedOrderLine(row: row.item.key, pick: pick) }
        }
        let short = rows.compactMap { row -> StockShortage? in
            guard let shortfall = row.shownShortfall, !shown.contains(shortfall) else { return nil }
            guard let product = row.choice.picks.first?.offer ?? row.soldOut.first else { return nil }
            return StockShortage(
                sku: product.sku, name: product.name, needed: 0, left: row.shelfLeft,
                unit: product.isSoldByWeight ? product.packSize.unit.rawValue : nil)
        }
        guard !lines.isEmpty else { return (nil, short) }
        return (OrderPricing(currency: currency.code, lines: lines, isEstimated: basket.isEstimated), short)
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
            stockTaken: counted && !offer.isSoldByWeight ? pick.count : 0,
            amountTaken: counted && offer.isSoldByWeight ? pick.amount : nil)
    }
}
