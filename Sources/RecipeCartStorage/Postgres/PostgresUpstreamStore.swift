import Foundation
import PostgresNIO
import RecipeCartDomain

/// The upstream cache in PostgreSQL, shared by every instance: a request one instance answered is not asked again
/// by another within the TTL, and each picture is claimed by the one instance that downloads it.
package struct PostgresUpstreamStore: UpstreamStore {
    package let database: PostgresDatabase
    package let generations: CatalogGeneration

    package func request(_ key: String) async throws -> (fetchedAt: Date, ids: [RecipeID])? {
        try await database.read { connection in
            try await connection.row(
                "SELECT fetched_at, recipe_ids FROM upstream_cache WHERE request_key = \(key)",
                as: (Double, String).self)
        }.map {
            (fetchedAt: Date(timeIntervalSince1970: $0.0), ids: $0.1.split(separator: " ").compactMap(RecipeID.init))
        }
    }

    package func names(_ key: String) async throws -> (fetchedAt: Date, names: [String])? {
        try await database.read { connection in
            try await connection.row(
                "SELECT fetched_at, names FROM upstream_cache WHERE request_key = \(key)", as: (Double, String).self)
        }.map { (fetchedAt: Date(timeIntervalSince1970: $0.0), names: $0.1.split(separator: "\n").map(String.init)) }
    }

    package func saveNames(_ names: [String], requestKey: String, at now: Date) async throws {
        try await database.write { connection in
            try await connection.run(
                """
                INSERT INTO upstream_cache (request_key, fetched_at, names)
                VALUES (\(requestKey), \(now.timeIntervalSince1970), \(names.joined(separator: "\n")))
                ON CONFLICT (request_key) DO UPDATE SET fetched_at = excluded.fetched_at, names = excluded.names
                """)
        }
    }

    package func save(
        _ records: [FetchedRecipe], source: UpstreamSource, requestKey: String?, mainIngredient: MainIngredient?,
        at now: Date
    )
        async throws -> [UpstreamSaveOutcome]
    {
        let time = now.timeIntervalSince1970
        let (outcomes, generation) = try await database.write { connection in
            try await PostgresCatalogStore.lockGeneration(connection)
            var outcomes: [UpstreamSaveOutcome] = []
            for batch in RecipeBatches.split(records, id: \.recipe.id) {
                outcomes += try await Self.save(connection, records: batch, source: source, at: time)
            }
            if let requestKey {
                try await connection.run(
                    """
                    INSERT INTO upstream_cache (request_key, fetched_at, recipe_ids)
                    VALUES (\(requestKey), \(time), \(records.map(\.recipe.id.rawValue).joined(separator: " ")))
                    ON CONFLICT (request_key) DO UPDATE SET fetched_at = excluded.fetched_at, recipe_ids = excluded.recipe_ids
                    """)
            }
            if let mainIngredient {
                let ids = records.map(\.recipe.id.rawValue)
                try await connection.run(
                    "DELETE FROM recipe_main_ingredients WHERE ingredient = \(mainIngredient.rawValue) AND NOT (recipe_id = ANY(\(ids)))"
                )
                try await connection.run(
                    """
                    INSERT INTO recipe_main_ingredients (ingredient, recipe_id) SELECT \(mainIngredient.rawValue), unnest(\(ids)::text[])
                    ON CONFLICT DO NOTHING
                    """)
            }
            return (outcomes, try await PostgresCatalogStore.generation(connection))
        }
        generations.advance(to: generation)
        return outcomes
    }

    /// Saves records whose ids differ, a statement a table for the whole batch (an import sends hundreds at once).
    private static func save(
        _ connection: PostgresConnection, records: [FetchedRecipe], source: UpstreamSource, at time: Double
    )
        async throws -> [UpstreamSaveOutcome]
    {
        let ids = records.map(\.recipe.id.rawValue)
        var stored: [String: (isComplete: Bool?, contentHash: String?)] = [:]
        var listed: [String: (category: String, area: String, diets: [Diet])] = [:]
        for (id, isComplete, hash, category, area, diets) in try await connection.rows(
            """
            SELECT r.id, u.is_complete, u.content_hash, r.category, r.area,
                   (SELECT array_agg(diet) FROM recipe_diets WHERE recipe_id = r.id)
            FROM recipes r LEFT JOIN upstream_recipes u ON u.recipe_id = r.id WHERE r.id = ANY(\(ids))
            """,
            as: (String, Bool?, String?, String, String, [String]?).self)
        {
            stored[id] = (isComplete, hash)
            listed[id] = (category, area, Diet.allCases.filter { (diets ?? []).contains($0.rawValue) })
        }
        let records = records.map { record in
            listed[record.recipe.id.rawValue].map {
                record.filledIn(category: $0.category, area: $0.area, diets: $0.diets)
            } ?? record
        }
        let outcomes = records.map { UpstreamSaveOutcome.of($0, over: stored[$0.recipe.id.rawValue]) }
        let unchanged = zip(records, outcomes).filter { $0.1 == .unchanged }.map(\.0.recipe.id.rawValue)
        if !unchanged.isEmpty {
            try await connection.run(
                "UPDATE upstream_recipes SET fetched_at = \(time) WHERE recipe_id = ANY(\(unchanged))")
        }
        let written = zip(records, outcomes).filter { $0.1 == .added || $0.1 == .updated }.map(\.0)
        guard !written.isEmpty else { return outcomes }
        let urls = written.compactMap(\.imageURL?.absoluteString)
        var files: [String: String] = [:]
        if !urls.isEmpty {
            for (url, file) in try await connection.rows(
                "SELECT url, file_name FROM upstream_images WHERE url = ANY(\(urls)) AND file_name IS NOT NULL",
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
        try await PostgresCatalogStore.upsert(connection, recipes: recipes, source: source.rawValue, at: time)
        try await connection.run(
            """
            INSERT INTO upstream_recipes (recipe_id, is_complete, image_url, content_hash, fetched_at)
            SELECT id, complete, CASE WHEN has_image THEN image END, hash, \(time)
            FROM unnest(\(written.map(\.recipe.id.rawValue)), \(written.map(\.isComplete)), \(written.map { $0.imageURL != nil }),
                        \(written.map { $0.imageURL?.absoluteString ?? "" }), \(written.map(\.contentHash)))
                 AS u(id, complete, has_image, image, hash)
            ON CONFLICT (recipe_id) DO UPDATE SET is_complete = excluded.is_complete, image_url = excluded.image_url,
                content_hash = excluded.content_hash, fetched_at = excluded.fetched_at
            """)
        return outcomes
    }

    package func state(of id: RecipeID) async throws -> UpstreamRecipeState? {
        try await database.read { connection in
            try await connection.row(
                "SELECT is_complete, fetched_at FROM upstream_recipes WHERE recipe_id = \(id.rawValue)",
                as: (Bool, Double).self)
        }.map { UpstreamRecipeState(isComplete: $0.0, fetchedAt: Date(timeIntervalSince1970: $0.1)) }
    }

    /// Claimed but never settled counts as pending: the instance that claimed it may have stopped mid-download.
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

    package func claimImage(_ url: URL, at now: Date) async throws -> Bool {
        let time = now.timeIntervalSince1970
        return try await database.write { connection in
            try await connection.count(
                """
                INSERT INTO upstream_images (url, claimed_at) VALUES (\(url.absoluteString), \(time))
                ON CONFLICT (url) DO UPDATE SET claimed_at = excluded.claimed_at
                WHERE upstream_images.file_name IS NULL AND upstream_images.failure IS NULL
                  AND upstream_images.claimed_at < \(time - UpstreamImages.claimLifetime)
                RETURNING 1
                """) > 0
        }
    }

    package func imageStored(_ url: URL, fileName: String, at now: Date) async throws {
        let time = now.timeIntervalSince1970
        let generation = try await database.write { connection in
            try await PostgresCatalogStore.lockGeneration(connection)
            try await Self.settle(connection, url: url, fileName: fileName, failure: nil, at: time)
            try await connection.run(
                """
                UPDATE recipes SET image_path = \("\(UpstreamImages.folder)/\(fileName)")
                WHERE id IN (SELECT recipe_id FROM upstream_recipes WHERE image_url = \(url.absoluteString))
                """)
            return try await PostgresCatalogStore.generation(connection)
        }
        generations.advance(to: generation)
    }

    package func imageRefused(_ url: URL, reason: String, at now: Date) async throws {
        try await database.write { connection in
            try await Self.settle(connection, url: url, fileName: nil, failure: reason, at: now.timeIntervalSince1970)
        }
    }

    private static func settle(
        _ connection: PostgresConnection, url: URL, fileName: String?, failure: String?, at time: Double
    ) async throws {
        try await connection.run(
            """
            INSERT INTO upstream_images (url, file_name, failure, claimed_at, attempted_at)
            VALUES (\(url.absoluteString), \(fileName), \(failure), \(time), \(time))
            ON CONFLICT (url) DO UPDATE SET file_name = excluded.file_name, failure = excluded.failure, attempted_at = excluded.attempted_at
            """)
    }
}
