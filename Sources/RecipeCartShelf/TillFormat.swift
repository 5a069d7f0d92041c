import Foundation

/// The product files RecipeCart reads: Square's item library export, Shopify's products CSV (old and new column
/// names), and a plain one of its own. `--format` names one; otherwise the header line says which.
package enum TillFormat: String, Sendable, CaseIterable {
    case square
    case shopify
    case plain

    /// The format a `--format` value names (`square`, `Shopify`, `plain`); nil for any other.
    package init?(name: String) {
        self.init(rawValue: name.lowercased().trimmingCharacters(in: .whitespaces))
    }

    package var title: String {
        switch self {
        case .square: "Square item library export"
        case .shopify: "Shopify products CSV"
        case .plain: "RecipeCart plain product CSV"
        }
    }

    /// The format a header line is of: Square by `Item Name` with `Token` or `Variation Name`, Shopify by its handle
    /// with `Title` or by a `Variant …` price or SKU, the plain format by `sku` and `name`; nil when none fits.
    static func recognised(by header: HeaderColumns) -> TillFormat? {
        if header.has("item name"), header.has("token") || header.has("variation name") { return .square }
        if (header.has("handle") || header.has("url handle")) && header.has("title") || header.has("variant price")
            || header.has("variant sku")
        {
            return .shopify
        }
        if header.has("sku"), header.has("name") { return .plain }
        return nil
    }
}
