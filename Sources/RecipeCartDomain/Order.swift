import Foundation

/// A cart handed to the shop. Its lines are a copy taken when it was sent, ingredients included, so an edit to a
/// recipe afterwards does not change what the shopper asked for.
package struct Order: Sendable, Equatable {
    package static let maximumNoteLength = 200

    package var code: OrderCode
    /// A name or note for the counter; may be empty.
    package var note: String
    package var status: OrderStatus
    package var content: OrderContent
    package var placedAt: Date
    package var updatedAt: Date
    /// The status its last move left, while that move can still be taken back.
    package var previousStatus: OrderStatus?
    /// When it was first ready to collect.
    package var readyAt: Date?
    /// Staff's marks on its pick list, by the row's ingredient key.
    package var pickMarks: [String: PickMark]
    /// What the payment and delivery partner said of it; nil when the shop has no partner.
    package var partner: PartnerState?
    /// When the shopper collects it; nil for "as soon as possible", as every order is in a shop without slots.
    package var slot: PickupSlot?
    /// The amount to charge, in minor units of its pricing's currency, fixed when it was marked ready; nil before,
    /// and for an order without priced rows.
    package var finalMinor: Int?

    package init(
        code: OrderCode, note: String, status: OrderStatus, content: OrderContent, placedAt: Date, updatedAt: Date,
        previousStatus: OrderStatus? = nil, readyAt: Date? = nil, pickMarks: [String: PickMark] = [:],
        partner: PartnerState? = nil, slot: PickupSlot? = nil
    ) {
        self.code = code
        self.note = note
        self.status = status
        self.content = content
        self.placedAt = placedAt
        self.updatedAt = updatedAt
        self.previousStatus = previousStatus
        self.readyAt = readyAt
        self.pickMarks = pickMarks
        self.partner = partner
        self.slot = slot
    }

    /// What its age is measured from: its slot's start, or when it was sent when it has none.
    package var dueAt: Date { slot?.start ?? placedAt }

    package var itemCount: Int { content.lines.reduce(0) { $0 + $1.quantity } }
}

/// What an order holds, stored as one JSON document beside the order's columns.
package struct OrderContent: Sendable, Equatable, Codable {
    package var lines: [OrderLine]
    /// The shopper's "I have this" choices when they sent it, by ingredient key.
    package var have: [String: Bool]
    /// What staff may do when something is missing; nil on orders sent before the shopper was asked.
    package var substitution: SubstitutionChoice?
    /// Its packs and prices when it was sent; nil on orders sent before the shelf was priced, or with nothing on it
    /// the shop sells.
    package var pricing: OrderPricing?

    package init(
        lines: [OrderLine], have: [String: Bool], substitution: SubstitutionChoice? = nil, pricing: OrderPricing? = nil
    ) {
        self.lines = lines
        self.have = have
        self.substitution = substitution
        self.pricing = pricing
    }
}

package struct OrderLine: Sendable, Equatable, Codable {
    package var recipeID: String
    package var title: String
    package var quantity: Int
    /// The servings the shopper chose; nil is the recipe's own.
    package var servings: Int?
    package var recipeServings: Int?
    package var ingredients: [Ingredient]

    package init(
        recipeID: String, title: String, quantity: Int, servings: Int?, recipeServings: Int?, ingredients: [Ingredient]
    ) {
        self.recipeID = recipeID
        self.title = title
        self.quantity = quantity
        self.servings = servings
        self.recipeServings = recipeServings
        self.ingredients = ingredients
    }

    package var ingredientFactor: Double {
        CartLine.ingredientFactor(quantity: quantity, servings: servings, recipeServings: recipeServings)
    }
}

extension OrderContent {
    /// A copy of `cart` as it is now: each line with its recipe's ingredients, and the shopper's marks.
    package init(cart: Cart, ingredients: [RecipeID: [Ingredient]], have: [String: Bool]) {
        self.init(
            lines: cart.lines.map { line in
                OrderLine(
                    recipeID: line.recipe.id.rawValue, title: line.recipe.title, quantity: line.quantity,
                    servings: line.servings,
                    recipeServings: line.recipe.servings, ingredients: ingredients[line.recipe.id] ?? [])
            },
            have: have)
    }

    /// What the order needs, as its lines were copied.
    package var shoppingListEntries: [ShoppingList.Entry] {
        lines.map {
            ShoppingList.Entry.hinted(recipeTitle: $0.title, ingredients: $0.ingredients, factor: $0.ingredientFactor)
        }
    }
}
