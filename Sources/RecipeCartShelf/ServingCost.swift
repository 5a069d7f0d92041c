import RecipeCartDomain

/// What a recipe costs a serving by the amount it uses, grocy's way: half a tin costs half a tin, whatever packs the
/// basket has to take home.
///
/// Each ingredient is costed at the matched product that makes what it uses cheapest (so, within a unit, the
/// cheapest per unit of content), stock or not: today's shelf does not change what a recipe costs. A row costs
/// price × used ÷ pack size (per kg for a weighed good) and is rounded half up to a minor unit, so that the rows shown
/// add up to the total; the total ÷ servings is rounded half up again. It is incomplete when a row with an amount has
/// no product, or an amount no product's unit holds (all of it or a part). A row of words alone (`salt`, `to taste`)
/// uses too little to cost and leaves it complete.
package struct ServingCost: Sendable, Equatable {
    package struct Row: Sendable, Equatable {
        package enum Status: Sendable, Equatable {
            /// Costed; `isPartial` when some of its amounts could not be.
            case costed(isPartial: Bool)
            /// Words alone (`to taste`): nothing to cost.
            case wordsOnly
            case noProduct
            case noAmount
        }

        /// The ingredient's key.
        package var key: String
        /// What is used, in minor units; 0 unless costed.
        package var costMinor: Int
        /// The product it was costed at.
        package var sku: String?
        package var isEstimated: Bool
        package var status: Status
    }

    package var rows: [Row]
    /// The whole recipe, as written, in minor units.
    package var totalMinor: Int
    /// At least 1.
    package var servings: Int
    package var perServingMinor: Int
    package var isEstimated: Bool
    package var isIncomplete: Bool

    /// `offers` are the products matched to each ingredient, by ingredient key. A recipe without servings (nil, or
    /// less than 1) is costed as one serving.
    package init(ingredients: [Ingredient], servings: Int?, offers: [String: [PackOffer]]) {
        rows = IngredientNeed.needs(for: ingredients).map { Self.row($0, offers: offers[$0.key] ?? []) }
        totalMinor = rows.reduce(0) { $0 + $1.costMinor }
        self.servings = max(1, servings ?? 1)
        perServingMinor = HalfUp.divide(totalMinor, by: self.servings)
        isEstimated = rows.contains(where: \.isEstimated)
        isIncomplete = rows.contains { row in
            switch row.status {
            case .costed(let isPartial): isPartial
            case .wordsOnly: false
            case .noProduct, .noAmount: true
            }
        }
    }

    private static func row(_ need: IngredientNeed, offers: [PackOffer]) -> Row {
        guard !need.parts.isEmpty else {
            return Row(key: need.key, costMinor: 0, sku: nil, isEstimated: false, status: .wordsOnly)
        }
        guard !offers.isEmpty else {
            return Row(key: need.key, costMinor: 0, sku: nil, isEstimated: false, status: .noProduct)
        }
        var best: (cost: Int, offer: PackOffer, need: ProductNeed)?
        for offer in offers {
            let used = need.amount(in: offer.packSize.unit)
            guard used.hasAmount else { continue }
            let cost = cost(of: used, at: offer)
            if best.map({ cost < $0.cost }) ?? true { best = (cost, offer, used) }
        }
        guard let best else {
            return Row(key: need.key, costMinor: 0, sku: nil, isEstimated: false, status: .noAmount)
        }
        return Row(
            key: need.key, costMinor: best.cost, sku: best.offer.sku,
            isEstimated: best.need.isEstimated || best.offer.isSoldByWeight,
            status: .costed(isPartial: !best.need.leftOut.isEmpty))
    }

    /// price × used ÷ content, from thousandths of a unit used.
    private static func cost(of used: ProductNeed, at offer: PackOffer) -> Int {
        let content = offer.isSoldByWeight ? offer.packSize.unit.unitPriceBase : offer.packSize.amount
        return HalfUp.divide(used.milli * offer.priceMinor, by: content * 1000)
    }
}
