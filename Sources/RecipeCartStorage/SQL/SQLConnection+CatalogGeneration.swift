import RecipeCartDomain

extension SQLConnection {
    /// Holds the catalog generation's row until the transaction ends. Taken first by every PostgreSQL transaction
    /// that writes recipes or the shop's edits (as `PostgresCatalogStore.lockGeneration`): the generation trigger
    /// locks this row, and taking it after a recipe's row could deadlock two such transactions that met in another
    /// order. SQLite has one writer at a time already.
    package func lockCatalogGeneration() async throws {
        try await execute("SELECT value FROM catalog_meta WHERE key = 'generation'\(raw: dialect.lockRows)")
    }

    /// The catalog generation as this transaction sees it, after its own writes' triggers.
    package func catalogGeneration() async throws -> Int {
        try await value("SELECT value FROM catalog_meta WHERE key = 'generation'", as: String.self)
            .flatMap { Int($0) } ?? 0
    }
}
