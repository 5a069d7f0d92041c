import RecipeCartDomain

/// A product as a till's file describes it, checked and ready for the store: prices in minor units of the shop's
/// currency, the pack size in base units, stock in packs.
package struct ImportedProduct: Sendable, Hashable {
    /// The row of the file it came from, for the report.
    package let row: Int
    /// The shop's key: a re-import updates the product of the same SKU.
    package let sku: String
    package let name: String
    package let gtin: String?
    /// nil when the file leaves it to the ingredient the product is matched to.
    package let aisle: Aisle?
    /// What one pack holds; 1 kg for a product sold by weight, whose price is per kg.
    package let packSize: PackSize
    /// The price of one pack (of one kg when sold by weight) in minor units.
    package let priceMinor: Int
    package let soldByWeight: Bool
    /// Packs in stock; nil when the shop does not track its stock.
    package let stock: Int?

    package init(
        row: Int, sku: String, name: String, gtin: String?, aisle: Aisle?, packSize: PackSize, priceMinor: Int,
        soldByWeight: Bool, stock: Int?
    ) {
        self.row = row
        self.sku = sku
        self.name = name
        self.gtin = gtin
        self.aisle = aisle
        self.packSize = packSize
        self.priceMinor = priceMinor
        self.soldByWeight = soldByWeight
        self.stock = stock
    }
}
