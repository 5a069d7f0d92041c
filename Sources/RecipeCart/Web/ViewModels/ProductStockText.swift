import RecipeCartShelf

/// A product's stock as staff read it: "12 packs", the weight left of a good sold by weight ("5.98 kg", counting what
/// is left of the kilogram orders cut into), or "not counted".
enum ProductStockText {
    static func text(of product: Product) -> String {
        guard let stock = product.stock, let amount = product.stockAmount else { return "not counted" }
        guard product.isSoldByWeight else { return "\(stock) packs" }
        guard amount > 0 else { return "none left" }
        return PackSize(Double(amount), product.packSize.unit)?.display ?? "\(stock) × \(product.packSize.display)"
    }
}
