import RecipeCartDomain
import RecipeCartShelf

/// What packing changed of a priced row, in the shopper's words: "1.13 kg instead of about 1 kg, +€0.26",
/// "1 of 2 packs, −€2.10", "none packed, −€4.50", "replaced with 2 × 250 g Kerrygold Butter, +€0.40".
enum PackedDifferenceText {
    static func text(_ difference: PackedBill.Difference, currency: Currency) -> String {
        let estimatedPacks = difference.estimated.reduce(0) { $0 + $1.packs }
        let packedPacks = difference.packed.reduce(0) { $0 + $1.packs }
        let change =
            switch difference.kind {
            case .weighed:
                "\(amount(difference.packed)) instead of about \(amount(difference.estimated))"
            case .short:
                "\(packedPacks) of \(estimatedPacks) packs"
            case .leftOut:
                "none packed"
            case .replaced:
                "replaced with " + difference.packed.map { OrderBill.packs($0) }.joined(separator: " + ")
            }
        return "\(change), \(signed(difference.amountMinor, currency: currency))"
    }

    /// `+€0.26`, `−€2.10` (a true minus sign), or "same price".
    static func signed(_ minor: Int, currency: Currency) -> String {
        guard minor != 0 else { return "same price" }
        return (minor > 0 ? "+" : "−") + currency.format(minor: abs(minor))
    }

    private static func amount(_ lines: [PricedOrderLine]) -> String {
        PickMarkText.amountText(lines.reduce(0) { $0 + $1.amount }, unit: lines.first?.unit)
    }
}
