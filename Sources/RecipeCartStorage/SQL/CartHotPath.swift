import RecipeCartContracts
import RecipeCartDomain

/// The cart's paths each database tunes for itself, which `SQLCartStore` leaves to it: the stepper post, the hottest
/// write, and what a shopper's pages know of their session without a read. SQLite (`SQLiteCartHotPath`) commits posts
/// in groups and keeps what each session stored in `SQLiteSessionMemos`; PostgreSQL (`PostgresCartHotPath`) sends
/// posts in batches to its `cart_changes` function and trusts a reading of a session only after the shopper's last
/// post (`PostgresSessionReadings`).
package protocol CartHotPath: CartMemory {
    /// `CartStore.change`: a stepper post, answered once it is committed.
    func change(
        _ change: CartChange, recipe: RecipeID, servings: Int?, session: SessionKey, freshIfEmpty fresh: SessionKey?,
        following renewed: SessionKey?
    ) async throws -> CartChangeResult
    /// `CartStore.itemCount`, read so that the shopper's next pages can be answered from memory.
    func itemCount(session: SessionKey) async throws -> Int
    /// `CartStore.line`, read on every detail page a shopper opens.
    func line(of recipe: RecipeID, session: SessionKey) async throws -> CartLine?
    /// After a purge that took sessions, or failed: any session remembered may be gone.
    func forgetEverySession()
}
