import RecipeCartDomain
import RecipeCartShelf

extension ShelfPricing {
    /// What `content` costs at the shelf now, as its snapshot to keep with the order; nil when nothing on its list is
    /// sold here. Its rows are those the cart page priced for the same list; their order is the shop's default walk
    /// (the order page and the board put them in the shop's own).
    ///
    /// A row the shelf cannot fill (out of stock, or only some packs left) is placed as it stands only when the cart
    /// page showed it so (`shown`, its `shownShortfall`s); any other comes back as a shortage, for the send to be
    /// refused rather than placed short of what the shopper was promised. `held` is what the order the cart changes
    /// holds of the shelf, which its send gives back first.
    package func orderPricing(for content: OrderContent, shown: Set<String>, held: HeldStock? = nil) async throws
        -> (pricing: OrderPricing?, short: [StockShortage])
    {
        let entries = content.shoppingListEntries
        let groups = ShoppingList(entries: entries).groups(walkingOrder: Aisle.defaultOrder, have: content.have)
        let basket = try await basket(entries: entries, groups: groups, held: held)
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

extension PricedOrderLine {
    /// `offer` in place of a row's priced `lines`, priced now: as much as the row held where the units agree (a
    /// weighed good to that weight, packs enough to cover it), else as many packs as it had.
    package init(replacing lines: [PricedOrderLine], with offer: PackOffer) {
        let unit = offer.packSize.unit.rawValue
        let sameUnit = lines.allSatisfy { $0.unit == unit }
        let held = lines.reduce(0) { $0 + $1.amount }
        let counted = offer.stock != nil
        if offer.isSoldByWeight {
            let amount = sameUnit && held > 0 ? held : offer.packSize.amount
            self.init(
                rowKey: lines.first?.rowKey ?? "", sku: offer.sku, name: offer.name, packs: 1, amount: amount,
                unit: unit, unitPriceMinor: offer.priceMinor, priceMinor: offer.weighedPrice(of: amount),
                isWeighed: true, stockTaken: 0, amountTaken: counted ? amount : nil)
        } else {
            let size = offer.packSize.amount
            let packs =
                sameUnit && held > 0 ? (held + size - 1) / size : max(1, lines.reduce(0) { $0 + $1.packs })
            self.init(
                rowKey: lines.first?.rowKey ?? "", sku: offer.sku, name: offer.name, packs: packs,
                amount: packs * size, unit: unit, unitPriceMinor: offer.priceMinor,
                priceMinor: packs * offer.priceMinor,
                isWeighed: false, stockTaken: counted ? packs : 0)
        }
    }
}
