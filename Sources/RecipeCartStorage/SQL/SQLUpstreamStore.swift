import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// The upstream cache, on either database. Recipes are written through the catalog's own upsert
/// (`SQLConnection.upsertRecipes`), so local edits stay untouched. On PostgreSQL it is shared by every instance: a
/// request one instance answered is not asked again by another within the TTL, and each picture is claimed by the one
/// instance that downloads it (`SQLDialect.keepsImageClaims`).
package struct SQLUpstreamStore: UpstreamStore {
    package let database: any SQLRunner
    /// This instance's catalog generation, advanced once a write that changes recipes is committed: on PostgreSQL,
    /// where a write through the shared runner does not advance it itself. nil on SQLite, whose every write rereads it.
    package let generations: CatalogGeneration?

    /// Rows a statement's list or `VALUES` carries: far below SQLite's 32,766 arguments and PostgreSQL's 65,535.
    private static let batchSize = 500

    package init(database: any SQLRunner, generations: CatalogGeneration? = nil) {
        self.database = database
        self.generations = generations
    }

    // MARK: Requests

    /// When `key` was last answered upstream, and the ids it gave.
    package func request(_ key: String) async throws -> (fetchedAt: Date, ids: [RecipeID])? {
        try await database.read { connection in
            try await connection.row(
                "SELECT fetched_at, recipe_ids FROM upstream_cache WHERE request_key = \(key)", as: (Date, String).self)
        }.map { (fetchedAt: $0.0, ids: $0.1.split(separator: " ").compactMap(RecipeID.init)) }
    }

    package func names(_ key: String) async throws -> (fetchedAt: Date, names: [String])? {
        try await database.read { connection in
            try await connection.row(
                "SELECT fetched_at, names FROM upstream_cache WHERE request_key = \(key)", as: (Date, String).self)
        }.map { (fetchedAt: $0.0, names: $0.1.split(separator: "\n").map(String.init)) }
    }

    package func saveNames(_ names: [String], requestKey: String, at now: Date) async throws {
        try await database.write { connection in
            _ = try await connection.execute(
                """
                INSERT INTO upstream_cache (request_key, fetched_at, names)
                VALUES (\(requestKey), \(now.timeIntervalSince1970), \(names.joined(separator: "\n")))
                ON CONFLICT (request_key) DO UPDATE SET fetched_at = excluded.fetched_at, names = excluded.names
                """)
        }
    }

    // MARK: Recipes

    /// Saves fetched recipes in one transaction and, when given, records `requestKey` as answered at `now` and the
    /// records as `mainIngredient`'s listing.
    @discardableResult
    package func save(
        _ records: [FetchedRecipe], source: UpstreamSource, requestKey: String?, mainIngredient: MainIngredient?,
        at now: Date
    ) async throws -> [UpstreamSaveOutcome] {
        let time = now.timeIntervalSince1970
        return try await database.write(advancing: generations) { connection in
            var outcomes: [UpstreamSaveOutcome] = []
            for batch in RecipeBatches.split(records, id: \.recipe.id) {
                outcomes += try await Self.save(batch, source: source, at: time, on: connection)
            }
            if let requestKey {
                try await connection.execute(
                    """
                    INSERT INTO upstream_cache (request_key, fetched_at, recipe_ids)
                    VALUES (\(requestKey), \(time), \(records.map(\.recipe.id.rawValue).joined(separator: " ")))
                    ON CONFLICT (request_key) DO UPDATE SET
                        fetched_at = excluded.fetched_at, recipe_ids = excluded.recipe_ids
                    """)
            }
            if let mainIngredient {
                try await Self.list(records.map(\.recipe.id.rawValue), under: mainIngredient, on: connection)
            }
            return outcomes
        }
    }

    /// Saves records whose ids differ, a statement a table for each `batchSize` of them (an import sends hundreds at
    /// once), and the recipes themselves in one upsert.
    private static func save(
        _ records: [FetchedRecipe], source: UpstreamSource, at time: Double, on connection: any SQLConnection
    ) async throws -> [UpstreamSaveOutcome] {
        var stored: [String: (isComplete: Bool?, contentHash: String?)] = [:]
        var listed: [String: (category: String, area: String)] = [:]
        var dietNames: [String: [String]] = [:]
        for ids in batches(records.map(\.recipe.id.rawValue)) {
            for (id, isComplete, hash, category, area) in try await connection.rows(
                """
                SELECT r.id, u.is_complete, u.content_hash, r.category, r.area
                FROM recipes r LEFT JOIN upstream_recipes u ON u.recipe_id = r.id WHERE r.id IN (\(list: ids))
                """,
                as: (String, Bool?, String?, String, String).self)
            {
                stored[id] = (isComplete, hash)
                listed[id] = (category, area)
            }
            for (id, diet) in try await connection.rows(
                "SELECT recipe_id, diet FROM recipe_diets WHERE recipe_id IN (\(list: ids))", as: (String, String).self)
            {
                dietNames[id, default: []].append(diet)
            }
        }
        let records = records.map { record in
            let id = record.recipe.id.rawValue
            return listed[id].map { recipe in
                let diets = Diet.allCases.filter { (dietNames[id] ?? []).contains($0.rawValue) }
                return record.filledIn(category: recipe.category, area: recipe.area, diets: diets)
            } ?? record
        }
        let outcomes = records.map { UpstreamSaveOutcome.of($0, over: stored[$0.recipe.id.rawValue]) }
        let unchanged = zip(records, outcomes).filter { $0.1 == .unchanged }.map(\.0.recipe.id.rawValue)
        for ids in batches(unchanged) {
            try await connection.execute(
                "UPDATE upstream_recipes SET fetched_at = \(time) WHERE recipe_id IN (\(list: ids))")
        }
        let written = zip(records, outcomes).filter { $0.1 == .added || $0.1 == .updated }.map(\.0)
        guard !written.isEmpty else { return outcomes }
        var files: [String: String] = [:]
        for urls in batches(written.compactMap(\.imageURL?.absoluteString)) {
            for (url, file) in try await connection.rows(
                "SELECT url, file_name FROM upstream_images WHERE url IN (\(list: urls)) AND file_name IS NOT NULL",
                as: (String, String).self)
            {
                files[url] = file
            }
        }
        let recipes = written.map { record in
            var recipe = record.recipe
            recipe.imagePath = record.imageURL.flatMap { files[$0.absoluteString] }.map {
                "\(UpstreamImages.folder)/\($0)"
            }
            return recipe
        }
        try await connection.upsertRecipes(recipes, source: source.rawValue, at: time)
        for batch in batches(written) {
            let rows = batch.map { record -> SQLStatement in
                """
                (\(record.recipe.id.rawValue), \(record.isComplete), \(record.imageURL?.absoluteString),
                 \(record.contentHash), \(time))
                """
            }
            try await connection.execute(
                """
                INSERT INTO upstream_recipes (recipe_id, is_complete, image_url, content_hash, fetched_at)
                VALUES \(SQLStatement(joining: rows, separator: ", "))
                ON CONFLICT (recipe_id) DO UPDATE SET
                    is_complete = excluded.is_complete, image_url = excluded.image_url,
                    content_hash = excluded.content_hash, fetched_at = excluded.fetched_at
                """)
        }
        return outcomes
    }

    /// Makes `ids` the recipes listed under `ingredient`, touching only rows that change: each change bumps the
    /// catalog generation, so pages showing the listing are rendered again.
    private static func list(_ ids: [String], under ingredient: MainIngredient, on connection: any SQLConnection)
        async throws
    {
        // An empty listing keeps none: `NOT IN` an empty list would keep every row.
        let others: SQLStatement = ids.isEmpty ? "" : " AND recipe_id NOT IN (\(list: ids))"
        try await connection.execute(
            "DELETE FROM recipe_main_ingredients WHERE ingredient = \(ingredient.rawValue)\(others)")
        for batch in batches(ids) {
            let rows = batch.map { id -> SQLStatement in "(\(ingredient.rawValue), \(id))" }
            try await connection.execute(
                """
                INSERT INTO recipe_main_ingredients (ingredient, recipe_id)
                VALUES \(SQLStatement(joining: rows, separator: ", "))
                ON CONFLICT DO NOTHING
                """)
        }
    }

    /// `items` in runs of at most `batchSize`.
    private static func batches<Item>(_ items: [Item]) -> [[Item]] {
        stride(from: 0, to: items.count, by: batchSize).map { Array(items[$0..<min($0 + batchSize, items.count)]) }
    }

    /// Nil when the recipe is not here, or is here but not from upstream.
    package func state(of id: RecipeID) async throws -> UpstreamRecipeState? {
        try await database.read { connection in
            try await connection.row(
                "SELECT is_complete, fetched_at FROM upstream_recipes WHERE recipe_id = \(id.rawValue)",
                as: (Bool, Date).self)
        }.map { UpstreamRecipeState(isComplete: $0.0, fetchedAt: $0.1) }
    }

    // MARK: Images

    /// Picture URLs of saved recipes never tried yet, e.g. of an import, or of downloads a restart cut short. Claimed
    /// but never settled counts as pending: the instance that claimed it may have stopped mid-download (a row without
    /// claims is always settled).
    package func pendingImageURLs() async throws -> [URL] {
        try await database.read { connection in
            try await connection.values(
                """
                SELECT DISTINCT u.image_url FROM upstream_recipes u LEFT JOIN upstream_images i ON i.url = u.image_url
                WHERE u.image_url IS NOT NULL AND (i.url IS NULL OR (i.file_name IS NULL AND i.failure IS NULL))
                """,
                as: String.self)
        }.compactMap(URL.init(string:))
    }

    /// Whether this instance may download the picture: it is not settled, and where claims are kept, not claimed by
    /// another within `UpstreamImages.claimLifetime`.
    package func claimImage(_ url: URL, at now: Date) async throws -> Bool {
        guard database.dialect.keepsImageClaims else {
            // One process downloads, and `ImageCache` asks for each URL once: a URL is free until it is settled.
            return try await database.read { connection in
                try await connection.value(
                    "SELECT EXISTS (SELECT 1 FROM upstream_images WHERE url = \(url.absoluteString))", as: Bool.self)
                    != true
            }
        }
        let time = now.timeIntervalSince1970
        return try await database.write { connection in
            try await !connection.rows(
                """
                INSERT INTO upstream_images (url, claimed_at) VALUES (\(url.absoluteString), \(time))
                ON CONFLICT (url) DO UPDATE SET claimed_at = excluded.claimed_at
                WHERE upstream_images.file_name IS NULL AND upstream_images.failure IS NULL
                  AND upstream_images.claimed_at < \(time - UpstreamImages.claimLifetime)
                RETURNING 1
                """
            ).isEmpty
        }
    }

    /// Records the stored file and points every recipe using the picture at it.
    package func imageStored(_ url: URL, fileName: String, at now: Date) async throws {
        let time = now.timeIntervalSince1970
        try await database.write(advancing: generations) { connection in
            try await Self.settle(url, fileName: fileName, failure: nil, at: time, on: connection)
            _ = try await connection.execute(
                """
                UPDATE recipes SET image_path = \("\(UpstreamImages.folder)/\(fileName)")
                WHERE id IN (SELECT recipe_id FROM upstream_recipes WHERE image_url = \(url.absoluteString))
                """)
        }
    }

    /// Records a picture that will never be used (not an image, too large, gone), so it is not tried again.
    package func imageRefused(_ url: URL, reason: String, at now: Date) async throws {
        let time = now.timeIntervalSince1970
        try await database.write { connection in
            try await Self.settle(url, fileName: nil, failure: reason, at: time, on: connection)
        }
    }

    private static func settle(
        _ url: URL, fileName: String?, failure: String?, at time: Double, on connection: any SQLConnection
    ) async throws {
        // A new row's claim is its settling, where claims are kept.
        let claim: (column: String, value: SQLStatement) =
            connection.dialect.keepsImageClaims ? (", claimed_at", ", \(time)") : ("", "")
        try await connection.execute(
            """
            INSERT INTO upstream_images (url, file_name, failure, attempted_at\(raw: claim.column))
            VALUES (\(url.absoluteString), \(fileName), \(failure), \(time)\(claim.value))
            ON CONFLICT (url) DO UPDATE SET
                file_name = excluded.file_name, failure = excluded.failure, attempted_at = excluded.attempted_at
            """)
    }
}
