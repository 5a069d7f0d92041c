import Foundation
import GRDB

/// A shopper's own version of a recipe, laid over the shop's copy on the pages only they see.
enum PersonalCopy {
    static func apply(_ db: Database, session: SessionKey, to recipe: inout Recipe) throws {
        guard let row = try Row.fetchOne(
            db,
            sql: "SELECT title, description, image_path, image_removed, steps_json FROM shopper_recipe_edits WHERE session_hash = ? AND recipe_id = ?",
            arguments: [session.hash, recipe.id.rawValue])
        else { return }
        recipe.title = row["title"]
        recipe.description = row["description"]
        // A version that neither replaced nor removed the picture shows whatever the shop's copy shows.
        if row["image_removed"] {
            recipe.imagePath = nil
        } else if let path: String = row["image_path"] {
            recipe.imagePath = path
        }
        recipe.steps = try JSONDecoder().decode([String].self, from: Data((row["steps_json"] as String).utf8))
        recipe.isPersonalCopy = true
    }
}
