import RecipeCartShelf

/// A product's price as staff read it on their pages: a pack's price, or a weighed good's price per kg, l or piece,
/// and never without its unit price (EU Directive 98/6/EC).
enum ProductPriceText {
    /// `€2.49`, or `€1.49 per kg` for a good sold by weight.
    static func price(of product: Product, in currency: Currency) -> String {
        let price = currency.format(minor: product.priceMinor)
        return product.isSoldByWeight ? "\(price) per \(product.packSize.unit.unitPriceName)" : price
    }

    /// A weighed good's price already is one.
    static func unitPrice(of product: Product) -> UnitPrice {
        product.isSoldByWeight
            ? UnitPrice(minor: product.priceMinor, unit: product.packSize.unit)
            : UnitPrice(priceMinor: product.priceMinor, per: product.packSize)
    }

    /// `€9.96 per kg`.
    static func unitPrice(_ unitPrice: UnitPrice, in currency: Currency) -> String {
        "\(currency.format(minor: unitPrice.minor)) per \(unitPrice.unitName)"
    }
}
