import Foundation
import RecipeCartDomain

/// Someone's cart seen through their share link: its recipes and list, read-only.
struct SharedCartView: PageView {
    static let template = PageTemplate.sharedCart

    struct Line {
        var recipeID: String
        var url: String
        var title: String
        var quantityText: String
        var servingsText: String
    }

    var chrome: PageChrome
    var lines: [Line]
    var isEmpty: Bool
    var summary: String
    var shoppingList: [ShoppingListSection]
    /// What the list comes to at the shop's prices.
    var basket: BasketTotal?
    /// When the sharer's orders still to collect are due: whoever holds the link may be the one collecting.
    var collect: [Collect] = []

    struct Collect {
        /// "Collect Saturday 10:00–10:30".
        var text: String
        /// RFC 3339 in the shop's zone (`data-slot-start`).
        var slotStart: String

        init(_ slot: PickupSlot, zone: TimeZone) {
            text = PickupSlotText.collect(slot, in: zone)
            slotStart = ZonedTimestamp.text(slot.start, in: zone)
        }
    }

    init(cart: Cart, shoppingList: [ShoppingListSection], chrome: PageChrome) {
        self.chrome = chrome
        lines = cart.lines.map { line in
            Line(
                recipeID: line.recipe.id.rawValue, url: SiteURL.recipe(line.recipe.id).path, title: line.recipe.title,
                quantityText: DisplayText.batches(line.quantity),
                servingsText: DisplayText.servings(line.effectiveServings))
        }
        isEmpty = cart.isEmpty
        summary = "\(DisplayText.recipeCount(cart.lines.count)) · \(DisplayText.batches(cart.itemCount))"
        self.shoppingList = shoppingList
    }
}
