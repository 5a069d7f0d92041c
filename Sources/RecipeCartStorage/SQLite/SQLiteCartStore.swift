import Foundation
import GRDB
import RecipeCartDomain

/// Cart lines per session, each change applied atomically in one SQL transaction.
public struct SQLiteCartStore: CartStore, CartMemory {
    package let database: SQLiteDatabase
    package let clock: AppClock
    /// Stepper posts, the hot path, are committed in batches.
    private let changes: SQLiteGroupCommit
    private var memos: SQLiteSessionMemos { database.sessionMemos }

    public init(database: SQLiteDatabase, clock: AppClock = .system) {
        self.database = database
        self.clock = clock
        changes = SQLiteGroupCommit(database: database)
    }

    /// Applies a stepper change and answers all the page after it needs, in the one write transaction.
    /// A cart that starts from empty moves, with everything its session kept, to `freshIfEmpty` when given
    /// (`SessionHandover`), so whoever else holds the old cookie is left with nothing.
    public func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?
    ) async throws -> CartChangeResult {
        let now = clock.now()
        let memo = memos.stored
        let (result, stored, ticket): (CartChangeResult, SessionStored, PerSessionMemo<SessionStored>.Mark)
        do {
            (result, stored, ticket) = try await changes.write { db in
                var session = session
                if let fresh, try !Self.hasLines(db, session: session) {
                    try SessionHandover.move(db, from: session, to: fresh)
                    session = fresh
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
            fresh.map { memos.forget(session, $0) } ?? memos.forget(session)
            throw error
        }
        if result.session != session { memos.forget(session) }
        memo.remember(stored, of: result.session, ticket: ticket)
        return result
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
                undo = try CartUndoRecord.save(db, kind: .remove, session: session, recipe: recipe, at: now)
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
            undo = try CartUndoRecord.save(db, kind: .remove, session: session, recipe: recipe, at: now)
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

    public func clear(session: SessionKey) async throws {
        let now = clock.now()
        defer { memos.forget(session) }
        return try await database.write { db in
            try CartUndoRecord.save(db, kind: .clear, session: session, at: now)
            try db.execute(sql: "DELETE FROM cart_items WHERE session_hash = ?", arguments: [session.hash])
        }
    }

    /// The last Remove or "Empty the cart" of this session, while the cart page still offers to undo it.
    public func pendingUndo(session: SessionKey) async throws -> CartUndo? {
        let now = clock.now()
        return try await database.read { db in
            try CartUndoRecord.fetch(db, session: session, newerThan: now - CartUndo.offeredFor)
        }
    }

    /// Puts back exactly the lines the undone change took away. - Returns: nil when there is nothing to undo
    /// under that token (used already, replaced by a later change, or older than `CartUndo.acceptedFor`).
    public func undo(_ token: String, session: SessionKey) async throws -> CartUndo? {
        let now = clock.now()
        defer { memos.forget(session) }
        return try await database.write { db in
            try CartUndoRecord.restore(db, token: token, session: session, newerThan: now - CartUndo.acceptedFor)
        }
    }

    /// Whether this session has stored anything yet: its first write gets a fresh id.
    public func hasSession(_ session: SessionKey) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM sessions WHERE id_hash = ?", arguments: [session.hash]) ?? false
        }
    }

    public func quantity(of recipe: RecipeID, session: SessionKey) async throws -> Int {
        try await database.read { db in try Self.quantity(db, recipe: recipe, session: session) }
    }

    public func itemCount(session: SessionKey) async throws -> Int {
        try await memos.stored(of: session, in: database).itemCount
    }

    /// Exact whoever posted last: only this process writes its file, and each write forgets or leaves what it changes.
    public func itemCountInMemory(session: SessionKey, lastWrite: LastWrite?) -> Int? {
        memos.stored.known(of: session)?.itemCount
    }

    package func storedInMemory(for recipe: RecipeID, session: SessionKey, lastWrite: LastWrite?) -> StoredForRecipe? {
        memos.stored.known(of: session)?.stored(for: recipe)
    }

    public var needsLastWrite: Bool { false }

    /// The cart with each line's recipe as it shows now (edits applied), in the order lines were added.
    public func cart(session: SessionKey) async throws -> Cart {
        try await database.read { db in
            let records = try LineRecord.fetchAll(
                db.cachedStatement(sql: "\(Self.ownLineSelect) WHERE c.session_hash = ? ORDER BY c.position"),
                arguments: [session.hash],
                adapter: SummaryRecord.scope)
            return Cart(lines: records.compactMap(\.line))
        }
    }

    /// One line of the cart, when the recipe is in it.
    public func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine? {
        guard try await memos.mayHaveStored(recipe, session: session, in: database) else { return nil }
        return try await database.read { db in try Self.line(db, recipe: recipe, session: session) }
    }

    private static func line(_ db: Database, recipe: RecipeID, session: SessionKey) throws -> CartLine? {
        // Read on every detail page a shopper opens: the statement is compiled once a connection.
        try LineRecord.fetchOne(
            db.cachedStatement(sql: "\(ownLineSelect) WHERE c.session_hash = ? AND c.recipe_id = ?"),
            arguments: [session.hash, recipe.rawValue], adapter: SummaryRecord.scope
        ).flatMap(\.line)
    }

    /// Whether the cart has a line: a cart that starts (again) from empty gets a fresh session id.
    private static func hasLines(_ db: Database, session: SessionKey) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM cart_items WHERE session_hash = ? LIMIT 1"),
            arguments: [session.hash]) ?? false
    }

    /// Every non-empty cart, most recently active first, for the staff board.
    public func activeCarts() async throws -> [ActiveCart] {
        try await database.read { db in
            let records = try LineRecord.fetchAll(
                db, sql: "\(Self.lineSelect) ORDER BY c.session_hash, c.position", adapter: SummaryRecord.scope)
            var carts: [String: ActiveCart] = [:]
            for record in records {
                guard let line = record.line else { continue }
                let hash = record.sessionHash
                let updated = record.updatedAt
                carts[hash, default: ActiveCart(sessionHash: hash, cart: Cart(lines: []), lastActivity: updated)].cart
                    .lines.append(line)
                carts[hash]!.lastActivity = max(carts[hash]!.lastActivity, updated)
            }
            return carts.values.sorted { ($0.lastActivity, $0.sessionHash) > ($1.lastActivity, $1.sessionHash) }
        }
    }

    /// Records "Start cooking" on a line. - Returns: false when the recipe is not in the cart.
    public func startCooking(_ recipe: RecipeID, minutes: Int, session: SessionKey) async throws -> Bool {
        let now = clock.now()
        defer { memos.forget(session) }
        return try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE cart_items SET cooking_started_at = ?, cooking_minutes = ? WHERE session_hash = ? AND recipe_id = ?",
                arguments: [now, minutes, session.hash, recipe.rawValue])
            return db.changesCount > 0
        }
    }

    public func stopCooking(_ recipe: RecipeID, session: SessionKey) async throws {
        defer { memos.forget(session) }
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE cart_items SET cooking_started_at = NULL, cooking_minutes = NULL WHERE session_hash = ? AND recipe_id = ?",
                arguments: [session.hash, recipe.rawValue])
        }
    }

    /// Deletes sessions (and, by cascade, their carts) with no cart change for longer than `idle`.
    @discardableResult
    public func purgeSessions(idleLongerThan idle: TimeInterval) async throws -> Int {
        let now = clock.now()
        do {
            let purged = try await database.write { db in
                try db.execute(sql: "DELETE FROM sessions WHERE last_seen_at < ?", arguments: [now - idle])
                return db.changesCount
            }
            // A purge that took nothing leaves what memory knows as it was: one runs at every start.
            if purged > 0 { memos.forgetAll() }
            return purged
        } catch {
            memos.forgetAll()
            throw error
        }
    }

    private static let lineSelect = """
        SELECT r.id, r.title, r.category, r.servings, r.ready_minutes, r.image_path,
               c.session_hash, c.updated_at, c.quantity, c.servings AS line_servings, c.cooking_started_at, c.cooking_minutes
        FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
        """

    /// Lines as their own shopper sees them: their version of a recipe, where they saved one, over the shop's copy.
    private static let ownLineSelect = """
        SELECT r.id, COALESCE(p.title, r.title) AS title, r.category, r.servings, r.ready_minutes,
               CASE WHEN p.recipe_id IS NULL THEN r.image_path WHEN p.image_removed THEN NULL
                    ELSE COALESCE(p.image_path, r.image_path) END AS image_path,
               c.session_hash, c.updated_at, c.quantity, c.servings AS line_servings, c.cooking_started_at, c.cooking_minutes
        FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
        LEFT JOIN shopper_recipe_edits p ON p.session_hash = c.session_hash AND p.recipe_id = c.recipe_id
        """

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

    package static func quantity(_ db: Database, recipe: RecipeID, session: SessionKey) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT quantity FROM cart_items WHERE session_hash = ? AND recipe_id = ?"),
            arguments: [session.hash, recipe.rawValue]) ?? 0
    }
}

/// A cart line as `lineSelect` and `ownLineSelect` give it: the recipe's tile columns first, read through
/// `SummaryRecord.scope`, then the line's own.
private struct LineRecord: Decodable, FetchableRecord {
    package var recipe: SummaryRecord
    package var sessionHash: String
    package var updatedAt: Date
    package var quantity: Int
    package var servings: Int?
    package var cookingStartedAt: Date?
    package var cookingMinutes: Int?

    package enum CodingKeys: String, CodingKey {
        case recipe
        case sessionHash = "session_hash"
        case updatedAt = "updated_at"
        case quantity
        case servings = "line_servings"
        case cookingStartedAt = "cooking_started_at"
        case cookingMinutes = "cooking_minutes"
    }

    package var line: CartLine? {
        guard let summary = recipe.summary else { return nil }
        let cooking = cookingStartedAt.flatMap { start in
            cookingMinutes.map { CookingTimer(startedAt: start, minutes: $0) }
        }
        return CartLine(recipe: summary, quantity: quantity, servings: servings, cooking: cooking)
    }
}
