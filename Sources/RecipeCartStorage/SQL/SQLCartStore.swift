import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Cart lines per session, for SQLite and PostgreSQL alike. Every write of a session first holds that session
/// (`SQLConnection.lockSession`: PostgreSQL's advisory lock, so two instances changing one cart at once apply their
/// changes one after the other). The stepper post and what a shopper's pages know without a read are each database's
/// own (`CartHotPath`).
package struct SQLCartStore: CartStore, CartMemory {
    package let database: any SQLRunner
    package let clock: AppClock
    package let hotPath: any CartHotPath

    package init(database: any SQLRunner, clock: AppClock, hotPath: any CartHotPath) {
        self.database = database
        self.clock = clock
        self.hotPath = hotPath
    }

    /// Applies a stepper change and answers all the page after it needs, once it is committed. A cart that starts
    /// from empty moves, with everything its session kept, to `freshIfEmpty` when given, so whoever else holds the
    /// old cookie is left with nothing; or follows a send that renewed the session as `following`.
    package func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?,
        following renewed: SessionKey?
    ) async throws -> CartChangeResult {
        try await hotPath.change(
            change, recipe: recipe, servings: servings, session: session, freshIfEmpty: fresh, following: renewed)
    }

    package func clear(session: SessionKey) async throws {
        let now = clock.now()
        defer { database.forget(session) }
        try await database.write { connection in
            try await connection.lockSession(session)
            try await SQLCartUndo.saveCart(on: connection, session: session, at: now)
            try await connection.execute("DELETE FROM cart_items WHERE session_hash = \(session.hash)")
        }
    }

    /// The last Remove or "Empty the cart" of this session, while the cart page still offers to undo it.
    package func pendingUndo(session: SessionKey) async throws -> CartUndo? {
        let oldest = clock.now() - CartUndo.offeredFor
        return try await database.read { connection in
            try await SQLCartUndo.fetch(on: connection, session: session, newerThan: oldest)
        }
    }

    /// Puts back exactly the lines the undone change took away. - Returns: nil when there is nothing to undo
    /// under that token (used already, replaced by a later change, or older than `CartUndo.acceptedFor`).
    package func undo(_ token: String, session: SessionKey) async throws -> CartUndo? {
        let now = clock.now()
        defer { database.forget(session) }
        return try await database.write { connection in
            try await connection.lockSession(session)
            return try await SQLCartUndo.restore(
                on: connection, token: token, session: session, newerThan: now - CartUndo.acceptedFor, at: now)
        }
    }

    /// Whether this session has stored anything yet: its first write gets a fresh id.
    package func hasSession(_ session: SessionKey) async throws -> Bool {
        try await database.read { connection in
            try await connection.row("SELECT 1 FROM sessions WHERE id_hash = \(session.hash)") != nil
        }
    }

    package func quantity(of recipe: RecipeID, session: SessionKey) async throws -> Int {
        try await database.read { connection in
            try await connection.value(
                "SELECT quantity FROM cart_items WHERE session_hash = \(session.hash) AND recipe_id = \(recipe.rawValue)",
                as: Int.self) ?? 0
        }
    }

    package func itemCount(session: SessionKey) async throws -> Int {
        try await hotPath.itemCount(session: session)
    }

    package func itemCountInMemory(session: SessionKey, lastWrite: LastWrite?) -> Int? {
        hotPath.itemCountInMemory(session: session, lastWrite: lastWrite)
    }

    package func storedInMemory(for recipe: RecipeID, session: SessionKey, lastWrite: LastWrite?) -> StoredForRecipe? {
        hotPath.storedInMemory(for: recipe, session: session, lastWrite: lastWrite)
    }

    package var needsLastWrite: Bool { hotPath.needsLastWrite }

    /// The cart with each line's recipe as it shows now (edits applied), in the order lines were added.
    package func cart(session: SessionKey) async throws -> Cart {
        try await database.read { connection in
            let rows = try await connection.rows(
                """
                \(raw: SQLCartLines.ownSelect) WHERE c.session_hash = \(session.hash)
                ORDER BY \(raw: SQLCartLines.cartOrder)
                """,
                as: SQLCartLines.Row.self)
            return Cart(lines: rows.compactMap(\.line))
        }
    }

    /// One line of the cart, when the recipe is in it.
    package func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine? {
        try await hotPath.line(of: recipe, session: session)
    }

    /// Every non-empty cart, most recently active first, for the staff board.
    package func activeCarts() async throws -> [ActiveCart] {
        let rows = try await database.read { connection in
            try await connection.rows(
                "\(raw: SQLCartLines.shopSelect) ORDER BY c.session_hash, \(raw: SQLCartLines.cartOrder)",
                as: SQLCartLines.Row.self)
        }
        var carts: [String: ActiveCart] = [:]
        for row in rows {
            guard let line = row.line else { continue }
            let hash = row.sessionHash
            let updated = row.updatedAt
            carts[hash, default: ActiveCart(sessionHash: hash, cart: Cart(lines: []), lastActivity: updated)].cart
                .lines.append(line)
            carts[hash]!.lastActivity = max(carts[hash]!.lastActivity, updated)
        }
        return carts.values.sorted { ($0.lastActivity, $0.sessionHash) > ($1.lastActivity, $1.sessionHash) }
    }

    /// Records "Start cooking" on a line. - Returns: false when the recipe is not in the cart.
    package func startCooking(_ recipe: RecipeID, minutes: Int, session: SessionKey) async throws -> Bool {
        let now = clock.now()
        defer { database.forget(session) }
        return try await database.write { connection in
            try await connection.execute(
                """
                UPDATE cart_items SET cooking_started_at = \(connection.dialect.storedTime(now)), cooking_minutes = \(minutes)
                WHERE session_hash = \(session.hash) AND recipe_id = \(recipe.rawValue)
                """) > 0
        }
    }

    package func stopCooking(_ recipe: RecipeID, session: SessionKey) async throws {
        defer { database.forget(session) }
        try await database.write { connection in
            try await connection.execute(
                """
                UPDATE cart_items SET cooking_started_at = NULL, cooking_minutes = NULL
                WHERE session_hash = \(session.hash) AND recipe_id = \(recipe.rawValue)
                """)
        }
    }

    /// Deletes sessions (and, by cascade, their carts) with no cart change for longer than `idle`.
    @discardableResult
    package func purgeSessions(idleLongerThan idle: TimeInterval) async throws -> Int {
        let oldest = clock.now() - idle
        do {
            let purged = try await database.write { connection in
                try await connection.execute(
                    "DELETE FROM sessions WHERE last_seen_at < \(connection.dialect.storedTime(oldest))")
            }
            // A purge that took nothing leaves what memory knows as it was: one runs at every start.
            if purged > 0 { hotPath.forgetEverySession() }
            return purged
        } catch {
            hotPath.forgetEverySession()
            throw error
        }
    }
}
