import Mustache
import RecipeCartShelf

/// What a recipe costs a serving at the shop's prices, by the amount it uses, as a cart line, a detail page and a tile
/// show it, with `data-cost-per-serving-minor`.
struct ServingPrice {
    /// `€1.23 a serving`; `≈` before it when weighed goods or a weight a piece went into it; "at least" when some of
    /// its ingredients have no price.
    var servingText: String
    var servingMinor: String

    init(_ cost: CostPerServing, currency: Currency) {
        let amount = currency.format(minor: cost.minor)
        servingText =
            cost.isIncomplete
            ? "at least \(amount) a serving" : (cost.isEstimated ? "≈ " : "") + "\(amount) a serving"
        servingMinor = String(cost.minor)
    }
}

extension ServingPrice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "servingText": servingText
        case "servingMinor": servingMinor
        default: nil
        }
    }
}
