import Foundation
import PostgresNIO
import RecipeCartDomain

/// Cart lines in PostgreSQL. Every write of a session first takes that session's advisory lock, so two instances
/// changing one cart at once apply their changes one after the other, never one over the other.
package struct PostgresCartStore: CartStore, CartMemory {
    package let database: PostgresDatabase
    package let clock: AppClock
    /// Stepper posts, the hot path, are committed in batches, each batch one statement.
    private let changes: PostgresCartChanges
    private let readings = PostgresSessionReadings()

    package init(database: PostgresDatabase, clock: AppClock) {
        self.database = database
        self.clock = clock
        changes = PostgresCartChanges(database: database)
    }

    /// Applies a stepper change under the session's lock and answers all the page after it needs, once its batch has
    /// committed. A cart that starts from empty moves to `freshIfEmpty` when given (the sessions row takes its new id,
    /// and every table keyed by it follows by `ON UPDATE CASCADE`), so whoever else holds the old cookie is left with
    /// nothing.
    package func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?
    )
        async throws -> CartChangeResult
    {
        var posted = PostgresCartChanges.Change(
            session: session.hash, fresh: fresh?.hash, recipe: recipe.rawValue, op: "", servings: servings,
            postedAt: clock.now().timeIntervalSince1970)
        switch change {
        case .increment:
            posted.op = "inc"
        case .decrement:
            posted.op = "dec"
        case .set(let quantity):
            posted.op = "set"
            posted.quantity = min(quantity, Cart.maximumQuantity)
        case .servings(let wanted):
            posted.op = "servings"
            posted.servings = wanted
        }
        // Only a change that can take the line away keeps an undo under a token.
        if posted.op == "dec" || posted.quantity.map({ $0 <= 0 }) == true {
            posted.token = RandomToken.make()
        }
        let applied = try await changes.apply(posted)
        let undo = applied.undoKept ? posted.token.map { CartUndo(token: $0, kind: .remove, recipeIDs: [recipe]) } : nil
        let moved = fresh.flatMap { applied.session == $0.hash ? $0 : nil }
        return CartChangeResult(session: moved ?? session, quantity: applied.quantity, title: applied.title, undo: undo)
    }

    package func clear(session: SessionKey) async throws {
        let now = clock.now()
        try await database.write { connection in
            try await Self.lock(connection, session)
            try await PostgresCartUndo.saveCart(connection, session: session, at: now)
            try await connection.run("DELETE FROM cart_items WHERE session_hash = \(session.hash)")
        }
    }

    package func pendingUndo(session: SessionKey) async throws -> CartUndo? {
        let oldest = clock.now() - CartUndo.offeredFor
        return try await database.read { connection in
            try await PostgresCartUndo.fetch(connection, session: session, newerThan: oldest)
        }
    }

    package func undo(_ token: String, session: SessionKey) async throws -> CartUndo? {
        let now = clock.now()
        return try await database.write { connection in
            try await Self.lock(connection, session)
            return try await PostgresCartUndo.restore(
                connection, token: token, session: session, newerThan: now - CartUndo.acceptedFor, at: now)
        }
    }

    package func hasSession(_ session: SessionKey) async throws -> Bool {
        try await database.read { connection in
            try await !connection.values("SELECT 1 FROM sessions WHERE id_hash = \(session.hash)", as: Int.self).isEmpty
        }
    }

    package func quantity(of recipe: RecipeID, session: SessionKey) async throws -> Int {
        try await database.read { connection in try await Self.quantity(connection, recipe: recipe, session: session) }
    }

    /// Read on every page a returning shopper opens, with what the session stored, so the next pages can be answered
    /// from `readings`.
    package func itemCount(session: SessionKey) async throws -> Int {
        let readAt = clock.now()
        let rows = try await database.read { connection in
            try await connection.rows(ShopperPageStatements.Stored(sessionHash: session.hash))
        }
        var stored = SessionStored()
        for row in rows {
            stored.add(
                recipe: row.0, quantity: row.1, servings: row.2,
                cookingStartedAt: row.3.map(Date.init(timeIntervalSince1970:)), cookingMinutes: row.4, isEdit: row.5)
        }
        readings.record(.init(stored: stored, readAt: readAt), of: session)
        return stored.itemCount
    }

    package func itemCountInMemory(session: SessionKey, lastWrite: LastWrite?) -> Int? {
        readings.reading(of: session, after: lastWrite, now: clock.now())?.count
    }

    package func storedInMemory(for recipe: RecipeID, session: SessionKey, lastWrite: LastWrite?) -> StoredForRecipe? {
        readings.reading(of: session, after: lastWrite, now: clock.now())?.stored.stored(for: recipe)
    }

    /// Another instance may have answered the shopper's last post.
    package var needsLastWrite: Bool { true }

    package func cart(session: SessionKey) async throws -> Cart {
        try await database.read { connection in
            Cart(lines: try await Self.lines(connection, session: session).map(\.line))
        }
    }

    package func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine? {
        try await database.read { connection in
            try await Self.line(connection, recipe: recipe, session: session)?.line
        }
    }

    package func activeCarts() async throws -> [ActiveCart] {
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT \(unescaped: PostgresCatalogStore.summaryColumns), c.session_hash, c.updated_at, c.quantity,
                       c.servings, c.cooking_started_at, c.cooking_minutes
                FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
                ORDER BY c.session_hash, c.position, c.added_at, c.recipe_id
                """,
                as: Self.LineRow.self)
        }
        var carts: [String: ActiveCart] = [:]
        for row in rows {
            guard let stored = Self.storedLine(row) else { continue }
            let updated = Date(timeIntervalSince1970: row.7)
            carts[row.6, default: ActiveCart(sessionHash: row.6, cart: Cart(lines: []), lastActivity: updated)].cart
                .lines.append(stored.line)
            carts[row.6]!.lastActivity = max(carts[row.6]!.lastActivity, updated)
        }
        return carts.values.sorted { ($0.lastActivity, $0.sessionHash) > ($1.lastActivity, $1.sessionHash) }
    }

    package func startCooking(_ recipe: RecipeID, minutes: Int, session: SessionKey) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            try await connection.count(
                """
                UPDATE cart_items SET cooking_started_at = \(now), cooking_minutes = \(minutes)
                WHERE session_hash = \(session.hash) AND recipe_id = \(recipe.rawValue) RETURNING 1
                """) > 0
        }
    }

    package func stopCooking(_ recipe: RecipeID, session: SessionKey) async throws {
        try await database.write { connection in
            try await connection.run(
                """
                UPDATE cart_items SET cooking_started_at = NULL, cooking_minutes = NULL
                WHERE session_hash = \(session.hash) AND recipe_id = \(recipe.rawValue)
                """)
        }
    }

    package func purgeSessions(idleLongerThan idle: TimeInterval) async throws -> Int {
        let oldest = (clock.now() - idle).timeIntervalSince1970
        return try await database.write { connection in
            try await connection.count("DELETE FROM sessions WHERE last_seen_at < \(oldest) RETURNING 1")
        }
    }

    // MARK: SQL

    /// Serialises the writes of one session across every instance, until the transaction ends.
    package static func lock(_ connection: PostgresConnection, _ session: SessionKey) async throws {
        try await connection.run("SELECT pg_advisory_xact_lock(hashtext(\(session.hash)))")
    }

    /// Makes the session row on its first write, and marks it seen on every later one.
    package static func touch(_ connection: PostgresConnection, sessionHash: String, at time: Double) async throws {
        try await connection.run(
            """
            INSERT INTO sessions (id_hash, created_at, last_seen_at) VALUES (\(sessionHash), \(time), \(time))
            ON CONFLICT (id_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at
            """)
    }

    package static func quantity(_ connection: PostgresConnection, recipe: RecipeID, session: SessionKey) async throws
        -> Int
    {
        try await connection.values(
            "SELECT quantity FROM cart_items WHERE session_hash = \(session.hash) AND recipe_id = \(recipe.rawValue)",
            as: Int.self
        ).first ?? 0
    }

    private static func line(_ connection: PostgresConnection, recipe: RecipeID, session: SessionKey) async throws
        -> (line: CartLine, quantity: Int, recipe: RecipeSummary)?
    {
        try await connection.rows(ShopperPageStatements.Line(sessionHash: session.hash, recipeID: recipe.rawValue))
            .first.flatMap(storedLine)
    }

    /// A session's lines as its own shopper sees them (their version of a recipe over the shop's copy), in cart order.
    private static func lines(_ connection: PostgresConnection, session: SessionKey) async throws
        -> [(line: CartLine, quantity: Int, recipe: RecipeSummary)]
    {
        try await connection.rows(
            "\(unescaped: ownLineSelect) WHERE c.session_hash = \(session.hash) ORDER BY c.position, c.added_at, c.recipe_id",
            as: LineRow.self
        ).compactMap(storedLine)
    }

    /// Cart lines as their own shopper sees them (`LineRow`): their version of a recipe, where they saved one, over
    /// the shop's copy.
    package static let ownLineSelect = """
        SELECT r.id, COALESCE(p.title, r.title), r.category, r.servings, r.ready_minutes,
               CASE WHEN p.recipe_id IS NULL THEN r.image_path WHEN p.image_removed THEN NULL
                    ELSE COALESCE(p.image_path, r.image_path) END,
               c.session_hash, c.updated_at, c.quantity, c.servings, c.cooking_started_at, c.cooking_minutes
        FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
        LEFT JOIN shopper_recipe_edits p ON p.session_hash = c.session_hash AND p.recipe_id = c.recipe_id
        """

    package typealias LineRow = (String, String, String, Int?, Int?, String?, String, Double, Int, Int?, Double?, Int?)

    private static func storedLine(_ row: LineRow) -> (line: CartLine, quantity: Int, recipe: RecipeSummary)? {
        guard let summary = PostgresCatalogStore.summary((row.0, row.1, row.2, row.3, row.4, row.5)) else { return nil }
        let cooking = row.10.flatMap { start in
            row.11.map { CookingTimer(startedAt: Date(timeIntervalSince1970: start), minutes: $0) }
        }
        return (CartLine(recipe: summary, quantity: row.8, servings: row.9, cooking: cooking), row.8, summary)
    }
}
