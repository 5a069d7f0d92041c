import Foundation

/// The cart page: one line a recipe with its stepper, or the empty state.
struct CartView: PageView {
    static let template = PageTemplate.cart

    struct Line {
        var tile: RecipeTile
        var quantity: Int
        /// "3 batches": shown where the stepper is not, on paper.
        var quantityText: String
        var stepper: Stepper
        var cooking: CookingStatus
    }

    var chrome: PageChrome
    var lines: [Line]
    var isEmpty: Bool
    var summary: String
    var shoppingList: [ShoppingListRow]
    var clearURL = Route.cartClear.url()

    init(cart: Cart, shoppingList: [ShoppingListRow], chrome: PageChrome, now: Date) {
        self.shoppingList = shoppingList
        self.chrome = chrome
        lines = cart.lines.map { line in
            Line(
                tile: RecipeTile(line.recipe), quantity: line.quantity, quantityText: DisplayText.batches(line.quantity),
                stepper: Stepper(
                    recipeID: line.recipe.id.rawValue, title: line.recipe.title, quantity: line.quantity,
                    csrfToken: chrome.csrfToken, returnTo: Route.cart.url()),
                cooking: CookingStatus(line: line, csrfToken: chrome.csrfToken, returnTo: Route.cart.url(), now: now))
        }
        isEmpty = cart.isEmpty
        summary = "\(DisplayText.recipeCount(cart.lines.count)) · \(DisplayText.batches(cart.itemCount))"
    }
}
