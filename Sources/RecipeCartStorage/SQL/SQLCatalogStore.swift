import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Reads and writes recipes, for SQLite and PostgreSQL alike. Every page reads recipes through here, with local
/// edits applied; what the pages read most, search and browse are each database's own (`CatalogHotPath`). A write of
/// recipes advances the catalog generation (`SQLRunner.write(advancing:)`).
package struct SQLCatalogStore: CatalogStore, CatalogMemory {
    package let database: any SQLRunner
    package let hotPath: any CatalogHotPath
    package let clock: AppClock
    /// This instance's catalog generation, advanced once a write of recipes is committed: on PostgreSQL, where a write
    /// through the shared runner does not advance it itself. nil on SQLite, whose every write rereads it.
    package let generations: CatalogGeneration?
    /// The shop's copies read lately, valid for the generation they were read at: a detail page seen before reads
    /// at most the shopper's own version, and still shows while PostgreSQL is away.
    package let memo = RecipeMemo()

    package init(
        database: any SQLRunner, hotPath: any CatalogHotPath, clock: AppClock = .system,
        generations: CatalogGeneration? = nil
    ) {
        self.database = database
        self.hotPath = hotPath
        self.clock = clock
        self.generations = generations
    }

    // MARK: Reading

    package func recipe(_ id: RecipeID) async throws -> Recipe? {
        try await recipe(id, for: nil)
    }

    /// The recipe as one shopper sees it: their own version, when they saved one, over the shop's copy.
    package func recipe(_ id: RecipeID, for session: SessionKey?) async throws -> Recipe? {
        // Read before the recipe, so a recipe is never kept under a newer generation than its data.
        let generation = try await hotPath.generation()
        let shopCopy = try await memo.recipe(id, generation: generation) { [hotPath] in
            try await hotPath.shopCopy(id)
        }
        guard let shopCopy, let session, try await database.mayHaveStored(id, session: session) else {
            return shopCopy
        }
        return try await hotPath.personalCopy(of: shopCopy, session: session)
    }

    package func summaries(_ ids: [RecipeID]) async throws -> [RecipeID: RecipeSummary] {
        guard !ids.isEmpty else { return [:] }
        return try await hotPath.summaries(ids)
    }

    /// Ingredients of many recipes at once, in recipe order.
    package func ingredients(of ids: [RecipeID]) async throws -> [RecipeID: [Ingredient]] {
        guard !ids.isEmpty else { return [:] }
        if let kept = memo.ingredients(of: ids, generation: hotPath.generationInMemory()) { return kept }
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT recipe_id, name, measure, aisle FROM recipe_ingredients
                WHERE recipe_id IN (\(list: ids.map(\.rawValue))) ORDER BY recipe_id, position
                """,
                as: (String, String, String, String?).self)
        }
        var result: [RecipeID: [Ingredient]] = [:]
        for (recipeID, name, measure, aisle) in rows {
            guard let id = RecipeID(recipeID) else { continue }
            result[id, default: []].append(Ingredient(name: name, measure: measure, aisle: aisle))
        }
        return result
    }

    /// A number that grows with every change to recipes or local edits.
    package func generation() async throws -> Int {
        try await hotPath.generation()
    }

    package func generationInMemory() -> Int? {
        hotPath.generationInMemory()
    }

    package func recipeInMemory(_ id: RecipeID, generation: Int) -> Recipe? {
        memo.recipe(id, generation: generation)
    }

    package func categories() async throws -> [String] {
        try await distinctNames(of: "category")
    }

    package func areas() async throws -> [String] {
        try await distinctNames(of: "area")
    }

    /// The column's names in `recipes`, case ignored in the order and ties by the name itself.
    private func distinctNames(of column: String) async throws -> [String] {
        try await database.read { connection in
            try await connection.values(
                """
                SELECT \(raw: column) FROM recipes WHERE \(raw: column) <> ''
                GROUP BY \(raw: column) ORDER BY lower(\(raw: column)), \(raw: column)
                """,
                as: String.self)
        }
    }

    package func searchIndex() async throws -> SearchIndex {
        try await hotPath.searchIndex()
    }

    package func browse(_ query: BrowseQuery) async throws -> BrowsePage {
        try await hotPath.browse(query)
    }

    package func recipeIDs(matching query: BrowseQuery) async throws -> [RecipeID] {
        try await hotPath.recipeIDs(matching: query)
    }

    package func ingredientLists() async throws -> [IngredientList] {
        try await database.read { connection in
            IngredientList.gather(
                try await connection.rows(
                    SQLStatement(stringLiteral: IngredientList.sql), as: (String, String, String).self))
        }
    }

    // MARK: Writing

    /// Inserts or refreshes recipes from one source. Local edits are kept apart and survive this.
    package func upsert(_ recipes: [Recipe], source: String) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write(advancing: generations) { connection in
            try await connection.upsertRecipes(recipes, source: source, at: now)
        }
    }

    /// Makes `recipes` all there is of `source`, unless `version` of them is already installed. Instances starting
    /// together install the catalog once: the second waits for the version's lock, then finds it done.
    /// - Returns: true when the recipes were (re)installed.
    package func install(_ recipes: [Recipe], source: String, version: String) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        let versionKey = "\(source)_version"
        return try await database.write(advancing: generations, holding: versionKey) { connection in
            let installed = try await connection.value(
                "SELECT value FROM catalog_meta WHERE key = \(versionKey)", as: String.self)
            guard installed != version else { return false }
            try await connection.upsertRecipes(recipes, source: source, at: now)
            try await Self.deleteRecipes(on: connection, source: source, keeping: Set(recipes.map(\.id.rawValue)))
            try await connection.execute(
                """
                INSERT INTO catalog_meta (key, value) VALUES (\(versionKey), \(version))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
            return true
        }
    }

    /// Removes recipes of a source that are no longer in it, with their search entries.
    private static func deleteRecipes(on connection: any SQLConnection, source: String, keeping ids: Set<String>)
        async throws
    {
        let existing = try await connection.values("SELECT id FROM recipes WHERE source = \(source)", as: String.self)
        let gone = existing.filter { !ids.contains($0) }
        // A few hundred at a time: a statement holds at most some thousands of arguments.
        for start in stride(from: 0, to: gone.count, by: 500) {
            let batch = Array(gone[start..<min(start + 500, gone.count)])
            if !connection.dialect.dropsSearchEntriesWithTheirRecipe {
                try await connection.execute(
                    "DELETE FROM recipe_search WHERE rowid IN (SELECT seq FROM recipes WHERE id IN (\(list: batch)))")
            }
            try await connection.execute("DELETE FROM recipes WHERE id IN (\(list: batch))")
        }
    }
}
