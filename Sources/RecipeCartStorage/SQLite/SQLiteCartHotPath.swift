import Foundation
import GRDB
import RecipeCartContracts
import RecipeCartDomain

/// The cart's hot path on SQLite: stepper posts committed in groups (`SQLiteGroupCommit`), each statement compiled
/// once a connection, and what every session stored kept in `SQLiteSessionMemos`, exact while only this process
/// writes the file. A post leaves what it wrote there, so the page it lands on needs no read.
package struct SQLiteCartHotPath: CartHotPath {
    package let database: SQLiteDatabase
    private let statements: SQLiteRunner
    private let clock: AppClock
    private let changes: SQLiteGroupCommit
    private var memos: SQLiteSessionMemos { database.sessionMemos }

    package init(database: SQLiteDatabase, clock: AppClock) {
        self.database = database
        statements = SQLiteRunner(database: database)
        self.clock = clock
        changes = SQLiteGroupCommit(database: database)
    }

    /// Applies a stepper change and answers all the page after it needs, in its group's transaction. A cart that
    /// starts from empty moves to `freshIfEmpty` (`SessionHandover`), or follows a send that renewed the session as
    /// `following` lately (`session_renewals`): the send moved the cart there.
    package func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?,
        following renewed: SessionKey?
    ) async throws -> CartChangeResult {
        let now = clock.now()
        let memo = memos.stored
        let (result, stored, ticket): (CartChangeResult, SessionStored, PerSessionMemo<SessionStored>.Mark)
        do {
            (result, stored, ticket) = try await changes.write { db in
                var session = session
                if let fresh, try !Self.hasLines(db, session: session) {
                    if let renewed, try Self.wasRenewed(db, session, as: renewed, at: now) {
                        // What the old id stored since the send stays: whoever holds it may have planted it.
                        session = renewed
                    } else {
                        try SessionHandover.move(db, from: session, to: fresh)
                        session = fresh
                    }
                }
                let undo = try Self.apply(db, change, recipe: recipe, servings: servings, session: session, at: now)
                let (quantity, title) = try Self.quantityAndTitle(db, recipe: recipe, session: session)
                let ticket = memo.ticket(for: session)
                let stored = try SQLiteSessionMemos.read(db, session: session)
                return (
                    CartChangeResult(session: session, quantity: quantity, title: title, undo: undo), stored, ticket
                )
            }
        } catch {
            memos.forget(session)
            fresh.map { memos.forget($0) }
            renewed.map { memos.forget($0) }
            throw error
        }
        if result.session != session { memos.forget(session) }
        memo.remember(stored, of: result.session, ticket: ticket)
        return result
    }

    package func itemCount(session: SessionKey) async throws -> Int {
        try await memos.stored(of: session, in: database).itemCount
    }

    /// Exact whoever posted last: only this process writes its file, and each write forgets or leaves what it changes.
    package func itemCountInMemory(session: SessionKey, lastWrite: LastWrite?) -> Int? {
        memos.stored.known(of: session)?.itemCount
    }

    package func storedInMemory(for recipe: RecipeID, session: SessionKey, lastWrite: LastWrite?) -> StoredForRecipe? {
        memos.stored.known(of: session)?.stored(for: recipe)
    }

    package var needsLastWrite: Bool { false }

    /// No read at all when the memos know the session stored nothing for the recipe.
    package func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine? {
        guard try await memos.mayHaveStored(recipe, session: session, in: database) else { return nil }
        return try await statements.read { connection in
            try await connection.row(SQLCartLines.own(recipe, session: session), as: SQLCartLines.Row.self)?.line
        }
    }

    package func forgetEverySession() {
        memos.forgetAll()
    }

    /// Every stepper post runs this, so its statements are compiled once a connection.
    /// - Returns: the undo kept when the change took the line away.
    private static func apply(
        _ db: Database, _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, at now: Date
    ) throws -> CartUndo? {
        var undo: CartUndo?
        try touch(db, session)
        let max = Cart.maximumQuantity
        switch change {
        case .increment:
            try db.cachedStatement(
                sql: """
                    INSERT INTO cart_items (session_hash, recipe_id, quantity, servings, position, added_at, updated_at)
                    VALUES (?, ?, 1, ?, \(Self.nextPosition), app_now(), app_now())
                    ON CONFLICT(session_hash, recipe_id) DO UPDATE
                    SET quantity = MIN(quantity + 1, \(max)), servings = COALESCE(excluded.servings, servings), updated_at = app_now()
                    """
            )
            .execute(arguments: [session.hash, recipe.rawValue, servings, session.hash])
        case .decrement:
            if try Self.quantity(db, recipe: recipe, session: session) == 1 {
                undo = try keepUndo(db, of: recipe, session: session, at: now)
            }
            try db.cachedStatement(
                sql: "DELETE FROM cart_items WHERE session_hash = ? AND recipe_id = ? AND quantity <= 1"
            )
            .execute(arguments: [session.hash, recipe.rawValue])
            try db.cachedStatement(
                sql:
                    "UPDATE cart_items SET quantity = quantity - 1, updated_at = app_now() WHERE session_hash = ? AND recipe_id = ?"
            )
            .execute(arguments: [session.hash, recipe.rawValue])
        case .set(let quantity) where quantity <= 0:
            undo = try keepUndo(db, of: recipe, session: session, at: now)
            try db.cachedStatement(
                sql: "DELETE FROM cart_items WHERE session_hash = ? AND recipe_id = ?"
            )
            .execute(arguments: [session.hash, recipe.rawValue])
        case .set(let quantity):
            try db.cachedStatement(
                sql: """
                    INSERT INTO cart_items (session_hash, recipe_id, quantity, servings, position, added_at, updated_at)
                    VALUES (?, ?, ?, ?, \(Self.nextPosition), app_now(), app_now())
                    ON CONFLICT(session_hash, recipe_id) DO UPDATE
                    SET quantity = excluded.quantity, servings = COALESCE(excluded.servings, servings), updated_at = app_now()
                    """
            )
            .execute(arguments: [session.hash, recipe.rawValue, min(quantity, max), servings, session.hash])
        case .servings(let wanted):
            try db.cachedStatement(
                sql:
                    "UPDATE cart_items SET servings = ?, updated_at = app_now() WHERE session_hash = ? AND recipe_id = ?"
            )
            .execute(arguments: [wanted, session.hash, recipe.rawValue])
        }
        return undo
    }

    /// Keeps the line about to go for Undo, as `SQLCartUndo` keeps a cleared cart.
    private static func keepUndo(_ db: Database, of recipe: RecipeID, session: SessionKey, at now: Date) throws
        -> CartUndo?
    {
        let rows = try db.rows(SQLCartUndo.lines(of: session, recipe: recipe))
        guard let (statement, undo) = try SQLCartUndo.keep(rows, kind: .remove, session: session, at: now) else {
            return nil
        }
        try db.execute(statement)
        return undo
    }

    /// Whether the cart has a line: a cart that starts (again) from empty gets a fresh session id.
    private static func hasLines(_ db: Database, session: SessionKey) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM cart_items WHERE session_hash = ? LIMIT 1"),
            arguments: [session.hash]) ?? false
    }

    /// Whether a send renewed `session` as `renewed` within `SessionRenewalSchema.window`.
    private static func wasRenewed(_ db: Database, _ session: SessionKey, as renewed: SessionKey, at now: Date) throws
        -> Bool
    {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT 1 FROM session_renewals WHERE old_hash = ? AND new_hash = ? AND renewed_at >= ?"),
            arguments: [session.hash, renewed.hash, now.timeIntervalSince1970 - SessionRenewalSchema.window]) ?? false
    }

    private static let nextPosition = "(SELECT COALESCE(MAX(position), 0) + 1 FROM cart_items WHERE session_hash = ?)"

    /// Makes the session row on its first write, and marks it seen on every later one.
    package static func touch(_ db: Database, _ session: SessionKey) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO sessions (id_hash, created_at, last_seen_at) VALUES (?, app_now(), app_now())
                ON CONFLICT(id_hash) DO UPDATE SET last_seen_at = app_now()
                """
        )
        .execute(arguments: [session.hash])
    }

    /// What a stepper post reports: the line's quantity (0 without one) and the title its shopper sees. Reading the
    /// whole line through its record's row adapter for the title had been a tenth of a post.
    private static func quantityAndTitle(_ db: Database, recipe: RecipeID, session: SessionKey) throws -> (Int, String?)
    {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT c.quantity,
                           (SELECT COALESCE(p.title, r.title) FROM recipe_effective r
                            LEFT JOIN shopper_recipe_edits p ON p.session_hash = c.session_hash AND p.recipe_id = r.id
                            WHERE r.id = c.recipe_id)
                    FROM cart_items c WHERE c.session_hash = ? AND c.recipe_id = ?
                    """),
            arguments: [session.hash, recipe.rawValue])
        guard let row else { return (0, nil) }
        return (row[0], row[1])
    }

    private static func quantity(_ db: Database, recipe: RecipeID, session: SessionKey) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT quantity FROM cart_items WHERE session_hash = ? AND recipe_id = ?"),
            arguments: [session.hash, recipe.rawValue]) ?? 0
    }
}

extension SQLCartStore {
    /// The cart store on a SQLite file.
    package init(sqlite database: SQLiteDatabase, clock: AppClock = .system) {
        self.init(
            database: SQLiteRunner(database: database), clock: clock,
            hotPath: SQLiteCartHotPath(database: database, clock: clock))
    }
}
