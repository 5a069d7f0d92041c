import Foundation
import GRDB
import Logging
import PostgresNIO
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Migrations over data an older RecipeCart left behind.
@Suite struct SchemaMigrationTests {
    /// The Vegan category becomes the vegan diet on a database that had recipes under it: they are Vegetarian
    /// recipes with the vegan and vegetarian diets, and search finds them as such.
    @Test func theVeganCategoryIsFoldedIntoTheDiet() throws {
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: "v8-upstream-points")
        try queue.write { db in
            for (seq, id, category) in [
                (1, "mealdb-1", "Vegan"), (2, "mealdb-2", "Vegetarian"), (3, "mealdb-3", "Dessert"),
            ] {
                try db.execute(
                    sql: "INSERT INTO recipes (seq, id, source, title, category) VALUES (?, ?, 'themealdb', ?, ?)",
                    arguments: [seq, id, "Dish \(seq)", category])
                try db.execute(
                    sql:
                        "INSERT INTO recipe_search (rowid, title, ingredients, category, diets, tags) VALUES (?, ?, '', ?, '', '')",
                    arguments: [seq, "Dish \(seq)", category])
            }
        }
        try Schema.migrator.migrate(queue)
        try queue.read { db in
            let categories = try String.fetchAll(db, sql: "SELECT category FROM recipes ORDER BY seq")
            #expect(categories == ["Vegetarian", "Vegetarian", "Dessert"])
            let diets = try String.fetchAll(
                db, sql: "SELECT recipe_id || ' ' || diet FROM recipe_diets ORDER BY recipe_id, diet")
            #expect(diets == ["mealdb-1 vegan", "mealdb-1 vegetarian", "mealdb-2 vegetarian"])
            let found = try Int.fetchAll(
                db, sql: "SELECT rowid FROM recipe_search WHERE recipe_search MATCH 'diets : vegan' ORDER BY rowid")
            #expect(found == [1])
            #expect(
                try Int.fetchAll(
                    db, sql: "SELECT rowid FROM recipe_search WHERE recipe_search MATCH 'category : vegan'"
                ).isEmpty)
            #expect(try String.fetchAll(db, sql: "SELECT area FROM recipe_effective") == ["", "", ""])
        }
    }

    /// The same on PostgreSQL: a database at the version before (v3) holding recipes filed under Vegan and
    /// Vegetarian, with their search documents, migrated to the end; then read through the stores as a shop would.
    @Test(.enabled(if: TestPostgres.isAvailable, TestPostgres.skipComment))
    func theVeganCategoryIsFoldedIntoTheDietOnPostgreSQL() async throws {
        let url = try PostgresURL(try await TestPostgres.shared.emptyDatabase())
        let logger = Logger(label: "RecipeCartTests")
        try await TestPostgres.withConnection(to: url, database: url.database) { connection in
            try await PostgresSchema.migrate(connection, upTo: "v3-upstream-points", logger: logger)
            #expect(try await connection.values("SELECT name FROM schema_migrations", as: String.self).count == 3)
            for (id, category, ingredient) in [
                ("mealdb-1", "Vegan", "tofu"), ("mealdb-2", "Vegetarian", "lentils"), ("mealdb-3", "Dessert", "sugar"),
            ] {
                try await connection.run(
                    "INSERT INTO recipes (id, source, title, category, updated_at) VALUES (\(id), 'themealdb', \("Dish \(id)"), \(category), 0)"
                )
                try await connection.run(
                    "INSERT INTO recipe_ingredients (recipe_id, position, name, measure) VALUES (\(id), 0, \(ingredient), '1')"
                )
                // As v1's reindex wrote it: title A, category B, ingredients and diets C, tags D.
                try await connection.run(
                    """
                    INSERT INTO recipe_search (recipe_id, document)
                    SELECT id, setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', category), 'B')
                               || setweight(to_tsvector('simple', \(ingredient)), 'C')
                    FROM recipes WHERE id = \(id)
                    """)
            }
            try await connection.run("INSERT INTO recipe_diets (recipe_id, diet) VALUES ('mealdb-1', 'vegan')")

            try await PostgresSchema.migrate(connection, logger: logger)
            #expect(
                try await connection.values("SELECT name FROM schema_migrations", as: String.self).count
                    == PostgresSchema.migrations.count)
            let categories = try await connection.values("SELECT category FROM recipes ORDER BY id", as: String.self)
            #expect(categories == ["Vegetarian", "Vegetarian", "Dessert"])
            let diets = try await connection.values(
                "SELECT recipe_id || ' ' || diet FROM recipe_diets ORDER BY recipe_id, diet", as: String.self)
            #expect(diets == ["mealdb-1 vegan", "mealdb-1 vegetarian", "mealdb-2 vegetarian"])
            // The diet is found where diets are (C), the old category nowhere; the ingredients are kept.
            let search = { (query: String) in
                try await connection.values(
                    "SELECT recipe_id FROM recipe_search WHERE document @@ to_tsquery('simple', \(query)) ORDER BY recipe_id",
                    as: String.self)
            }
            #expect(try await search("vegan:C") == ["mealdb-1"])
            #expect(try await search("vegan:B").isEmpty)
            #expect(try await search("vegetarian:B") == ["mealdb-1", "mealdb-2"])
            #expect(try await search("tofu:C") == ["mealdb-1"])
            #expect(try await search("sugar:C") == ["mealdb-3"])
            #expect(try await connection.values("SELECT area FROM recipe_effective", as: String.self) == ["", "", ""])
        }

        let stores = try await Stores.openPostgres(url, clock: .system, logger: logger, patience: .underTest)
        defer { stores.close() }
        let vegan = try await stores.catalog.browse(BrowseQuery(diet: .vegan)).sections.flatMap(\.recipes).map(
            \.id.rawValue)
        #expect(vegan == ["mealdb-1"])
        #expect(try await stores.catalog.categories() == ["Dessert", "Vegetarian"])
        #expect(try await stores.catalog.recipe(RecipeID("mealdb-1")!)?.diets == [.vegetarian, .vegan])
    }

    /// Stepper posts find their rows by key even when the cart tables' statistics were taken while they held a row
    /// or two, as in a new shop: a plan that scanned them whole was kept while they grew.
    @Test(.enabled(if: TestPostgres.isAvailable, TestPostgres.skipComment))
    func cartChangesReadTheCartTablesByKeyWhateverTheirStatistics()
        async throws
    {
        let url = try PostgresURL(try await TestPostgres.shared.emptyDatabase())
        try await TestPostgres.withConnection(to: url, database: url.database) { connection in
            try await PostgresSchema.migrate(connection, logger: Logger(label: "RecipeCartTests"))
            try await connection.run(
                "INSERT INTO recipes (id, source, title, updated_at) VALUES ('mealdb-1', 'themealdb', 'Stew', 0)")
            let post = { (session: String) in
                PostgresCartChanges.Change.json([
                    PostgresCartChanges.Change(session: session, fresh: nil, recipe: "mealdb-1", op: "inc", postedAt: 1)
                ])
            }
            _ = try await connection.values(
                "SELECT new_quantity FROM cart_changes(\(post("first"))::JSONB, 99)", as: Int.self)
            try await connection.run("ANALYZE sessions")
            try await connection.run("ANALYZE cart_items")

            // This connection's own counts, not yet sent to the statistics: the same before and after but for the post.
            let scans = {
                try await connection.values(
                    "SELECT relname || ' ' || seq_scan FROM pg_stat_xact_user_tables WHERE relname IN ('sessions', 'cart_items') ORDER BY relname",
                    as: String.self)
            }
            try await connection.run("BEGIN")
            let before = try await scans()
            let quantities = try await connection.values(
                "SELECT new_quantity FROM cart_changes(\(post("first"))::JSONB, 99)", as: Int.self)
            let after = try await scans()
            try await connection.run("ROLLBACK")
            #expect(quantities == [2])
            #expect(before.count == 2 && after == before)
        }
    }
}
