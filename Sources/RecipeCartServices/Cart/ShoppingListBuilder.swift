import RecipeCartContracts
import RecipeCartDomain

/// Builds shopping lists for carts and orders: every line's ingredients scaled by its batches and servings,
/// grouped by aisle in the shop's walking order, with what each shopper already has set apart.
package struct ShoppingListBuilder: Sendable {
    let catalog: any CatalogStore
    let lists: any ShoppingListStore

    package init(catalog: any CatalogStore, lists: any ShoppingListStore) {
        self.catalog = catalog
        self.lists = lists
    }

    /// Each line of each cart as a list entry, in cart order.
    package func entries(for carts: [Cart]) async throws -> [[ShoppingList.Entry]] {
        let ingredients = try await catalog.ingredients(of: Array(Set(carts.flatMap(\.lines).map(\.recipe.id))))
        return carts.map { cart in
            cart.lines.map { line in
                ShoppingList.Entry.hinted(
                    recipeTitle: line.recipe.title, ingredients: ingredients[line.recipe.id] ?? [],
                    factor: line.ingredientFactor)
            }
        }
    }

    /// The shop's aisles in the order its staff walk them.
    package func walkingOrder() async throws -> [Aisle] {
        Aisle.walkingOrder(from: try await lists.aisleOrder())
    }

    /// One cart's list, not yet grouped.
    package func list(for cart: Cart) async throws -> ShoppingList {
        ShoppingList(entries: try await entries(for: [cart])[0])
    }

    /// One shopper's list by aisle in the shop's walking order, "Already have" last.
    package func groups(for cart: Cart, have: [String: Bool]) async throws -> [ShoppingListGroup] {
        try await list(for: cart).groups(walkingOrder: try await walkingOrder(), have: have)
    }

    /// What staff pick for an order: its copied lines, without what its shopper had.
    package func pickList(for order: Order, walkingOrder: [Aisle]) -> [ShoppingListGroup] {
        ShoppingList(entries: order.content.shoppingListEntries).pickList(
            walkingOrder: walkingOrder, have: order.content.have)
    }

    /// What the carts still being filled would need, each without what its shopper has.
    package func pickList(for active: [ActiveCart], walkingOrder: [Aisle]) async throws -> [ShoppingListGroup] {
        let sessions = active.map { SessionKey(storedHash: $0.sessionHash) }
        let have = try await lists.have(sessions: sessions)
        let carts = zip(sessions, try await entries(for: active.map(\.cart))).map { session, entries in
            (entries: entries, have: have[session] ?? [:])
        }
        return ShoppingList.pickList(carts: carts, walkingOrder: walkingOrder)
    }
}
