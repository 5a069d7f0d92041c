import Foundation
import PostgresNIO
import RecipeCartDomain

/// Edits in PostgreSQL: the same tables and rules as `SQLiteRecipeEditStore`. A write to one copy of a recipe takes
/// that copy's advisory lock, so the version check and the save are one step for every instance.
package struct PostgresRecipeEditStore: RecipeEditStore {
    package let database: PostgresDatabase
    package let generations: CatalogGeneration
    package let clock: AppClock

    package func version(of id: RecipeID, copy: EditCopy) async throws -> EditVersion {
        try await database.read { connection in try await Self.version(connection, EditKey(id: id, copy: copy)) }
    }

    package func save(_ edit: RecipeEdit, for id: RecipeID, copy: EditCopy, expected: EditVersion) async throws
        -> (EditVersion, replacedPicture: String?)
    {
        let now = clock.now()
        let key = EditKey(id: id, copy: copy)
        let (version, replaced, generation) = try await database.write { connection in
            try await Self.lock(connection, key)
            let current = try await Self.version(connection, key)
            guard current == expected else {
                guard let recipe = try await PostgresCatalogStore.fetchRecipe(connection, id: id, for: copy.session)
                else {
                    throw StorageError.notFound("That recipe is gone.")
                }
                throw EditConflict(current: recipe, currentVersion: current)
            }
            let previous = try await Self.stored(connection, key)
            let next = current.next(at: now)
            let stored = try StoredEdit(saving: edit, over: previous, as: next)
            try await Self.write(connection, stored, key: key, at: now)
            return (next, stored.replacedUpload(of: previous), try await Self.generation(connection, key))
        }
        if let generation { generations.advance(to: generation) }
        return (version, replaced)
    }

    package func revert(_ id: RecipeID, copy: EditCopy) async throws -> RevertUndo? {
        let now = clock.now()
        let key = EditKey(id: id, copy: copy)
        let (undo, generation): (RevertUndo?, Int?) = try await database.write { connection in
            try await Self.lock(connection, key)
            guard let stored = try await Self.stored(connection, key) else { return (nil, nil) }
            let undo = RevertUndo(token: Hex.encode(RandomBytes.make(16)), expiresAt: now + RevertUndo.lifetime)
            // One Undo a copy: an older one's picture is left to `tidy`.
            try await connection.run(
                "DELETE FROM recipe_edit_undos WHERE recipe_id = \(id.rawValue) AND session_hash IS NOT DISTINCT FROM \(key.sessionHash)"
            )
            try await connection.run(
                """
                INSERT INTO recipe_edit_undos
                    (token, session_hash, recipe_id, title, description, image_path, image_removed, steps_json, version, expires_at)
                VALUES (\(undo.token), \(key.sessionHash), \(id.rawValue), \(stored.title), \(stored.description), \(stored.imagePath),
                        \(stored.imageRemoved), \(stored.stepsJSON), \(stored.version), \(undo.expiresAt.timeIntervalSince1970))
                """)
            try await Self.delete(connection, key)
            if copy == .shop { try await PostgresCatalogStore.reindex(connection, ids: [id]) }
            return (undo, try await Self.generation(connection, key))
        }
        if let generation { generations.advance(to: generation) }
        return undo
    }

    package func undoRevert(token: String, of id: RecipeID, copy: EditCopy) async throws {
        let now = clock.now()
        let key = EditKey(id: id, copy: copy)
        let generation = try await database.write { connection in
            try await Self.lock(connection, key)
            guard
                let (title, description, imagePath, removed, steps, version) = try await connection.row(
                    """
                    SELECT title, description, image_path, image_removed, steps_json, version FROM recipe_edit_undos
                    WHERE token = \(token) AND recipe_id = \(id.rawValue) AND session_hash IS NOT DISTINCT FROM \(key.sessionHash)
                      AND expires_at > \(now.timeIntervalSince1970)
                    """,
                    as: (String, String, String?, Bool, String, Int64).self)
            else { throw UndoRefusal.gone }
            guard try await Self.version(connection, key) == .original else { throw UndoRefusal.editedSince }
            let stored = StoredEdit(
                title: title, description: description, imagePath: imagePath, imageRemoved: removed, stepsJSON: steps,
                version: version)
            try await Self.write(connection, stored, key: key, at: now)
            try await connection.run("DELETE FROM recipe_edit_undos WHERE token = \(token)")
            return try await Self.generation(connection, key)
        }
        if let generation { generations.advance(to: generation) }
    }

    package func pendingUndo(of id: RecipeID, copy: EditCopy) async throws -> RevertUndo? {
        let now = clock.now().timeIntervalSince1970
        let key = EditKey(id: id, copy: copy)
        return try await database.read { connection in
            try await connection.rows(
                ShopperPageStatements.PendingRevertUndo(recipeID: id.rawValue, sessionHash: key.sessionHash, now: now)
            ).first.map { RevertUndo(token: $0.0, expiresAt: Date(timeIntervalSince1970: $0.1)) }
        }
    }

    package func tidy() async throws -> Set<String> {
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            try await connection.run("DELETE FROM recipe_edit_undos WHERE expires_at <= \(now)")
            return Set(
                try await connection.values(
                    """
                    SELECT image_path FROM recipe_edits WHERE image_path IS NOT NULL
                    UNION SELECT image_path FROM shopper_recipe_edits WHERE image_path IS NOT NULL
                    UNION SELECT image_path FROM recipe_edit_undos WHERE image_path IS NOT NULL
                    """,
                    as: String.self))
        }
    }

    // MARK: SQL

    /// One copy of one recipe's edit: the shop's row, or one shopper's.
    private struct EditKey {
        package var id: RecipeID
        package var copy: EditCopy

        package var sessionHash: String? { copy.session?.hash }
        package var lockName: String { "edit \(id.rawValue) \(sessionHash ?? "shop")" }
    }

    private static func lock(_ connection: PostgresConnection, _ key: EditKey) async throws {
        try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\(key.lockName)))")
        if key.copy == .shop { try await PostgresCatalogStore.lockGeneration(connection) }
    }

    /// The generation after a change to the shop's copy, which every cached page shows; nil for a shopper's version.
    private static func generation(_ connection: PostgresConnection, _ key: EditKey) async throws -> Int? {
        key.copy == .shop ? try await PostgresCatalogStore.generation(connection) : nil
    }

    private static func version(_ connection: PostgresConnection, _ key: EditKey) async throws -> EditVersion {
        EditVersion(try await stored(connection, key)?.version ?? 0)
    }

    private static func stored(_ connection: PostgresConnection, _ key: EditKey) async throws -> StoredEdit? {
        let query: PostgresQuery =
            if let session = key.sessionHash {
                """
                SELECT title, description, image_path, image_removed, steps_json, version FROM shopper_recipe_edits
                WHERE session_hash = \(session) AND recipe_id = \(key.id.rawValue)
                """
            } else {
                "SELECT title, description, image_path, image_removed, steps_json, version FROM recipe_edits WHERE recipe_id = \(key.id.rawValue)"
            }
        return try await connection.row(query, as: (String, String, String?, Bool, String, Int64).self).map {
            StoredEdit(
                title: $0.0, description: $0.1, imagePath: $0.2, imageRemoved: $0.3, stepsJSON: $0.4, version: $0.5)
        }
    }

    private static func delete(_ connection: PostgresConnection, _ key: EditKey) async throws {
        if let session = key.sessionHash {
            try await connection.run(
                "DELETE FROM shopper_recipe_edits WHERE session_hash = \(session) AND recipe_id = \(key.id.rawValue)")
        } else {
            try await connection.run("DELETE FROM recipe_edits WHERE recipe_id = \(key.id.rawValue)")
        }
    }

    private static func write(_ connection: PostgresConnection, _ stored: StoredEdit, key: EditKey, at now: Date)
        async throws
    {
        let time = now.timeIntervalSince1970
        if let session = key.sessionHash {
            // A shopper's first version creates their session row, as a first cart line does.
            try await PostgresCartStore.touch(connection, sessionHash: session, at: time)
            try await connection.run(
                """
                INSERT INTO shopper_recipe_edits
                    (session_hash, recipe_id, title, description, image_path, image_removed, steps_json, version, updated_at)
                VALUES (\(session), \(key.id.rawValue), \(stored.title), \(stored.description), \(stored.imagePath),
                        \(stored.imageRemoved), \(stored.stepsJSON), \(stored.version), \(time))
                ON CONFLICT (session_hash, recipe_id) DO UPDATE SET
                    title = excluded.title, description = excluded.description, image_path = excluded.image_path,
                    image_removed = excluded.image_removed, steps_json = excluded.steps_json,
                    version = excluded.version, updated_at = excluded.updated_at
                """)
        } else {
            try await connection.run(
                """
                INSERT INTO recipe_edits (recipe_id, title, description, image_path, image_removed, steps_json, version, updated_at)
                VALUES (\(key.id.rawValue), \(stored.title), \(stored.description), \(stored.imagePath),
                        \(stored.imageRemoved), \(stored.stepsJSON), \(stored.version), \(time))
                ON CONFLICT (recipe_id) DO UPDATE SET
                    title = excluded.title, description = excluded.description, image_path = excluded.image_path,
                    image_removed = excluded.image_removed, steps_json = excluded.steps_json,
                    version = excluded.version, updated_at = excluded.updated_at
                """)
            // Only the shop's copy reaches browse and search.
            try await PostgresCatalogStore.reindex(connection, ids: [key.id])
        }
    }
}
