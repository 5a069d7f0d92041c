import Foundation
import GRDB
import RecipeCartDomain

/// The upstream cache in SQLite. Recipes go through `SQLiteCatalogStore.upsert`, so local edits stay untouched.
package struct SQLiteUpstreamStore: UpstreamStore {
    package let database: SQLiteDatabase

    // MARK: Requests

    /// When `key` was last answered upstream, and the ids it gave.
    package func request(_ key: String) async throws -> (fetchedAt: Date, ids: [RecipeID])? {
        try await database.read { db in
            try CachedRequest.fetchOne(
                db, sql: "SELECT fetched_at, recipe_ids FROM upstream_cache WHERE request_key = ?", arguments: [key]
            )
            .map { (fetchedAt: $0.fetchedAt, ids: $0.recipeIDs.split(separator: " ").compactMap(RecipeID.init)) }
        }
    }

    package func names(_ key: String) async throws -> (fetchedAt: Date, names: [String])? {
        try await database.read { db in
            try CachedNames.fetchOne(
                db, sql: "SELECT fetched_at, names FROM upstream_cache WHERE request_key = ?", arguments: [key]
            )
            .map { (fetchedAt: $0.fetchedAt, names: $0.names.split(separator: "\n").map(String.init)) }
        }
    }

    package func saveNames(_ names: [String], requestKey: String, at now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO upstream_cache (request_key, fetched_at, names) VALUES (?, ?, ?)
                    ON CONFLICT(request_key) DO UPDATE SET fetched_at = excluded.fetched_at, names = excluded.names
                    """,
                arguments: [requestKey, now.timeIntervalSince1970, names.joined(separator: "\n")])
        }
    }

    // MARK: Recipes

    /// Saves fetched recipes in one transaction and, when given, records `requestKey` as answered at `now` and the
    /// records as `mainIngredient`'s listing.
    @discardableResult
    package func save(
        _ records: [FetchedRecipe], source: UpstreamSource, requestKey: String?, mainIngredient: MainIngredient?,
        at now: Date
    )
        async throws -> [UpstreamSaveOutcome]
    {
        try await database.write { db in
            let outcomes = try records.map { try Self.save(db, record: $0, source: source, at: now) }
            if let requestKey {
                try db.execute(
                    sql: """
                        INSERT INTO upstream_cache (request_key, fetched_at, recipe_ids) VALUES (?, ?, ?)
                        ON CONFLICT(request_key) DO UPDATE SET fetched_at = excluded.fetched_at, recipe_ids = excluded.recipe_ids
                        """,
                    arguments: [
                        requestKey, now.timeIntervalSince1970, records.map(\.recipe.id.rawValue).joined(separator: " "),
                    ])
            }
            if let mainIngredient { try Self.list(db, ids: records.map(\.recipe.id.rawValue), under: mainIngredient) }
            return outcomes
        }
    }

    /// Makes `ids` the recipes listed under `ingredient`, touching only rows that change: each change bumps the
    /// catalog generation, so pages showing the listing are rendered again.
    private static func list(_ db: Database, ids: [String], under ingredient: MainIngredient) throws {
        try db.execute(
            sql:
                "DELETE FROM recipe_main_ingredients WHERE ingredient = ? AND recipe_id NOT IN (\(databaseQuestionMarks(count: ids.count)))",
            arguments: StatementArguments([ingredient.rawValue] + ids))
        for id in ids {
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO recipe_main_ingredients (ingredient, recipe_id) VALUES (?, ?)"
            )
            .execute(arguments: [ingredient.rawValue, id])
        }
    }

    private static func save(_ db: Database, record: FetchedRecipe, source: UpstreamSource, at now: Date) throws
        -> UpstreamSaveOutcome
    {
        let id = record.recipe.id.rawValue
        let existing = try SavedRecipe.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT u.is_complete, u.content_hash, r.category, r.area,
                           (SELECT group_concat(diet, ',') FROM recipe_diets WHERE recipe_id = r.id) AS diets
                    FROM recipes r LEFT JOIN upstream_recipes u ON u.recipe_id = r.id
                    WHERE r.id = ?
                    """),
            arguments: [id])
        let record =
            existing.map { record.filledIn(category: $0.category, area: $0.area, diets: $0.dietList) } ?? record
        let hash = record.contentHash
        let outcome = UpstreamSaveOutcome.of(record, over: existing.map { ($0.isComplete, $0.contentHash) })
        switch outcome {
        case .keptFuller:
            break
        case .unchanged:
            try db.execute(
                sql: "UPDATE upstream_recipes SET fetched_at = ? WHERE recipe_id = ?",
                arguments: [now.timeIntervalSince1970, id])
        case .added, .updated:
            var recipe = record.recipe
            recipe.imagePath = try record.imageURL.flatMap { try storedImagePath(db, url: $0) }
            try SQLiteCatalogStore.upsert(db, recipe: recipe, source: source.rawValue)
            try db.cachedStatement(
                sql: """
                    INSERT INTO upstream_recipes (recipe_id, is_complete, image_url, content_hash, fetched_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(recipe_id) DO UPDATE SET is_complete = excluded.is_complete, image_url = excluded.image_url,
                        content_hash = excluded.content_hash, fetched_at = excluded.fetched_at
                    """
            ).execute(
                arguments: [id, record.isComplete, record.imageURL?.absoluteString, hash, now.timeIntervalSince1970])
        }
        return outcome
    }

    /// Nil when the recipe is not here, or is here but not from upstream.
    package func state(of id: RecipeID) async throws -> UpstreamRecipeState? {
        try await database.read { db in
            try StateRecord.fetchOne(
                db, sql: "SELECT is_complete, fetched_at FROM upstream_recipes WHERE recipe_id = ?",
                arguments: [id.rawValue]
            )
            .map { UpstreamRecipeState(isComplete: $0.isComplete, fetchedAt: $0.fetchedAt) }
        }
    }

    // MARK: Images

    /// Picture URLs of saved recipes never tried yet, e.g. of an import, or of downloads a restart cut short.
    package func pendingImageURLs() async throws -> [URL] {
        try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT u.image_url FROM upstream_recipes u LEFT JOIN upstream_images i ON i.url = u.image_url
                    WHERE u.image_url IS NOT NULL AND i.url IS NULL
                    """
            ).compactMap(URL.init(string:))
        }
    }

    /// One process downloads here, and `ImageCache` asks for each URL once: a URL is free until it is settled.
    package func claimImage(_ url: URL, at now: Date) async throws -> Bool {
        try await database.read { db in
            try
                !(Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM upstream_images WHERE url = ?)",
                    arguments: [url.absoluteString]) ?? false)
        }
    }

    /// Records the stored file and points every recipe using the picture at it.
    package func imageStored(_ url: URL, fileName: String, at now: Date) async throws {
        try await database.write { db in
            try Self.settle(db, url: url, fileName: fileName, failure: nil, at: now)
            try db.execute(
                sql:
                    "UPDATE recipes SET image_path = ? WHERE id IN (SELECT recipe_id FROM upstream_recipes WHERE image_url = ?)",
                arguments: ["\(UpstreamImages.folder)/\(fileName)", url.absoluteString])
        }
    }

    /// Records a picture that will never be used (not an image, too large, gone), so it is not tried again.
    package func imageRefused(_ url: URL, reason: String, at now: Date) async throws {
        try await database.write { db in try Self.settle(db, url: url, fileName: nil, failure: reason, at: now) }
    }

    private static func settle(_ db: Database, url: URL, fileName: String?, failure: String?, at now: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO upstream_images (url, file_name, failure, attempted_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET file_name = excluded.file_name, failure = excluded.failure, attempted_at = excluded.attempted_at
                """,
            arguments: [url.absoluteString, fileName, failure, now.timeIntervalSince1970])
    }

    private static func storedImagePath(_ db: Database, url: URL) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT file_name FROM upstream_images WHERE url = ? AND file_name IS NOT NULL"),
            arguments: [url.absoluteString]
        ).map { "\(UpstreamImages.folder)/\($0)" }
    }
}

private struct StateRecord: Decodable, FetchableRecord {
    package var isComplete: Bool
    /// Seconds since 1970, which GRDB reads as a date.
    package var fetchedAt: Date

    package enum CodingKeys: String, CodingKey {
        case isComplete = "is_complete"
        case fetchedAt = "fetched_at"
    }
}

/// A request answered upstream: when, and the ids it gave, space-separated.
private struct CachedRequest: Decodable, FetchableRecord {
    package var fetchedAt: Date
    package var recipeIDs: String

    package enum CodingKeys: String, CodingKey {
        case fetchedAt = "fetched_at"
        case recipeIDs = "recipe_ids"
    }
}

/// A recipe already here, with what upstream last gave for it; both nil for a recipe that is not from upstream.
private struct SavedRecipe: Decodable, FetchableRecord {
    package var isComplete: Bool?
    package var contentHash: String?
    package var category: String
    package var area: String
    /// Comma-separated, as `recipe_diets` names them.
    package var diets: String?

    package var dietList: [Diet] {
        let names = (diets ?? "").split(separator: ",").map(String.init)
        return Diet.allCases.filter { names.contains($0.rawValue) }
    }

    package enum CodingKeys: String, CodingKey {
        case isComplete = "is_complete"
        case contentHash = "content_hash"
        case category, area, diets
    }
}

/// The names a listing gave, one a line.
private struct CachedNames: Decodable, FetchableRecord {
    package var fetchedAt: Date
    package var names: String

    package enum CodingKeys: String, CodingKey {
        case fetchedAt = "fetched_at"
        case names
    }
}
