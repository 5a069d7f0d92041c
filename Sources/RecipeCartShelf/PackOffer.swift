import RecipeCartDomain

/// What choosing packs needs to know of one product on the shop's shelf.
package struct PackOffer: Sendable, Hashable {
    /// The shop's key for the product.
    package var sku: String
    /// As the shelf label names it.
    package var name: String
    package var packSize: PackSize
    /// In minor units of the shop's currency: the price of one pack, or for a good sold by weight its price per
    /// kilogram (per litre, per piece: the unit price's unit), since any weight of it can be taken.
    package var priceMinor: Int
    /// Priced per kilogram and weighed when packed, so what the shopper pays is an estimate until then.
    package var isSoldByWeight: Bool
    /// Packs on the shelf; for a good sold by weight, how many `packSize`s of it. nil when the shop does not count.
    package var stock: Int?
    /// For a good sold by weight: what is left of a cut pack size, in its unit, beside `stock`'s whole ones.
    package var stockPart: Int

    /// The dearest price an offer may have: 1,000,000 in major units, as the importer allows. Keeping prices and
    /// needs bounded keeps every product of a price and an amount far inside `Int`.
    package static let largestPriceMinor = 100_000_000

    /// More packs than any shelf holds; a larger stock counts as this many.
    package static let largestStock = 1_000_000_000

    /// nil for a price below 0 or past `largestPriceMinor`, or a stock below 0.
    package init?(
        sku: String, name: String, packSize: PackSize, priceMinor: Int, isSoldByWeight: Bool = false,
        stock: Int? = nil, stockPart: Int = 0
    ) {
        guard (0...Self.largestPriceMinor).contains(priceMinor), (stock ?? 0) >= 0 else { return nil }
        self.sku = sku
        self.name = name
        self.packSize = packSize
        self.priceMinor = priceMinor
        self.isSoldByWeight = isSoldByWeight
        self.stock = stock.map { min($0, Self.largestStock) }
        self.stockPart = max(0, stockPart)
    }

    package var unitPrice: UnitPrice {
        UnitPrice(of: self)
    }

    /// How much of it the shelf holds, in the pack size's unit; nil when not counted.
    package var stockAmount: Int? {
        stock.map { $0 * packSize.amount + stockPart }
    }

    /// What `amount` of a good sold by weight costs: `amount × price per kg ÷ 1,000`, half up.
    package func weighedPrice(of amount: Int) -> Int {
        HalfUp.divide(amount * priceMinor, by: packSize.unit.unitPriceBase)
    }
}
