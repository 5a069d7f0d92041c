import Foundation
import GRDB

/// Reads and writes recipes in SQLite. Every page reads recipes through here, with local edits applied.
public struct CatalogStore: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    // MARK: Reading

    public func recipe(_ id: RecipeID) async throws -> Recipe? {
        try await database.pool.read { db in try Self.fetchRecipe(db, id: id) }
    }

    /// The recipe as one shopper sees it: their own version, when they saved one, over the shop's copy.
    public func recipe(_ id: RecipeID, for session: SessionKey?) async throws -> Recipe? {
        try await database.pool.read { db in try Self.fetchRecipe(db, id: id, for: session) }
    }

    public func summaries(_ ids: [RecipeID]) async throws -> [RecipeID: RecipeSummary] {
        guard !ids.isEmpty else { return [:] }
        return try await database.pool.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(Self.summaryColumns) FROM recipe_effective WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
                arguments: StatementArguments(ids.map(\.rawValue)))
            return Dictionary(rows.compactMap(Self.summary).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Ingredients of many recipes at once, in recipe order.
    public func ingredients(of ids: [RecipeID]) async throws -> [RecipeID: [Ingredient]] {
        guard !ids.isEmpty else { return [:] }
        return try await database.pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT recipe_id, name, measure FROM recipe_ingredients
                    WHERE recipe_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY recipe_id, position
                    """,
                arguments: StatementArguments(ids.map(\.rawValue)))
            var result: [RecipeID: [Ingredient]] = [:]
            for row in rows {
                guard let id = RecipeID(row["recipe_id"] as String) else { continue }
                result[id, default: []].append(Ingredient(name: row["name"], measure: row["measure"]))
            }
            return result
        }
    }

    /// A number that grows with every change to recipes or local edits.
    public func generation() async throws -> Int {
        try await database.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM catalog_meta WHERE key = 'generation'") ?? 0
        }
    }

    public func categories() async throws -> [String] {
        try await database.pool.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT category FROM recipes WHERE category != '' ORDER BY category COLLATE NOCASE")
        }
    }

    public func browse(_ query: BrowseQuery) async throws -> BrowsePage {
        let plan = BrowsePlan(query: query)
        return try await database.pool.read { db in
            let total = try Int.fetchOne(db, sql: plan.countSQL, arguments: plan.arguments) ?? 0
            let paging = BrowsePaging(total: total, requestedPage: query.page)
            var arguments = plan.arguments
            arguments += [paging.limit, paging.offset]
            let rows = try Row.fetchAll(db, sql: plan.pageSQL, arguments: arguments)
            var sections: [BrowsePage.Section] = []
            for row in rows {
                guard let summary = Self.summary(row), let kind = BrowseSection(rawValue: row["section"]) else { continue }
                if sections.last?.kind == kind {
                    sections[sections.count - 1].recipes.append(summary)
                } else {
                    sections.append(.init(kind: kind, recipes: [summary]))
                }
            }
            return BrowsePage(sections: sections, totalCount: total, page: paging.page, pageCount: paging.pageCount)
        }
    }

    // MARK: Writing

    /// Inserts or refreshes recipes from one source. Local edits are kept apart and survive this.
    public func upsert(_ recipes: [Recipe], source: String) async throws {
        try await database.pool.write { db in
            for recipe in recipes {
                try Self.upsert(db, recipe: recipe, source: source)
            }
        }
    }

    static func upsert(_ db: Database, recipe: Recipe, source: String) throws {
        let id = recipe.id.rawValue
        try db.execute(
            sql: """
                INSERT INTO recipes (id, source, title, description, category, servings, ready_minutes, tags, image_path, source_url, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)
                ON CONFLICT(id) DO UPDATE SET
                    source = excluded.source, title = excluded.title, description = excluded.description,
                    category = excluded.category, servings = excluded.servings, ready_minutes = excluded.ready_minutes,
                    tags = excluded.tags, image_path = excluded.image_path, source_url = excluded.source_url,
                    updated_at = CURRENT_TIMESTAMP
                """,
            arguments: [
                id, source, recipe.title, recipe.description, recipe.category, recipe.servings,
                recipe.readyInMinutes, recipe.tags.joined(separator: " "), recipe.imagePath, recipe.sourceURL?.absoluteString,
            ])
        for table in ["recipe_ingredients", "recipe_steps", "recipe_diets"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE recipe_id = ?", arguments: [id])
        }
        for (position, ingredient) in recipe.ingredients.enumerated() {
            try db.execute(
                sql: "INSERT INTO recipe_ingredients (recipe_id, position, name, measure) VALUES (?, ?, ?, ?)",
                arguments: [id, position, ingredient.name, ingredient.measure])
        }
        for (position, text) in recipe.steps.enumerated() {
            try db.execute(sql: "INSERT INTO recipe_steps (recipe_id, position, text) VALUES (?, ?, ?)", arguments: [id, position, text])
        }
        for diet in Set(recipe.diets) {
            try db.execute(sql: "INSERT INTO recipe_diets (recipe_id, diet) VALUES (?, ?)", arguments: [id, diet.rawValue])
        }
        try reindex(db, id: recipe.id)
    }

    /// Removes recipes of a source that are no longer in it.
    static func deleteRecipes(_ db: Database, source: String, keeping ids: Set<RecipeID>) throws {
        let existing = try String.fetchAll(db, sql: "SELECT id FROM recipes WHERE source = ?", arguments: [source])
        for id in existing where RecipeID(id).map({ !ids.contains($0) }) ?? true {
            try db.execute(sql: "DELETE FROM recipe_search WHERE rowid = (SELECT seq FROM recipes WHERE id = ?)", arguments: [id])
            try db.execute(sql: "DELETE FROM recipes WHERE id = ?", arguments: [id])
        }
    }

    /// Rebuilds one recipe's search entry from its effective (possibly edited) values.
    static func reindex(_ db: Database, id: RecipeID) throws {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT seq, title, category, tags FROM recipe_effective WHERE id = ?", arguments: [id.rawValue])
        else { return }
        let seq: Int64 = row["seq"]
        let ingredients = try String.fetchAll(
            db, sql: "SELECT name FROM recipe_ingredients WHERE recipe_id = ? ORDER BY position", arguments: [id.rawValue])
        let diets = try String.fetchAll(db, sql: "SELECT diet FROM recipe_diets WHERE recipe_id = ?", arguments: [id.rawValue])
        try db.execute(sql: "DELETE FROM recipe_search WHERE rowid = ?", arguments: [seq])
        try db.execute(
            sql: "INSERT INTO recipe_search (rowid, title, ingredients, category, diets, tags) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [seq, row["title"] as String, ingredients.joined(separator: " "), row["category"] as String,
                        diets.joined(separator: " "), row["tags"] as String])
    }

    // MARK: Row mapping

    static let summaryColumns = "id, title, category, servings, ready_minutes, image_path"

    static func summary(_ row: Row) -> RecipeSummary? {
        guard let id = RecipeID(row["id"] as String) else { return nil }
        return RecipeSummary(
            id: id, title: row["title"], category: row["category"], servings: row["servings"],
            readyInMinutes: row["ready_minutes"], imagePath: row["image_path"])
    }

    static func fetchRecipe(_ db: Database, id: RecipeID, for session: SessionKey? = nil) throws -> Recipe? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM recipe_effective WHERE id = ?", arguments: [id.rawValue]) else {
            return nil
        }
        let ingredients = try Row.fetchAll(
            db, sql: "SELECT name, measure FROM recipe_ingredients WHERE recipe_id = ? ORDER BY position", arguments: [id.rawValue]
        ).map { Ingredient(name: $0["name"], measure: $0["measure"]) }
        let diets = try String.fetchAll(db, sql: "SELECT diet FROM recipe_diets WHERE recipe_id = ?", arguments: [id.rawValue])
            .compactMap(Diet.init(rawValue:))
        let steps = try editedSteps(db, id: id)
            ?? String.fetchAll(db, sql: "SELECT text FROM recipe_steps WHERE recipe_id = ? ORDER BY position", arguments: [id.rawValue])
        let tags = (row["tags"] as String).split(separator: " ").map(String.init)
        var recipe = Recipe(
            id: id, title: row["title"], description: row["description"], category: row["category"],
            servings: row["servings"], readyInMinutes: row["ready_minutes"],
            diets: Diet.allCases.filter(diets.contains), tags: tags, imagePath: row["image_path"],
            sourceURL: (row["source_url"] as String?).flatMap(URL.init(string:)),
            ingredients: ingredients, steps: steps, isEdited: row["is_edited"])
        if let session { try PersonalCopy.apply(db, session: session, to: &recipe) }
        return recipe
    }

    static func editedSteps(_ db: Database, id: RecipeID) throws -> [String]? {
        guard let json = try String.fetchOne(db, sql: "SELECT steps_json FROM recipe_edits WHERE recipe_id = ?", arguments: [id.rawValue])
        else { return nil }
        return try JSONDecoder().decode([String].self, from: Data(json.utf8))
    }
}
