import Foundation
import PostgresNIO
import RecipeCartDomain

/// The catalog's reads on PostgreSQL, prepared once a connection (`ShopperPageStatements`), with search a weighted
/// `tsvector` of unaccented words, every typed word a prefix (`PostgresBrowseStatements`); and the writes of recipes
/// and their search entries that `PostgresRunner` runs for the shared stores, a batch a statement.
package struct PostgresCatalogHotPath: CatalogHotPath {
    package let database: PostgresDatabase
    package let generations: CatalogGeneration

    // MARK: Reading

    /// As heard through `CatalogGenerationListener`, and as this instance's own writes left it: no database read.
    package func generation() async throws -> Int {
        generations.current
    }

    package func generationInMemory() -> Int? {
        generations.current
    }

    package func shopCopy(_ id: RecipeID) async throws -> Recipe? {
        try await database.read { connection in try await Self.fetchRecipe(connection, id: id, for: nil) }
    }

    package func personalCopy(of recipe: Recipe, session: SessionKey) async throws -> Recipe {
        try await database.read { connection in
            var recipe = recipe
            try await Self.applyPersonalVersion(connection, session: session, to: &recipe)
            return recipe
        }
    }

    package func summaries(_ ids: [RecipeID]) async throws -> [RecipeID: RecipeSummary] {
        let rows = try await database.read { connection in
            try await connection.rows(ShopperPageStatements.Tiles(recipeIDs: ids.map(\.rawValue)))
        }
        return Dictionary(rows.compactMap(Self.summary).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package func searchIndex() async throws -> SearchIndex {
        try await database.read { connection in
            // Streamed, not collected: at 100,000 recipes there are a million ingredient rows.
            func stream(_ sql: String) async throws -> PostgresRowSequence {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: PostgresConnection.queryLogger)
            }
            var builder = SearchIndexBuilder()
            let recipes = try await stream(SearchIndexBuilder.recipesSQL).decode(
                (String, String, String, String, Int?, Int?, String?).self)
            for try await (id, title, category, tags, servings, readyMinutes, imagePath) in recipes {
                builder.addRecipe(
                    id: id, title: title, category: category, tags: tags, servings: servings,
                    readyMinutes: readyMinutes, imagePath: imagePath)
            }
            for try await (id, name) in try await stream(SearchIndexBuilder.ingredientsSQL).decode(
                (String, String).self)
            {
                builder.addIngredient(recipeID: id, name: name)
            }
            for try await (id, diet) in try await stream(SearchIndexBuilder.dietsSQL).decode((String, String).self) {
                builder.addDiet(recipeID: id, diet: diet)
            }
            return builder.index()
        }
    }

    package func browse(_ query: BrowseQuery) async throws -> BrowsePage {
        let plan = PostgresBrowseStatements(query: query)
        return try await database.read { connection in
            let total = try await connection.values(plan.countQuery, as: Int.self).first ?? 0
            let paging = BrowsePaging(total: total, requestedPage: query.page)
            let rows = try await connection.rows(
                plan.pageQuery(limit: paging.limit, offset: paging.offset), as: Self.BrowseRow.self)
            let listed = rows.compactMap { row -> (RecipeSummary, BrowseSection)? in
                let (id, title, category, servings, ready, image, section) = row
                guard let summary = Self.summary((id, title, category, servings, ready, image)),
                    let kind = BrowseSection(rawValue: section)
                else { return nil }
                return (summary, kind)
            }
            return BrowsePage(rows: listed, total: total, paging: paging)
        }
    }

    package func recipeIDs(matching query: BrowseQuery) async throws -> [RecipeID] {
        let plan = PostgresBrowseStatements(query: query)
        return try await database.read { connection in
            try await connection.values(plan.idsQuery, as: String.self).compactMap(RecipeID.init)
        }
    }

    // MARK: Writing

    /// The catalog generation as this connection sees it.
    package static func generation(_ connection: PostgresConnection) async throws -> Int {
        let value = try await connection.values(
            "SELECT value FROM catalog_meta WHERE key = 'generation'", as: String.self
        ).first
        return value.flatMap { Int($0) } ?? 0
    }

    /// Writes recipes a batch at a time: each table gets one statement for the whole batch, its rows as arrays, since
    /// a round trip a table a recipe made a 100,000-meal import take almost five minutes. A recipe given twice is
    /// written twice, the later over the earlier, as one statement cannot update a row twice.
    package static func upsert(_ connection: PostgresConnection, recipes: [Recipe], source: String, at now: Double)
        async throws
    {
        for batch in RecipeBatches.split(recipes.map(\.withoutNULs), id: \.id) {
            try await upsertDistinct(connection, recipes: batch, source: source, at: now)
        }
    }

    private static func upsertDistinct(
        _ connection: PostgresConnection, recipes: [Recipe], source: String, at now: Double
    ) async throws {
        let ids = recipes.map(\.id.rawValue)
        // Arrays cannot hold NULL here, so each optional column travels with a "has a value" flag.
        try await connection.run(
            """
            INSERT INTO recipes (id, source, title, description, category, area, servings, ready_minutes, tags, image_path, source_url, updated_at)
            SELECT id, \(source), title, description, category, area, CASE WHEN has_servings THEN servings END,
                   CASE WHEN has_ready THEN ready END, tags, CASE WHEN has_image THEN image END,
                   CASE WHEN has_url THEN url END, \(now)
            FROM unnest(\(ids), \(recipes.map(\.title)), \(recipes.map(\.description)), \(recipes.map(\.category)),
                        \(recipes.map { $0.area ?? "" }),
                        \(recipes.map { $0.servings != nil }), \(recipes.map { $0.servings ?? 0 }),
                        \(recipes.map { $0.readyInMinutes != nil }), \(recipes.map { $0.readyInMinutes ?? 0 }),
                        \(recipes.map { $0.tags.joined(separator: " ") }),
                        \(recipes.map { $0.imagePath != nil }), \(recipes.map { $0.imagePath ?? "" }),
                        \(recipes.map { $0.sourceURL != nil }), \(recipes.map { $0.sourceURL?.absoluteString ?? "" }))
                 AS r(id, title, description, category, area, has_servings, servings, has_ready, ready, tags, has_image, image, has_url, url)
            ON CONFLICT (id) DO UPDATE SET
                source = excluded.source, title = excluded.title, description = excluded.description,
                category = excluded.category, area = excluded.area, servings = excluded.servings, ready_minutes = excluded.ready_minutes,
                tags = excluded.tags, image_path = excluded.image_path, source_url = excluded.source_url,
                updated_at = excluded.updated_at
            """)
        try await connection.run("DELETE FROM recipe_ingredients WHERE recipe_id = ANY(\(ids))")
        try await connection.run("DELETE FROM recipe_steps WHERE recipe_id = ANY(\(ids))")
        try await connection.run("DELETE FROM recipe_diets WHERE recipe_id = ANY(\(ids))")
        let ingredients = recipes.flatMap { recipe in
            recipe.ingredients.enumerated().map { (recipe.id.rawValue, $0.offset, $0.element) }
        }
        if !ingredients.isEmpty {
            try await connection.run(
                """
                INSERT INTO recipe_ingredients (recipe_id, position, name, measure, aisle)
                SELECT i.recipe_id, i.position, i.name, i.measure, CASE WHEN i.has_aisle THEN i.aisle END
                FROM unnest(\(ingredients.map(\.0)), \(ingredients.map(\.1)), \(ingredients.map(\.2.name)), \(ingredients.map(\.2.measure)),
                            \(ingredients.map { $0.2.aisle != nil }), \(ingredients.map { $0.2.aisle ?? "" }))
                     AS i(recipe_id, position, name, measure, has_aisle, aisle)
                """)
        }
        let steps = recipes.flatMap { recipe in
            recipe.steps.enumerated().map { (recipe.id.rawValue, $0.offset, $0.element) }
        }
        if !steps.isEmpty {
            try await connection.run(
                "INSERT INTO recipe_steps (recipe_id, position, text) SELECT * FROM unnest(\(steps.map(\.0)), \(steps.map(\.1)), \(steps.map(\.2)))"
            )
        }
        let diets = recipes.flatMap { recipe in Set(recipe.diets).map { (recipe.id.rawValue, $0.rawValue) } }
        if !diets.isEmpty {
            try await connection.run(
                "INSERT INTO recipe_diets (recipe_id, diet) SELECT * FROM unnest(\(diets.map(\.0)), \(diets.map(\.1)))")
        }
        try await reindex(connection, ids: recipes.map(\.id))
    }

    /// Rebuilds recipes' search entries from their effective (possibly edited) values.
    package static func reindex(_ connection: PostgresConnection, ids: [RecipeID]) async throws {
        try await connection.run(
            """
            INSERT INTO recipe_search (recipe_id, document)
            SELECT r.id,
                   setweight(to_tsvector('simple', unaccent(r.title)), 'A')
                || setweight(to_tsvector('simple', unaccent(r.category)), 'B')
                || setweight(to_tsvector('simple', unaccent(
                       COALESCE((SELECT string_agg(name, ' ' ORDER BY position) FROM recipe_ingredients WHERE recipe_id = r.id), '')
                       || ' ' || COALESCE((SELECT string_agg(diet, ' ') FROM recipe_diets WHERE recipe_id = r.id), ''))), 'C')
                || setweight(to_tsvector('simple', unaccent(r.tags)), 'D')
            FROM recipe_effective r WHERE r.id = ANY(\(ids.map(\.rawValue)))
            ON CONFLICT (recipe_id) DO UPDATE SET document = excluded.document
            """)
    }

    // MARK: Rows

    package static func fetchRecipe(_ connection: PostgresConnection, id: RecipeID, for session: SessionKey?)
        async throws
        -> Recipe?
    {
        guard let row = try await connection.rows(ShopperPageStatements.ShopCopy(recipeID: id.rawValue)).first else {
            return nil
        }
        let ingredients = try JSONDecoder().decode([Ingredient].self, from: Data(row.ingredientsJSON.utf8))
        let steps = try row.editedStepsJSON.map(StepsJSON.decode) ?? row.steps
        let diets = row.diets.compactMap(Diet.init(rawValue:))
        var recipe = Recipe(
            id: id, title: row.title, description: row.description, category: row.category,
            area: row.area.isEmpty ? nil : row.area, servings: row.servings, readyInMinutes: row.readyMinutes,
            diets: Diet.allCases.filter(diets.contains), tags: row.tags.split(separator: " ").map(String.init),
            imagePath: row.imagePath, sourceURL: row.sourceURL.flatMap(URL.init(string:)), ingredients: ingredients,
            steps: steps, isEdited: row.isEdited)
        if let session { try await applyPersonalVersion(connection, session: session, to: &recipe) }
        return recipe
    }

    /// Lays the shopper's own version of the recipe, when they saved one, over the shop's copy.
    package static func applyPersonalVersion(
        _ connection: PostgresConnection, session: SessionKey, to recipe: inout Recipe
    )
        async throws
    {
        guard
            let (title, description, image, removed, stepsJSON) = try await connection.rows(
                ShopperPageStatements.PersonalVersion(sessionHash: session.hash, recipeID: recipe.id.rawValue)
            ).first
        else { return }
        recipe.applyPersonalVersion(
            title: title, description: description, imagePath: image, imageRemoved: removed,
            steps: try StepsJSON.decode(stepsJSON))
    }

    package typealias SummaryRow = (String, String, String, Int?, Int?, String?)
    package typealias BrowseRow = (String, String, String, Int?, Int?, String?, Int)

    package static let summaryColumns = "r.id, r.title, r.category, r.servings, r.ready_minutes, r.image_path"

    /// Nil for an id RecipeCart would not make, which no page could link to.
    package static func summary(_ row: SummaryRow) -> RecipeSummary? {
        RecipeID(row.0).map {
            RecipeSummary(
                id: $0, title: row.1, category: row.2, servings: row.3, readyInMinutes: row.4, imagePath: row.5)
        }
    }
}

extension SQLCatalogStore {
    /// The catalog store on a PostgreSQL database, telling `generations` of the generation its writes leave.
    package init(postgres database: PostgresDatabase, generations: CatalogGeneration, clock: AppClock) {
        self.init(
            database: PostgresRunner(database: database),
            hotPath: PostgresCatalogHotPath(database: database, generations: generations), clock: clock,
            generations: generations)
    }
}
