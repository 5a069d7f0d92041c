/// What an order costs as the shop priced it when it was sent: the packs taken from the shelf for each row of its list
/// and their prices, kept with the order so a later price change or product edit never changes a placed order.
package struct OrderPricing: Sendable, Equatable, Codable {
    /// The shop's currency, ISO 4217 (`EUR`).
    package var currency: String
    package var lines: [PricedOrderLine]
    /// Weighed goods (or a typical weight a piece) are in it, so the final amount is known only once packed.
    package var isEstimated: Bool

    package init(currency: String, lines: [PricedOrderLine], isEstimated: Bool) {
        self.currency = currency
        self.lines = lines
        self.isEstimated = isEstimated
    }

    /// The amount to authorise, in minor units.
    package var estimateMinor: Int { lines.reduce(0) { $0 + $1.priceMinor } }

    /// The packs taken from stock, by SKU, for the products the shop counts.
    package var stockTaken: [String: Int] {
        var taken: [String: Int] = [:]
        for line in lines where line.stockTaken > 0 { taken[line.sku, default: 0] += line.stockTaken }
        return taken
    }

    /// The weight (volume, pieces) of weighed goods taken from stock, by SKU, in each product's pack unit.
    package var amountTaken: [String: Int] {
        var taken: [String: Int] = [:]
        for line in lines {
            if let amount = line.amountTaken, amount > 0 { taken[line.sku, default: 0] += amount }
        }
        return taken
    }
}

/// One product taken for one row of an order's list: `2 × 250 g Butter`, or a weighed good to the amount needed.
package struct PricedOrderLine: Sendable, Equatable, Codable {
    /// The list row's ingredient key, as the pick list names its rows.
    package var rowKey: String
    package var sku: String
    /// The product's name on the shelf label.
    package var name: String
    /// Packs taken; 1 for a weighed good.
    package var packs: Int
    /// What the packs hold, or the weight asked for, in `unit`.
    package var amount: Int
    /// `g`, `ml` or `piece`.
    package var unit: String
    /// A pack's price, or for a weighed good its price per kilogram (litre, piece), in minor units.
    package var unitPriceMinor: Int
    /// What the line costs, in minor units; for a weighed good, an estimate until it is weighed.
    package var priceMinor: Int
    package var isWeighed: Bool
    /// Packs of it taken from stock; 0 for a weighed good (see `amountTaken`) and when the shop does not count its
    /// stock. (Orders placed before weighed goods were counted by weight took the pack sizes their weight reached.)
    package var stockTaken: Int
    /// For a weighed good the shop counts: the weight taken from its stock, in `unit`; nil otherwise.
    package var amountTaken: Int?

    package init(
        rowKey: String, sku: String, name: String, packs: Int, amount: Int, unit: String, unitPriceMinor: Int,
        priceMinor: Int, isWeighed: Bool, stockTaken: Int, amountTaken: Int? = nil
    ) {
        self.rowKey = rowKey
        self.sku = sku
        self.name = name
        self.packs = packs
        self.amount = amount
        self.unit = unit
        self.unitPriceMinor = unitPriceMinor
        self.priceMinor = priceMinor
        self.isWeighed = isWeighed
        self.stockTaken = stockTaken
        self.amountTaken = amountTaken
    }
}

/// A product an order needs more of than the shelf has left.
package struct StockShortage: Sendable, Equatable {
    package var sku: String
    package var name: String
    /// Packs the list takes; 0 when the list was priced against what is left, and needs more than that.
    package var needed: Int
    /// Packs left; 0 when none.
    package var left: Int
    /// For a good sold by weight, the unit `needed` and `left` count (`g`, `ml`, `piece`) instead of packs.
    package var unit: String?

    package init(sku: String, name: String, needed: Int, left: Int, unit: String? = nil) {
        self.sku = sku
        self.name = name
        self.needed = needed
        self.left = left
        self.unit = unit
    }
}
