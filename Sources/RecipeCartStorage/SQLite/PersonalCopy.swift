import Foundation
import GRDB
import RecipeCartDomain

/// A shopper's own version of a recipe, laid over the shop's copy on the pages only they see.
package enum PersonalCopy {
    package static func apply(_ db: Database, session: SessionKey, to recipe: inout Recipe) throws {
        // Read on every detail page a shopper opens: the statement is compiled once a connection.
        guard
            let version = try Version.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT title, description, image_path, image_removed, steps_json FROM shopper_recipe_edits WHERE session_hash = ? AND recipe_id = ?"
                ),
                arguments: [session.hash, recipe.id.rawValue])
        else { return }
        recipe.applyPersonalVersion(
            title: version.title, description: version.description, imagePath: version.imagePath,
            imageRemoved: version.imageRemoved, steps: version.steps)
    }

    private struct Version: Decodable, FetchableRecord {
        package var title: String
        package var description: String
        package var imagePath: String?
        package var imageRemoved: Bool
        /// Stored as a JSON array, which GRDB decodes for a column whose type is not a plain value.
        package var steps: [String]

        package enum CodingKeys: String, CodingKey {
            case title
            case description
            case imagePath = "image_path"
            case imageRemoved = "image_removed"
            case steps = "steps_json"
        }
    }
}
