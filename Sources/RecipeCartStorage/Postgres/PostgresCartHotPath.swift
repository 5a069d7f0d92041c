import Foundation
import PostgresNIO
import RecipeCartContracts
import RecipeCartDomain

/// The cart's hot path on PostgreSQL: stepper posts sent in batches to the `cart_changes` function
/// (`PostgresCartChanges`), and the shopper's page reads prepared once a connection (`ShopperPageStatements`), their
/// readings trusted only after the shopper's last post (`PostgresSessionReadings`), which another instance may have
/// answered.
package struct PostgresCartHotPath: CartHotPath {
    private let database: PostgresDatabase
    private let clock: AppClock
    private let changes: PostgresCartChanges
    private let readings = PostgresSessionReadings()

    package init(database: PostgresDatabase, clock: AppClock) {
        self.database = database
        self.clock = clock
        changes = PostgresCartChanges(database: database)
    }

    /// Applies a stepper change under the session's lock, once its batch has committed. A cart that starts from empty
    /// moves to `freshIfEmpty` when given (the sessions row takes its new id, and every table keyed by it follows by
    /// `ON UPDATE CASCADE`).
    package func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?,
        following renewed: SessionKey?
    ) async throws -> CartChangeResult {
        var posted = PostgresCartChanges.Change(
            session: session.hash, fresh: fresh?.hash, follow: renewed?.hash, recipe: recipe.rawValue, op: "",
            servings: servings, postedAt: clock.now().timeIntervalSince1970)
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
        let moved = [fresh, renewed].lazy.compactMap { $0 }.first { applied.session == $0.hash }
        return CartChangeResult(session: moved ?? session, quantity: applied.quantity, title: applied.title, undo: undo)
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

    package func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine? {
        try await database.read { connection in
            try await connection.rows(ShopperPageStatements.Line(sessionHash: session.hash, recipeID: recipe.rawValue))
                .first.flatMap(Self.line)
        }
    }

    /// Nothing to forget: a reading is checked against the shopper's last post and its age.
    package func forgetEverySession() {}

    /// `SQLCartLines.ownSelect`'s columns, as the prepared statement decodes them.
    package typealias LineRow = (String, String, String, Int?, Int?, String?, String, Double, Int, Int?, Double?, Int?)

    private static func line(_ row: LineRow) -> CartLine? {
        guard let summary = PostgresCatalogHotPath.summary((row.0, row.1, row.2, row.3, row.4, row.5)) else {
            return nil
        }
        let cooking = row.10.flatMap { start in
            row.11.map { CookingTimer(startedAt: Date(timeIntervalSince1970: start), minutes: $0) }
        }
        return CartLine(recipe: summary, quantity: row.8, servings: row.9, cooking: cooking)
    }
}

extension SQLCartStore {
    /// The cart store on a PostgreSQL database.
    package init(postgres database: PostgresDatabase, clock: AppClock) {
        self.init(
            database: PostgresRunner(database: database), clock: clock,
            hotPath: PostgresCartHotPath(database: database, clock: clock))
    }
}
