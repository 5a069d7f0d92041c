import RecipeCartDomain

/// One product on the shop's shelf, as the shop's till knows it: the SKU is the shop's own key, and what the till
/// exports again updates the product with that SKU.
package struct Product: Sendable, Equatable {
    package var sku: String
    package var name: String
    package var gtin: String?
    /// Where it stands in the shop; nil leaves it to the ingredient it is matched to.
    package var aisle: Aisle?
    package var packSize: PackSize
    /// In minor units of the shop's currency: a pack's price, or the price per kilogram (litre, piece) of a good
    /// sold by weight.
    package var priceMinor: Int
    package var isSoldByWeight: Bool
    /// Packs on the shelf; nil when the shop does not count them. For a good sold by weight, whole pack sizes of it.
    package var stock: Int?
    /// For a good sold by weight: what is left of the pack size orders have cut into, in its unit (below one pack
    /// size), beside `stock`'s whole ones. Orders keep it; a new stock count from the till or staff sets it back to 0.
    package var stockPart: Int
    /// An inactive product stays in the database (its price history, the orders that name it) but is not offered.
    package var isActive: Bool
    /// Counts the product's saved changes, so that an edit made from an older copy is told it raced another.
    package var version: Int

    package init(
        sku: String, name: String, gtin: String? = nil, aisle: Aisle? = nil, packSize: PackSize, priceMinor: Int,
        isSoldByWeight: Bool = false, stock: Int? = nil, stockPart: Int = 0, isActive: Bool = true, version: Int = 0
    ) {
        self.sku = sku
        self.name = name
        self.gtin = gtin
        self.aisle = aisle
        self.packSize = packSize
        self.priceMinor = priceMinor
        self.isSoldByWeight = isSoldByWeight
        self.stock = stock
        self.stockPart = stockPart
        self.isActive = isActive
        self.version = version
    }

    /// How much of it the shelf holds in the pack size's unit, a cut pack size's part included; nil when not counted.
    package var stockAmount: Int? {
        stock.map { $0 * packSize.amount + stockPart }
    }

    /// What choosing packs needs of it; nil for a price outside what an offer may have.
    package var offer: PackOffer? {
        PackOffer(
            sku: sku, name: name, packSize: packSize, priceMinor: priceMinor, isSoldByWeight: isSoldByWeight,
            stock: stock, stockPart: stockPart)
    }

    /// Whether saving `other` over this would change what the shop sells: everything but the version and the part of
    /// a pack size orders left (which the till's file does not know of).
    package func differs(from other: Product) -> Bool {
        var other = other
        other.version = version
        other.stockPart = stockPart
        return other != self
    }
}
