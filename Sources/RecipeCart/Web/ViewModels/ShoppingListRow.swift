import Mustache
import RecipeCartDomain

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

    /// Moves a row to "Already have", or back.
    struct HaveButton {
        var action = Route.cartHave.url()
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

    /// `csrfToken` gives every row its "I have this" form; nil shows the list read-only.
    static func sections(_ groups: [ShoppingListGroup], csrfToken: String?) -> [ShoppingListSection] {
        groups.map { group in
            ShoppingListSection(
                id: group.id, title: group.title,
                rows: group.items.map { ShoppingListRow($0, isHad: group.aisle == nil, csrfToken: csrfToken) })
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
        default: nil
        }
    }
}
