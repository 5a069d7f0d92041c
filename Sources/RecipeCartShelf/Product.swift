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
    /// Packs on the shelf; nil when the shop does not count them.
    package var stock: Int?
    /// An inactive product stays in the database (its price history, the orders that name it) but is not offered.
    package var isActive: Bool
    /// Counts the product's saved changes, so that an edit made from an older copy is told it raced another.
    package var version: Int

    package init(
        sku: String, name: String, gtin: String? = nil, aisle: Aisle? = nil, packSize: PackSize, priceMinor: Int,
        isSoldByWeight: Bool = false, stock: Int? = nil, isActive: Bool = true, version: Int = 0
    ) {
        self.sku = sku
        self.name = name
        self.gtin = gtin
        self.aisle = aisle
        self.packSize = packSize
        self.priceMinor = priceMinor
        self.isSoldByWeight = isSoldByWeight
        self.stock = stock
        self.isActive = isActive
        self.version = version
    }

    /// What choosing packs needs of it; nil for a price outside what an offer may have.
    package var offer: PackOffer? {
        PackOffer(
            sku: sku, name: name, packSize: packSize, priceMinor: priceMinor, isSoldByWeight: isSoldByWeight,
            stock: stock)
    }

    /// Whether saving `other` over this would change what the shop sells: everything but the version.
    package func differs(from other: Product) -> Bool {
        var other = other
        other.version = version
        return other != self
    }
}
