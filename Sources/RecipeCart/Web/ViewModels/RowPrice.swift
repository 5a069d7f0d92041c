import Algorithms
import Mustache
import RecipeCartShelf

/// What a priced row of the shopping list shows: the packs to take from the shelf, what they cost with their unit
/// price, and the markup hooks (`data-price-minor`, `data-sku`, …) as text, so that a 0 is written as one.
struct RowPrice {
    var packs: String?
    /// `€2.49`, `≈ €0.57` for a weighed good.
    var cost: String?
    /// `was €2.49` beside a reduced price: the lowest price of the 30 days before the reduction (`ReducedPrice`).
    var wasPrice: String?
    var wasPriceMinor: String?
    var priceMinor: String?
    var currency: String
    var unitPrice: String?
    var unitPriceMinor: String?
    var unit: String?
    var skus: String?
    var packCount: String?
    var isEstimated: Bool
    /// `out` or `low`, for `data-stock`.
    var stock: String?
    /// Why the row has no price or falls short: "Not sold here", "Out of stock", "Only 2 left".
    var note: String?

    /// `wasPrices`: the "was" price of each product whose price is a recent reduction, by SKU.
    init(_ row: PricedRow, currency: Currency, wasPrices: [String: Int] = [:]) {
        let choice = row.choice
        self.currency = currency.code
        isEstimated = choice.isEstimated && choice.isPriced
        if choice.isPriced {
            packs = choice.display
            cost = (isEstimated ? "≈ " : "") + currency.format(minor: choice.priceMinor)
            priceMinor = String(choice.priceMinor)
            skus = choice.picks.map(\.offer.sku).uniqued().joined(separator: " ")
            packCount = String(choice.packCount)
            if let offer = choice.picks.first?.offer {
                let unitPrice = offer.unitPrice
                self.unitPrice = currency.format(minor: unitPrice.minor) + " per " + unitPrice.unitName
                unitPriceMinor = String(unitPrice.minor)
                unit = unitPrice.unitName
                if let was = wasPrices[offer.sku], !offer.isSoldByWeight || choice.picks.count == 1 {
                    wasPrice = "was " + currency.format(minor: was)
                    wasPriceMinor = String(was)
                }
            }
        }
        switch choice.status {
        case .covered where !row.soldOut.isEmpty:
            note = row.soldOut.map { "\($0.packSize.display) \($0.name)" }.joined(separator: ", ") + " out of stock"
        case .covered:
            break
        case .partlyCovered:
            stock = "low"
            let left = choice.picks.reduce(0) { $0 + $1.count }
            note = "Only \(left) left"
        case .outOfStock:
            stock = "out"
            note = "Out of stock"
        case .noProduct:
            note = "Not sold here"
        case .noAmount:
            note = "No amount to price"
        }
    }
}

/// What the list's aisles come to, as the cart page shows it under the list.
struct BasketTotal {
    var total: String
    var totalMinor: String
    var currency: String
    var isEstimated: Bool
    var isIncomplete: Bool

    init(_ basket: Basket, currency: Currency) {
        total = (basket.isEstimated ? "≈ " : "") + currency.format(minor: basket.totalMinor)
        totalMinor = String(basket.totalMinor)
        self.currency = currency.code
        isEstimated = basket.isEstimated
        isIncomplete = basket.isIncomplete
    }

    /// As the text list ends: `Basket total: €11.05, estimated; rows without a price are left out.`
    var sentence: String {
        "Basket total: \(total)"
            + (isEstimated ? ", estimated: weighed goods are charged by their weight when packed" : "")
            + (isIncomplete ? "; rows without a price are left out" : "") + "."
    }
}

extension RowPrice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "packs": packs
        case "cost": cost
        case "wasPrice": wasPrice
        case "wasPriceMinor": wasPriceMinor
        case "priceMinor": priceMinor
        case "currency": currency
        case "unitPrice": unitPrice
        case "unitPriceMinor": unitPriceMinor
        case "unit": unit
        case "skus": skus
        case "packCount": packCount
        case "isEstimated": isEstimated
        case "stock": stock
        case "note": note
        default: nil
        }
    }
}
