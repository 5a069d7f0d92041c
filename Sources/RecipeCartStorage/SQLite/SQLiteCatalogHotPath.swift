import Foundation
import GRDB
import RecipeCartDomain

/// The catalog's reads on SQLite, their statements compiled once a connection, with FTS5 search
/// (`SQLiteBrowseStatements`), and the writes of recipes and their search entries that `SQLiteRunner` runs for
/// the shared stores.
package struct SQLiteCatalogHotPath: CatalogHotPath {
    package let database: SQLiteDatabase

    package init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: Reading

    package func generation() async throws -> Int {
        try await database.catalogGeneration()
    }

    package func generationInMemory() -> Int? {
        database.catalogGenerationInMemory()
    }

    package func shopCopy(_ id: RecipeID) async throws -> Recipe? {
        try await database.read { db in try Self.fetchRecipe(db, id: id) }
    }

    package func personalCopy(of recipe: Recipe, session: SessionKey) async throws -> Recipe {
        try await database.read { db in
            var recipe = recipe
            try PersonalCopy.apply(db, session: session, to: &recipe)
            return recipe
        }
    }

    package func summaries(_ ids: [RecipeID]) async throws -> [RecipeID: RecipeSummary] {
        try await database.read { db in
            // Compiled once a connection for each page length: compiling cost as much as reading a page's rows.
            let records = try SummaryRecord.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT \(SummaryRecord.columns) FROM recipe_effective WHERE id IN (\(databaseQuestionMarks(count: ids.count)))"
                ),
                arguments: StatementArguments(ids.map(\.rawValue)))
            return Dictionary(
                records.compactMap(\.summary).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    package func searchIndex() async throws -> SearchIndex {
        try await database.read { db in
            var builder = SearchIndexBuilder()
            let recipes = try Row.fetchCursor(db, sql: SearchIndexBuilder.recipesSQL)
            while let row = try recipes.next() {
                builder.addRecipe(
                    id: row[0], title: row[1], category: row[2], tags: row[3], servings: row[4], readyMinutes: row[5],
                    imagePath: row[6])
            }
            let ingredients = try Row.fetchCursor(db, sql: SearchIndexBuilder.ingredientsSQL)
            while let row = try ingredients.next() { builder.addIngredient(recipeID: row[0], name: row[1]) }
            let diets = try Row.fetchCursor(db, sql: SearchIndexBuilder.dietsSQL)
            while let row = try diets.next() { builder.addDiet(recipeID: row[0], diet: row[1]) }
            return builder.index()
        }
    }

    package func browse(_ query: BrowseQuery) async throws -> BrowsePage {
        let plan = SQLiteBrowseStatements(query: query)
        return try await database.read { db in
            let counted = try Int.fetchOne(db, sql: plan.count.sql, arguments: plan.count.arguments) ?? 0
            let bounded = counted > SQLiteBrowseStatements.candidateLimit ? plan.boundedPage : nil
            let total = bounded == nil ? counted : SQLiteBrowseStatements.candidateLimit
            let paging = BrowsePaging(total: total, requestedPage: query.page)
            let statement = bounded ?? plan.page
            let records = try BrowseRecord.fetchAll(
                db, sql: statement.sql, arguments: statement.arguments + [paging.limit, paging.offset],
                adapter: SummaryRecord.scope)
            let rows = records.compactMap { record in
                record.recipe.summary.flatMap { summary in BrowseSection(rawValue: record.section).map { (summary, $0) }
                }
            }
            var page = BrowsePage(rows: rows, total: total, paging: paging)
            page.totalIsAtLeast = bounded != nil
            return page
        }
    }

    package func recipeIDs(matching query: BrowseQuery) async throws -> [RecipeID] {
        let statement = SQLiteBrowseStatements(query: query).ids
        return try await database.read { db in
            try String.fetchAll(db, sql: statement.sql, arguments: statement.arguments).compactMap(RecipeID.init)
        }
    }

    // MARK: Writing

    /// Writes one recipe, leaving local edits untouched, and its search entry.
    package static func upsert(_ db: Database, recipe: Recipe, source: String) throws {
        let id = recipe.id.rawValue
        // Cached statements: an import runs these 100,000 times, and compiling each again showed up first in its profile.
        try db.cachedStatement(
            sql: """
                INSERT INTO recipes (id, source, title, description, category, area, servings, ready_minutes, tags, image_path, source_url, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, app_now())
                ON CONFLICT(id) DO UPDATE SET
                    source = excluded.source, title = excluded.title, description = excluded.description,
                    category = excluded.category, area = excluded.area, servings = excluded.servings, ready_minutes = excluded.ready_minutes,
                    tags = excluded.tags, image_path = excluded.image_path, source_url = excluded.source_url,
                    updated_at = app_now()
                """
        ).execute(
            arguments: [
                id, source, recipe.title, recipe.description, recipe.category, recipe.area ?? "", recipe.servings,
                recipe.readyInMinutes, recipe.tags.joined(separator: " "), recipe.imagePath,
                recipe.sourceURL?.absoluteString,
            ])
        for table in ["recipe_ingredients", "recipe_steps", "recipe_diets"] {
            try db.cachedStatement(sql: "DELETE FROM \(table) WHERE recipe_id = ?").execute(arguments: [id])
        }
        for (position, ingredient) in recipe.ingredients.enumerated() {
            try db.cachedStatement(
                sql: "INSERT INTO recipe_ingredients (recipe_id, position, name, measure, aisle) VALUES (?, ?, ?, ?, ?)"
            )
            .execute(arguments: [id, position, ingredient.name, ingredient.measure, ingredient.aisle])
        }
        for (position, text) in recipe.steps.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO recipe_steps (recipe_id, position, text) VALUES (?, ?, ?)")
                .execute(arguments: [id, position, text])
        }
        for diet in Set(recipe.diets) {
            try db.cachedStatement(sql: "INSERT INTO recipe_diets (recipe_id, diet) VALUES (?, ?)").execute(arguments: [
                id, diet.rawValue,
            ])
        }
        try reindex(db, id: recipe.id)
    }

    /// Rebuilds one recipe's search entry from its effective (possibly edited) values.
    package static func reindex(_ db: Database, id: RecipeID) throws {
        guard
            let entry = try SearchEntryRecord.fetchOne(
                db.cachedStatement(sql: "SELECT seq, title, category, tags FROM recipe_effective WHERE id = ?"),
                arguments: [id.rawValue])
        else { return }
        let ingredients = try String.fetchAll(
            db.cachedStatement(sql: "SELECT name FROM recipe_ingredients WHERE recipe_id = ? ORDER BY position"),
            arguments: [id.rawValue])
        let diets = try String.fetchAll(
            db.cachedStatement(sql: "SELECT diet FROM recipe_diets WHERE recipe_id = ?"), arguments: [id.rawValue])
        try db.cachedStatement(sql: "DELETE FROM recipe_search WHERE rowid = ?").execute(arguments: [entry.seq])
        try db.cachedStatement(
            sql:
                "INSERT INTO recipe_search (rowid, title, ingredients, category, diets, tags) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(
            arguments: [
                entry.seq, entry.title, ingredients.joined(separator: " "), entry.category,
                diets.joined(separator: " "), entry.tags,
            ])
    }

    // MARK: Rows

    package static func fetchRecipe(_ db: Database, id: RecipeID, for session: SessionKey? = nil) throws -> Recipe? {
        guard
            let record = try RecipeRecord.fetchOne(
                db, sql: "SELECT * FROM recipe_effective WHERE id = ?", arguments: [id.rawValue])
        else {
            return nil
        }
        let ingredients = try IngredientRecord.fetchAll(
            db, sql: "SELECT \(IngredientRecord.columns) FROM recipe_ingredients WHERE recipe_id = ? ORDER BY position",
            arguments: [id.rawValue]
        ).map(\.ingredient)
        let diets = try String.fetchAll(
            db, sql: "SELECT diet FROM recipe_diets WHERE recipe_id = ?", arguments: [id.rawValue]
        )
        .compactMap(Diet.init(rawValue:))
        let steps =
            try editedSteps(db, id: id)
            ?? String.fetchAll(
                db, sql: "SELECT text FROM recipe_steps WHERE recipe_id = ? ORDER BY position", arguments: [id.rawValue]
            )
        var recipe = Recipe(
            id: id, title: record.title, description: record.description, category: record.category,
            area: record.area.isEmpty ? nil : record.area, servings: record.servings,
            readyInMinutes: record.readyMinutes,
            diets: Diet.allCases.filter(diets.contains), tags: record.tags.split(separator: " ").map(String.init),
            imagePath: record.imagePath, sourceURL: record.sourceURL.flatMap(URL.init(string:)),
            ingredients: ingredients, steps: steps, isEdited: record.isEdited)
        if let session { try PersonalCopy.apply(db, session: session, to: &recipe) }
        return recipe
    }

    package static func editedSteps(_ db: Database, id: RecipeID) throws -> [String]? {
        guard
            let json = try String.fetchOne(
                db, sql: "SELECT steps_json FROM recipe_edits WHERE recipe_id = ?", arguments: [id.rawValue])
        else { return nil }
        return try StepsJSON.decode(json)
    }
}

extension SQLCatalogStore {
    /// The catalog store on a SQLite file.
    package init(sqlite database: SQLiteDatabase, clock: AppClock = .system) {
        self.init(
            database: SQLiteRunner(database: database), hotPath: SQLiteCatalogHotPath(database: database),
            clock: clock)
    }
}

/// A recipe's tile columns, as browse, the cart and the staff board read them: always the first columns selected,
/// so a row with more columns reads them through `scope`.
package struct SummaryRecord: Decodable, FetchableRecord {
    package static let columns = CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")
    package static let scope = ScopeAdapter(["recipe": RangeRowAdapter(0..<CodingKeys.allCases.count)])

    package var id: String
    package var title: String
    package var category: String
    package var servings: Int?
    package var readyMinutes: Int?
    package var imagePath: String?

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, category, servings
        case readyMinutes = "ready_minutes"
        case imagePath = "image_path"
    }

    /// Read by position, in the order of `columns`: decoding by name cost a search page more than its query.
    package init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        title = try row.decode(atIndex: 1)
        category = try row.decode(atIndex: 2)
        servings = try row.decode(atIndex: 3)
        readyMinutes = try row.decode(atIndex: 4)
        imagePath = try row.decode(atIndex: 5)
    }

    /// Nil for an id RecipeCart would not make, which no page could link to.
    package var summary: RecipeSummary? {
        RecipeID(id).map {
            RecipeSummary(
                id: $0, title: title, category: category, servings: servings, readyInMinutes: readyMinutes,
                imagePath: imagePath)
        }
    }
}

/// A browse row: the recipe's tile, and the section `SQLiteBrowseStatements` put it in.
private struct BrowseRecord: Decodable, FetchableRecord {
    package var recipe: SummaryRecord
    package var section: Int
}

/// A row of `recipe_effective`: the shop's copy with its edit applied.
private struct RecipeRecord: Decodable, FetchableRecord {
    package var title: String
    package var description: String
    package var category: String
    package var area: String
    package var servings: Int?
    package var readyMinutes: Int?
    package var tags: String
    package var imagePath: String?
    package var sourceURL: String?
    package var isEdited: Bool

    package enum CodingKeys: String, CodingKey {
        case title, description, category, area, servings, tags
        case readyMinutes = "ready_minutes"
        case imagePath = "image_path"
        case sourceURL = "source_url"
        case isEdited = "is_edited"
    }
}

private struct IngredientRecord: Decodable, FetchableRecord {
    package static let columns = "recipe_id, name, measure, aisle"

    package var recipeID: String
    package var name: String
    package var measure: String
    package var aisle: String?

    package enum CodingKeys: String, CodingKey {
        case recipeID = "recipe_id"
        case name, measure, aisle
    }

    package var ingredient: Ingredient { Ingredient(name: name, measure: measure, aisle: aisle) }
}

/// What the search index holds of a recipe besides its ingredients and diets.
private struct SearchEntryRecord: Decodable, FetchableRecord {
    package var seq: Int64
    package var title: String
    package var category: String
    package var tags: String
}
