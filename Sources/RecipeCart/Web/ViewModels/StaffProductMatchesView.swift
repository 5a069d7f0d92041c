import RecipeCartDomain
import RecipeCartShelf

/// Which products each shopping-list ingredient is sold as. Above, every ingredient of the carts being filled and the
/// open orders with no confirmed match, each with what the shelf's names suggest or "not sold here"; below, the
/// confirmed matches, each changed or removed with its own form. A search over the products offers more to pick.
struct StaffProductMatchesView: PageView {
    static let template = PageTemplate.staffProductMatches

    /// A product that can be ticked for an ingredient.
    struct Choice {
        var sku: String
        var name: String
        var detail: String
        var isChecked: Bool
    }

    struct Ingredient {
        var key: String
        var name: String
        var aisle: String
        var choices: [Choice]
        var hasChoices: Bool
        /// The products confirmed, named; empty for an unmatched ingredient.
        var matched: String
    }

    var title = "Ingredient matches"
    var stylesheetURL: String
    var iconURL: String
    var csrfToken: String
    var listURL = SiteURL.staffProducts.path
    var action = SiteURL.staffProductMatches.path
    var search: String
    var hasSearch: Bool
    var found: [Choice]
    var hasFound: Bool
    var unmatched: [Ingredient]
    var hasUnmatched: Bool
    var confirmed: [Ingredient]
    var hasConfirmed: Bool
    var status: String?

    /// - Parameters:
    ///   - needed: the ingredients of the carts and open orders, by key, first seen first.
    ///   - confirmed: every confirmed match, by key.
    ///   - found: the products the search found, offered for every ingredient.
    init(
        needed: [ShoppingList.Item], confirmed: [String: [String]], shelf: ShelfIndex, found: [Product],
        search: String, currency: Currency, csrfToken: String, assets: AssetURLs, status: String?
    ) {
        stylesheetURL = assets.url(for: "staff.css")
        iconURL = assets.url(for: "icon.svg")
        self.csrfToken = csrfToken
        self.search = search
        hasSearch = !search.isEmpty
        func choice(_ product: Product, checked: Bool) -> Choice {
            Choice(
                sku: product.sku, name: product.name,
                detail: "\(product.packSize.display) · \(ProductPriceText.price(of: product, in: currency))",
                isChecked: checked)
        }
        let foundChoices = found.map { choice($0, checked: false) }
        self.found = foundChoices
        hasFound = !found.isEmpty
        func withFound(_ choices: [Choice]) -> [Choice] {
            let shown = Set(choices.map(\.sku))
            return choices + foundChoices.filter { !shown.contains($0.sku) }
        }
        unmatched = needed.filter { confirmed[$0.key] == nil }.map { item in
            let suggested = shelf.suggestions(for: item.key, aisle: item.aisle).map { choice($0, checked: true) }
            let choices = withFound(suggested)
            return Ingredient(
                key: item.key, name: item.name, aisle: item.aisle.title, choices: choices, hasChoices: !choices.isEmpty,
                matched: "")
        }
        hasUnmatched = !unmatched.isEmpty
        let names = Dictionary(needed.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.confirmed = confirmed.keys.sorted().map { key in
            let products = confirmed[key, default: []].map { sku in
                shelf.product(sku: sku).map { choice($0, checked: true) }
                    ?? Choice(sku: sku, name: sku, detail: "not active", isChecked: true)
            }
            let choices = withFound(products)
            return Ingredient(
                key: key, name: names[key]?.name ?? key, aisle: names[key]?.aisle.title ?? "",
                choices: choices, hasChoices: !choices.isEmpty,
                matched: products.map(\.name).joined(separator: ", "))
        }
        hasConfirmed = !self.confirmed.isEmpty
        self.status = status
    }
}
