import Mustache
import RecipeCartDomain
import RecipeCartShelf

/// One line of a merged shopping list: what to buy, how much, and for which recipes.
struct ShoppingListRow {
    var key: String
    var name: String
    /// `240 g + ¾ cup`: every amount that could not be added to the others, on one line.
    var amounts: String
    /// `to taste, a pinch`: what is not a quantity.
    var notes: String?
    var recipes: String
    /// The "I have this" (or "I need this") form; nil where the list is only read.
    var have: HaveButton?
    /// What to take from the shelf and what it costs; nil for what the shopper has, or a list not priced.
    var price: RowPrice?

    /// Moves a row to "Already have", or back.
    struct HaveButton {
        var action = SiteURL.cartHave.path
        var csrfToken: String
        var key: String
        /// `1` moves it to "Already have", `0` back to its aisle.
        var value: String
        var label: String
    }

    init(_ item: ShoppingList.Item, isHad: Bool, csrfToken: String?) {
        key = item.key
        name = item.name
        amounts = item.amount
        notes = item.notes.isEmpty ? nil : item.notes.joined(separator: ", ")
        recipes = "for " + item.recipes.joined(separator: ", ")
        have = csrfToken.map { token in
            HaveButton(
                csrfToken: token, key: item.key, value: isHad ? "0" : "1", label: isHad ? "I need this" : "I have this")
        }
    }
}

/// One aisle of a shopping list (`data-aisle`), or the "Already have" group, as a page shows it.
struct ShoppingListSection {
    var id: String
    var title: String
    var rows: [ShoppingListRow]
    /// What the aisle's priced rows come to; nil when the list is not priced.
    var subtotal: String?
    var subtotalMinor: String?

    /// `csrfToken` gives every row its "I have this" form; nil shows the list read-only. With a `basket`, each
    /// aisle's rows carry their price and the aisle its subtotal.
    static func sections(
        _ groups: [ShoppingListGroup], csrfToken: String?, basket: Basket? = nil, currency: Currency = .euro,
        wasPrices: [String: Int] = [:]
    ) -> [ShoppingListSection] {
        groups.map { group in
            let priced = basket?.aisles.first { $0.aisle == group.aisle && group.aisle != nil }
            let prices = Dictionary(
                (priced?.rows ?? []).map { ($0.item.key, RowPrice($0, currency: currency, wasPrices: wasPrices)) },
                uniquingKeysWith: { first, _ in first })
            return ShoppingListSection(
                id: group.id, title: group.title,
                rows: group.items.map { item in
                    var row = ShoppingListRow(item, isHad: group.aisle == nil, csrfToken: csrfToken)
                    row.price = prices[item.key]
                    return row
                },
                subtotal: priced.map { (($0.isEstimated ? "≈ " : "") + currency.format(minor: $0.subtotalMinor)) },
                subtotalMinor: priced.map { String($0.subtotalMinor) })
        }
    }
}

/// Every row of the cart page's list is rendered for each request: looked up by name rather than reflected.
extension ShoppingListRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "name": self.name
        case "amounts": amounts
        case "notes": notes
        case "recipes": recipes
        case "have": have
        case "price": price
        default: nil
        }
    }
}

extension ShoppingListRow.HaveButton: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "csrfToken": csrfToken
        case "key": key
        case "value": value
        case "label": label
        default: nil
        }
    }
}

extension ShoppingListSection: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "rows": rows
        case "subtotal": subtotal
        case "subtotalMinor": subtotalMinor
        default: nil
        }
    }
}
