import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Everything a session has stored, by recipe: its cart lines, and the recipes it keeps its own version or a revert's
/// Undo of. What the stores hold in memory of a session between its writes (`SQLiteSessionMemos`,
/// `PostgresSessionReadings`).
package struct SessionStored: Sendable, Equatable {
    package var lines: [RecipeID: StoredCartLine]
    package var edited: Set<RecipeID>

    package init(lines: [RecipeID: StoredCartLine] = [:], edited: Set<RecipeID> = []) {
        self.lines = lines
        self.edited = edited
    }

    /// The badge's count.
    package var itemCount: Int { lines.values.reduce(0) { $0 + $1.quantity } }

    package func mayHaveStored(_ recipe: RecipeID) -> Bool {
        lines[recipe] != nil || edited.contains(recipe)
    }

    package func stored(for recipe: RecipeID) -> StoredForRecipe {
        if edited.contains(recipe) { return .more }
        return lines[recipe].map(StoredForRecipe.cartLine) ?? .nothing
    }

    /// Adds one row of `SELECT recipe_id, quantity, servings, cooking_started_at, cooking_minutes, is_edit`: a cart
    /// line, or (`isEdit`) a recipe with its own version or an Undo.
    package mutating func add(
        recipe: String, quantity: Int, servings: Int?, cookingStartedAt: Date?, cookingMinutes: Int?, isEdit: Bool
    ) {
        guard let id = RecipeID(recipe) else { return }
        if isEdit {
            edited.insert(id)
            return
        }
        let cooking = cookingStartedAt.flatMap { start in
            cookingMinutes.map { CookingTimer(startedAt: start, minutes: $0) }
        }
        lines[id] = StoredCartLine(quantity: quantity, servings: servings, cooking: cooking)
    }

    /// Every row `SessionStored.add` reads, for one session (`?1` or `$1`, by dialect).
    package static func selectSQL(session placeholder: String) -> String {
        """
        SELECT recipe_id, quantity, servings, cooking_started_at, cooking_minutes, FALSE FROM cart_items
        WHERE session_hash = \(placeholder)
        UNION ALL SELECT recipe_id, 0, NULL, NULL, NULL, TRUE FROM shopper_recipe_edits WHERE session_hash = \(placeholder)
        UNION ALL SELECT recipe_id, 0, NULL, NULL, NULL, TRUE FROM recipe_edit_undos WHERE session_hash = \(placeholder)
        """
    }
}
