/// What to take from the shelf for one row of the list: the fewest-cost whole packs of the products matched to its
/// ingredient that cover the need (`PackCover`), or a weighed good to the need, whichever costs less.
///
/// Ties go to less left over, then to fewer packs. Stock is respected where the shop counts it: never more packs of a
/// product than it has, and when all of them hold less than the need, all there is, said so (`partlyCovered`). A good
/// sold by weight is weighed to the need and priced need × price per kg, half up (`PackOffer.weighedPrice`); its
/// stock counts whole pack sizes of it and what is left of one orders cut into (`PackOffer.stockAmount`).
package struct PackChoice: Sendable, Equatable {
    package struct Pick: Sendable, Equatable {
        package var offer: PackOffer
        /// Packs taken; 1 for a good weighed to the need.
        package var count: Int
        /// What they hold, or the weight asked for, in the offer's unit.
        package var amount: Int
        package var priceMinor: Int

        /// `1 × 250 g Butter`; `2 × Lemon` when one piece is the pack; `≈ 300 g Onions` for a weighed good.
        package var display: String {
            Self.display(
                count: count, packSize: offer.packSize, amount: amount, name: offer.name,
                isWeighed: offer.isSoldByWeight)
        }

        /// The same words for a pick kept apart from its offer, as an order's priced rows keep it.
        package static func display(count: Int, packSize: PackSize, amount: Int, name: String, isWeighed: Bool)
            -> String
        {
            if isWeighed { return "≈ \(quantity(amount, packSize.unit)) \(name)" }
            if packSize == PackSize(1, .piece) { return "\(count) × \(name)" }
            return "\(count) × \(packSize.display) \(name)"
        }

        /// `190 g`, `1.5 kg`, `3 pieces`.
        package static func quantity(_ amount: Int, _ unit: PackSize.Unit) -> String {
            PackSize(Double(amount), unit)?.display ?? "\(amount) \(unit.rawValue)"
        }
    }

    package enum Status: Sendable, Equatable {
        /// The packs hold at least the need.
        case covered
        /// The shelf holds less than the need: all of it is taken, and `missing` (in the need's unit) is not there.
        case partlyCovered(missing: Int)
        /// Every product matched to the ingredient is out of stock.
        case outOfStock
        /// No product is matched to the ingredient.
        case noProduct
        /// The need has no amount any matched product's unit can hold (`to taste`, `1 small bunch` of a herb sold
        /// by weight).
        case noAmount
    }

    package var picks: [Pick]
    /// What the picks cost, in minor units; 0 when nothing is picked.
    package var priceMinor: Int
    /// The need the picks were chosen for, in their unit; nil without a product.
    package var need: ProductNeed?
    /// What the picks hold past the need, in its unit.
    package var leftOver: Int
    /// A weighed good, or a typical weight a piece, went into it.
    package var isEstimated: Bool
    package var status: Status

    package init(
        picks: [Pick], priceMinor: Int, need: ProductNeed?, leftOver: Int, isEstimated: Bool, status: Status
    ) {
        self.picks = picks
        self.priceMinor = priceMinor
        self.need = need
        self.leftOver = leftOver
        self.isEstimated = isEstimated
        self.status = status
    }

    /// Whether the price is in the basket's total: something is picked.
    package var isPriced: Bool {
        !picks.isEmpty
    }

    /// How many packs (weighed goods one each), for `data-packs`.
    package var packCount: Int {
        picks.reduce(0) { $0 + $1.count }
    }

    /// `1 × 250 g Butter · 190 g left`.
    package var display: String {
        let packs = picks.map(\.display).joined(separator: " + ")
        guard leftOver > 0, let need else { return packs }
        return packs + " · " + Pick.quantity(leftOver, need.unit) + " left"
    }

    /// The choice for an ingredient's need among the products matched to it, in whatever units they come.
    package static func choose(for need: IngredientNeed, from offers: [PackOffer]) -> PackChoice {
        var units: [PackSize.Unit] = []
        for offer in offers where !units.contains(offer.packSize.unit) { units.append(offer.packSize.unit) }
        return choose(among: units.map { unit in (need.amount(in: unit), offers.filter { $0.packSize.unit == unit }) })
    }

    /// The choice for a need among offers in its unit.
    package static func choose(_ need: ProductNeed, from offers: [PackOffer]) -> PackChoice {
        choose(among: [(need, offers.filter { $0.packSize.unit == need.unit })])
    }

    private static func choose(among groups: [(need: ProductNeed, offers: [PackOffer])]) -> PackChoice {
        guard let first = groups.first?.need else {
            return PackChoice(picks: [], priceMinor: 0, need: nil, leftOver: 0, isEstimated: false, status: .noProduct)
        }
        let measurable = groups.filter { $0.need.hasAmount }
        guard let firstMeasured = measurable.first?.need else {
            return PackChoice(picks: [], priceMinor: 0, need: first, leftOver: 0, isEstimated: false, status: .noAmount)
        }
        let found = measurable.flatMap { candidates(for: $0.need, from: $0.offers) }
        let covering = found.filter { $0.covered >= $0.need.amount }
        if let best = covering.min(by: { $0.coverKey < $1.coverKey }) {
            return best.choice(status: .covered)
        }
        if let best = found.filter({ $0.covered > 0 }).min(by: Candidate.coversMore) {
            return best.choice(status: .partlyCovered(missing: best.need.amount - best.covered))
        }
        return PackChoice(
            picks: [], priceMinor: 0, need: firstMeasured, leftOver: 0, isEstimated: firstMeasured.isEstimated,
            status: .outOfStock)
    }

    private struct Candidate {
        var need: ProductNeed
        var picks: [Pick]
        var covered: Int

        var price: Int {
            picks.reduce(0) { $0 + $1.priceMinor }
        }

        var coverKey: (Int, Int, Int) {
            (price, covered - need.amount, picks.reduce(0) { $0 + $1.count })
        }

        /// A larger share of the need first, then the cheaper.
        static func coversMore(_ a: Candidate, _ b: Candidate) -> Bool {
            let left = a.covered * b.need.amount
            let right = b.covered * a.need.amount
            return left != right ? left > right : a.price < b.price
        }

        func choice(status: Status) -> PackChoice {
            PackChoice(
                picks: picks, priceMinor: price, need: need, leftOver: max(0, covered - need.amount),
                isEstimated: need.isEstimated || picks.contains { $0.offer.isSoldByWeight }, status: status)
        }
    }

    /// One candidate a weighed offer in stock, and one for the packed offers together.
    private static func candidates(for need: ProductNeed, from offers: [PackOffer]) -> [Candidate] {
        let inStock = offers.filter { $0.stockAmount != 0 }
        var candidates = inStock.filter(\.isSoldByWeight).map { offer in
            let amount = min(need.amount, offer.stockAmount ?? need.amount)
            let pick = Pick(offer: offer, count: 1, amount: amount, priceMinor: offer.weighedPrice(of: amount))
            return Candidate(need: need, picks: [pick], covered: amount)
        }
        let packed = inStock.filter { !$0.isSoldByWeight }
        guard !packed.isEmpty else { return candidates }
        let packs = packed.map { offer in
            PackCover.Pack(
                size: offer.packSize.amount, priceMinor: offer.priceMinor, limit: offer.stock ?? PackOffer.largestStock)
        }
        let counts = PackCover.cheapest(covering: need.amount, with: packs) ?? packs.map(\.limit)
        let picks = zip(packed, counts).filter { $0.1 > 0 }.map { offer, count in
            Pick(
                offer: offer, count: count, amount: count * offer.packSize.amount, priceMinor: count * offer.priceMinor)
        }
        candidates.append(Candidate(need: need, picks: picks, covered: picks.reduce(0) { $0 + $1.amount }))
        return candidates
    }
}
