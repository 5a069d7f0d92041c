import Mustache
import RecipeCartDomain
import RecipeCartShelf

/// What an order costs as it was priced when sent: each product taken with its price, and the total to pay, marked
/// estimated while weighed goods are in it (`data-order-total-minor`, `data-order-total-estimated`), and once packed
/// the amount charged (`data-order-final-minor`).
struct OrderBill {
    struct Line {
        var rowKey: String
        var sku: String
        /// `2 × Butter 250 g`, `≈ 300 g Onions`.
        var packs: String
        /// `€4.98`, `≈ €0.57`.
        var price: String
        var priceMinor: Int
        var isEstimated: Bool
    }

    var lines: [Line]
    /// `€5.55`, `≈ €5.55`.
    var total: String
    var totalMinor: Int
    var isEstimated: Bool
    var currency: String
    /// `€5.61`, fixed when the order was marked ready.
    var final: String?
    var finalMinor: String?

    /// nil for an order without priced rows, or priced in a currency this version cannot write.
    init?(_ order: Order) {
        guard let pricing = order.content.pricing, let currency = try? Currency(code: pricing.currency) else {
            return nil
        }
        lines = pricing.lines.map { line in
            return Line(
                rowKey: line.rowKey, sku: line.sku, packs: Self.packs(line),
                price: (line.isWeighed ? "≈ " : "") + currency.format(minor: line.priceMinor),
                priceMinor: line.priceMinor, isEstimated: line.isWeighed)
        }
        isEstimated = pricing.isEstimated
        totalMinor = pricing.estimateMinor
        total = (isEstimated ? "≈ " : "") + currency.format(minor: totalMinor)
        self.currency = currency.code
        finalMinor = order.finalMinor.map(String.init)
        final = order.finalMinor.map { currency.format(minor: $0) }
    }

    /// As the cart page wrote it (`PackChoice.Pick.display`): `2 × 250 g Butter`, `2 × Lemon`, `≈ 300 g Onions`; a
    /// weighed good weighed at packing without its "≈" (`weighed`): `320 g Onions`.
    static func packs(_ line: PricedOrderLine, weighed: Bool = false) -> String {
        let unit = PackSize.Unit(rawValue: line.unit) ?? .gram
        if line.isWeighed, weighed { return "\(PackChoice.Pick.quantity(line.amount, unit)) \(line.name)" }
        guard let size = PackSize(Double(line.amount / max(line.packs, 1)), unit) else {
            return "\(line.packs) × \(line.name)"
        }
        return PackChoice.Pick.display(
            count: line.packs, packSize: size, amount: line.amount, name: line.name, isWeighed: line.isWeighed)
    }
}

/// Looked up by name, as the order page is (`OrderView`).
extension OrderBill: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lines": lines
        case "total": total
        case "totalMinor": totalMinor
        case "isEstimated": isEstimated
        case "currency": currency
        case "final": final
        case "finalMinor": finalMinor
        default: nil
        }
    }
}

extension OrderBill.Line: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "rowKey": rowKey
        case "sku": sku
        case "packs": packs
        case "price": price
        case "priceMinor": priceMinor
        case "isEstimated": isEstimated
        default: nil
        }
    }
}
