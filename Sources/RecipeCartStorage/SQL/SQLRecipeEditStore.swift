import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Saves and drops local edits of the shop's copy and of shoppers' own versions, kept in their own tables so that
/// no catalog or upstream refresh overwrites them. A revert keeps what it dropped for a while, for Undo. A write to
/// one copy of a recipe holds that copy's lock (`SQLConnection.lock(named:)`), so the version check and the save are
/// one step for every instance.
package struct SQLRecipeEditStore: RecipeEditStore {
    package let database: any SQLRunner
    package let clock: AppClock
    /// This instance's catalog generation, advanced once a change to the shop's copy is committed: on PostgreSQL,
    /// where a write through the shared runner does not advance it itself. nil on SQLite, whose every write rereads it.
    package let generations: CatalogGeneration?

    package init(database: any SQLRunner, clock: AppClock = .system, generations: CatalogGeneration? = nil) {
        self.database = database
        self.clock = clock
        self.generations = generations
    }

    package func version(of id: RecipeID, copy: EditCopy) async throws -> EditVersion {
        let key = EditKey(id: id, copy: copy)
        return try await database.read { connection in try await key.version(on: connection) }
    }

    /// Saves the edit unless another save reached the same copy since `expected`.
    /// - Returns: the new version, and the uploaded picture the edit no longer uses (to delete).
    package func save(_ edit: RecipeEdit, for id: RecipeID, copy: EditCopy, expected: EditVersion) async throws
        -> (EditVersion, replacedPicture: String?)
    {
        let now = clock.now()
        let key = EditKey(id: id, copy: copy)
        defer { forget(copy) }
        return try await write(key) { connection in
            let previous = try await key.stored(on: connection)
            let current = EditVersion(previous?.version ?? 0)
            guard current == expected else {
                guard let recipe = try await connection.recipe(id, for: copy.session) else {
                    throw StorageError.notFound("That recipe is gone.")
                }
                throw EditConflict(current: recipe, currentVersion: current)
            }
            let next = current.next(at: now)
            let stored = try StoredEdit(saving: edit, over: previous, as: next)
            try await key.write(stored, at: now, on: connection)
            return (next, stored.replacedUpload(of: previous))
        }
    }

    /// Drops the edit, keeping it (and its picture) for `RevertUndo.lifetime`.
    /// - Returns: how to undo it, or nil when the copy had no edit.
    package func revert(_ id: RecipeID, copy: EditCopy) async throws -> RevertUndo? {
        let now = clock.now()
        let key = EditKey(id: id, copy: copy)
        defer { forget(copy) }
        return try await write(key) { connection in
            guard let stored = try await key.stored(on: connection) else { return nil }
            let undo = RevertUndo(token: Hex.encode(RandomBytes.make(16)), expiresAt: now + RevertUndo.lifetime)
            // One Undo a copy: an older one's picture is left to `tidy`.
            try await connection.execute("DELETE FROM recipe_edit_undos WHERE \(key.undos(connection.dialect))")
            try await connection.execute(
                """
                INSERT INTO recipe_edit_undos (token, session_hash, recipe_id, \(raw: StoredEdit.columns), expires_at)
                VALUES (
                    \(undo.token), \(key.sessionHash), \(id.rawValue), \(stored.values),
                    \(undo.expiresAt.timeIntervalSince1970))
                """)
            try await connection.execute("DELETE FROM \(raw: key.table) WHERE \(key.condition)")
            if copy == .shop { try await connection.reindex([id]) }
            return undo
        }
    }

    /// Puts back exactly the edit a revert dropped, version included, unless the copy was edited since.
    package func undoRevert(token: String, of id: RecipeID, copy: EditCopy) async throws {
        let now = clock.now()
        let key = EditKey(id: id, copy: copy)
        defer { forget(copy) }
        try await write(key) { connection in
            guard
                let stored = try await connection.row(
                    """
                    SELECT \(raw: StoredEdit.columns) FROM recipe_edit_undos
                    WHERE token = \(token) AND \(key.undos(connection.dialect))
                      AND expires_at > \(now.timeIntervalSince1970)
                    """,
                    as: StoredEdit.self)
            else { throw UndoRefusal.gone }
            guard try await key.version(on: connection) == .original else { throw UndoRefusal.editedSince }
            try await key.write(stored, at: now, on: connection)
            try await connection.execute("DELETE FROM recipe_edit_undos WHERE token = \(token)")
        }
    }

    /// The Undo still open for this copy's last revert, if any. Read on every detail page a shopper who stored
    /// something opens.
    package func pendingUndo(of id: RecipeID, copy: EditCopy) async throws -> RevertUndo? {
        if let session = copy.session, try await !database.mayHaveStored(id, session: session) { return nil }
        let now = clock.now().timeIntervalSince1970
        let key = EditKey(id: id, copy: copy)
        return try await database.read { connection in
            try await connection.row(
                """
                SELECT token, expires_at FROM recipe_edit_undos
                WHERE \(key.undos(connection.dialect)) AND expires_at > \(now)
                ORDER BY expires_at DESC LIMIT 1
                """,
                as: (String, Date).self)
        }.map { RevertUndo(token: $0.0, expiresAt: $0.1) }
    }

    /// Forgets Undos past their time.
    /// - Returns: every picture path an edit, a shopper's version or an open Undo still uses.
    package func tidy() async throws -> Set<String> {
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            try await connection.execute("DELETE FROM recipe_edit_undos WHERE expires_at <= \(now)")
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

    /// A shopper's version or Undo changed: what is remembered of their session may be out of date.
    private func forget(_ copy: EditCopy) {
        copy.session.map { database.forget($0) }
    }

    /// A write to one copy, holding its lock; a change to the shop's copy advances the catalog generation.
    private func write<T: Sendable>(
        _ key: EditKey, _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T {
        try await database.write(advancing: key.copy == .shop ? generations : nil, holding: key.lockName, body)
    }
}

/// One copy of one recipe's edit: the shop's row in `recipe_edits`, or one shopper's in `shopper_recipe_edits`.
private struct EditKey: Sendable {
    var id: RecipeID
    var copy: EditCopy

    var sessionHash: String? { copy.session?.hash }
    var table: String { copy == .shop ? "recipe_edits" : "shopper_recipe_edits" }
    var keyColumns: String { copy == .shop ? "recipe_id" : "session_hash, recipe_id" }
    var keyValues: SQLStatement { sessionHash.map { "\($0), \(id.rawValue)" } ?? "\(id.rawValue)" }
    var condition: SQLStatement {
        sessionHash.map { "session_hash = \($0) AND recipe_id = \(id.rawValue)" } ?? "recipe_id = \(id.rawValue)"
    }
    var lockName: String { "edit \(id.rawValue) \(sessionHash ?? "shop")" }

    /// The copy's rows in `recipe_edit_undos`, where the shop's copy has no session.
    func undos(_ dialect: SQLDialect) -> SQLStatement {
        "recipe_id = \(id.rawValue) AND session_hash \(raw: dialect.isNotDistinctFrom) \(sessionHash)"
    }

    func stored(on connection: any SQLConnection) async throws -> StoredEdit? {
        try await connection.row(
            "SELECT \(raw: StoredEdit.columns) FROM \(raw: table) WHERE \(condition)", as: StoredEdit.self)
    }

    func version(on connection: any SQLConnection) async throws -> EditVersion {
        EditVersion(
            try await connection.value("SELECT version FROM \(raw: table) WHERE \(condition)", as: Int64.self) ?? 0)
    }

    func write(_ stored: StoredEdit, at now: Date, on connection: any SQLConnection) async throws {
        if let session = copy.session {
            // A shopper's first version creates their session row, as a first cart line does.
            try await connection.touchSession(session, at: now)
        }
        try await connection.execute(
            """
            INSERT INTO \(raw: table) (\(raw: keyColumns), \(raw: StoredEdit.columns), updated_at)
            VALUES (\(keyValues), \(stored.values), \(connection.dialect.updatedAt(now)))
            ON CONFLICT (\(raw: keyColumns)) DO UPDATE SET
                title = excluded.title, description = excluded.description, image_path = excluded.image_path,
                image_removed = excluded.image_removed, steps_json = excluded.steps_json,
                version = excluded.version, updated_at = excluded.updated_at
            """)
        // Only the shop's copy reaches browse and search.
        if copy == .shop { try await connection.reindex([id]) }
    }
}

/// `StoredEdit` as a row of any of the three tables.
extension StoredEdit: SQLRecord {
    fileprivate static let columns = "title, description, image_path, image_removed, steps_json, version"

    package init(row: SQLRow) throws {
        self.init(
            title: try row.value(at: 0), description: try row.value(at: 1), imagePath: try row.value(at: 2),
            imageRemoved: try row.value(at: 3), stepsJSON: try row.value(at: 4), version: try row.value(at: 5))
    }

    /// Its values in the order of `columns`.
    fileprivate var values: SQLStatement {
        "\(title), \(description), \(imagePath), \(imageRemoved), \(stepsJSON), \(version)"
    }
}
