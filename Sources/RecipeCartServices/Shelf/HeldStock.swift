import RecipeCartDomain
import RecipeCartShelf

/// What the order a cart is changing holds of the shelf. Sending the changes gives it back before taking the new
/// packs, so to that cart it counts as left: the order that took the last two packs still finds them.
package struct HeldStock: Sendable {
    var packs: [String: Int]
    var amounts: [String: Int]

    /// What `order` holds as priced when it was sent, while it can still be changed (new, no row marked); nil after,
    /// when its send will be refused anyway.
    package init?(changing order: Order) {
        guard order.status == .new, order.pickMarks.isEmpty else { return nil }
        packs = order.content.pricing?.stockTaken ?? [:]
        amounts = order.content.pricing?.amountTaken ?? [:]
    }

    /// `offers` with what is held added to the counted products' stock.
    func adding(to offers: [String: [PackOffer]]) -> [String: [PackOffer]] {
        guard !packs.isEmpty || !amounts.isEmpty else { return offers }
        return offers.mapValues { $0.map(adding) }
    }

    private func adding(to offer: PackOffer) -> PackOffer {
        guard let stock = offer.stock else { return offer }
        var held = offer
        held.stock = stock + (packs[offer.sku] ?? 0)
        if let amount = amounts[offer.sku], offer.packSize.amount > 0 {
            let total = (held.stock ?? 0) * offer.packSize.amount + offer.stockPart + amount
            held.stock = total / offer.packSize.amount
            held.stockPart = total % offer.packSize.amount
        }
        return held
    }
}
