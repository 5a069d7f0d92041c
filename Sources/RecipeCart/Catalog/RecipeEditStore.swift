import Foundation
import GRDB

/// Saves and drops local edits, kept in their own table so that no catalog or upstream refresh overwrites them.
public struct RecipeEditStore: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func version(of id: RecipeID) async throws -> EditVersion {
        try await database.pool.read { db in try Self.version(db, id: id) }
    }

    /// Saves the edit unless someone saved another since `expected`.
    /// - Returns: the new version, and the uploaded picture the edit no longer uses (to delete).
    public func save(_ edit: RecipeEdit, for id: RecipeID, expected: EditVersion) async throws -> (EditVersion, replacedPicture: String?) {
        try await database.write { db in
            let current = try Self.version(db, id: id)
            guard current == expected else {
                guard let recipe = try CatalogStore.fetchRecipe(db, id: id) else { throw AppError.notFound("That recipe is gone.") }
                throw EditConflict(current: recipe, currentVersion: current)
            }
            let previous = try Row.fetchOne(db, sql: "SELECT image_path, image_removed FROM recipe_edits WHERE recipe_id = ?", arguments: [id.rawValue])
            let previousUpload: String? = previous?["image_path"]
            let previousRemoved: Bool = previous?["image_removed"] ?? false
            let (imagePath, removed): (String?, Bool) = switch edit.picture {
            case .keep: (previousUpload, previousRemoved)
            case .replace(let path): (path, false)
            case .remove: (nil, true)
            }
            // Milliseconds since 1970, and always above the last one, so a revert and a new edit never reuse a version.
            let next = EditVersion(max(Int64(Date().timeIntervalSince1970 * 1000), current.value + 1))
            try db.execute(
                sql: """
                    INSERT INTO recipe_edits (recipe_id, title, description, image_path, image_removed, steps_json, version, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)
                    ON CONFLICT(recipe_id) DO UPDATE SET
                        title = excluded.title, description = excluded.description, image_path = excluded.image_path,
                        image_removed = excluded.image_removed, steps_json = excluded.steps_json,
                        version = excluded.version, updated_at = CURRENT_TIMESTAMP
                    """,
                arguments: [id.rawValue, edit.title, edit.description, imagePath, removed, Self.json(edit.steps), next.value])
            try CatalogStore.reindex(db, id: id)
            return (next, previousUpload == imagePath ? nil : previousUpload)
        }
    }

    /// Drops the edit. - Returns: the uploaded picture it used, to delete.
    public func revert(_ id: RecipeID) async throws -> String? {
        try await database.write { db in
            let picture = try String.fetchOne(db, sql: "SELECT image_path FROM recipe_edits WHERE recipe_id = ?", arguments: [id.rawValue])
            try db.execute(sql: "DELETE FROM recipe_edits WHERE recipe_id = ?", arguments: [id.rawValue])
            try CatalogStore.reindex(db, id: id)
            return picture
        }
    }

    static func version(_ db: Database, id: RecipeID) throws -> EditVersion {
        EditVersion(try Int64.fetchOne(db, sql: "SELECT version FROM recipe_edits WHERE recipe_id = ?", arguments: [id.rawValue]) ?? 0)
    }

    private static func json(_ steps: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(steps), as: UTF8.self)
    }
}
