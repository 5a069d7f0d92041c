import Foundation
import PostgresNIO

/// The upstream cache in PostgreSQL, shared by every instance: a request one instance answered is not asked again
/// by another within the TTL, and each picture is claimed by the one instance that downloads it.
struct PostgresUpstreamStore: UpstreamStore {
    let database: PostgresDatabase
    let generations: CatalogGeneration

    func request(_ key: String) async throws -> (fetchedAt: Date, ids: [RecipeID])? {
        try await database.read { connection in
            try await connection.row("SELECT fetched_at, recipe_ids FROM upstream_cache WHERE request_key = \(key)", as: (Double, String).self)
        }.map { (fetchedAt: Date(timeIntervalSince1970: $0.0), ids: $0.1.split(separator: " ").compactMap(RecipeID.init)) }
    }

    func save(_ records: [FetchedRecipe], source: UpstreamSource, requestKey: String?, at now: Date) async throws -> [UpstreamSaveOutcome] {
        let time = now.timeIntervalSince1970
        let (outcomes, generation) = try await database.write { connection in
            try await PostgresCatalogStore.lockGeneration(connection)
            var outcomes: [UpstreamSaveOutcome] = []
            for record in records {
                outcomes.append(try await Self.save(connection, record: record, source: source, at: time))
            }
            if let requestKey {
                try await connection.run(
                    """
                    INSERT INTO upstream_cache (request_key, fetched_at, recipe_ids)
                    VALUES (\(requestKey), \(time), \(records.map(\.recipe.id.rawValue).joined(separator: " ")))
                    ON CONFLICT (request_key) DO UPDATE SET fetched_at = excluded.fetched_at, recipe_ids = excluded.recipe_ids
                    """)
            }
            return (outcomes, try await PostgresCatalogStore.generation(connection))
        }
        generations.advance(to: generation)
        return outcomes
    }

    private static func save(_ connection: PostgresConnection, record: FetchedRecipe, source: UpstreamSource, at time: Double) async throws
        -> UpstreamSaveOutcome
    {
        let id = record.recipe.id.rawValue
        let hash = record.contentHash
        let existing = try await connection.row(
            "SELECT u.is_complete, u.content_hash FROM recipes r LEFT JOIN upstream_recipes u ON u.recipe_id = r.id WHERE r.id = \(id)",
            as: (Bool?, String?).self)
        let outcome = UpstreamSaveOutcome.of(record, over: existing.map { (isComplete: $0.0, contentHash: $0.1) })
        switch outcome {
        case .keptFuller:
            break
        case .unchanged:
            try await connection.run("UPDATE upstream_recipes SET fetched_at = \(time) WHERE recipe_id = \(id)")
        case .added, .updated:
            var recipe = record.recipe
            if let url = record.imageURL {
                recipe.imagePath = try await connection.values(
                    "SELECT file_name FROM upstream_images WHERE url = \(url.absoluteString) AND file_name IS NOT NULL", as: String.self
                ).first.map { "\(UpstreamImages.folder)/\($0)" }
            } else {
                recipe.imagePath = nil
            }
            try await PostgresCatalogStore.upsert(connection, recipe: recipe, source: source.rawValue, at: time)
            try await connection.run(
                """
                INSERT INTO upstream_recipes (recipe_id, is_complete, image_url, content_hash, fetched_at)
                VALUES (\(id), \(record.isComplete), \(record.imageURL?.absoluteString), \(hash), \(time))
                ON CONFLICT (recipe_id) DO UPDATE SET is_complete = excluded.is_complete, image_url = excluded.image_url,
                    content_hash = excluded.content_hash, fetched_at = excluded.fetched_at
                """)
        }
        return outcome
    }

    func state(of id: RecipeID) async throws -> UpstreamRecipeState? {
        try await database.read { connection in
            try await connection.row("SELECT is_complete, fetched_at FROM upstream_recipes WHERE recipe_id = \(id.rawValue)", as: (Bool, Double).self)
        }.map { UpstreamRecipeState(isComplete: $0.0, fetchedAt: Date(timeIntervalSince1970: $0.1)) }
    }

    /// Claimed but never settled counts as pending: the instance that claimed it may have stopped mid-download.
    func pendingImageURLs() async throws -> [URL] {
        try await database.read { connection in
            try await connection.values(
                """
                SELECT DISTINCT u.image_url FROM upstream_recipes u LEFT JOIN upstream_images i ON i.url = u.image_url
                WHERE u.image_url IS NOT NULL AND (i.url IS NULL OR (i.file_name IS NULL AND i.failure IS NULL))
                """,
                as: String.self)
        }.compactMap(URL.init(string:))
    }

    func claimImage(_ url: URL, at now: Date) async throws -> Bool {
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

    func imageStored(_ url: URL, fileName: String, at now: Date) async throws {
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

    func imageRefused(_ url: URL, reason: String, at now: Date) async throws {
        try await database.write { connection in
            try await Self.settle(connection, url: url, fileName: nil, failure: reason, at: now.timeIntervalSince1970)
        }
    }

    private static func settle(_ connection: PostgresConnection, url: URL, fileName: String?, failure: String?, at time: Double) async throws {
        try await connection.run(
            """
            INSERT INTO upstream_images (url, file_name, failure, claimed_at, attempted_at)
            VALUES (\(url.absoluteString), \(fileName), \(failure), \(time), \(time))
            ON CONFLICT (url) DO UPDATE SET file_name = excluded.file_name, failure = excluded.failure, attempted_at = excluded.attempted_at
            """)
    }
}
