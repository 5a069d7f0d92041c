import Foundation
import RecipeCartDomain

/// Cart lines as both databases select them: the recipe's tile columns first, then the line's own
/// (`session_hash`, `updated_at`, `quantity`, `servings`, `cooking_started_at`, `cooking_minutes`).
package enum SQLCartLines {
    /// Every line with the shop's copy of its recipe, for the staff board.
    package static let shopSelect = """
        SELECT r.id, r.title, r.category, r.servings, r.ready_minutes, r.image_path,
               c.session_hash, c.updated_at, c.quantity, c.servings, c.cooking_started_at, c.cooking_minutes
        FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
        """

    /// Lines as their own shopper sees them: their version of a recipe, where they saved one, over the shop's copy.
    package static let ownSelect = """
        SELECT r.id, COALESCE(p.title, r.title), r.category, r.servings, r.ready_minutes,
               CASE WHEN p.recipe_id IS NULL THEN r.image_path WHEN p.image_removed THEN NULL
                    ELSE COALESCE(p.image_path, r.image_path) END,
               c.session_hash, c.updated_at, c.quantity, c.servings, c.cooking_started_at, c.cooking_minutes
        FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
        LEFT JOIN shopper_recipe_edits p ON p.session_hash = c.session_hash AND p.recipe_id = c.recipe_id
        """

    /// The order lines were added in.
    package static let cartOrder = "c.position, c.added_at, c.recipe_id"

    /// One line of `session`'s cart as its shopper sees it.
    package static func own(_ recipe: RecipeID, session: SessionKey) -> SQLStatement {
        "\(raw: ownSelect) WHERE c.session_hash = \(session.hash) AND c.recipe_id = \(recipe.rawValue)"
    }

    /// A line as `shopSelect` and `ownSelect` give it, with its session and last change.
    package struct Row: SQLRecord {
        package var line: CartLine?
        package var sessionHash: String
        package var updatedAt: Date

        package init(row: SQLRow) throws {
            sessionHash = try row.value(at: 6)
            updatedAt = try row.value(at: 7, as: StoredTime.self).date
            let startedAt = try row.value(at: 10, as: StoredTime?.self)
            let minutes = try row.value(at: 11, as: Int?.self)
            let cooking = startedAt.flatMap { start in minutes.map { CookingTimer(startedAt: start.date, minutes: $0) }
            }
            line = try RecipeID(try row.value(at: 0, as: String.self)).map { id in
                CartLine(
                    recipe: RecipeSummary(
                        id: id, title: try row.value(at: 1), category: try row.value(at: 2),
                        servings: try row.value(at: 3), readyInMinutes: try row.value(at: 4),
                        imagePath: try row.value(at: 5)),
                    quantity: try row.value(at: 8), servings: try row.value(at: 9), cooking: cooking)
            }
        }
    }
}
