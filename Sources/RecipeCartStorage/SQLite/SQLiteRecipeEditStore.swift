import Foundation
import GRDB
import RecipeCartDomain

/// Saves and drops local edits of the shop's copy and of shoppers' own versions, kept in their own tables so that
/// no catalog or upstream refresh overwrites them. A revert keeps what it dropped for a while, for Undo.
public struct SQLiteRecipeEditStore: RecipeEditStore {
    package let database: SQLiteDatabase
    package let clock: AppClock

    public init(database: SQLiteDatabase, clock: AppClock = .system) {
        self.database = database
        self.clock = clock
    }

    public func version(of id: RecipeID, copy: EditCopy) async throws -> EditVersion {
        try await database.read { db in try Self.version(db, id: id, copy: copy) }
    }

    /// Saves the edit unless another save reached the same copy since `expected`.
    /// - Returns: the new version, and the uploaded picture the edit no longer uses (to delete).
    public func save(
        _ edit: RecipeEdit, for id: RecipeID, copy: EditCopy, expected: EditVersion
    ) async throws -> (EditVersion, replacedPicture: String?) {
        let now = clock.now()
        defer { forget(copy) }
        return try await database.write { db in
            let current = try Self.version(db, id: id, copy: copy)
            guard current == expected else {
                guard let recipe = try SQLiteCatalogStore.fetchRecipe(db, id: id, for: copy.session) else {
                    throw StorageError.notFound("That recipe is gone.")
                }
                throw EditConflict(current: recipe, currentVersion: current)
            }
            let key = EditKey(id: id, copy: copy)
            let previous = try StoredEdit.fetchOne(
                db, sql: "SELECT \(StoredEdit.columns) FROM \(key.table) WHERE \(key.condition)",
                arguments: key.arguments)
            let next = current.next(at: now)
            let stored = try StoredEdit(saving: edit, over: previous, as: next)
            try Self.write(db, stored, key: key)
            return (next, stored.replacedUpload(of: previous))
        }
    }

    /// Drops the edit, keeping it (and its picture) for `RevertUndo.lifetime`.
    /// - Returns: how to undo it, or nil when the copy had no edit.
    public func revert(_ id: RecipeID, copy: EditCopy) async throws -> RevertUndo? {
        let now = clock.now()
        defer { forget(copy) }
        return try await database.write { db in
            let key = EditKey(id: id, copy: copy)
            guard
                let stored = try StoredEdit.fetchOne(
                    db, sql: "SELECT \(StoredEdit.columns) FROM \(key.table) WHERE \(key.condition)",
                    arguments: key.arguments)
            else { return nil }
            let undo = RevertUndo(token: Self.randomToken(), expiresAt: now + RevertUndo.lifetime)
            // One Undo a copy: an older one's picture is left to `tidy`.
            try db.execute(
                sql: "DELETE FROM recipe_edit_undos WHERE recipe_id = ? AND session_hash IS ?",
                arguments: [id.rawValue, key.sessionHash])
            try db.execute(
                sql: """
                    INSERT INTO recipe_edit_undos (token, session_hash, recipe_id, \(StoredEdit.columns), expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [undo.token, key.sessionHash, id.rawValue] + stored.arguments + [
                    undo.expiresAt.timeIntervalSince1970
                ])
            try db.execute(sql: "DELETE FROM \(key.table) WHERE \(key.condition)", arguments: key.arguments)
            if copy == .shop { try SQLiteCatalogStore.reindex(db, id: id) }
            return undo
        }
    }

    /// Puts back exactly the edit a revert dropped, version included, unless the copy was edited since.
    public func undoRevert(token: String, of id: RecipeID, copy: EditCopy) async throws {
        let now = clock.now()
        defer { forget(copy) }
        return try await database.write { db in
            let key = EditKey(id: id, copy: copy)
            guard
                let stored = try StoredEdit.fetchOne(
                    db,
                    sql: """
                        SELECT \(StoredEdit.columns) FROM recipe_edit_undos
                        WHERE token = ? AND recipe_id = ? AND session_hash IS ? AND expires_at > ?
                        """,
                    arguments: [token, id.rawValue, key.sessionHash, now.timeIntervalSince1970])
            else { throw UndoRefusal.gone }
            guard try Self.version(db, id: id, copy: copy) == .original else { throw UndoRefusal.editedSince }
            try Self.write(db, stored, key: key)
            try db.execute(sql: "DELETE FROM recipe_edit_undos WHERE token = ?", arguments: [token])
        }
    }

    /// The Undo still open for this copy's last revert, if any.
    public func pendingUndo(of id: RecipeID, copy: EditCopy) async throws -> RevertUndo? {
        if let session = copy.session,
            try await !database.sessionMemos.mayHaveStored(id, session: session, in: database)
        {
            return nil
        }
        let now = clock.now()
        return try await database.read { db in
            // Read on every detail page a shopper opens: the statement is compiled once a connection.
            try PendingUndo.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT token, expires_at FROM recipe_edit_undos
                        WHERE recipe_id = ? AND session_hash IS ? AND expires_at > ? ORDER BY expires_at DESC LIMIT 1
                        """),
                arguments: [id.rawValue, EditKey(id: id, copy: copy).sessionHash, now.timeIntervalSince1970]
            ).map { RevertUndo(token: $0.token, expiresAt: $0.expiresAt) }
        }
    }

    /// A shopper's version or Undo changed: what is remembered of their session may be out of date.
    private func forget(_ copy: EditCopy) {
        copy.session.map { database.sessionMemos.forget($0) }
    }

    /// Forgets Undos past their time.
    /// - Returns: every picture path an edit, a shopper's version or an open Undo still uses.
    public func tidy() async throws -> Set<String> {
        let now = clock.now()
        return try await database.write { db in
            try db.execute(
                sql: "DELETE FROM recipe_edit_undos WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            return Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT image_path FROM recipe_edits WHERE image_path IS NOT NULL
                        UNION SELECT image_path FROM shopper_recipe_edits WHERE image_path IS NOT NULL
                        UNION SELECT image_path FROM recipe_edit_undos WHERE image_path IS NOT NULL
                        """))
        }
    }

    package static func version(_ db: Database, id: RecipeID, copy: EditCopy) throws -> EditVersion {
        let key = EditKey(id: id, copy: copy)
        return EditVersion(
            try Int64.fetchOne(
                db, sql: "SELECT version FROM \(key.table) WHERE \(key.condition)", arguments: key.arguments) ?? 0)
    }

    private static func write(_ db: Database, _ stored: StoredEdit, key: EditKey) throws {
        if case .personal(let session) = key.copy {
            // A shopper's first version creates their session row, as a first cart line does.
            try SQLiteCartStore.touch(db, session)
        }
        try db.execute(
            sql: """
                INSERT INTO \(key.table) (\(key.keyColumns), \(StoredEdit.columns), updated_at)
                VALUES (\(key.keyMarks), ?, ?, ?, ?, ?, ?, app_now())
                ON CONFLICT(\(key.keyColumns)) DO UPDATE SET
                    title = excluded.title, description = excluded.description, image_path = excluded.image_path,
                    image_removed = excluded.image_removed, steps_json = excluded.steps_json,
                    version = excluded.version, updated_at = app_now()
                """,
            arguments: key.arguments + stored.arguments)
        // Only the shop's copy reaches browse and search.
        if key.copy == .shop { try SQLiteCatalogStore.reindex(db, id: key.id) }
    }

    private static func randomToken() -> String {
        Hex.encode(RandomBytes.make(16))
    }
}

/// Where one copy of one recipe's edit lives: the shop's table, or the shoppers' table under one session.
private struct EditKey {
    package var id: RecipeID
    package var copy: EditCopy

    package var table: String { copy == .shop ? "recipe_edits" : "shopper_recipe_edits" }
    package var keyColumns: String { copy == .shop ? "recipe_id" : "session_hash, recipe_id" }
    package var keyMarks: String { copy == .shop ? "?" : "?, ?" }
    package var condition: String { copy == .shop ? "recipe_id = ?" : "session_hash = ? AND recipe_id = ?" }
    package var sessionHash: String? { copy.session?.hash }
    package var arguments: StatementArguments {
        StatementArguments(sessionHash.map { [$0, id.rawValue] } ?? [id.rawValue])
    }
}

/// `StoredEdit` as a row of any of the three tables.
extension StoredEdit: FetchableRecord {
    fileprivate static let columns = "title, description, image_path, image_removed, steps_json, version"

    package init(row: Row) {
        self.init(
            title: row["title"], description: row["description"], imagePath: row["image_path"],
            imageRemoved: row["image_removed"], stepsJSON: row["steps_json"], version: row["version"])
    }

    fileprivate var arguments: StatementArguments { [title, description, imagePath, imageRemoved, stepsJSON, version] }
}

/// The Undo a revert left open.
private struct PendingUndo: Decodable, FetchableRecord {
    package var token: String
    /// Seconds since 1970, which GRDB reads as a date.
    package var expiresAt: Date

    package enum CodingKeys: String, CodingKey {
        case token
        case expiresAt = "expires_at"
    }
}
