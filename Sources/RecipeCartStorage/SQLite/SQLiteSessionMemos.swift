import GRDB
import RecipeCartDomain

/// What the SQLite stores remember of each session between its writes: the badge's count, and the recipes the
/// session has stored anything for (a cart line, its own version, a revert's Undo). A detail page read each of
/// the last three on every request, three trips through GRDB's reader pool; for a recipe the session has
/// stored nothing for, the answer is now known without them. Shared by every store that writes a session's rows.
package struct SQLiteSessionMemos: Sendable {
    package let cartCounts = PerSessionMemo<Int>()
    package let storedRecipes = PerSessionMemo<Set<RecipeID>>()

    /// Called after every write to these sessions' carts, versions or Undos.
    package func forget(_ sessions: SessionKey...) {
        cartCounts.forget(sessions)
        storedRecipes.forget(sessions)
    }

    /// After a purge: any session may be gone.
    package func forgetAll() {
        cartCounts.forgetAll()
        storedRecipes.forgetAll()
    }

    /// False when `session` has stored nothing for `recipe`, so there is nothing of it to read.
    package func mayHaveStored(_ recipe: RecipeID, session: SessionKey, in database: SQLiteDatabase) async throws
        -> Bool
    {
        try await storedRecipes.value(of: session) {
            try await database.read { db in
                let ids = try String.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT recipe_id FROM cart_items WHERE session_hash = ?1
                            UNION SELECT recipe_id FROM shopper_recipe_edits WHERE session_hash = ?1
                            UNION SELECT recipe_id FROM recipe_edit_undos WHERE session_hash = ?1
                            """),
                    arguments: [session.hash])
                return Set(ids.compactMap(RecipeID.init))
            }
        }.contains(recipe)
    }
}
