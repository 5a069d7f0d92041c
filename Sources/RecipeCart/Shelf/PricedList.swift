import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf

/// A cart's shopping list with what it costs at the shop's shelf, as the cart page, the shared page and the text
/// list all show it.
struct PricedList {
    /// Each cart line's list entry, in cart order.
    var entries: [ShoppingList.Entry]
    /// By aisle in the shop's walking order, "Already have" last.
    var groups: [ShoppingListGroup]
    var basket: Basket
    var currency: Currency
    /// The "was" price of each product whose price is a recent reduction, by SKU.
    var wasPrices: [String: Int] = [:]

    /// The list's sections with each row's price and each aisle's subtotal; `csrfToken` gives rows their forms.
    func sections(csrfToken: String?) -> [ShoppingListSection] {
        ShoppingListSection.sections(
            groups, csrfToken: csrfToken, basket: basket, currency: currency, wasPrices: wasPrices)
    }

    /// The total under the list; nil when nothing on it is bought.
    var total: BasketTotal? {
        basket.aisles.isEmpty ? nil : BasketTotal(basket, currency: currency)
    }

    /// The rows the shelf cannot fill, as the send form posts them back (`PricedRow.shownShortfall`).
    var shownShortfalls: [String] {
        basket.aisles.flatMap(\.rows).compactMap(\.shownShortfall)
    }

    /// The list as text, each bought row with its packs and price, each aisle with its subtotal, and the total.
    func text(recipes: [(title: String, count: Int, servings: Int)]) -> String {
        var prices: [String: String] = [:]
        var subtotals: [String: String] = [:]
        for aisle in basket.aisles {
            let estimated = aisle.isEstimated ? "≈ " : ""
            subtotals[aisle.aisle.title] = estimated + currency.format(minor: aisle.subtotalMinor)
            for row in aisle.rows {
                let price = RowPrice(row, currency: currency, wasPrices: wasPrices)
                let cost = [price.cost, price.wasPrice, price.unitPrice.map { "(\($0))" }].compactMap { $0 }
                    .joined(separator: " ")
                prices[row.item.key] = [price.packs, cost.isEmpty ? nil : cost, price.note].compactMap { $0 }
                    .joined(separator: ", ")
            }
        }
        return ShoppingListText.render(
            recipes: recipes, groups: groups, prices: prices, subtotals: subtotals, total: total?.sentence)
    }
}

extension ShelfPricing {
    /// `cart`'s list in the shop's walking order, without what its shopper has (`have`), priced; `held` is what the
    /// order the cart changes holds of the shelf.
    func list(for cart: Cart, have: [String: Bool], lists: ShoppingListBuilder, held: HeldStock? = nil) async throws
        -> PricedList
    {
        let entries = try await lists.entries(for: [cart])[0]
        let groups = ShoppingList(entries: entries).groups(walkingOrder: try await lists.walkingOrder(), have: have)
        let basket = try await basket(entries: entries, groups: groups, held: held)
        let taken = Set(basket.aisles.flatMap(\.rows).flatMap(\.choice.picks).map(\.offer.sku))
        return PricedList(
            entries: entries, groups: groups, basket: basket, currency: currency,
            wasPrices: try await offers.wasPrices(of: taken))
    }
}
