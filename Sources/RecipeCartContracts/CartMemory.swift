import RecipeCartDomain

/// What this instance holds in memory of each session, so a page can be answered without a read. Kept apart from
/// `CartStore`: a store says what is stored; this says what is known without asking, and how far to trust it. The
/// cart stores keep it, since each of their writes forgets what it changes.
package protocol CartMemory: Sendable {
    /// `CartStore.itemCount` when memory holds it exact, nil when only a read can tell. `lastWrite` is the shopper's last post,
    /// when the store needs it (`needsLastWrite`).
    func itemCountInMemory(session: SessionKey, lastWrite: LastWrite?) -> Int?
    /// What the session has stored for `recipe` when memory holds it exact, nil when only a read can tell.
    func storedInMemory(for recipe: RecipeID, session: SessionKey, lastWrite: LastWrite?) -> StoredForRecipe?
    /// Whether what memory holds of a session is exact only since the shopper's last post, which another instance may
    /// have answered: each post's answer then carries its `LastWrite`.
    var needsLastWrite: Bool { get }
}
