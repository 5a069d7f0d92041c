import RecipeCartDomain

extension SQLRunner {
    /// A write that may change what the catalog shows. With `generations` (PostgreSQL, where a write through the runner
    /// does not advance this instance's generation itself; other instances hear of it through the catalog listener)
    /// it holds the generation's row from the start, after the lock named `lock` if any, and tells `generations` the
    /// generation it left once committed: never before, or a page read meanwhile could be kept under a generation it
    /// does not show. Without (SQLite, whose every write rereads it), a plain write.
    package func write<T: Sendable>(
        advancing generations: CatalogGeneration?, holding lock: String? = nil,
        _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T {
        let (result, generation) = try await write { connection -> (T, Int?) in
            if let lock { try await connection.lock(named: lock) }
            guard generations != nil else { return (try await body(connection), nil) }
            try await connection.lockCatalogGeneration()
            let result = try await body(connection)
            return (result, try await connection.catalogGeneration())
        }
        if let generation { generations?.advance(to: generation) }
        return result
    }
}

extension SQLConnection {
    /// Holds the catalog generation's row until the transaction ends. Taken first by every PostgreSQL transaction
    /// that writes recipes or the shop's edits: the generation trigger locks this row, and taking it after a recipe's
    /// row could deadlock two such transactions that met in another order. SQLite has one writer at a time already.
    package func lockCatalogGeneration() async throws {
        try await execute("SELECT value FROM catalog_meta WHERE key = 'generation'\(raw: dialect.lockRows)")
    }

    /// The catalog generation as this transaction sees it, after its own writes' triggers.
    package func catalogGeneration() async throws -> Int {
        try await value("SELECT value FROM catalog_meta WHERE key = 'generation'", as: String.self)
            .flatMap { Int($0) } ?? 0
    }
}
